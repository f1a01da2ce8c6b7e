-- The withdrawal queue (docs/decisions/054): oldest first by keyset on (created_at, id), so the key's
-- tie-breaker is in the index and a page after a cursor is one index range; it replaces 0007's
-- (agency_id, status, created_at), which served the offset pages.
CREATE INDEX withdrawals_queue_keyset ON withdrawals (agency_id, status, created_at, id);
DROP INDEX withdrawals_queue_idx;

-- The warnings on a withdrawal: other players of the agency paid to the same account number by a
-- withdrawal (their current bank accounts are found by 0036's player_bank_accounts_number_search).
CREATE INDEX withdrawals_account_number_idx ON withdrawals (agency_id, account_number);
