-- Every committed change of a reader's row is announced on `lede_users_changed`, so each
-- instance drops the session row it keeps for that reader (src/db/users-changed-relay.ts):
-- the reader's id for an update or a deletion (a password reset or an e-mail change revokes
-- tokens through session_version; a deleted account must stop signing in), and an empty
-- payload for a TRUNCATE. A trigger catches every path: the API's repositories, account
-- deletion, other instances, and changes made by hand. PostgreSQL sends a notification when
-- its transaction commits, and only once per payload per transaction.

CREATE OR REPLACE FUNCTION lede_users_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('lede_users_changed', '');
  ELSE
    PERFORM pg_notify('lede_users_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION lede_users_changed();--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION lede_users_changed();
