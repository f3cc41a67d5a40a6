-- The health statements, as system-sql.snapshot.spec.ts compiles them.

-- database health: ping
select 1 as "one"

-- database health: the migrations table
select to_regclass('mikro_orm_migrations') as "migrations"

-- database health: the migrations applied
select "name" from "mikro_orm_migrations"

-- migrate: the migration lock taken
select pg_advisory_lock($1) as "taken"
-- values: [119173219707239]

-- migrate: the migration lock given back
select pg_advisory_unlock($1) as "given"
-- values: [119173219707239]

-- the install's id (the Redis prefix's default)
select "id" from "installation" order by "created_at" limit $1
-- values: [1]

