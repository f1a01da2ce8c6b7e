-- Reports per game provider and per player over a range of business days (docs/decisions/182): the
-- dashboard's day indexes (0034) widened to carry what the reports group by and sum, so a range is
-- still one index-only read per figure, whatever it is grouped by. Same names, same rows, same order:
-- the dashboard reads them as before.
DROP INDEX IF EXISTS deposit_orders_paid_day;
CREATE INDEX deposit_orders_paid_day ON deposit_orders (agency_id, paid_at)
  INCLUDE (amount_lak, credit_thb, provider_id, player_id) WHERE paid_at IS NOT NULL;

DROP INDEX IF EXISTS withdrawals_paid_day;
CREATE INDEX withdrawals_paid_day ON withdrawals (agency_id, decided_at)
  INCLUDE (amount_lak, total_credit, provider_id, player_id) WHERE status = 'SUCCESS';

-- the bonus's kip is read at its deposit's sell rate: the usage carries the order it rode with
DROP INDEX IF EXISTS promotion_usages_used_day;
CREATE INDEX promotion_usages_used_day ON promotion_usages (agency_id, used_at)
  INCLUDE (bonus, closed_by, deposit_order_id) WHERE used_at IS NOT NULL;
