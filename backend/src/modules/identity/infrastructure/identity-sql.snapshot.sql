-- The identity module statements, as identity-sql.snapshot.spec.ts compiles them.

-- accounts: the e-mails of some users
select "id", "email" from "users" where "id" = any($1::uuid[])
-- values: [["00000000-0000-4000-8000-0000000000a1"]]

-- accounts: users whose e-mail holds a text
select "id" from "users" where "email" ilike $1 order by "created_at" desc limit $2
-- values: ["%50\\%\\_off%",20]

-- accounts: every admin's e-mail
select "u"."email" from "users" as "u" inner join "user_roles" as "r" on "r"."user_id" = "u"."id" where "r"."role" = $1 order by "u"."created_at"
-- values: ["admin"]

-- accounts: the e-mails of a city's admins
select "u"."email" from "users" as "u" inner join "user_roles" as "r" on "r"."user_id" = "u"."id" where "r"."role" = $1 and (not exists (select 1 as "one" from "admin_city_grants" as "g" where "g"."user_id" = "u"."id") or exists (select 1 as "one" from "admin_city_grants" as "g" where "g"."user_id" = "u"."id" and "g"."city_slug" = $2)) order by "u"."created_at"
-- values: ["admin","akron"]

-- accounts: locked accounts created for a seed
insert into "users" ("id", "email", "password_hash", "created_at", "updated_at") values ($1, $2, $3, $4, $5) on conflict ("email") do update set "email" = "excluded"."email" returning "id", "email"
-- values: ["00000000-0000-4000-8000-0000000000a1","seeded@example.com","!locked-0","2026-11-01T12:00:00.000Z","2026-11-01T12:00:00.000Z"]

-- sessions: an active session and its account
select "u"."email", "u"."email_confirmed_at" is not null as "email_confirmed", coalesce(array((select "r"."role" from "user_roles" as "r" where "r"."user_id" = "u"."id")), '{}') as "roles", array((select "g"."city_slug" from "admin_city_grants" as "g" where "g"."user_id" = "u"."id" order by "g"."city_slug")) as "admin_cities", "s"."expires_at" from "auth_sessions" as "s" inner join "users" as "u" on "u"."id" = "s"."user_id" where "s"."id" = $1 and "s"."user_id" = $2 and "s"."revoked_at" is null and "s"."expires_at" > now()
-- values: ["00000000-0000-4000-8000-0000000000b1","00000000-0000-4000-8000-0000000000a1"]

-- sessions: an open recovery link
select "u"."email" from "recovery_tokens" as "t" inner join "users" as "u" on "u"."id" = "t"."user_id" where "t"."id" = $1 and "t"."user_id" = $2 and "t"."used_at" is null and "t"."expires_at" > now()
-- values: ["00000000-0000-4000-8000-0000000000b1","00000000-0000-4000-8000-0000000000a1"]

