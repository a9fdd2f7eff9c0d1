CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"authenticated_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "verification_token_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_challenges_verification_token_idx" ON "otp_challenges" USING btree ("verification_token_hash");--> statement-breakpoint
-- Every refresh-token family still alive becomes a session of its own (the family's id), so
-- readers signed in before this migration stay signed in: signed in when its first token was
-- made, and for at most 30 days (SESSION_MAX_DAYS's default) from then.
INSERT INTO "sessions" ("id", "user_id", "authenticated_at", "created_at", "expires_at")
SELECT "family_id", min("user_id"::text)::uuid, min("created_at"), min("created_at"),
       min("created_at") + interval '30 days'
  FROM "refresh_tokens"
 WHERE "revoked_at" IS NULL
 GROUP BY "family_id";--> statement-breakpoint
-- An ended or deleted session is announced on the readers' channel as `session:<id>`, so every
-- instance drops what it kept of it (src/db/users-changed-relay.ts) and refuses its access
-- tokens from the next request on.
CREATE OR REPLACE FUNCTION lede_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lede_users_changed', 'session:' || OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION lede_sessions_changed();
