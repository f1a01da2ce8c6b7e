-- Credit moved from one game provider to another in one step (issue #35, docs/decisions/176-credit-moves.md).
-- Additive: a new table, and one more house account type (CREDIT_MOVES: credit taken out of the first
-- provider and not yet at the second). The type check is widened, never narrowed.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_type_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_type_check CHECK (type IN (
  'PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'BANK_CLEARING', 'EXCHANGE', 'PROMOTION_EXPENSE',
  'WITHDRAWALS_PAYABLE', 'GAMING_RESULT', 'CREDIT_MOVES'
));

CREATE TABLE credit_moves (
  id uuid PRIMARY KEY,
  agency_id uuid NOT NULL REFERENCES agencies (id),
  player_id uuid NOT NULL REFERENCES players (id),
  from_provider_id text NOT NULL REFERENCES providers (id),
  to_provider_id text NOT NULL REFERENCES providers (id),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('MOVING_OUT', 'MOVING_IN', 'DONE', 'FAILED', 'RETURNING', 'RETURNED')),
  -- tries of giving the credit back to the first provider after the second refused it
  return_attempts integer NOT NULL DEFAULT 0,
  request_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT credit_moves_two_providers CHECK (from_provider_id <> to_provider_id)
);
-- one move under way per player: the last defence behind the player's row lock
CREATE UNIQUE INDEX credit_moves_one_in_progress ON credit_moves (player_id) WHERE status IN ('MOVING_OUT', 'MOVING_IN', 'RETURNING');
-- the same request (Idempotency-Key) makes one move
CREATE UNIQUE INDEX credit_moves_request_key ON credit_moves (agency_id, player_id, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX credit_moves_player ON credit_moves (agency_id, player_id, created_at DESC);
