-- The city module statements, as city-sql.snapshot.spec.ts compiles them.

-- cities: all, by name
select "slug", "name", "state", "time_zone", "neighborhoods", "copy", "host" from "cities" order by "name"

-- cities: one by its slug
select "slug", "name", "state", "time_zone", "neighborhoods", "copy", "host" from "cities" where "slug" = $1
-- values: ["parma"]

-- cities: one by its name
select "slug", "name", "state", "time_zone", "neighborhoods", "copy", "host" from "cities" where "name" = $1
-- values: ["Parma"]

-- cities: a city's stored words
select "copy" from "cities" where "slug" = $1
-- values: ["parma"]

-- cities: a city added
insert into "cities" ("slug", "name", "state", "time_zone", "neighborhoods", "copy", "host") values ($1, $2, $3, $4, $5, $6::jsonb, $7) on conflict do nothing returning "slug", "name", "state", "time_zone", "neighborhoods", "copy", "host"
-- values: ["parma","Parma","OH","America/New_York",["Ridgewood","Parma Heights"],"{\"tagline\":\"Parma, up close\"}",null]

-- cities: the home city added
insert into "cities" ("slug", "name", "state", "time_zone", "neighborhoods", "copy") values ($1, $2, $3, $4, $5, $6::jsonb) on conflict do nothing
-- values: ["akron","Akron","OH","America/New_York",[],"{}"]

-- cities: a city changed
update "cities" set "name" = $1, "state" = $2, "time_zone" = $3, "neighborhoods" = $4, "copy" = $5::jsonb, "host" = $6 where "slug" = $7 returning "slug", "name", "state", "time_zone", "neighborhoods", "copy", "host"
-- values: ["Parma","OH","America/New_York",["Ridgewood","Parma Heights"],"{\"tagline\":\"Parma, up close\"}",null,"parma"]

