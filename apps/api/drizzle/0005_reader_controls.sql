CREATE TABLE "reader_controls" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_controls_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "reader_controls_kind_check" CHECK ("reader_controls"."kind" in ('source', 'category', 'keyword', 'article', 'forgotten'))
);
--> statement-breakpoint
ALTER TABLE "reader_controls" ADD CONSTRAINT "reader_controls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;