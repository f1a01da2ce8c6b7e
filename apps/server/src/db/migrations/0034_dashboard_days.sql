-- The back-office dashboard (docs/decisions/052): each figure of the last 15 business days is read
-- from an index that holds only what that figure counts, in time order per agency, with the summed
-- column included, so a day's figures are an index-only range, never a scan of the whole table.

-- When staff decided a withdrawal: withdrawals paid are counted on the day they were paid, which
-- updated_at only told while nothing else touched the row. Older decisions take their last change.
ALTER TABLE withdrawals ADD COLUMN decided_at timestamptz;
UPDATE withdrawals SET decided_at = updated_at WHERE status IN ('SUCCESS', 'REJECTED');

CREATE INDEX withdrawals_paid_day ON withdrawals (agency_id, decided_at) INCLUDE (amount_lak) WHERE status = 'SUCCESS';
-- deposits by the bank's payment time: every order the money arrived for (PAID, SUCCESS, FAILED, paid late)
CREATE INDEX deposit_orders_paid_day ON deposit_orders (agency_id, paid_at) INCLUDE (amount_lak) WHERE paid_at IS NOT NULL;
-- bonuses by the time their deposit was paid (the usage turned USED). New players per day are read
-- from 0036's players_newest (agency_id, created_at DESC, id DESC), a range in either direction.
CREATE INDEX promotion_usages_used_day ON promotion_usages (agency_id, used_at) INCLUDE (bonus, closed_by) WHERE used_at IS NOT NULL;
