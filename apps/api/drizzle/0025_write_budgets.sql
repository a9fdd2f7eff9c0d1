-- Limits that cost nothing: a reader's write budget is one row per budget and reader
-- holding both windows (minute and hour), checked and charged by one upsert
-- (http/write-limits.ts). Unlogged: a charge writes no WAL and its commit waits for no flush to
-- disk; a crash of PostgreSQL empties the table (every reader's budget starts afresh), which a
-- limit on likes and saves can afford (the limits on sign-in and codes stay in the logged
-- rate_limit_hits). Every write rewrites its row: room is left in each page so that the update
-- stays a HOT one (no index touched, the dead version pruned within the page).
CREATE UNLOGGED TABLE "write_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"minute_start" timestamp with time zone NOT NULL,
	"minute_hits" integer NOT NULL,
	"minute_previous" integer NOT NULL,
	"hour_start" timestamp with time zone NOT NULL,
	"hour_hits" integer NOT NULL,
	"hour_previous" integer NOT NULL,
	"charged" boolean NOT NULL
) WITH (fillfactor = 70);
