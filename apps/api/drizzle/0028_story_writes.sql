-- A clustering pass's writes as functions: PL/pgSQL keeps their plans per session (generic), so
-- a pass's one write statement is neither parsed nor planned again.

-- The rows of these stories recomputed from their members: the title (the most representative
-- report's headline, lede_story_title_pick), size, sources and span. A merged-away story keeps
-- its row and its `merged_into`.
CREATE OR REPLACE FUNCTION lede_refresh_stories(
  p_story_ids uuid[], p_at timestamptz, p_first_source_bonus float8, p_cited_bonus float8
) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  INSERT INTO stories (id, title, title_article_id, size, source_count, first_published,
                       last_published, updated_at)
  SELECT t.story_id, t.titles[t.pick], t.ids[t.pick], t.size, t.source_count, t.first_published,
         t.last_published, p_at
    FROM (SELECT m.story_id,
                 lede_story_title_pick(
                   array_agg(row(m.source_name, m.pub_date, m.terms, m.term_weights)::lede_story_member
                             ORDER BY m.pub_date, m.id),
                   p_first_source_bonus, p_cited_bonus) AS pick,
                 array_agg(m.title ORDER BY m.pub_date, m.id) AS titles,
                 array_agg(m.id ORDER BY m.pub_date, m.id) AS ids, count(*) AS size,
                 count(DISTINCT m.source_name) AS source_count,
                 min(m.pub_date) AS first_published, max(m.pub_date) AS last_published
            FROM articles m
           WHERE m.story_id = ANY (p_story_ids)
           GROUP BY m.story_id) t
  ON CONFLICT (id) DO UPDATE SET
    title = excluded.title, title_article_id = excluded.title_article_id, size = excluded.size,
    source_count = excluded.source_count, first_published = excluded.first_published,
    last_published = excluded.last_published, merged_into = NULL,
    updated_at = excluded.updated_at;
END;
$$;
--> statement-breakpoint
-- A pass's assignments: each article's story and why it joined; the articles (under the
-- reserved term '') and term occurrences the statistics gain; the rows of `p_touched` refreshed.
CREATE OR REPLACE FUNCTION lede_save_assignments(
  p_article_ids uuid[], p_story_ids uuid[], p_rules text[], p_scores real[], p_shared json[],
  p_terms text[], p_dfs integer[], p_touched uuid[], p_at timestamptz,
  p_first_source_bonus float8, p_cited_bonus float8
) RETURNS void
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  UPDATE articles a
     SET story_id = t.story_id, story_rule = t.rule, story_score = t.score,
         story_shared_terms = ARRAY(SELECT json_array_elements_text(t.shared))
    FROM unnest(p_article_ids, p_story_ids, p_rules, p_scores, p_shared)
      AS t(id, story_id, rule, score, shared)
   WHERE a.id = t.id;
  INSERT INTO story_terms AS s (term, df)
  SELECT * FROM unnest(p_terms, p_dfs)
  ON CONFLICT (term) DO UPDATE SET df = s.df + excluded.df;
  PERFORM lede_refresh_stories(p_touched, p_at, p_first_source_bonus, p_cited_bonus);
END;
$$;
