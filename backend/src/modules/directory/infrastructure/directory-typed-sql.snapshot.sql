-- The directory module typed statements, as directory-typed-sql.snapshot.spec.ts compiles them.

-- call candidates: a city's listed creators of some niches
select "p"."id", "p"."user_id", "p"."full_name", "p"."city_slug", "p"."niches", "p"."content_types", "p"."collab_types", "p"."neighborhood", coalesce(p.listed_followers, p.total_followers) as "followers" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."city_slug" = $1 and p.niches && $2::text[] order by "p"."id"
-- values: ["akron",["Food","Family"]]

-- call candidates: the listed profiles of some accounts
select "p"."id", "p"."user_id", "p"."full_name", "p"."city_slug", "p"."niches", "p"."content_types", "p"."collab_types", "p"."neighborhood", coalesce(p.listed_followers, p.total_followers) as "followers" from "creator_profiles" as "p" where ("p"."is_public" and "p"."approval_status" = 'approved' and "p"."phone_verified") and "p"."user_id" = any($1::uuid[])
-- values: [["00000000-0000-4000-8000-0000000000a1"]]

