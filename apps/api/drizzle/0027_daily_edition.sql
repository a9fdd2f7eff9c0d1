-- The daily edition by e-mail (modules/edition): each reader's settings, one row per reader and
-- local date an edition was due (its unique key makes it leave once across instances and
-- restarts), and the extra headers a queued mail carries (List-Unsubscribe).
CREATE TABLE "edition_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"weekday" integer,
	"send_at" integer NOT NULL,
	"timezone" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edition_settings_frequency_check" CHECK ("edition_settings"."frequency" in ('off', 'daily', 'weekly')),
	CONSTRAINT "edition_settings_weekday_check" CHECK ("edition_settings"."weekday" between 1 and 7),
	CONSTRAINT "edition_settings_send_at_check" CHECK ("edition_settings"."send_at" between 0 and 1439)
);
--> statement-breakpoint
CREATE TABLE "editions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"edition_date" date NOT NULL,
	"status" text NOT NULL,
	"story_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "editions_status_check" CHECK ("editions"."status" in ('sent', 'empty'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "edition_settings" ADD CONSTRAINT "edition_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "editions" ADD CONSTRAINT "editions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edition_settings_on_idx" ON "edition_settings" USING btree ("send_at") WHERE "edition_settings"."frequency" <> 'off';--> statement-breakpoint
CREATE UNIQUE INDEX "editions_user_date_idx" ON "editions" USING btree ("user_id","edition_date");