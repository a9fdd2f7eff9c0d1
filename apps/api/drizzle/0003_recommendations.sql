CREATE TABLE "recommendations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"score" real NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	CONSTRAINT "recommendations_status_check" CHECK ("recommendations"."status" in ('new', 'read'))
);
--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recommendations_user_article_idx" ON "recommendations" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "recommendations_feed_idx" ON "recommendations" USING btree ("user_id","retired_at","position");--> statement-breakpoint
CREATE INDEX "recommendations_article_idx" ON "recommendations" USING btree ("article_id");