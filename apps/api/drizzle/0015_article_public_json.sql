-- Each article's public JSON, written once with the article: a search page is sent
-- from these texts instead of PostgreSQL formatting thirteen columns per article and the API
-- parsing them and serialising them again (see publicArticleJson in
-- src/modules/articles/articles.serializer.ts, which adds `image_url` and `likes`).
-- Keys in toPublicArticle's order; values as JSON.stringify writes them (to_json escapes the
-- same characters), so the same article reads the same from every endpoint.
-- to_json and to_char are only STABLE (their output could depend on settings); with the
-- date made UTC and a fixed format nothing here does, and a generated column needs IMMUTABLE.
CREATE OR REPLACE FUNCTION lede_public_article_json(
  id uuid, title text, creator text[], description text, pub_date timestamptz, link text,
  source_name text, source_url text, source_icon text, keywords text[], categories text[]
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '{"_id":' || to_json(id)::text
    || ',"title":' || to_json(title)::text
    || ',"creator":' || to_json(creator)::text
    || ',"description":' || to_json(description)::text
    || ',"pubDate":' || to_json(to_char(pub_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
    || ',"link":' || to_json(link)::text
    || ',"source_name":' || to_json(source_name)::text
    || ',"source_url":' || coalesce(to_json(source_url)::text, 'null')
    || ',"source_icon":' || coalesce(to_json(source_icon)::text, 'null')
    || ',"keywords":' || to_json(keywords)::text
    || ',"categories":' || to_json(categories)::text
    || '}' $$;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "public_json" text GENERATED ALWAYS AS (lede_public_article_json(id, title, creator, description, pub_date, link, source_name, source_url, source_icon, keywords, categories)) STORED;
