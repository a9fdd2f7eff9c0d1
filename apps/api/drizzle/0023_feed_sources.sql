-- Many sources from the first start: each news source's fetch state (conditional-request
-- validators, health, backoff) and the feeds imported from an OPML file (modules/ingestion).
CREATE TABLE "feed_sources" (
	"url" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'rss' NOT NULL,
	"publisher" text,
	"category" text,
	"imported" boolean DEFAULT false NOT NULL,
	"etag" text,
	"last_modified" text,
	"last_fetch_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_outcome" text,
	"last_items" integer,
	"last_inserted" integer,
	"inserted_total" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_sources_kind_check" CHECK ("feed_sources"."kind" in ('rss', 'newsdata')),
	CONSTRAINT "feed_sources_last_outcome_check" CHECK ("feed_sources"."last_outcome" in ('ok', 'not-modified', 'error'))
);
