-- The app's connections plan every named statement for the values it runs with
-- (plan_cache_mode = force_custom_plan, set in src/db/client.ts for the search statement).
-- PL/pgSQL prepares each statement of a function the same way, so the toggles would re-plan
-- their five or six statements on every call: measured, 0.61 instead of 0.39 ms of
-- PostgreSQL CPU per like. Their statements are primary-key reads and writes, one plan suits
-- every value, so they keep PostgreSQL's default: generic plans after five calls.
ALTER FUNCTION lede_toggle_reaction(uuid, uuid, text, timestamptz) SET plan_cache_mode = auto;--> statement-breakpoint
ALTER FUNCTION lede_toggle_save(uuid, uuid, timestamptz) SET plan_cache_mode = auto;
