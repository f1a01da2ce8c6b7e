-- House accounts split into shards (docs/decisions/017-house-account-shards.md). Every posting made
-- for a player takes the house accounts of that player's shard, so settlements of players in
-- different shards never wait on each other's row locks. A house balance is the sum over its shards.
ALTER TABLE ledger_accounts ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_shard CHECK (
  shard BETWEEN 0 AND 255
  -- a player's own account and the payable account (never below zero as a whole) are not split
  AND (shard = 0 OR type NOT IN ('PLAYER_CREDIT', 'WITHDRAWALS_PAYABLE'))
);
DROP INDEX ledger_accounts_identity;
CREATE UNIQUE INDEX ledger_accounts_identity ON ledger_accounts (
  agency_id, type, currency,
  coalesce(player_id, '00000000-0000-0000-0000-000000000000'::uuid),
  coalesce(provider_id, ''),
  shard
);

-- The in-flight account a transfer reserved its amount on: settling it takes the amount from
-- exactly there. NULL for transfers requested before this migration (they used shard 0).
ALTER TABLE provider_transfers ADD COLUMN in_flight_account_id uuid REFERENCES ledger_accounts (id);
