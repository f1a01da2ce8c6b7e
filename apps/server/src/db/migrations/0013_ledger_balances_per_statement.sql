-- The cached balances move once per account and statement (decision 025): the row trigger of 0003
-- and its function go; ../functions/ledger_apply_entries.sql creates the statement trigger.
DROP TRIGGER IF EXISTS ledger_entries_apply ON ledger_entries;
DROP FUNCTION IF EXISTS ledger_apply_entry();
