-- The health statements, as system-sql.snapshot.spec.ts compiles them.

-- database health: ping
select 1 as "one"

-- database health: the migrations table
select to_regclass('mikro_orm_migrations') as "migrations"

-- database health: the migrations applied
select "name" from "mikro_orm_migrations"

