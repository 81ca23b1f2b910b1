-- Hand-written: one blog_tags row per tag the posts already use. Tags that differ only in capitals or
-- accents ("Events", "events") are one tag, named as most posts write it. The slug expression is
-- tagSlug() in app/blog/post/tags.ts: change both together.
INSERT INTO "blog_tags" ("slug", "name")
SELECT "slug", "name" FROM (
  SELECT "slug", "name", row_number() OVER (PARTITION BY "slug" ORDER BY "uses" DESC, "name") AS "rank"
  FROM (
    SELECT "slug", btrim("tag") AS "name", count(*) AS "uses"
    FROM (
      SELECT "tag", regexp_replace(left(btrim(regexp_replace(replace(regexp_replace(lower(regexp_replace(normalize("tag", NFKD), '[\u0300-\u036f]', '', 'g')), '[''`\u2018\u2019]', '', 'g'), '&', ' and '), '[^a-z0-9]+', '-', 'g'), '-'), 80), '-+$', '') AS "slug"
      FROM "blog_posts", unnest("blog_posts"."tags") AS "tag"
    ) AS "tagged"
    WHERE "slug" <> ''
    GROUP BY "slug", btrim("tag")
  ) AS "spellings"
) AS "ranked"
WHERE "rank" = 1
ON CONFLICT ("slug") DO NOTHING;
