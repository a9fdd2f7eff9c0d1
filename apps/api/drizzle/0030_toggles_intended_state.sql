-- The toggles of migration 0018 take an optional intended state (p_want): NULL toggles as
-- before; true or false makes the reader's state that whatever it was, so a replayed request
-- (an offline queue sending `{ liked: true }` again) changes nothing the second time: no row
-- written, no counter moved, no activity entry. For a reaction, p_want false removes only a
-- reaction of p_kind (unliking leaves a dislike alone); p_want true replaces the other kind.
-- The old four- and three-argument functions are dropped first, since a call matching both an
-- old signature and a new one with a default would be ambiguous. Each keeps
-- plan_cache_mode = auto (migration 0013).

DROP FUNCTION IF EXISTS lede_toggle_reaction(uuid, uuid, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS lede_toggle_save(uuid, uuid, timestamptz);
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lede_toggle_reaction(
  p_user uuid, p_article uuid, p_kind text, p_at timestamptz, p_want boolean DEFAULT NULL
)
RETURNS TABLE (outcome text, reaction text, likes int, dislikes int, saves int, shares int, views int)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_from text;
  v_to text;
BEGIN
  outcome := lede_toggle_lock(p_user, p_article);
  IF outcome <> 'ok' THEN
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT r.kind INTO v_from FROM article_reactions r
    WHERE r.user_id = p_user AND r.article_id = p_article;
  v_to := CASE
    -- A toggle: the same kind again removes it; the other kind replaces it.
    WHEN p_want IS NULL THEN
      CASE WHEN v_from IS NOT DISTINCT FROM p_kind THEN NULL ELSE p_kind END
    WHEN p_want THEN p_kind
    -- Not wanted: a reaction of this kind goes, the other kind stays.
    WHEN v_from IS NOT DISTINCT FROM p_kind THEN NULL
    ELSE v_from
  END;

  IF v_to IS NOT DISTINCT FROM v_from THEN
    NULL; -- already so: nothing is written
  ELSIF v_from IS NULL THEN
    INSERT INTO article_reactions (user_id, article_id, kind, created_at, updated_at)
      VALUES (p_user, p_article, v_to, p_at, p_at) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      v_to := v_from;
    END IF;
  ELSIF v_to IS NULL THEN
    DELETE FROM article_reactions r
      WHERE r.user_id = p_user AND r.article_id = p_article AND r.kind = v_from;
    IF NOT FOUND THEN
      v_to := v_from;
    END IF;
  ELSE
    -- A switched reaction is a new action for the activity list, so its time restarts.
    UPDATE article_reactions r SET kind = v_to, created_at = p_at, updated_at = p_at
      WHERE r.user_id = p_user AND r.article_id = p_article AND r.kind = v_from;
    IF NOT FOUND THEN
      v_to := v_from;
    END IF;
  END IF;

  reaction := v_to;
  UPDATE articles a SET
      likes = a.likes + (v_to IS NOT DISTINCT FROM 'like')::int - (v_from IS NOT DISTINCT FROM 'like')::int,
      dislikes = a.dislikes + (v_to IS NOT DISTINCT FROM 'dislike')::int - (v_from IS NOT DISTINCT FROM 'dislike')::int
    WHERE a.id = p_article AND v_to IS DISTINCT FROM v_from
    RETURNING a.likes, a.dislikes, a.saves, a.shares, a.views
    INTO likes, dislikes, saves, shares, views;
  IF NOT FOUND THEN
    SELECT a.likes, a.dislikes, a.saves, a.shares, a.views
      INTO likes, dislikes, saves, shares, views
      FROM articles a WHERE a.id = p_article;
  END IF;
  RETURN NEXT;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lede_toggle_save(
  p_user uuid, p_article uuid, p_at timestamptz, p_want boolean DEFAULT NULL
)
RETURNS TABLE (outcome text, saved boolean, likes int, dislikes int, saves int, shares int, views int)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_was boolean;
  v_changed boolean := false;
BEGIN
  outcome := lede_toggle_lock(p_user, p_article);
  IF outcome <> 'ok' THEN
    RETURN NEXT;
    RETURN;
  END IF;

  v_was := EXISTS (SELECT 1 FROM saved_articles s WHERE s.user_id = p_user AND s.article_id = p_article);
  IF p_want IS NOT DISTINCT FROM v_was THEN
    NULL; -- already so: nothing is written
  ELSIF v_was THEN
    DELETE FROM saved_articles s WHERE s.user_id = p_user AND s.article_id = p_article;
    v_changed := FOUND;
  ELSE
    INSERT INTO saved_articles (user_id, article_id, created_at)
      VALUES (p_user, p_article, p_at) ON CONFLICT DO NOTHING;
    v_changed := FOUND;
  END IF;

  saved := v_was <> v_changed;
  UPDATE articles a SET saves = a.saves + CASE WHEN v_was THEN -1 ELSE 1 END
    WHERE a.id = p_article AND v_changed
    RETURNING a.likes, a.dislikes, a.saves, a.shares, a.views
    INTO likes, dislikes, saves, shares, views;
  IF NOT FOUND THEN
    SELECT a.likes, a.dislikes, a.saves, a.shares, a.views
      INTO likes, dislikes, saves, shares, views
      FROM articles a WHERE a.id = p_article;
  END IF;
  RETURN NEXT;
END $$;
