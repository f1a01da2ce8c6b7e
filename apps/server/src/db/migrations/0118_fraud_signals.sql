-- Fraud signals (issue #32, docs/decisions/164-fraud-signals.md). Additive only.
-- One row per pair of players of one agency and kind, the pair ordered (player_a < player_b), written
-- when the event happens (registration, a fingerprint, a bank account, a withdrawal, a promotion taken)
-- by INSERT … ON CONFLICT DO NOTHING: a repeat writes nothing, and a decided pair stays decided.
-- Both players are the agency's (the composite foreign keys): a signal never crosses agencies.
CREATE TABLE fraud_signals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  kind text NOT NULL CHECK (kind IN ('device', 'bank_account', 'holder_name', 'registration_ip', 'bonus_ring')),
  player_a uuid NOT NULL,
  player_b uuid NOT NULL,
  -- what the pair shares: the fingerprint, the account number, bank:name, the address, promotion:fingerprint
  ref text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'dismissed', 'confirmed')),
  reason text,
  decided_by uuid REFERENCES staff_users (id),
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT fraud_signals_pair_ordered CHECK (player_a < player_b),
  CONSTRAINT fraud_signals_decided CHECK ((status = 'open') = (decided_at IS NULL) AND (status = 'open') = (reason IS NULL)),
  FOREIGN KEY (agency_id, player_a) REFERENCES players (agency_id, id),
  FOREIGN KEY (agency_id, player_b) REFERENCES players (agency_id, id),
  CONSTRAINT fraud_signals_pair UNIQUE (agency_id, kind, player_a, player_b)
);
CREATE INDEX fraud_signals_player_b_idx ON fraud_signals (agency_id, player_b);
-- (agency_id, player_a) is the unique key's prefix only with kind; a player's signals read both sides
CREATE INDEX fraud_signals_player_a_idx ON fraud_signals (agency_id, player_a);
CREATE INDEX fraud_signals_ring_idx ON fraud_signals (agency_id, ref) WHERE kind = 'bonus_ring';

-- The client address a player registered from (request.ip: the trusted-proxy rule of decision 041).
ALTER TABLE players ADD COLUMN registration_ip text;
CREATE INDEX players_registration_ip_idx ON players (agency_id, registration_ip, created_at) WHERE registration_ip IS NOT NULL;

-- The holder's name at a bank, case and spaces aside (Lao and Thai letters have no case: as they are).
CREATE INDEX player_bank_accounts_holder_idx
  ON player_bank_accounts (agency_id, bank, (lower(regexp_replace(account_name, '\s+', '', 'g'))));
