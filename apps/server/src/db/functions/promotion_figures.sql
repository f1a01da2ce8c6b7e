-- The promotion figures kept by the database (migration 0049, docs/decisions/079-promotion-figures-kept.md).

-- A usage's part of its promotion's bonus cost: credited less taken back, once its deposit is paid;
-- none when the provider voided the deposit's transfer (the bonus went back to the promotion account).
CREATE OR REPLACE FUNCTION promotion_usage_cost(deposit_order_id uuid, bonus bigint, clawed_back bigint, closed_by text)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN deposit_order_id IS NOT NULL AND closed_by IS DISTINCT FROM 'VOIDED'
              THEN coalesce(bonus, 0) - coalesce(clawed_back, 0) ELSE 0 END
$$;

-- After each statement on promotion_usages, in its transaction: what it changed in the figures, one row
-- per promotion (the rows it wrote, less the rows as they were), none when nothing changed (a turnover
-- read, a date). A settlement group's one UPDATE of its usages writes one row per promotion.
CREATE OR REPLACE FUNCTION promotion_usages_figure_deltas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO promotion_figure_deltas (agency_id, promotion_id, taken, in_use, used, cost)
    SELECT agency_id, promotion_id, count(*), count(*) FILTER (WHERE status = 'USED'), count(deposit_order_id),
           sum(promotion_usage_cost(deposit_order_id, bonus, clawed_back, closed_by))
      FROM usages_new GROUP BY agency_id, promotion_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO promotion_figure_deltas (agency_id, promotion_id, taken, in_use, used, cost)
    SELECT agency_id, promotion_id, -count(*), -count(*) FILTER (WHERE status = 'USED'), -count(deposit_order_id),
           -sum(promotion_usage_cost(deposit_order_id, bonus, clawed_back, closed_by))
      FROM usages_old GROUP BY agency_id, promotion_id;
  ELSE
    INSERT INTO promotion_figure_deltas (agency_id, promotion_id, taken, in_use, used, cost)
    SELECT agency_id, promotion_id, sum(taken), sum(in_use), sum(used), sum(cost)
      FROM (SELECT agency_id, promotion_id, 1 AS taken, (status = 'USED')::int AS in_use, (deposit_order_id IS NOT NULL)::int AS used,
                   promotion_usage_cost(deposit_order_id, bonus, clawed_back, closed_by) AS cost
              FROM usages_new
            UNION ALL
            SELECT agency_id, promotion_id, -1, -(status = 'USED')::int, -(deposit_order_id IS NOT NULL)::int,
                   -promotion_usage_cost(deposit_order_id, bonus, clawed_back, closed_by)
              FROM usages_old) c
     GROUP BY agency_id, promotion_id
    HAVING sum(taken) <> 0 OR sum(in_use) <> 0 OR sum(used) <> 0 OR sum(cost) <> 0;
  END IF;
  RETURN NULL;
END $$;

-- a trigger with transition tables has one event
CREATE OR REPLACE TRIGGER promotion_usages_figures_insert AFTER INSERT ON promotion_usages
  REFERENCING NEW TABLE AS usages_new FOR EACH STATEMENT EXECUTE FUNCTION promotion_usages_figure_deltas();
CREATE OR REPLACE TRIGGER promotion_usages_figures_update AFTER UPDATE ON promotion_usages
  REFERENCING OLD TABLE AS usages_old NEW TABLE AS usages_new FOR EACH STATEMENT EXECUTE FUNCTION promotion_usages_figure_deltas();
CREATE OR REPLACE TRIGGER promotion_usages_figures_delete AFTER DELETE ON promotion_usages
  REFERENCING OLD TABLE AS usages_old FOR EACH STATEMENT EXECUTE FUNCTION promotion_usages_figure_deltas();

-- The worker's fold: the deltas committed so far, added to the totals and deleted, in one statement
-- (a reader sees either both or neither); the deltas of transactions still running stay for the next
-- one. Safe in several processes at once (a delta is deleted once: the second waits on its row lock
-- and finds it gone). Answers how many deltas it folded.
CREATE OR REPLACE FUNCTION promotion_figures_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH gone AS (DELETE FROM promotion_figure_deltas RETURNING *),
       summed AS (SELECT agency_id, promotion_id, sum(taken) AS taken, sum(in_use) AS in_use, sum(used) AS used, sum(cost) AS cost
                    FROM gone GROUP BY agency_id, promotion_id),
       added AS (INSERT INTO promotion_figures AS f (agency_id, promotion_id, taken, in_use, used, cost)
                 SELECT agency_id, promotion_id, taken, in_use, used, cost FROM summed ORDER BY agency_id, promotion_id
                 ON CONFLICT (agency_id, promotion_id) DO UPDATE
                   SET taken = f.taken + EXCLUDED.taken, in_use = f.in_use + EXCLUDED.in_use, used = f.used + EXCLUDED.used,
                       cost = f.cost + EXCLUDED.cost, folded_at = now()
                 RETURNING 1)
  SELECT count(*) INTO folded FROM gone;
  -- a promotion whose usages are all gone (deleted with their player or the promotion) has no figures
  IF folded > 0 THEN
    DELETE FROM promotion_figures WHERE taken = 0;
  END IF;
  RETURN folded;
END $$;
