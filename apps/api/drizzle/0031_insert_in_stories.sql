-- New articles written once, already in their stories: the caller clusters them before it
-- inserts (modules/stories/store-in-stories.ts), and this one call writes the rows with their
-- story and why they joined, the document frequencies they add and the rows of their stories.
-- PL/pgSQL keeps its plans per session (generic), as the writes of 0028.
--
-- `p_counted` is how many articles the statistics had counted when the assignments were made
-- (the stories a process keeps between passes are valid while that holds): under the stories'
-- advisory lock, a different count writes nothing and answers NULL, and the caller clusters
-- again on what the database holds. NULL skips the check (the caller already holds the lock).
--
-- `p_articles` is a JSON array of the rows, keyed by column, with `features`: the story
-- features of each (text[]) the statistics count. A row whose link is held is skipped (ON
-- CONFLICT, as every insert of articles); only the rows written count and refresh their
-- stories. Answers the ids written.
CREATE OR REPLACE FUNCTION lede_insert_in_stories(
  p_counted integer, p_articles json, p_ingested_at timestamptz, p_at timestamptz,
  p_first_source_bonus float8, p_cited_bonus float8
) RETURNS uuid[]
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_ids uuid[];
  v_stories uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('lede:stories'));
  IF p_counted IS NOT NULL
     AND p_counted <> coalesce((SELECT df FROM story_terms WHERE term = ''), 0) THEN
    RETURN NULL;
  END IF;
  WITH r AS MATERIALIZED (
         SELECT * FROM json_to_recordset(p_articles) AS r(
           id uuid, title text, description text, creator text[], pub_date timestamptz,
           pub_date_has_time boolean, image_url text, link text, source_name text,
           source_url text, source_icon text, keywords text[], categories text[],
           category_scores real[], source_category text, terms text[], term_weights real[],
           words text[], title_key text, origin text, story_id uuid, story_rule text,
           story_score real, story_shared_terms text[], features text[])),
       ins AS (
         INSERT INTO articles (id, title, description, creator, pub_date, pub_date_has_time,
                               image_url, link, source_name, source_url, source_icon, keywords,
                               categories, category_scores, source_category, terms,
                               term_weights, words, title_key, origin, ingested_at, story_id,
                               story_rule, story_score, story_shared_terms)
         SELECT r.id, r.title, r.description, r.creator, r.pub_date, r.pub_date_has_time,
                r.image_url, r.link, r.source_name, r.source_url, r.source_icon, r.keywords,
                r.categories, r.category_scores, r.source_category, r.terms, r.term_weights,
                r.words, r.title_key, r.origin, coalesce(p_ingested_at, now()), r.story_id,
                r.story_rule, r.story_score, r.story_shared_terms
           FROM r
         ON CONFLICT (link) DO NOTHING
         RETURNING id, story_id),
       counted AS (
         INSERT INTO story_terms AS s (term, df)
         SELECT '', count(*)::int FROM ins
         UNION ALL
         SELECT f.term, count(*)::int
           FROM ins JOIN r ON r.id = ins.id, unnest(r.features) AS f(term)
          GROUP BY f.term
         ON CONFLICT (term) DO UPDATE SET df = s.df + excluded.df)
  SELECT array_agg(ins.id), array_agg(DISTINCT ins.story_id) INTO v_ids, v_stories FROM ins;
  PERFORM lede_refresh_stories(coalesce(v_stories, '{}'), p_at, p_first_source_bonus,
                               p_cited_bonus);
  RETURN coalesce(v_ids, '{}');
END;
$$;
