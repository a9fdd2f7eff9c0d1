-- The articles' content words (`articles.words`, lib/text contentWords) on the narrow search rows:
-- a search's words with symbols ("c++", "at&t", "9/11"), which the search vector splits and
-- drops, match here. Kept in step by the triggers of migration 0014, which now copy `words` too
-- and follow its updates (the understanding of stored articles fills it after they were inserted).
ALTER TABLE "article_search" ADD COLUMN "words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "article_search" s SET "words" = a."words" FROM "articles" a
  WHERE a."id" = s."article_id" AND a."words" <> '{}'::text[];--> statement-breakpoint
CREATE INDEX "article_search_words_idx" ON "article_search" USING gin ("words");--> statement-breakpoint
CREATE OR REPLACE FUNCTION lede_article_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_search (article_id, pub_date, keywords, search, words)
    SELECT n.id, n.pub_date, n.keywords, n.search, n.words FROM inserted_articles n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION lede_article_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_search
    SET pub_date = NEW.pub_date, keywords = NEW.keywords, search = NEW.search, words = NEW.words
    WHERE article_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER article_search_updated ON articles;--> statement-breakpoint
CREATE TRIGGER article_search_updated AFTER UPDATE OF title, description, keywords, pub_date, words ON articles
  FOR EACH ROW
  WHEN (OLD.pub_date IS DISTINCT FROM NEW.pub_date OR OLD.keywords IS DISTINCT FROM NEW.keywords
        OR OLD.search IS DISTINCT FROM NEW.search OR OLD.words IS DISTINCT FROM NEW.words)
  EXECUTE FUNCTION lede_article_search_updated();--> statement-breakpoint
ANALYZE "article_search";
