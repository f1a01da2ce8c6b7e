-- The back office's promotion figures kept by the database (docs/decisions/079-promotion-figures-kept.md):
-- the figures' read no longer groups every usage of the agency (120k on the bench's fill, 44-70 ms p99).
-- A statement trigger on promotion_usages (db/functions/promotion_figures.sql) writes what each
-- statement changed in them, per promotion, as insert-only rows of promotion_figure_deltas, in the
-- usage's own transaction; the worker folds them into promotion_figures every few seconds. The read
-- is promotion_figures plus the deltas not folded yet, in one statement (one snapshot): exactly the
-- grouped read of the usages, whenever it runs. No row is updated by every settlement: 32 settle at once.

-- one row per promotion with usages: its figures as of the last fold
CREATE TABLE promotion_figures (
  agency_id uuid NOT NULL,
  promotion_id uuid NOT NULL,
  -- usages taken
  taken bigint NOT NULL,
  -- usages USED now
  in_use bigint NOT NULL,
  -- usages with a paid deposit
  used bigint NOT NULL,
  -- bonus credited less taken back, THB minor units (a VOIDED usage's bonus came back: none)
  cost bigint NOT NULL,
  folded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, promotion_id)
);

-- what statements on promotion_usages changed in the figures, not folded yet: inserted by the trigger,
-- deleted by the fold only, never updated; no index (each insert stays one heap tuple; the read and the
-- fold take them all, a few seconds' worth)
CREATE TABLE promotion_figure_deltas (
  agency_id uuid NOT NULL,
  promotion_id uuid NOT NULL,
  taken bigint NOT NULL,
  in_use bigint NOT NULL,
  used bigint NOT NULL,
  cost bigint NOT NULL
);

-- no usage is written between the figures counted here and the trigger created after the migrations
-- (the function files run in this same transaction): the lock is held until it commits
LOCK TABLE promotion_usages IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO promotion_figures (agency_id, promotion_id, taken, in_use, used, cost)
SELECT agency_id, promotion_id, count(*), count(*) FILTER (WHERE status = 'USED'), count(deposit_order_id),
       coalesce(sum(coalesce(bonus, 0) - coalesce(clawed_back, 0))
                  FILTER (WHERE deposit_order_id IS NOT NULL AND closed_by IS DISTINCT FROM 'VOIDED'), 0)
  FROM promotion_usages GROUP BY agency_id, promotion_id;

-- the figures' covering index (migrations 0037, 0048) served only the grouped read: one B-tree entry
-- less per usage written (a promotion's usages are read through promotion_usages_promotion_newest)
DROP INDEX IF EXISTS promotion_usages_figures_idx;
