-- The notifications module statements, as notifications-sql.snapshot.spec.ts compiles them.

-- outbox health: mail failed and stuck
select count(*) filter(where "status" = 'failed') as "failed", count(*) filter(where ("status" in ('pending', 'queued') and "created_at" < $1)) as "stuck", min("created_at") filter(where ("status" in ('pending', 'queued') and "created_at" < $2)) as "oldest" from "outbox_messages" where "status" <> 'sent' and "kind" <> 'webhook'
-- values: ["2026-11-25T09:45:00.000Z","2026-11-25T09:45:00.000Z"]

-- webhook attempts: two webhooks' latest
select distinct on ("subscription_id") "subscription_id", "attempted_at", "outcome" from "webhook_attempts" where "subscription_id" in ($1, $2) order by "subscription_id", "attempted_at" desc
-- values: ["00000000-0000-4000-8000-000000000003","00000000-0000-4000-8000-000000000004"]

-- outbox metrics: messages by status
select "status", count(*) as "n" from "outbox_messages" group by "status"

-- outbox metrics: the oldest undelivered age
select extract(epoch from now() - min(created_at)) as "age" from "outbox_messages" where "status" in ($1, $2)
-- values: ["pending","queued"]

