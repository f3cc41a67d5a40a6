-- The amplify module statements, as amplify-sql.snapshot.spec.ts compiles them.

-- introduction requests: counted, every city
select count(*) as "n" from "amplify_interest_requests" as "r"

-- introduction requests: counted, one business's unconfirmed of some cities
select count(*) as "n" from "amplify_interest_requests" as "r" where "r"."city_slug" = any($1) and "r"."submission_id" = $2 and "r"."confirmed_at" is null
-- values: [["akron","parma"],"00000000-0000-4000-8000-000000000002"]

-- introduction requests: a page, newest first
select "r"."id", "r"."submission_id", "r"."city_slug", "s"."business_name", "r"."creator_name", "r"."creator_email", "r"."creator_links", "r"."message", "r"."created_at", "r"."confirmed_at" from "amplify_interest_requests" as "r" inner join "amplify_submissions" as "s" on "s"."id" = "r"."submission_id" order by "r"."created_at" desc, "r"."id" desc limit $1 offset $2
-- values: [25,0]

-- introduction requests: a page of confirmed ones, oldest first
select "r"."id", "r"."submission_id", "r"."city_slug", "s"."business_name", "r"."creator_name", "r"."creator_email", "r"."creator_links", "r"."message", "r"."created_at", "r"."confirmed_at" from "amplify_interest_requests" as "r" inner join "amplify_submissions" as "s" on "s"."id" = "r"."submission_id" where "r"."city_slug" = any($1) and "r"."confirmed_at" is not null order by "r"."created_at" asc, "r"."id" asc limit $2 offset $3
-- values: [["akron","parma"],25,25]

-- introduction requests: a page of one business's unconfirmed of some cities
select "r"."id", "r"."submission_id", "r"."city_slug", "s"."business_name", "r"."creator_name", "r"."creator_email", "r"."creator_links", "r"."message", "r"."created_at", "r"."confirmed_at" from "amplify_interest_requests" as "r" inner join "amplify_submissions" as "s" on "s"."id" = "r"."submission_id" where "r"."city_slug" = any($1) and "r"."submission_id" = $2 and "r"."confirmed_at" is null order by "r"."created_at" desc, "r"."id" desc limit $3 offset $4
-- values: [["akron","parma"],"00000000-0000-4000-8000-000000000002",25,0]

-- introduction requests per business, every city
select "s"."id" as "submission_id", "s"."city_slug", "s"."business_name", count(*) filter(where "r"."confirmed_at" is not null) as "confirmed", count(*) filter(where "r"."confirmed_at" is null) as "unconfirmed" from "amplify_interest_requests" as "r" inner join "amplify_submissions" as "s" on "s"."id" = "r"."submission_id" group by "s"."id", "s"."city_slug", "s"."business_name" order by count(*) desc, "s"."business_name" asc

-- introduction requests per business, some cities
select "s"."id" as "submission_id", "s"."city_slug", "s"."business_name", count(*) filter(where "r"."confirmed_at" is not null) as "confirmed", count(*) filter(where "r"."confirmed_at" is null) as "unconfirmed" from "amplify_interest_requests" as "r" inner join "amplify_submissions" as "s" on "s"."id" = "r"."submission_id" where "r"."city_slug" = any($1) group by "s"."id", "s"."city_slug", "s"."business_name" order by count(*) desc, "s"."business_name" asc
-- values: [["akron","parma"]]

-- introduction limits: requests naming an address
select "created_at" as "at" from "amplify_interest_requests" where lower("creator_email") = lower($1) and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["Maya@Example.com","2026-11-24T10:00:00.000Z",3]

-- introduction limits: a business's confirmed requests
select "confirmed_at" as "at" from "amplify_interest_requests" where "submission_id" = $1 and "confirmed_at" > $2 order by "confirmed_at" desc limit $3
-- values: ["00000000-0000-4000-8000-0000000000d1","2026-11-24T10:00:00.000Z",10]

-- requested introductions: every account's days
select "r"."requester_user_id" as "user_id", ("r"."created_at" at time zone $1)::date::text as "day", count(*) as "n" from "amplify_interest_requests" as "r" where "r"."requester_user_id" is not null and "r"."created_at" >= ($2::date)::timestamp at time zone $3 and "r"."created_at" < (($4::date) + 1)::timestamp at time zone $5 group by 1, 2
-- values: ["America/New_York","2026-11-01","America/New_York","2026-11-30","America/New_York"]

-- requested introductions: some accounts' days
select "r"."requester_user_id" as "user_id", ("r"."created_at" at time zone $1)::date::text as "day", count(*) as "n" from "amplify_interest_requests" as "r" where "r"."requester_user_id" is not null and "r"."requester_user_id" = any($2::uuid[]) and "r"."created_at" >= ($3::date)::timestamp at time zone $4 and "r"."created_at" < (($5::date) + 1)::timestamp at time zone $6 group by 1, 2
-- values: ["America/New_York",["00000000-0000-4000-8000-000000000002"],"2026-11-01","America/New_York","2026-11-30","America/New_York"]

