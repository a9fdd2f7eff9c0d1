-- Stories told well: when a report was published, and titles of its own for a story.
-- Whether the source gave a time of day with its date: a feed's date does, the bundled corpus
-- (HuffPost) gives a day only, stored at noon UTC. Readers see a date where there is no time.
ALTER TABLE "articles" ADD COLUMN "pub_date_has_time" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "articles" SET "pub_date_has_time" = false WHERE "origin" = 'seed';--> statement-breakpoint
-- The report whose headline is the story's title: its most representative one. Kept by the
-- clustering's writes (stories.repository.ts); rows written before are titled at start-up.
ALTER TABLE "stories" ADD COLUMN "title_article_id" uuid;--> statement-breakpoint
-- A story's member as its title is chosen: its source, date and stored terms (lib/text).
CREATE TYPE "lede_story_member" AS (
  "source_name" text, "pub_date" timestamptz, "terms" text[], "term_weights" real[]
);--> statement-breakpoint
-- Which of a story's members (ordered by pub_date, id) is its title: the one nearest the story's
-- centre (highest mean cosine of its term vector to the other members'), plus
-- `first_source_bonus` when its source reported first and `cited_bonus` × the share of the
-- story's reports its source wrote; the earliest of equals. S being the sum of the members' unit
-- vectors, a member v's mean cosine to the others is (v·S − v·v) / (n − 1). With two members or
-- fewer the first always wins (equal cosines; the first source is the first's). PL/pgSQL keeps
-- the plan of its query per session, and a generic one (a custom plan per call tripled the cost
-- of a clustering write): the query is never planned again.
CREATE OR REPLACE FUNCTION lede_story_title_pick(
  members lede_story_member[], first_source_bonus float8, cited_bonus float8
) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  pick integer;
BEGIN
  IF coalesce(cardinality(members), 0) <= 2 THEN
    RETURN 1;
  END IF;
  WITH m AS (
    SELECT * FROM unnest(members) WITH ORDINALITY AS m(source_name, pub_date, terms, term_weights, pos)
  ), unit AS (
    SELECT m.pos, t.term,
           t.weight / nullif(sqrt(sum(t.weight * t.weight) OVER (PARTITION BY m.pos)), 0) AS u
      FROM m CROSS JOIN LATERAL unnest(m.terms, m.term_weights) AS t(term, weight)
  ), centre AS (
    SELECT unit.term, sum(unit.u) AS total FROM unit GROUP BY unit.term
  ), near AS (
    SELECT unit.pos, sum(unit.u * centre.total) - sum(unit.u * unit.u) AS others
      FROM unit JOIN centre ON centre.term = unit.term GROUP BY unit.pos
  ), scored AS (
    SELECT m.pos, coalesce(near.others, 0) AS others,
           min(m.pub_date) OVER () AS first_at,
           min(m.pub_date) OVER (PARTITION BY m.source_name) AS source_first_at,
           count(*) OVER (PARTITION BY m.source_name) AS source_reports,
           count(*) OVER () AS size
      FROM m LEFT JOIN near ON near.pos = m.pos
  )
  SELECT s.pos INTO pick FROM scored s
   ORDER BY s.others / (s.size - 1)
            + CASE WHEN s.source_first_at = s.first_at THEN first_source_bonus ELSE 0 END
            + cited_bonus * s.source_reports / s.size DESC,
            s.pos
   LIMIT 1;
  RETURN pick;
END;
$$;
