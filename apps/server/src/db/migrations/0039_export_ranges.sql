-- Exports of a date range (docs/decisions/063): the agency's orders by creation time, read by keyset
-- in batches; without these a month of one agency's deposits was a scan of every agency's.
CREATE INDEX IF NOT EXISTS deposit_orders_agency_created ON deposit_orders (agency_id, created_at, id);
CREATE INDEX IF NOT EXISTS withdrawals_agency_created ON withdrawals (agency_id, created_at, id);
