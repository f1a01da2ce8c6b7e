-- Withdrawals to the player's bank account (DESIGN.md §6, docs/decisions/011-withdrawals-and-staff.md).
CREATE TABLE withdrawals (
  id uuid PRIMARY KEY,
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  player_id uuid NOT NULL,
  transaction_code text NOT NULL,
  provider_id text NOT NULL REFERENCES providers (id),
  -- PENDING until the credit has left the provider, then OPEN while staff pay out
  status text NOT NULL CHECK (status IN ('PENDING', 'OPEN', 'CANCELED', 'SUCCESS', 'FAILED', 'REJECTED')),
  -- THB minor units: taken from the provider = received + returned + promo
  total_credit bigint NOT NULL CHECK (total_credit > 0),
  credit_received bigint NOT NULL CHECK (credit_received >= 0),
  credit_returned bigint NOT NULL DEFAULT 0 CHECK (credit_returned >= 0),
  promo_credit bigint NOT NULL DEFAULT 0 CHECK (promo_credit >= 0),
  -- whole kip paid to the bank account, at the buy rate kept here
  amount_lak bigint NOT NULL CHECK (amount_lak >= 0),
  rate numeric(18, 6) NOT NULL,
  -- the bank account as it was when the player asked
  bank text NOT NULL,
  account_number text NOT NULL,
  account_name text NOT NULL,
  -- credit going back to the provider after a cancel or reject: NULL, PENDING, RETURNED, ATTENTION
  return_status text CHECK (return_status IN ('PENDING', 'RETURNED', 'ATTENTION')),
  return_attempts integer NOT NULL DEFAULT 0,
  bank_reference text,
  reject_reason text,
  decided_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id) ON DELETE CASCADE,
  CHECK (total_credit = credit_received + credit_returned + promo_credit),
  UNIQUE (agency_id, transaction_code),
  -- a bank transfer pays one withdrawal
  UNIQUE (agency_id, bank_reference)
);
-- one withdrawal in progress per player (the service says WITHDRAW_OPEN_ORDER_EXISTS first)
CREATE UNIQUE INDEX withdrawals_one_open ON withdrawals (player_id) WHERE status IN ('PENDING', 'OPEN');
CREATE INDEX withdrawals_player_idx ON withdrawals (agency_id, player_id, created_at DESC);
CREATE INDEX withdrawals_queue_idx ON withdrawals (agency_id, status, created_at);

-- the daily sequence behind W + YYMMDD + NNNN, per agency (Vientiane days)
CREATE TABLE withdrawal_code_counters (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  day text NOT NULL,
  last integer NOT NULL,
  PRIMARY KEY (agency_id, day)
);
