-- The results of the ledger check (ledger/check-record.ts): run by the worker every LEDGER_CHECK_HOURS and by
-- `npm run ops -- ledger check`; the newest is the metric `laocredit_ledger_check_problems` (decision 102).
CREATE TABLE ledger_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now(),
  problems integer NOT NULL,
  -- the first problems found, for the operator (the check's own words; never a secret)
  detail text[] NOT NULL DEFAULT '{}',
  duration_ms integer NOT NULL
);
CREATE INDEX ledger_checks_newest ON ledger_checks (checked_at DESC);
