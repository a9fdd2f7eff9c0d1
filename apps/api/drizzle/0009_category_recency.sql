-- Per category, newest first (partial indexes; schema.ts lists them from CATEGORY_IDS): the
-- feed's widening step reads each topic's newest articles before the candidate window as an
-- index-only range instead of walking articles_pub_date_idx past every other category.
CREATE INDEX "articles_technology_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{technology}'::text[];--> statement-breakpoint
CREATE INDEX "articles_business_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{business}'::text[];--> statement-breakpoint
CREATE INDEX "articles_politics_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{politics}'::text[];--> statement-breakpoint
CREATE INDEX "articles_health_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{health}'::text[];--> statement-breakpoint
CREATE INDEX "articles_science_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{science}'::text[];--> statement-breakpoint
CREATE INDEX "articles_sports_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{sports}'::text[];--> statement-breakpoint
CREATE INDEX "articles_entertainment_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{entertainment}'::text[];--> statement-breakpoint
CREATE INDEX "articles_world_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{world}'::text[];--> statement-breakpoint
CREATE INDEX "articles_finance_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{finance}'::text[];--> statement-breakpoint
CREATE INDEX "articles_lifestyle_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{lifestyle}'::text[];--> statement-breakpoint
CREATE INDEX "articles_travel_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{travel}'::text[];--> statement-breakpoint
CREATE INDEX "articles_food_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{food}'::text[];--> statement-breakpoint
CREATE INDEX "articles_environment_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{environment}'::text[];--> statement-breakpoint
CREATE INDEX "articles_education_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{education}'::text[];--> statement-breakpoint
CREATE INDEX "articles_automotive_recency_idx" ON "articles" USING btree ("pub_date" DESC NULLS LAST,"id") WHERE categories @> '{automotive}'::text[];
