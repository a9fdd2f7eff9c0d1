-- Every committed change of a reader's feed (their rows in `recommendations`: a rebuild, a
-- read, a retirement, a reset, a deletion) is announced on `lede_feeds_changed` with the
-- reader's id, so each instance drops the feed answer it prepared for that reader
-- (src/db/feeds-changed-relay.ts). Statement triggers with transition tables: one
-- notification per reader per statement, not one per row (a rebuild writes ~30 rows), and
-- PostgreSQL sends each payload once per transaction, when it commits.

CREATE OR REPLACE FUNCTION lede_feeds_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('lede_feeds_changed', r.user_id::text)
      FROM (SELECT DISTINCT user_id FROM changed_old) r;
  ELSE
    PERFORM pg_notify('lede_feeds_changed', r.user_id::text)
      FROM (SELECT DISTINCT user_id FROM changed_new) r;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER feeds_inserted AFTER INSERT ON recommendations
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lede_feeds_changed();--> statement-breakpoint
CREATE TRIGGER feeds_updated AFTER UPDATE ON recommendations
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION lede_feeds_changed();--> statement-breakpoint
CREATE TRIGGER feeds_deleted AFTER DELETE ON recommendations
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION lede_feeds_changed();
