-- The money core (DESIGN.md §3, §4): double-entry ledger, provider transfers, the job outbox,
-- idempotency keys. Only apps/server/src/ledger writes the ledger tables.

CREATE TABLE ledger_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  type text NOT NULL CHECK (type IN (
    'PLAYER_CREDIT',        -- a player's credit at one provider (THB)
    'TRANSFER_IN_FLIGHT',   -- credit on its way to or from a provider
    'BANK_CLEARING',        -- money received from or paid to players' banks (LAK)
    'EXCHANGE',             -- the house's currency position, one per currency
    'PROMOTION_EXPENSE',    -- bonuses given
    'WITHDRAWALS_PAYABLE',  -- credit taken back from providers, owed to players until paid out
    'GAMING_RESULT'         -- players' wins and losses at a provider, booked when balances are synced
  )),
  currency text NOT NULL CHECK (currency IN ('LAK', 'THB', 'USD')),
  player_id uuid,
  provider_id text REFERENCES providers (id),
  balance bigint NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK ((type = 'PLAYER_CREDIT') = (player_id IS NOT NULL)),
  CONSTRAINT ledger_accounts_player_provider CHECK (type <> 'PLAYER_CREDIT' OR provider_id IS NOT NULL),
  -- the last line of defence: these balances can never go below zero
  CONSTRAINT ledger_accounts_non_negative CHECK (
    type NOT IN ('PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE') OR balance >= 0
  )
);
CREATE UNIQUE INDEX ledger_accounts_identity ON ledger_accounts (
  agency_id, type, currency,
  coalesce(player_id, '00000000-0000-0000-0000-000000000000'::uuid),
  coalesce(provider_id, '')
);
CREATE INDEX ledger_accounts_player ON ledger_accounts (player_id) WHERE player_id IS NOT NULL;

CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  reference text NOT NULL UNIQUE,
  kind text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  from_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  to_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  currency text NOT NULL CHECK (currency IN ('LAK', 'THB', 'USD')),
  amount bigint NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_account_id <> to_account_id)
);
CREATE INDEX ledger_entries_tx ON ledger_entries (transaction_id);
CREATE INDEX ledger_entries_from ON ledger_entries (from_account_id);
CREATE INDEX ledger_entries_to ON ledger_entries (to_account_id);

-- The triggers that move the cached balances with each entry and keep both tables append-only are
-- in ../functions/ (ledger_apply_entries.sql, ledger_append_only.sql), applied after the migrations.

-- Transfers of credit to (IN) and from (OUT) a provider: PENDING → POSTED | VOIDED.
CREATE TABLE provider_transfers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  player_id uuid NOT NULL,
  player_username text NOT NULL,
  provider_id text NOT NULL REFERENCES providers (id),
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount bigint NOT NULL CHECK (amount > 0),
  reference text NOT NULL UNIQUE,
  kind text NOT NULL,
  order_id uuid,
  counter_account_id uuid NOT NULL REFERENCES ledger_accounts (id),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'POSTED', 'VOIDED')),
  attempts int NOT NULL DEFAULT 0,
  last_error text,
  provider_transfer_id text,
  needs_attention boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK ((status = 'PENDING') = (settled_at IS NULL))
);
CREATE INDEX provider_transfers_pending ON provider_transfers (player_id, provider_id) WHERE status = 'PENDING';
CREATE INDEX provider_transfers_order ON provider_transfers (order_id) WHERE order_id IS NOT NULL;

-- The transactional outbox: written in the same transaction as the state change it follows.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  unique_key text UNIQUE,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX jobs_due ON jobs (run_at) WHERE done_at IS NULL;

-- Idempotency-Key for money-moving POSTs (DESIGN.md §3).
CREATE TABLE idempotency_keys (
  agency_id uuid NOT NULL REFERENCES agencies (id),
  owner text NOT NULL,
  key text NOT NULL,
  route text NOT NULL,
  request_hash text NOT NULL,
  status_code int,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, owner, key)
);
