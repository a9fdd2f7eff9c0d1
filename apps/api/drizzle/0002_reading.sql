CREATE TABLE "article_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "article_reactions_kind_check" CHECK ("article_reactions"."kind" in ('like', 'dislike'))
);
--> statement-breakpoint
CREATE TABLE "article_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone NOT NULL,
	"local_day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"creator" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"image_url" text,
	"link" text NOT NULL,
	"source_name" text DEFAULT '' NOT NULL,
	"source_url" text,
	"source_icon" text,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"saves" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"title_key" text NOT NULL,
	"origin" text DEFAULT 'seed' NOT NULL,
	"ingested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', lede_words(keywords)), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "saved_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_reactions" ADD CONSTRAINT "article_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_reactions" ADD CONSTRAINT "article_reactions_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_shares" ADD CONSTRAINT "article_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_shares" ADD CONSTRAINT "article_shares_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_views" ADD CONSTRAINT "article_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_views" ADD CONSTRAINT "article_views_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_reactions_user_article_idx" ON "article_reactions" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "article_reactions_article_idx" ON "article_reactions" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "article_shares_user_idx" ON "article_shares" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "article_shares_article_idx" ON "article_shares" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_views_user_article_day_idx" ON "article_views" USING btree ("user_id","article_id","local_day");--> statement-breakpoint
CREATE INDEX "article_views_user_day_idx" ON "article_views" USING btree ("user_id","local_day");--> statement-breakpoint
CREATE INDEX "article_views_article_idx" ON "article_views" USING btree ("article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_link_idx" ON "articles" USING btree ("link");--> statement-breakpoint
CREATE INDEX "articles_title_key_idx" ON "articles" USING btree ("title_key");--> statement-breakpoint
CREATE INDEX "articles_pub_date_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "articles_keywords_idx" ON "articles" USING gin ("keywords");--> statement-breakpoint
CREATE INDEX "articles_categories_idx" ON "articles" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_articles_user_article_idx" ON "saved_articles" USING btree ("user_id","article_id");--> statement-breakpoint
CREATE INDEX "saved_articles_article_idx" ON "saved_articles" USING btree ("article_id");