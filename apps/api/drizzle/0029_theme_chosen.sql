-- Whether the reader picked the account's theme; until then the page follows the device.
-- Accounts were created 'light' and only a pick made them 'dark': a dark account counts as picked.
ALTER TABLE "users" ADD COLUMN "theme_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "theme_chosen" = true WHERE "theme" = 'dark';
