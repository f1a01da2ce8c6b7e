/**
 * The provider's own tables (plain SQL, created at start-up). One sequence orders transfers and bets
 * together, so "bets after this transfer" is exact even within one millisecond.
 */
export const PROVIDER_SCHEMA = `
CREATE SEQUENCE IF NOT EXISTS provider_seq;

CREATE TABLE IF NOT EXISTS provider_players (
  provider_id text NOT NULL,
  player_id text NOT NULL,
  agency_id text NOT NULL,
  username text NOT NULL,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, player_id)
);

CREATE TABLE IF NOT EXISTS provider_transfers (
  id bigint PRIMARY KEY DEFAULT nextval('provider_seq'),
  provider_id text NOT NULL,
  reference text NOT NULL,
  player_id text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('POSTED', 'REFUSED')),
  reason text,
  balance_after bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, reference)
);

CREATE TABLE IF NOT EXISTS provider_bets (
  id bigint PRIMARY KEY DEFAULT nextval('provider_seq'),
  provider_id text NOT NULL,
  player_id text NOT NULL,
  game_id text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  payout bigint NOT NULL CHECK (payout >= 0),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS provider_bets_player ON provider_bets (provider_id, player_id, id);

CREATE TABLE IF NOT EXISTS provider_launch_tokens (
  token_hash text PRIMARY KEY,
  provider_id text NOT NULL,
  player_id text NOT NULL,
  game_id text NOT NULL,
  return_url text NOT NULL,
  language text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE IF NOT EXISTS provider_sessions (
  session_hash text PRIMARY KEY,
  provider_id text NOT NULL,
  player_id text NOT NULL,
  game_id text NOT NULL,
  return_url text NOT NULL,
  language text NOT NULL,
  expires_at timestamptz NOT NULL
);
`;
