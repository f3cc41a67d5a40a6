-- The directory statements (directory-sql.ts), as directory-sql.snapshot.spec.ts builds them.

-- overview of every city
select c.scope as "__scope", c.total as "__total", null as id, null as full_name, null as can_use_name_publicly, null as platforms, null as bio, null as profile_image_url, null as profile_image_small_url, null as niches, null as total_followers, null as approval_status, null as phone_verified, null as neighborhood, null as created_at, null as city_slug, null as checked_at, null as listed_followers from listing_counts c
    union all select '*', null, r.* from (select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified order by p.created_at desc, p.id limit 12) r
    union all select c.scope, null, g.* from listing_counts c cross join lateral (
        select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified and (p.niches @> array[c.scope]) is true order by p.created_at desc, p.id limit 6) g
      where c.scope <> '*' and c.total > 0 and c.total >= (select total from listing_counts where scope = '*') * 0.02
    union all select c.scope, null, g.* from listing_counts c cross join lateral (
        select * from (select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified and p.niches @> array[c.scope] offset 0) p order by p.created_at desc, p.id limit 6) g
      where c.scope <> '*' and c.total > 0 and not (c.total >= (select total from listing_counts where scope = '*') * 0.02)
    order by "__scope", created_at desc nulls first, id

-- overview of one city
select c.scope as "__scope", c.total as "__total", null as id, null as full_name, null as can_use_name_publicly, null as platforms, null as bio, null as profile_image_url, null as profile_image_small_url, null as niches, null as total_followers, null as approval_status, null as phone_verified, null as neighborhood, null as created_at, null as city_slug, null as checked_at, null as listed_followers from city_listing_counts c where c.city_slug = 'akron'
    union all select '*', null, r.* from (select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified and p.city_slug = 'akron' order by p.created_at desc, p.id limit 12) r
    union all select c.scope, null, g.* from city_listing_counts c cross join lateral (
        select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified and (p.niches @> array[c.scope]) is true and p.city_slug = 'akron' order by p.created_at desc, p.id limit 6) g
      where c.city_slug = 'akron' and c.scope <> '*' and c.total > 0 and c.total >= (select total from city_listing_counts where city_slug = 'akron' and scope = '*') * 0.02
    union all select c.scope, null, g.* from city_listing_counts c cross join lateral (
        select * from (select p.id, p.full_name, p.can_use_name_publicly, p.platforms, p.bio, p.profile_image_url, p.profile_image_small_url, p.niches, p.total_followers, p.approval_status, p.phone_verified, p.neighborhood, p.created_at, p.city_slug, p.checked_at, p.listed_followers from creator_profiles p where p.is_public and p.approval_status = 'approved' and p.phone_verified and p.niches @> array[c.scope] and p.city_slug = 'akron' offset 0) p order by p.created_at desc, p.id limit 6) g
      where c.city_slug = 'akron' and c.scope <> '*' and c.total > 0 and not (c.total >= (select total from city_listing_counts where city_slug = 'akron' and scope = '*') * 0.02)
    order by "__scope", created_at desc nulls first, id

-- profile
select "p".*, (select json_agg(json_build_object('platform', "c"."platform", 'handle', "c"."handle", 'confirmed_at', "c"."confirmed_at") order by "c"."confirmed_at") as "confirmed" from "handle_checks" as "c" where "c"."profile_id" = "p"."id" and "c"."confirmed_at" is not null) as "confirmed_handles", (select json_agg(json_build_object('platform', "f"."platform", 'handle', "f"."handle", 'confirmed_at', "f"."confirmed_at")) as "dates" from "follower_counts" as "f" where "f"."profile_id" = "p"."id") as "follower_dates", to_char("p"."local_share_checked_on", 'YYYY-MM-DD') as "local_share_day" from "creator_profiles" as "p" where "p"."id" = $1

-- list, newest first
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") order by "p"."created_at" desc, "p"."id" asc limit $1
-- values: [25]

-- list, next page
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."created_at" <= $1::timestamptz and ("p"."created_at" < $2::timestamptz or "p"."id" > $3::uuid))) order by "p"."created_at" desc, "p"."id" asc limit $4
-- values: ["2026-11-25 10:00:00+00","2026-11-25 10:00:00+00","00000000-0000-4000-8000-000000000001",25]

-- list, by followers
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."listed_followers")::text as "__key" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") order by "p"."listed_followers" desc, "p"."id" asc limit $1
-- values: [25]

-- list, by name
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", (lower(case when "p"."can_use_name_publicly" then "p"."full_name"
  else ltrim(coalesce(nullif(trim("p"."platforms"->0->>'handle'), ''), nullif(trim("p"."platforms"->1->>'handle'), ''), 'Local creator'), '@') end))::text as "__key" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") order by lower(case when "p"."can_use_name_publicly" then "p"."full_name"
  else ltrim(coalesce(nullif(trim("p"."platforms"->0->>'handle'), ''), nullif(trim("p"."platforms"->1->>'handle'), ''), 'Local creator'), '@') end) asc, "p"."id" asc limit $1
-- values: [25]

-- a common niche
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."niches" @> array[$1::text]) is true) order by "p"."created_at" desc, "p"."id" asc limit $2
-- values: ["Food",25]

-- a rare niche
select "id", "full_name", "can_use_name_publicly", "platforms", "bio", "profile_image_url", "profile_image_small_url", "niches", "total_followers", "approval_status", "phone_verified", "neighborhood", "created_at", "city_slug", "checked_at", "listed_followers", "__sort"::text as "__key" from (select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", "p"."created_at" as "__sort" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."niches" @> array[$1::text]) offset 0) as "p" order by "__sort" desc, "id" asc limit $2
-- values: ["Comedy",25]

-- a city
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."city_slug" = $1) order by "p"."created_at" desc, "p"."id" asc limit $2
-- values: ["akron",25]

-- filters: platform, followers, neighbourhood
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."platforms" @> $1::jsonb and "p"."total_followers" >= $2::bigint and "p"."neighborhood" ilike $3) order by "p"."created_at" desc, "p"."id" asc limit $4
-- values: ["[{\"name\":\"Instagram\"}]",10000,"%Tremont%",25]

-- search words: their frequencies
select array(select coalesce((select sum("s"."creators") from "search_words" s where "s"."word" = w.word collate "C" and ($1::text is null or "s"."city_slug" = $2::text)), 0)::int
        from unnest($3::text[]) with ordinality w(word, i) order by w.i) as "exact", cast(coalesce(max("x"."creators"), 0) as integer) as "most", cast(coalesce(sum("x"."creators"), 0) as integer) as "total", cast(count("x"."creators") as integer) as "words" from (select "s"."creators" from "search_words" as "s" where "s"."word" >= $4::text collate "C" and "s"."word" < $5::text collate "C" and ($6::text is null or "s"."city_slug" = $7::text) limit 2000) as "x"
-- values: [null,null,["food"],"music","musid",null,null]

-- search words of a city: their frequencies
select array(select coalesce((select sum("s"."creators") from "search_words" s where "s"."word" = w.word collate "C" and ($1::text is null or "s"."city_slug" = $2::text)), 0)::int
        from unnest($3::text[]) with ordinality w(word, i) order by w.i) as "exact", cast(coalesce(max("x"."creators"), 0) as integer) as "most", cast(coalesce(sum("x"."creators"), 0) as integer) as "total", cast(count("x"."creators") as integer) as "words" from (select "s"."creators" from "search_words" as "s" where "s"."word" >= $4::text collate "C" and "s"."word" < $5::text collate "C" and ($6::text is null or "s"."city_slug" = $7::text) limit 2000) as "x"
-- values: ["akron","akron",[],"food","fooe","akron","akron"]

-- a new search: its words, and its page and count when a word is rare
with "known" as materialized (select "s".*, (exists (select from unnest("s"."exact") e where e <= 1000)
        or ("s"."words" < 2000 and "s"."total" <= 1000)) as "read" from (select array(select coalesce((select sum("s"."creators") from "search_words" s where "s"."word" = w.word collate "C" and ($1::text is null or "s"."city_slug" = $2::text)), 0)::int
        from unnest($3::text[]) with ordinality w(word, i) order by w.i) as "exact", cast(coalesce(max("x"."creators"), 0) as integer) as "most", cast(coalesce(sum("x"."creators"), 0) as integer) as "total", cast(count("x"."creators") as integer) as "words" from (select "s"."creators" from "search_words" as "s" where "s"."word" >= $4::text collate "C" and "s"."word" < $5::text collate "C" and ($6::text is null or "s"."city_slug" = $7::text) limit 2000) as "x") as "s"), "m" as materialized (select "p"."id", "p"."search_doc", "p"."search_names" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."search_doc" @@ to_tsquery('simple', $8) and (select "known"."read" from known)) limit 1001), "n" as (select cast(count(*) as integer) as "n" from "m"), "r" as (select "p"."id", (ts_rank("p"."search_doc", to_tsquery('simple', $9)) + word_similarity($10, "p"."search_names"))::float8 as "k" from "m" as "p" where (select n from n) <= 1000), "page" as (select "r"."id" as "__id", "r"."k" as "__k" from "r" where true order by "__k" desc, "__id" asc limit $11) select "c"."id", "c"."full_name", "c"."can_use_name_publicly", "c"."platforms", "c"."bio", "c"."profile_image_url", "c"."profile_image_small_url", "c"."niches", "c"."total_followers", "c"."approval_status", "c"."phone_verified", "c"."neighborhood", "c"."created_at", "c"."city_slug", "c"."checked_at", "c"."listed_followers", "page"."__k"::text as "__key", "n"."n" as "__n", "known"."exact" as "__exact", "known"."most" as "__most", "known"."total" as "__total", "known"."words" as "__words", "known"."read" as "__read" from "n" cross join "known" left join "page" on true left join "creator_profiles" as "c" on "c"."id" = "page"."__id" order by "page"."__k" desc, "page"."__id" asc
-- values: [null,null,["creator"],"1234","1235",null,null,"'creator' & '1234':*","'creator' & '1234':*","creator 1234",25]

-- a new search in a city with a filter: its words, and its page and count when a word is rare
with "known" as materialized (select "s".*, (exists (select from unnest("s"."exact") e where e <= 1000)
        or ("s"."words" < 2000 and "s"."total" <= 1000)) as "read" from (select array(select coalesce((select sum("s"."creators") from "search_words" s where "s"."word" = w.word collate "C" and ($1::text is null or "s"."city_slug" = $2::text)), 0)::int
        from unnest($3::text[]) with ordinality w(word, i) order by w.i) as "exact", cast(coalesce(max("x"."creators"), 0) as integer) as "most", cast(coalesce(sum("x"."creators"), 0) as integer) as "total", cast(count("x"."creators") as integer) as "words" from (select "s"."creators" from "search_words" as "s" where "s"."word" >= $4::text collate "C" and "s"."word" < $5::text collate "C" and ($6::text is null or "s"."city_slug" = $7::text) limit 2000) as "x") as "s"), "m" as materialized (select "p"."id", "p"."created_at" as "k" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."total_followers" >= $8::bigint) is true and ("p"."city_slug" = $9) is true and ("p"."search_doc" @@ to_tsquery('simple', $10) or "p"."search_names" ilike $11) and (select "known"."read" from known)) limit 1001), "n" as (select cast(count(*) as integer) as "n" from "m"), "r" as (select "p"."id", "p"."k" from "m" as "p" where (select n from n) <= 1000), "page" as (select "r"."id" as "__id", "r"."k" as "__k" from "r" where true order by "__k" desc, "__id" asc limit $12) select "c"."id", "c"."full_name", "c"."can_use_name_publicly", "c"."platforms", "c"."bio", "c"."profile_image_url", "c"."profile_image_small_url", "c"."niches", "c"."total_followers", "c"."approval_status", "c"."phone_verified", "c"."neighborhood", "c"."created_at", "c"."city_slug", "c"."checked_at", "c"."listed_followers", "page"."__k"::text as "__key", "n"."n" as "__n", "known"."exact" as "__exact", "known"."most" as "__most", "known"."total" as "__total", "known"."words" as "__words", "known"."read" as "__read" from "n" cross join "known" left join "page" on true left join "creator_profiles" as "c" on "c"."id" = "page"."__id" order by "page"."__k" desc, "page"."__id" asc
-- values: ["akron","akron",[],"imani","imanj","akron","akron",1000,"akron","'imani':*","%imani%",25]

-- one rare word: page and count together
with "m" as materialized (select "p"."id", "p"."search_doc", "p"."search_names" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."search_doc" @@ to_tsquery('simple', $1) or "p"."search_names" ilike $2)) limit 1001), "n" as (select cast(count(*) as integer) as "n" from "m"), "r" as (select "p"."id", (ts_rank("p"."search_doc", to_tsquery('simple', $3)) + word_similarity($4, "p"."search_names"))::float8 as "k" from "m" as "p" where (select n from n) <= 1000), "page" as (select "r"."id" as "__id", "r"."k" as "__k" from "r" where true order by "__k" desc, "__id" asc limit $5) select "c"."id", "c"."full_name", "c"."can_use_name_publicly", "c"."platforms", "c"."bio", "c"."profile_image_url", "c"."profile_image_small_url", "c"."niches", "c"."total_followers", "c"."approval_status", "c"."phone_verified", "c"."neighborhood", "c"."created_at", "c"."city_slug", "c"."checked_at", "c"."listed_followers", "page"."__k"::text as "__key", "n"."n" as "__n" from "n" left join "page" on true left join "creator_profiles" as "c" on "c"."id" = "page"."__id" order by "page"."__k" desc, "page"."__id" asc
-- values: ["'imani':*","%imani%","'imani':*","imani",25]

-- a word and a number
with "m" as materialized (select "p"."id", "p"."search_doc", "p"."search_names" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."search_doc" @@ to_tsquery('simple', $1)) limit 1001), "n" as (select cast(count(*) as integer) as "n" from "m"), "r" as (select "p"."id", (ts_rank("p"."search_doc", to_tsquery('simple', $2)) + word_similarity($3, "p"."search_names"))::float8 as "k" from "m" as "p" where (select n from n) <= 1000), "page" as (select "r"."id" as "__id", "r"."k" as "__k" from "r" where true order by "__k" desc, "__id" asc limit $4) select "c"."id", "c"."full_name", "c"."can_use_name_publicly", "c"."platforms", "c"."bio", "c"."profile_image_url", "c"."profile_image_small_url", "c"."niches", "c"."total_followers", "c"."approval_status", "c"."phone_verified", "c"."neighborhood", "c"."created_at", "c"."city_slug", "c"."checked_at", "c"."listed_followers", "page"."__k"::text as "__key", "n"."n" as "__n" from "n" left join "page" on true left join "creator_profiles" as "c" on "c"."id" = "page"."__id" order by "page"."__k" desc, "page"."__id" asc
-- values: ["'creator' & '1234':*","'creator' & '1234':*","creator 1234",25]

-- a rare word with a filter
with "m" as materialized (select "p"."id", "p"."search_doc", "p"."search_names" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."niches" @> array[$1::text]) is true and ("p"."search_doc" @@ to_tsquery('simple', $2) or "p"."search_names" ilike $3)) limit 1001), "n" as (select cast(count(*) as integer) as "n" from "m"), "r" as (select "p"."id", (ts_rank("p"."search_doc", to_tsquery('simple', $4)) + word_similarity($5, "p"."search_names"))::float8 as "k" from "m" as "p" where (select n from n) <= 1000), "page" as (select "r"."id" as "__id", "r"."k" as "__k" from "r" where true order by "__k" desc, "__id" asc limit $6) select "c"."id", "c"."full_name", "c"."can_use_name_publicly", "c"."platforms", "c"."bio", "c"."profile_image_url", "c"."profile_image_small_url", "c"."niches", "c"."total_followers", "c"."approval_status", "c"."phone_verified", "c"."neighborhood", "c"."created_at", "c"."city_slug", "c"."checked_at", "c"."listed_followers", "page"."__k"::text as "__key", "n"."n" as "__n" from "n" left join "page" on true left join "creator_profiles" as "c" on "c"."id" = "page"."__id" order by "page"."__k" desc, "page"."__id" asc
-- values: ["Food","'imani':*","%imani%","'imani':*","imani",25]

-- one common word: a walk of the order
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key", "p"."__matched" as "__matched", "p"."__read" = 1000 as "__last" from (select "p".*, (("p"."search_doc" @@ to_tsquery('simple', $1) or "p"."search_names" ilike $2)) is true as "__matched", row_number() over(order by "p"."created_at" desc, "p"."id" asc) as "__read" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified")) as "p" where ("p"."__read" <= 1000 and ("p"."__matched" or "p"."__read" = 1000)) limit $3
-- values: ["'food':*","%food%",25]

-- two common words: a walk of the order
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key", "p"."__matched" as "__matched", "p"."__read" = 1000 as "__last" from (select "p".*, ("p"."search_doc" @@ to_tsquery('simple', $1)) is true as "__matched", row_number() over(order by "p"."created_at" desc, "p"."id" asc) as "__read" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified")) as "p" where ("p"."__read" <= 1000 and ("p"."__matched" or "p"."__read" = 1000)) limit $2
-- values: ["'food' & 'music':*",25]

-- common words, a deep page
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key", "p"."__matched" as "__matched", "p"."__read" = 1000 as "__last" from (select "p".*, ("p"."search_doc" @@ to_tsquery('simple', $1)) is true as "__matched", row_number() over(order by "p"."created_at" desc, "p"."id" asc) as "__read" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."created_at" <= $2::timestamptz and ("p"."created_at" < $3::timestamptz or "p"."id" > $4::uuid)))) as "p" where ("p"."__read" <= 1000 and ("p"."__matched" or "p"."__read" = 1000)) limit $5
-- values: ["'food' & 'music':*","2026-11-25 10:00:00+00","2026-11-25 10:00:00+00","00000000-0000-4000-8000-000000000001",25]

-- common words in a city
select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", ("p"."created_at")::text as "__key", "p"."__matched" as "__matched", "p"."__read" = 1000 as "__last" from (select "p".*, (("p"."search_doc" @@ to_tsquery('simple', $1) or "p"."search_names" ilike $2)) is true as "__matched", row_number() over(order by "p"."created_at" desc, "p"."id" asc) as "__read" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."city_slug" = $3)) as "p" where ("p"."__read" <= 1000 and ("p"."__matched" or "p"."__read" = 1000)) limit $4
-- values: ["'food':*","%food%","akron",25]

-- common words, a walk stopped short: the page through the text index
select "id", "full_name", "can_use_name_publicly", "platforms", "bio", "profile_image_url", "profile_image_small_url", "niches", "total_followers", "approval_status", "phone_verified", "neighborhood", "created_at", "city_slug", "checked_at", "listed_followers", "__sort"::text as "__key" from (select "p"."id", "p"."full_name", "p"."can_use_name_publicly", "p"."platforms", "p"."bio", "p"."profile_image_url", "p"."profile_image_small_url", "p"."niches", "p"."total_followers", "p"."approval_status", "p"."phone_verified", "p"."neighborhood", "p"."created_at", "p"."city_slug", "p"."checked_at", "p"."listed_followers", "p"."created_at" as "__sort" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."search_doc" @@ to_tsquery('simple', $1) and ("p"."created_at" <= $2::timestamptz and ("p"."created_at" < $3::timestamptz or "p"."id" > $4::uuid))) offset 0) as "p" order by "__sort" desc, "id" asc limit $5
-- values: ["'food' & 'music':*","2026-11-25 10:00:00+00","2026-11-25 10:00:00+00","00000000-0000-4000-8000-000000000001",25]

-- common words: their count, bounded
select (select cast(count(*) as integer) as "n" from (select 1 as "one" from (select "p".* from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") order by "p"."created_at" desc, "p"."id" limit 2000) as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."search_doc" @@ to_tsquery('simple', $1)) is true) limit 1001) as "s") as "n", cast(coalesce((select "total" from "listing_counts" where "scope" = '*'), 0) as integer) as "listed"
-- values: ["'food' & 'music':*"]

-- a count
select cast(count(*) as integer) as "n" from (select 1 as "one" from "creator_profiles" as "p" where (("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and ("p"."search_doc" @@ to_tsquery('simple', $1) or "p"."search_names" ilike $2)) limit 1001) as "s"
-- values: ["'imani':*","%imani%"]

-- nothing found: close words
select w.i::int as i, w.word, k.creators, coalesce(c.close, '{}') as close, coalesce(c.counts, '{}') as counts
    from unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::boolean[]) with ordinality w(word, after, head, after_head, correctable, i)
    cross join lateral (select case when w.i = cardinality($1::text[])
        then (select coalesce(sum(x.creators), 0) from (select s.creators from search_words s where s.word >= w.word collate "C" and s.word < w.after collate "C" and ($2::text is null or s.city_slug = $2::text) limit 2000) x)
        else (select coalesce(sum(s.creators), 0) from search_words s where s.word = w.word collate "C" and ($2::text is null or s.city_slug = $2::text)) end::int as creators) k
    left join lateral (select array_agg(n.word order by n.distance, n.similarity desc, n.creators desc, n.word) as close,
          array_agg(n.creators order by n.distance, n.similarity desc, n.creators desc, n.word) as counts from (
        select s.word, sum(s.creators)::int as creators, levenshtein(s.word, w.word) as distance, similarity(s.word, w.word) as similarity from (
            (select s.word, s.city_slug, s.creators from search_words s where k.creators = 0 and w.correctable and length(s.word) <= 255 and s.word % w.word and ($2::text is null or s.city_slug = $2::text) limit 200)
            union
            (select s.word, s.city_slug, s.creators from search_words s where k.creators = 0 and w.correctable and length(s.word) <= 255 and s.word >= w.head collate "C" and s.word < w.after_head collate "C" and ($2::text is null or s.city_slug = $2::text) limit 200)) s
         where levenshtein(s.word, w.word) <= 2 or similarity(s.word, w.word) >= 0.3
         group by s.word order by distance, similarity desc, creators desc, s.word limit 5) n) c on true
    order by w.i
-- values: [["imanni"],null,["imannj"],["ima"],["imb"],[true]]

-- nothing found: the names suggested
select s.suggestion from (
      select distinct on (lower(c.t)) c.t as suggestion, c.score from (
          select p.full_name, p.can_use_name_publicly, p.platforms from creator_profiles p
           where p.is_public and p.approval_status = 'approved' and p.phone_verified and p.search_doc @@ to_tsquery('simple', $2) and ($3::text is null or p.city_slug = $3) limit 200) p
        cross join lateral (
          select x.t, word_similarity($1::text, lower(x.t)) as score from (
              select case when p.can_use_name_publicly then p.full_name end as t, 0 as handle
              union all
              select '@' || ltrim(trim(e->>'handle'), '@'), 1 from jsonb_array_elements(
                case when jsonb_typeof(p.platforms) = 'array' then p.platforms else '[]'::jsonb end) e
               where ltrim(trim(e->>'handle'), '@') <> '') x
           where x.t is not null and ltrim(lower(x.t), '@') <> $1::text
           order by score desc, x.handle, x.t limit 1) c
      order by lower(c.t), c.score desc) s
    order by s.score desc, s.suggestion limit 3
-- values: ["imanni","imani",null]
