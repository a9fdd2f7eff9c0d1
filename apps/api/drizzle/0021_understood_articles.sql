ALTER TABLE "articles" ADD COLUMN "category_scores" real[] DEFAULT '{}'::real[] NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "source_category" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "term_weights" real[] DEFAULT '{}'::real[] NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "articles_terms_idx" ON "articles" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "articles_words_idx" ON "articles" USING gin ("words");