-- The calls module statements, as calls-sql.snapshot.spec.ts compiles them.

-- call matches: the accounts waiting longest
select "account_id" from "call_matches" where "status" = 'waiting' group by "account_id" order by min("matched_at") limit $1
-- values: [50]

