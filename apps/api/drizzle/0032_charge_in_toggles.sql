-- A write budget charged in the write's own statement. lede_charge_budget is the one statement
-- that checks and charges a budget row of write_budgets (migration 0025), as apps/api/src/http/
-- write-limits.ts sent it before: the row's minute and hour windows rolled forward to the
-- current ones (still current, the one before: its hits become the previous ones, or older:
-- nothing counts), and both charged if one more hit keeps both within their limits (current + 1
-- + ceil(previous x (W - elapsed) / W) <= limit), neither otherwise; `charged` says which. The
-- windows are computed by the caller (its clock): p_minute and p_hour are the starts of the
-- current fixed windows, p_*_elapsed the milliseconds since (1 to the window's length). A row
-- ahead of them (another instance's clock) is taken as it is.
--
-- lede_charge_and_toggle_reaction and lede_charge_and_toggle_save charge the budget, then, if
-- it was charged, toggle as lede_toggle_reaction and lede_toggle_save (migration 0030) do, in
-- one round trip: a like or save within its budget is one statement, not a charge and then the
-- toggle. Over budget, the answer's outcome is 'over-budget' and nothing else is written (no
-- row, no counter). The budget's counts come back in every answer (budget_*, epoch ms for the
-- window starts), for the instance's memory of them. An error in the toggle (the article
-- deleted meanwhile) rolls the charge back with it. Locks: the budget row, then the reader's
-- row, then the article's; no path takes them the other way round. Each keeps
-- plan_cache_mode = auto (migration 0013).

CREATE OR REPLACE FUNCTION lede_charge_budget(
  p_key text, p_minute timestamptz, p_minute_elapsed int, p_hour timestamptz, p_hour_elapsed int,
  p_per_minute int, p_per_hour int
)
RETURNS write_budgets
LANGUAGE sql SET plan_cache_mode = auto AS $$
  INSERT INTO write_budgets AS b
    (key, minute_start, minute_hits, minute_previous, hour_start, hour_hits, hour_previous, charged)
  SELECT p_key, p_minute, f.n, 0, p_hour, f.n, 0, f.n = 1
    FROM (SELECT (p_per_minute >= 1 AND p_per_hour >= 1)::int AS n) f
  ON CONFLICT (key) DO UPDATE SET
    (minute_start, minute_hits, minute_previous, hour_start, hour_hits, hour_previous, charged) = (
      SELECT greatest(b.minute_start, p_minute), r.m_current + ok.n, r.m_previous,
             greatest(b.hour_start, p_hour), r.h_current + ok.n, r.h_previous, ok.n = 1
        FROM (SELECT
                CASE WHEN b.minute_start >= p_minute THEN b.minute_hits ELSE 0 END AS m_current,
                CASE WHEN b.minute_start >= p_minute THEN b.minute_previous
                     WHEN b.minute_start = p_minute - interval '1 minute' THEN b.minute_hits
                     ELSE 0 END AS m_previous,
                CASE WHEN b.hour_start >= p_hour THEN b.hour_hits ELSE 0 END AS h_current,
                CASE WHEN b.hour_start >= p_hour THEN b.hour_previous
                     WHEN b.hour_start = p_hour - interval '1 hour' THEN b.hour_hits
                     ELSE 0 END AS h_previous) r,
        LATERAL (SELECT CASE
                   WHEN r.m_current + 1 + (r.m_previous::bigint * (60000 - p_minute_elapsed) + 59999) / 60000 <= p_per_minute
                    AND r.h_current + 1 + (r.h_previous::bigint * (3600000 - p_hour_elapsed) + 3599999) / 3600000 <= p_per_hour
                   THEN 1 ELSE 0 END AS n) ok
    )
  RETURNING b.*
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lede_charge_and_toggle_reaction(
  p_key text, p_minute timestamptz, p_minute_elapsed int, p_hour timestamptz, p_hour_elapsed int,
  p_per_minute int, p_per_hour int,
  p_user uuid, p_article uuid, p_kind text, p_at timestamptz, p_want boolean DEFAULT NULL
)
RETURNS TABLE (
  outcome text, reaction text, likes int, dislikes int, saves int, shares int, views int,
  budget_charged boolean, budget_minute_start float8, budget_minute_hits int,
  budget_minute_previous int, budget_hour_start float8, budget_hour_hits int,
  budget_hour_previous int
)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_budget write_budgets;
BEGIN
  v_budget := lede_charge_budget(p_key, p_minute, p_minute_elapsed, p_hour, p_hour_elapsed,
                                 p_per_minute, p_per_hour);
  budget_charged := v_budget.charged;
  budget_minute_start := extract(epoch from v_budget.minute_start) * 1000;
  budget_minute_hits := v_budget.minute_hits;
  budget_minute_previous := v_budget.minute_previous;
  budget_hour_start := extract(epoch from v_budget.hour_start) * 1000;
  budget_hour_hits := v_budget.hour_hits;
  budget_hour_previous := v_budget.hour_previous;
  IF NOT v_budget.charged THEN
    outcome := 'over-budget';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT t.outcome, t.reaction, t.likes, t.dislikes, t.saves, t.shares, t.views
    INTO outcome, reaction, likes, dislikes, saves, shares, views
    FROM lede_toggle_reaction(p_user, p_article, p_kind, p_at, p_want) t;
  RETURN NEXT;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION lede_charge_and_toggle_save(
  p_key text, p_minute timestamptz, p_minute_elapsed int, p_hour timestamptz, p_hour_elapsed int,
  p_per_minute int, p_per_hour int,
  p_user uuid, p_article uuid, p_at timestamptz, p_want boolean DEFAULT NULL
)
RETURNS TABLE (
  outcome text, saved boolean, likes int, dislikes int, saves int, shares int, views int,
  budget_charged boolean, budget_minute_start float8, budget_minute_hits int,
  budget_minute_previous int, budget_hour_start float8, budget_hour_hits int,
  budget_hour_previous int
)
LANGUAGE plpgsql SET plan_cache_mode = auto AS $$
DECLARE
  v_budget write_budgets;
BEGIN
  v_budget := lede_charge_budget(p_key, p_minute, p_minute_elapsed, p_hour, p_hour_elapsed,
                                 p_per_minute, p_per_hour);
  budget_charged := v_budget.charged;
  budget_minute_start := extract(epoch from v_budget.minute_start) * 1000;
  budget_minute_hits := v_budget.minute_hits;
  budget_minute_previous := v_budget.minute_previous;
  budget_hour_start := extract(epoch from v_budget.hour_start) * 1000;
  budget_hour_hits := v_budget.hour_hits;
  budget_hour_previous := v_budget.hour_previous;
  IF NOT v_budget.charged THEN
    outcome := 'over-budget';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT t.outcome, t.saved, t.likes, t.dislikes, t.saves, t.shares, t.views
    INTO outcome, saved, likes, dislikes, saves, shares, views
    FROM lede_toggle_save(p_user, p_article, p_at, p_want) t;
  RETURN NEXT;
END $$;
