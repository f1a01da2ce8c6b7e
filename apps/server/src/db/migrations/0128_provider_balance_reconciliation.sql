-- AMB reconciled by balance (issue #30 item 6, docs/decisions/146): a player's balance at the provider
-- against the balance after a deposit, our POSTED transfers since and the provider's win/lose since.
-- Expand only: a wider method check on the runs, a wider kind check on the differences.

ALTER TABLE bank_reconciliation_runs DROP CONSTRAINT bank_reconciliation_runs_method_check;
ALTER TABLE bank_reconciliation_runs ADD CONSTRAINT bank_reconciliation_runs_method_check
  CHECK (method IN ('LIST', 'PER_ORDER', 'HISTORY', 'BALANCE'));

ALTER TABLE bank_reconciliation_differences DROP CONSTRAINT bank_reconciliation_differences_kind_check;
ALTER TABLE bank_reconciliation_differences ADD CONSTRAINT bank_reconciliation_differences_kind_check
  CHECK (kind IN ('NOT_CREDITED', 'UNKNOWN_AT_BANK', 'AMOUNT_DIFFERS', 'NOT_AT_PROVIDER', 'NOT_IN_LEDGER', 'BALANCE_DIFFERS'));
