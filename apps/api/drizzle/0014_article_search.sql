-- What a search reads, one narrow row per article, kept in step with `articles` by triggers
-- (see `articleSearch` in src/db/schema.ts): a search walks `pub_date` order testing each row,
-- or bitmap-scans the GIN index and fetches each match, and on the articles' full rows (about
-- 1 KB each at 100,000 articles) that cost a fifth more PostgreSQL CPU per search.
-- New articles arrive by statement (seeding, ingestion: thousands at once), so insertion is
-- copied per statement from the transition table; the columns a search reads change rarely
-- (a title or date corrected), per row. Counters (likes, views...) touch nothing here.
-- Deleting an article deletes its row (foreign key, cascade).
CREATE TABLE "article_search" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"keywords" text[] NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "articles_search_idx";--> statement-breakpoint
ALTER TABLE "article_search" ADD CONSTRAINT "article_search_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "article_search" ("article_id", "pub_date", "keywords", "search")
  SELECT "id", "pub_date", "keywords", "search" FROM "articles";--> statement-breakpoint
CREATE INDEX "article_search_pub_date_idx" ON "article_search" USING btree ("pub_date" DESC NULLS LAST,"article_id");--> statement-breakpoint
CREATE INDEX "article_search_search_idx" ON "article_search" USING gin ("search");--> statement-breakpoint
CREATE INDEX "article_search_keywords_idx" ON "article_search" USING gin ("keywords");--> statement-breakpoint
CREATE OR REPLACE FUNCTION lede_article_search_inserted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_search (article_id, pub_date, keywords, search)
    SELECT n.id, n.pub_date, n.keywords, n.search FROM inserted_articles n;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER article_search_inserted AFTER INSERT ON articles
  REFERENCING NEW TABLE AS inserted_articles
  FOR EACH STATEMENT EXECUTE FUNCTION lede_article_search_inserted();--> statement-breakpoint
CREATE OR REPLACE FUNCTION lede_article_search_updated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_search
    SET pub_date = NEW.pub_date, keywords = NEW.keywords, search = NEW.search
    WHERE article_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER article_search_updated AFTER UPDATE OF title, description, keywords, pub_date ON articles
  FOR EACH ROW
  WHEN (OLD.pub_date IS DISTINCT FROM NEW.pub_date OR OLD.keywords IS DISTINCT FROM NEW.keywords
        OR OLD.search IS DISTINCT FROM NEW.search)
  EXECUTE FUNCTION lede_article_search_updated();--> statement-breakpoint
-- Statistics now, not when autovacuum first gets to the new table: without them the planner
-- cannot tell a rare word from a common one and picks the wrong scan (ten times slower).
ANALYZE "article_search";
