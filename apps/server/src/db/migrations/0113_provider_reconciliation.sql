-- Provider balances reconciled against the ledger (issue #30 item 6, docs/decisions/142): the bank
-- reconciliation's tables (0098) now also keep each agency's game providers, one counterpart a row:
-- a bank or a provider. Expand only: new columns, wider checks, a second key beside the first (a
-- bank row's keys are unchanged, a provider row has no bank).

ALTER TABLE bank_reconciliation_runs ADD COLUMN provider text;
ALTER TABLE bank_reconciliation_runs DROP CONSTRAINT bank_reconciliation_runs_pkey;
ALTER TABLE bank_reconciliation_runs ALTER COLUMN bank DROP NOT NULL;
ALTER TABLE bank_reconciliation_runs ADD CONSTRAINT bank_reconciliation_runs_bank_day UNIQUE (agency_id, bank, day);
ALTER TABLE bank_reconciliation_runs ADD CONSTRAINT bank_reconciliation_runs_provider_day UNIQUE (agency_id, provider, day);
ALTER TABLE bank_reconciliation_runs ADD CONSTRAINT bank_reconciliation_runs_one_counterpart CHECK ((bank IS NULL) <> (provider IS NULL));
-- HISTORY: the provider's list of the transfers it applied, against our ledger's
ALTER TABLE bank_reconciliation_runs DROP CONSTRAINT bank_reconciliation_runs_method_check;
ALTER TABLE bank_reconciliation_runs ADD CONSTRAINT bank_reconciliation_runs_method_check CHECK (method IN ('LIST', 'PER_ORDER', 'HISTORY'));

-- a provider row: bank_reference is the transfer's reference, player_id the player, the two amounts
-- THB satang (currency 'THB'): bank_amount_lak the provider's, our_amount_lak the ledger's
ALTER TABLE bank_reconciliation_differences ADD COLUMN provider text;
ALTER TABLE bank_reconciliation_differences ADD COLUMN player_id uuid;
ALTER TABLE bank_reconciliation_differences ALTER COLUMN bank DROP NOT NULL;
ALTER TABLE bank_reconciliation_differences ADD CONSTRAINT bank_reconciliation_differences_one_counterpart
  CHECK ((bank IS NULL) <> (provider IS NULL));
ALTER TABLE bank_reconciliation_differences ADD CONSTRAINT bank_reconciliation_differences_provider_key
  UNIQUE (agency_id, provider, kind, bank_reference);
-- NOT_AT_PROVIDER: POSTED in our ledger, the provider has not applied it
-- NOT_IN_LEDGER: applied at the provider, no transfer of ours was POSTED under its reference
ALTER TABLE bank_reconciliation_differences DROP CONSTRAINT bank_reconciliation_differences_kind_check;
ALTER TABLE bank_reconciliation_differences ADD CONSTRAINT bank_reconciliation_differences_kind_check
  CHECK (kind IN ('NOT_CREDITED', 'UNKNOWN_AT_BANK', 'AMOUNT_DIFFERS', 'NOT_AT_PROVIDER', 'NOT_IN_LEDGER'));
