-- The creator module statements, as creator-sql.snapshot.spec.ts compiles them.

-- contact counts: creators who received any, every city
select count(distinct "profile_id") as "count" from "contact_requests"

-- contact counts: creators who received any, some cities
select count(distinct "profile_id") as "count" from "contact_requests" where "city_slug" = any($1)
-- values: [["akron","parma"]]

-- contact counts: a page, most messages first
select "c".*, "p"."reply_days", "p"."reply_rarely", "p"."full_name", "p"."city_slug" from (select "profile_id" as "id", count(*) as "total", count(*) filter(where "created_at" > $1) as "last_7_days", count(distinct lower("email")) as "distinct_senders", count(*) filter(where "shortlist_message_id" is not null) as "via_shortlists", count("reply_confirmed_at") as "replied", count(*) filter(where ("proven" and "reply_confirmed_at" is null and "replied_at" is null and "created_at" <= $2)) as "unanswered", max("created_at") as "last_received_at" from "contact_requests" group by "profile_id" order by "total" desc, "profile_id" limit $3 offset $4) as "c" inner join "creator_profiles" as "p" on "p"."id" = "c"."id" order by "total" desc, "c"."id"
-- values: ["2026-11-18T10:00:00.000Z","2026-11-25T10:00:00.000Z",25,0]

-- contact counts: a page of some cities, oldest last message first
select "c".*, "p"."reply_days", "p"."reply_rarely", "p"."full_name", "p"."city_slug" from (select "profile_id" as "id", count(*) as "total", count(*) filter(where "created_at" > $1) as "last_7_days", count(distinct lower("email")) as "distinct_senders", count(*) filter(where "shortlist_message_id" is not null) as "via_shortlists", count("reply_confirmed_at") as "replied", count(*) filter(where ("proven" and "reply_confirmed_at" is null and "replied_at" is null and "created_at" <= $2)) as "unanswered", max("created_at") as "last_received_at" from "contact_requests" where "city_slug" = any($3) group by "profile_id" order by "last_received_at" asc, "profile_id" limit $4 offset $5) as "c" inner join "creator_profiles" as "p" on "p"."id" = "c"."id" order by "last_received_at" asc, "c"."id"
-- values: ["2026-11-18T10:00:00.000Z","2026-11-25T10:00:00.000Z",["akron","parma"],25,50]

-- reply times: unanswered messages claimed
select "id" from "contact_requests" where "proven" and "reply_confirmed_at" is null and "replied_at" is null and "lapsed_at" is null and "created_at" <= $1 order by "created_at" limit $2 for update skip locked
-- values: ["2026-11-25T10:00:00.000Z",200]

-- reply times: a creator's counted delays
select (extract(epoch from "reply_confirmed_at" - "created_at") * 1000)::bigint as "delay_ms" from "contact_requests" where "profile_id" = $1 and "proven" and ("reply_confirmed_at" is not null or ("replied_at" is null and "created_at" <= $2))
-- values: ["00000000-0000-4000-8000-000000000001","2026-11-25T10:00:00.000Z"]

-- reply times: kept when changed
update "creator_profiles" set "reply_days" = $1, "reply_rarely" = $2 where "id" = $3 and ("reply_days" is distinct from $4 or "reply_rarely" is distinct from $5)
-- values: [2,false,"00000000-0000-4000-8000-000000000001",2,false]

-- follower counts: due reminders claimed
select distinct "f"."profile_id" from (select "f"."profile_id" from "follower_counts" as "f" inner join "creator_profiles" as "p" on "p"."id" = "f"."profile_id" where "p"."approval_status" = 'approved' and "f"."reminded_at" is null and "f"."confirmed_at" <= $1 order by "f"."confirmed_at" limit $2 for update of "f" skip locked) as "f"
-- values: ["2026-11-25T10:00:00.000Z",100]

-- local audience: the profile's recorded share
select "local_share", to_char("local_share_checked_on", 'YYYY-MM-DD') as "local_share_checked_on" from "creator_profiles" where "id" = $1
-- values: ["00000000-0000-4000-8000-000000000001"]

-- local audience: the queue, every city
select "c"."id", "c"."profile_id", "c"."platform", "c"."shows_on", "c"."image_type", "c"."status", "c"."share", "c"."checked_on", "c"."reason", "c"."decided_by", "c"."decided_at", "c"."created_at" from "local_audience_checks" as "c" where "c"."status" = $1 order by "c"."created_at" asc, "c"."id" asc limit $2 offset $3
-- values: ["pending",25,0]

-- local audience: decided checks of some cities
select "c"."id", "c"."profile_id", "c"."platform", "c"."shows_on", "c"."image_type", "c"."status", "c"."share", "c"."checked_on", "c"."reason", "c"."decided_by", "c"."decided_at", "c"."created_at" from "local_audience_checks" as "c" where "c"."status" = $1 and exists (select 1 as "one" from "creator_profiles" as "p" where "p"."id" = "c"."profile_id" and "p"."city_slug" = any($2)) order by "c"."decided_at" desc, "c"."id" asc limit $3 offset $4
-- values: ["recorded",["akron","parma"],25,25]

-- local audience: the queue counted, every city
select count(*) as "count" from "local_audience_checks" as "c" where "c"."status" = $1
-- values: ["pending"]

-- local audience: decided checks counted, some cities
select count(*) as "count" from "local_audience_checks" as "c" where "c"."status" = $1 and exists (select 1 as "one" from "creator_profiles" as "p" where "p"."id" = "c"."profile_id" and "p"."city_slug" = any($2))
-- values: ["recorded",["akron","parma"]]

-- local audience: a share recorded
update "creator_profiles" set "local_share" = $1, "local_share_checked_on" = $2 where "id" = $3 and ("local_share_checked_on" is null or "local_share_checked_on" <= $4)
-- values: [42,"2026-11-20","00000000-0000-4000-8000-000000000001","2026-11-20"]

-- profile stats: a batch of counts added
insert into "creator_daily_counts" ("profile_id", "day", "measure", "source", "n") select "u"."profile_id", "u"."day", "u"."measure", "u"."source", "u"."n" from unnest($1::uuid[], $2::date[], $3::text[], $4::text[], $5::int[]) as u(profile_id, day, measure, source, n) inner join "creator_profiles" as "p" on "p"."id" = "u"."profile_id" order by "u"."profile_id", "u"."day", "u"."measure", "u"."source" on conflict ("profile_id", "day", "measure", "source") do update set "n" = "creator_daily_counts"."n" + "excluded"."n"
-- values: [["00000000-0000-4000-8000-000000000001","00000000-0000-4000-8000-000000000001"],["2026-11-20","2026-11-20"],["views","appearances"],["search",""],[3,12]]

-- profile stats: one profile's days
select x.day::text as "day", "x"."measure", "x"."source", sum(x.n)::int as "n" from (select "c"."day", "c"."measure", "c"."source", "c"."n" from "creator_daily_counts" as "c" where "c"."profile_id" = $1 and "c"."day" >= $2::date and "c"."day" <= $3::date union all select ("r"."created_at" at time zone $4)::date as "day", 'contacts' as "measure", '' as "source", 1 as "n" from "contact_requests" as "r" where "r"."profile_id" = $5 and "r"."created_at" >= ($6::date)::timestamp at time zone $7 union all select ("e"."added_at" at time zone $8)::date as "day", 'shortlist_saves' as "measure", '' as "source", 1 as "n" from "shortlist_entries" as "e" where "e"."profile_id" = $9 and "e"."added_at" >= ($10::date)::timestamp at time zone $11) as "x" where "x"."day" >= $12::date and "x"."day" <= $13::date group by "x"."day", "x"."measure", "x"."source"
-- values: ["00000000-0000-4000-8000-000000000001","2026-11-01","2026-11-30","America/New_York","00000000-0000-4000-8000-000000000001","2026-11-01","America/New_York","America/New_York","00000000-0000-4000-8000-000000000001","2026-11-01","America/New_York","2026-11-01","2026-11-30"]

-- profile stats: some cities' days
select x.day::text as "day", "x"."measure", "x"."source", sum(x.n)::int as "n" from (select "c"."day", "c"."measure", "c"."source", "c"."n" from "creator_daily_counts" as "c" where "c"."profile_id" in (select "id" from "creator_profiles" where "city_slug" = any($1)) and "c"."day" >= $2::date and "c"."day" <= $3::date union all select ("r"."created_at" at time zone $4)::date as "day", 'contacts' as "measure", '' as "source", 1 as "n" from "contact_requests" as "r" where "r"."profile_id" in (select "id" from "creator_profiles" where "city_slug" = any($5)) and "r"."created_at" >= ($6::date)::timestamp at time zone $7 union all select ("e"."added_at" at time zone $8)::date as "day", 'shortlist_saves' as "measure", '' as "source", 1 as "n" from "shortlist_entries" as "e" where "e"."profile_id" in (select "id" from "creator_profiles" where "city_slug" = any($9)) and "e"."added_at" >= ($10::date)::timestamp at time zone $11) as "x" where "x"."day" >= $12::date and "x"."day" <= $13::date group by "x"."day", "x"."measure", "x"."source"
-- values: [["akron","parma"],"2026-11-01","2026-11-30","America/New_York",["akron","parma"],"2026-11-01","America/New_York","America/New_York",["akron","parma"],"2026-11-01","America/New_York","2026-11-01","2026-11-30"]

-- profile stats: every city's days
select x.day::text as "day", "x"."measure", "x"."source", sum(x.n)::int as "n" from (select "c"."day", "c"."measure", "c"."source", "c"."n" from "creator_daily_counts" as "c" where 1 = 1 and "c"."day" >= $1::date and "c"."day" <= $2::date union all select ("r"."created_at" at time zone $3)::date as "day", 'contacts' as "measure", '' as "source", 1 as "n" from "contact_requests" as "r" where 1 = 1 and "r"."created_at" >= ($4::date)::timestamp at time zone $5 union all select ("e"."added_at" at time zone $6)::date as "day", 'shortlist_saves' as "measure", '' as "source", 1 as "n" from "shortlist_entries" as "e" where 1 = 1 and "e"."added_at" >= ($7::date)::timestamp at time zone $8) as "x" where "x"."day" >= $9::date and "x"."day" <= $10::date group by "x"."day", "x"."measure", "x"."source"
-- values: ["2026-11-01","2026-11-30","America/New_York","2026-11-01","America/New_York","America/New_York","2026-11-01","America/New_York","2026-11-01","2026-11-30"]

-- profile stats: creators of every city
select count(*) as "n" from "creator_profiles"

-- profile stats: creators of some cities
select count(*) as "n" from "creator_profiles" where "city_slug" = any($1)
-- values: [["akron","parma"]]

-- profile stats: which accounts own a creator profile in some cities
select "user_id" from "creator_profiles" where "user_id" = any($1::uuid[]) and "city_slug" = any($2)
-- values: [["00000000-0000-4000-8000-000000000001"],["akron","parma"]]

-- contact limits: from an unproven address
select "created_at" as "at" from "contact_requests" where lower("email") = lower($1) and not "proven" and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["Brand@Example.com","2026-11-18T10:00:00.000Z",5]

-- contact limits: to a creator from proven senders
select "created_at" as "at" from "contact_requests" where "profile_id" = $1 and "proven" and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["00000000-0000-4000-8000-000000000001","2026-11-18T10:00:00.000Z",20]

-- contact limits: a browser's shortlists
select "created_at" as "at" from "shortlists" where "client_hash" = $1 and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["c0ffee","2026-11-18T10:00:00.000Z",10]

-- contact limits: shortlist messages from an address
select "created_at" as "at" from "shortlist_messages" where lower("email") = lower($1) and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["brand@example.com","2026-11-18T10:00:00.000Z",5]

-- demo seed: whether any creator exists
select 1 as "one" from "creator_profiles" limit $1
-- values: [1]

-- demo seed: the demo creators inserted
insert into "creator_profiles" ("id", "user_id", "full_name", "phone", "bio", "neighborhood", "city", "city_slug", "niches", "platforms", "content_types", "collab_types", "media_kit_url", "link_hub_url", "can_use_name_publicly", "approval_status", "approval_notes", "is_public", "phone_verified", "total_followers", "created_at", "updated_at", "decided_at", "profile_image_url", "profile_image_small_url") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25), ($26, $27, $28, $29, $30, $31, $32, $33, $34, $35::jsonb, $36, $37, $38, $39, $40, $41, $42, $43, $44, $45, $46, $47, $48, $49, $50)
-- values: ["00000000-0000-4000-8000-000000000001","00000000-0000-4000-8000-000000000002","Avery Brooks","(216) 555-0100","Coffee and comedy in Ohio City.","Ohio City","Cleveland","cleveland",["Food","Comedy"],"[{\"name\":\"TikTok\",\"handle\":\"averybrooks\",\"url\":\"https://tiktok.com/@averybrooks\",\"followers\":4200}]",["Shorts"],["Affiliate"],null,null,true,"approved",null,true,true,4200,"2026-11-18T10:00:00.000Z","2026-11-25T10:00:00.000Z","2026-11-25T10:00:00.000Z","/storage/profile-images/a/profile.webp","/storage/profile-images/a/avatar.webp","00000000-0000-4000-8000-000000000001","00000000-0000-4000-8000-000000000002","Avery Brooks","(216) 555-0100","Coffee and comedy in Ohio City.","Ohio City","Cleveland","cleveland",["Food","Comedy"],"[{\"name\":\"TikTok\",\"handle\":\"averybrooks\",\"url\":\"https://tiktok.com/@averybrooks\",\"followers\":4200}]",["Shorts"],["Affiliate"],null,null,true,"approved",null,true,true,4200,"2026-11-18T10:00:00.000Z","2026-11-25T10:00:00.000Z","2026-11-25T10:00:00.000Z","/storage/profile-images/a/profile.webp","/storage/profile-images/a/avatar.webp"]

