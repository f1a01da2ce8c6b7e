-- Reconciliation with the banks (issue #30 item 6, docs/decisions/138 and 139): once a day per agency
-- and bank, the bank's payments of the day against our deposits and unmatched payments. Each
-- difference is kept here for staff; nothing here moves money (staff act through the deposits'
-- existing paths). Expand only: two new tables.

-- one line per agency, bank and Lao day reconciled: how, how many payments compared, and the last error
CREATE TABLE bank_reconciliation_runs (
  agency_id uuid NOT NULL REFERENCES agencies (id),
  bank text NOT NULL,
  day date NOT NULL,
  method text NOT NULL CHECK (method IN ('LIST', 'PER_ORDER')),
  checked integer NOT NULL DEFAULT 0,
  differences integer NOT NULL DEFAULT 0,
  error text,
  finished_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, bank, day)
);

-- NOT_CREDITED: paid at the bank, nothing of ours has its bank reference
-- UNKNOWN_AT_BANK: credited or kept here, the bank has no payment with its bank reference
-- AMOUNT_DIFFERS: both know the payment, not the same amount
CREATE TABLE bank_reconciliation_differences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  bank text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('NOT_CREDITED', 'UNKNOWN_AT_BANK', 'AMOUNT_DIFFERS')),
  bank_reference text NOT NULL,
  -- our bill number the payment went to, when known
  gateway_reference text,
  order_id uuid,
  unmatched_payment_id uuid,
  bank_amount_lak bigint,
  our_amount_lak bigint,
  currency text NOT NULL DEFAULT 'LAK',
  paid_at timestamptz NOT NULL,
  day date NOT NULL,
  found_at timestamptz NOT NULL DEFAULT now(),
  -- CLEARED: a later comparison found it no longer differs; RESOLVED: staff closed it with a note
  resolved_at timestamptz,
  resolution text CHECK (resolution IN ('CLEARED', 'RESOLVED')),
  resolved_by uuid,
  note text,
  UNIQUE (agency_id, bank, kind, bank_reference),
  CHECK ((resolved_at IS NULL) = (resolution IS NULL))
);
-- the open differences of an agency, oldest first (the back office's list, the metric, alerts)
CREATE INDEX bank_reconciliation_open ON bank_reconciliation_differences (agency_id, found_at, id) WHERE resolved_at IS NULL;
