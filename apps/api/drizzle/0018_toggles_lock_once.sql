-- The two toggles of migration 0007 opened with the same lock block; it is now said once, in
-- lede_toggle_lock, and both toggles call it. Their rules are unchanged. CREATE OR REPLACE
-- resets a function's settings, so each keeps plan_cache_mode = auto (migration 0013) here.

CREATE OR REPLACE FUNCTION lede_toggle_lock(p_user uuid, p_article uuid)
RETURNS text
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
BEGIN
  -- The reader's row first, then the article's: the order account deletion uses.
  PERFORM 1 FROM users u WHERE u.id = p_user FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN 'no-reader';
  END IF;
  PERFORM 1 FROM articles a WHERE a.id = p_article FOR KEY SHARE;
  IF NOT FOUND THEN
    RETURN 'no-article';
  END IF;
  RETURN 'ok';
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lede_toggle_reaction(p_user uuid, p_article uuid, p_kind text, p_at timestamptz)
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
  -- The same kind again removes it; the other kind replaces it.
  v_to := CASE WHEN v_from IS NOT DISTINCT FROM p_kind THEN NULL ELSE p_kind END;

  IF v_from IS NULL THEN
    INSERT INTO article_reactions (user_id, article_id, kind, created_at, updated_at)
      VALUES (p_user, p_article, v_to, p_at, p_at) ON CONFLICT DO NOTHING;
  ELSIF v_to IS NULL THEN
    DELETE FROM article_reactions r
      WHERE r.user_id = p_user AND r.article_id = p_article AND r.kind = v_from;
  ELSE
    -- A switched reaction is a new action for the activity list, so its time restarts.
    UPDATE article_reactions r SET kind = v_to, created_at = p_at, updated_at = p_at
      WHERE r.user_id = p_user AND r.article_id = p_article AND r.kind = v_from;
  END IF;
  IF NOT FOUND THEN
    v_to := v_from;
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

CREATE OR REPLACE FUNCTION lede_toggle_save(p_user uuid, p_article uuid, p_at timestamptz)
RETURNS TABLE (outcome text, saved boolean, likes int, dislikes int, saves int, shares int, views int)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_was boolean;
  v_changed boolean;
BEGIN
  outcome := lede_toggle_lock(p_user, p_article);
  IF outcome <> 'ok' THEN
    RETURN NEXT;
    RETURN;
  END IF;

  v_was := EXISTS (SELECT 1 FROM saved_articles s WHERE s.user_id = p_user AND s.article_id = p_article);
  IF v_was THEN
    DELETE FROM saved_articles s WHERE s.user_id = p_user AND s.article_id = p_article;
  ELSE
    INSERT INTO saved_articles (user_id, article_id, created_at)
      VALUES (p_user, p_article, p_at) ON CONFLICT DO NOTHING;
  END IF;
  v_changed := FOUND;

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
