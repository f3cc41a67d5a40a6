-- The calls module statements, as calls-sql.snapshot.spec.ts compiles them.

-- call matches: the accounts waiting longest
select "account_id" from "call_matches" where "status" = 'waiting' group by "account_id" order by min("matched_at") limit $1
-- values: [50]

-- call stats: one view more on a call's day
insert into "call_daily_views" ("call_id", "day", "n") select "c"."id", $1::date as "day", 1 as "n" from "calls" as "c" where "c"."id" = $2 on conflict ("call_id", "day") do update set "n" = "call_daily_views"."n" + $3
-- values: ["2026-11-20","00000000-0000-4000-8000-0000000000c1",1]

-- call stats: some calls' numbers
select "c"."id", "c"."city_slug", "c"."status", (select coalesce(sum(v.n), 0) as "n" from "call_daily_views" as "v" where "v"."call_id" = "c"."id") as "views", (select count(*) as "n" from "call_matches" as "m" where "m"."call_id" = "c"."id" and "m"."status" = $1) as "creators_mailed", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id") as "answers", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id" and "a"."status" = $2) as "picks" from "calls" as "c" where "c"."id" = any($3::uuid[])
-- values: ["mailed","picked",["00000000-0000-4000-8000-0000000000c1"]]

-- call stats: every city's numbers
select "x"."city_slug", count(*) filter(where "x"."status" = $1) as "open_calls", sum("x"."views") as "views", sum("x"."creators_mailed") as "creators_mailed", sum("x"."answers") as "answers", sum("x"."picks") as "picks" from (select "c"."id", "c"."city_slug", "c"."status", (select coalesce(sum(v.n), 0) as "n" from "call_daily_views" as "v" where "v"."call_id" = "c"."id") as "views", (select count(*) as "n" from "call_matches" as "m" where "m"."call_id" = "c"."id" and "m"."status" = $2) as "creators_mailed", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id") as "answers", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id" and "a"."status" = $3) as "picks" from "calls" as "c") as "x" group by "x"."city_slug"
-- values: ["approved","mailed","picked"]

-- call stats: some cities' numbers
select "x"."city_slug", count(*) filter(where "x"."status" = $1) as "open_calls", sum("x"."views") as "views", sum("x"."creators_mailed") as "creators_mailed", sum("x"."answers") as "answers", sum("x"."picks") as "picks" from (select "c"."id", "c"."city_slug", "c"."status", (select coalesce(sum(v.n), 0) as "n" from "call_daily_views" as "v" where "v"."call_id" = "c"."id") as "views", (select count(*) as "n" from "call_matches" as "m" where "m"."call_id" = "c"."id" and "m"."status" = $2) as "creators_mailed", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id") as "answers", (select count(*) as "n" from "call_answers" as "a" where "a"."call_id" = "c"."id" and "a"."status" = $3) as "picks" from "calls" as "c" where "c"."city_slug" = any($4)) as "x" group by "x"."city_slug"
-- values: ["approved","mailed","picked",["akron","parma"]]

-- call limits: an account's answers
select "created_at" as "at" from "call_answers" where "account_id" = $1 and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["00000000-0000-4000-8000-0000000000a1","2026-11-29T12:00:00.000Z",20]

-- call limits: an account's calls
select "created_at" as "at" from "calls" where "account_id" = $1 and "created_at" > $2 order by "created_at" desc limit $3
-- values: ["00000000-0000-4000-8000-0000000000a1","2026-11-29T12:00:00.000Z",3]

