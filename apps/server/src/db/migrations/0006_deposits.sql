-- Deposits by LAO QR (DESIGN.md §5, docs/decisions/010-deposits.md).

-- The daily transaction-code counter per agency: D + yymmdd (Asia/Vientiane) + sequence.
CREATE TABLE deposit_sequences (
  agency_id uuid NOT NULL REFERENCES agencies (id),
  day date NOT NULL,
  last_value int NOT NULL,
  PRIMARY KEY (agency_id, day)
);

CREATE TABLE deposit_orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  player_id uuid NOT NULL,
  transaction_code text NOT NULL,
  provider_id text NOT NULL REFERENCES providers (id),
  mid text NOT NULL,
  bank text NOT NULL CHECK (bank IN ('bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb')),
  -- whole kip to pay, THB minor units of credit it buys, at this sell rate (LAK per THB)
  amount_lak bigint NOT NULL CHECK (amount_lak > 0),
  credit_thb bigint NOT NULL CHECK (credit_thb > 0),
  sell_rate numeric(18, 6) NOT NULL,
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CANCELED', 'PAID', 'SUCCESS', 'FAILED')),
  -- the gateway's order reference (tag 62/05 of the QR); unique across agencies
  gateway_reference text NOT NULL UNIQUE,
  qr_payload text NOT NULL,
  expires_at timestamptz NOT NULL,
  -- set once, when the payment is confirmed; a bank reference credits one order once
  bank_reference text UNIQUE,
  paid_at timestamptz,
  -- paid after it had expired or been canceled: credited all the same, and shown to staff
  paid_late boolean NOT NULL DEFAULT false,
  cancel_reason text CHECK (cancel_reason IN ('PLAYER', 'EXPIRED', 'GATEWAY_ERROR')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id),
  CONSTRAINT deposit_orders_code_key UNIQUE (agency_id, transaction_code),
  CHECK ((bank_reference IS NULL) = (paid_at IS NULL)),
  CHECK (status NOT IN ('PAID', 'SUCCESS', 'FAILED') OR bank_reference IS NOT NULL)
);
-- one open deposit per player (DEPOSIT_OPEN_ORDER_EXISTS), race-proof
CREATE UNIQUE INDEX deposit_orders_one_open ON deposit_orders (player_id) WHERE status = 'OPEN';
CREATE INDEX deposit_orders_history ON deposit_orders (player_id, created_at DESC);
CREATE INDEX deposit_orders_attention ON deposit_orders (agency_id, status) WHERE status IN ('PAID', 'FAILED') OR paid_late;
