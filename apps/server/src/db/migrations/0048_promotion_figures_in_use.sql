-- "In use" (usages USED now) is one of a promotion's figures on the back office's list (decision 064):
-- the figures' covering index (migration 0037) carries the status too, so their one grouped read stays index-only.
DROP INDEX IF EXISTS promotion_usages_figures_idx;
CREATE INDEX promotion_usages_figures_idx ON promotion_usages (agency_id, promotion_id)
  INCLUDE (deposit_order_id, bonus, clawed_back, closed_by, status);
