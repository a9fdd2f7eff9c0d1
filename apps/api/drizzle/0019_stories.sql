CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"size" integer NOT NULL,
	"source_count" integer NOT NULL,
	"first_published" timestamp with time zone NOT NULL,
	"last_published" timestamp with time zone NOT NULL,
	"merged_into" uuid,
	"merge_score" real,
	"merge_shared_terms" text[],
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"df" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_id" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_rule" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_score" real;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "story_shared_terms" text[];--> statement-breakpoint
CREATE INDEX "stories_last_published_idx" ON "stories" USING btree ("last_published");--> statement-breakpoint
CREATE INDEX "articles_story_idx" ON "articles" USING btree ("story_id","pub_date" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_story_rule_check" CHECK ("articles"."story_rule" in ('new', 'similar', 'same-title', 'merged'));