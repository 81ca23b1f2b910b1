-- Hand-written (staff): runs after 0012_staff_roles_and_tokens.
-- The accounts that existed become staff: the oldest is the owner, any other an administrator (each
-- could do everything before), named after their e-mail until they set a name.
UPDATE "admin_users" SET "role" = CASE WHEN "id" = (SELECT min("id") FROM "admin_users") THEN 'owner' ELSE 'administrator' END,
  "name" = CASE WHEN "name" = '' THEN split_part("email", '@', 1) ELSE "name" END;
--> statement-breakpoint
-- Each distinct free-text author of existing posts becomes a staff record that cannot sign in (no e-mail,
-- no password), so the public "By {author}" keeps showing the same name.
INSERT INTO "admin_users" ("name", "role", "status")
  SELECT DISTINCT "author", 'author', 'active' FROM "blog_posts" WHERE "author_id" IS NULL;
--> statement-breakpoint
UPDATE "blog_posts" p SET "author_id" = u."id"
  FROM "admin_users" u WHERE p."author_id" IS NULL AND u."email" IS NULL AND u."name" = p."author";
--> statement-breakpoint
-- Slugs for everyone: the name made URL-safe, with the id added where two would clash.
UPDATE "admin_users" u SET "slug" = s."base" || CASE WHEN s."n" > 1 THEN '-' || u."id" ELSE '' END
  FROM (
    SELECT "id", "base", row_number() OVER (PARTITION BY "base" ORDER BY "id") AS "n"
    FROM (SELECT "id", coalesce(nullif(trim(both '-' from regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g')), ''), 'staff') AS "base" FROM "admin_users") b
  ) s
  WHERE u."id" = s."id" AND u."slug" IS NULL;
