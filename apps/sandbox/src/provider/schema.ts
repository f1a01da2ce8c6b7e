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

-- member accounts opened through the AMB and Betflix protocols: their login name and password hash
CREATE TABLE IF NOT EXISTS provider_members (
  provider_id text NOT NULL,
  member text NOT NULL,
  player_id text NOT NULL,
  password_hash text NOT NULL,
  PRIMARY KEY (provider_id, member)
);

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

-- On a shared PostgreSQL database (SANDBOX_DATABASE_URL), a provider_transfers table that is not this
-- one (the server's has the same name) must stop the start, not break the first transfer.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = 'provider_transfers' AND column_name = 'balance_after') THEN
    RAISE EXCEPTION 'provider_transfers in this database is not the sandbox''s: give the sandbox a database of its own';
  END IF;
END $$;

-- A transfer applied at most once per (provider, reference), in one statement (wallet.ts transfer()):
-- a repeat answers the first record (conflict = true when its parameters differ); otherwise the
-- player's row is locked (a transfer in opens the account when it is missing, and is credited by
-- that same upsert), the transfer is refused or applied, and its record written. Two calls with one
-- reference at once (possible on a PostgreSQL server, not on PGlite's single connection) take turns
-- on a lock of that reference, so
-- the second answers the first's record instead of failing on the unique reference.
CREATE OR REPLACE FUNCTION provider_transfer(
  p_provider text, p_reference text, p_player text, p_direction text, p_amount bigint,
  p_agency text, p_username text, p_force_refuse boolean
) RETURNS TABLE (
  out_conflict boolean, out_id text, out_reference text, out_player_id text, out_direction text,
  out_amount text, out_status text, out_reason text, out_balance_after text
) LANGUAGE plpgsql AS $$
DECLARE
  t provider_transfers;
  v_balance bigint;
  v_reason text;
  v_after bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(p_provider || '/' || p_reference));
  SELECT * INTO t FROM provider_transfers x WHERE x.provider_id = p_provider AND x.reference = p_reference;
  IF FOUND THEN
    RETURN QUERY SELECT (t.player_id <> p_player OR t.direction <> p_direction OR t.amount <> p_amount),
      t.id::text, t.reference, t.player_id, t.direction, t.amount::text, t.status, t.reason, t.balance_after::text;
    RETURN;
  END IF;
  IF p_direction = 'IN' THEN
    -- the upsert that opens (or locks) the account credits it too: one write of the row
    INSERT INTO provider_players AS x (provider_id, player_id, agency_id, username, balance)
    VALUES (p_provider, p_player, p_agency, p_username, CASE WHEN p_force_refuse THEN 0 ELSE p_amount END)
    ON CONFLICT (provider_id, player_id) DO UPDATE SET balance = x.balance + EXCLUDED.balance
    RETURNING x.balance INTO v_after;
    IF p_force_refuse THEN v_reason := 'REFUSED_BY_PROVIDER'; v_after := NULL; END IF;
  ELSE
    SELECT x.balance INTO v_balance FROM provider_players x WHERE x.provider_id = p_provider AND x.player_id = p_player FOR UPDATE;
    IF p_force_refuse THEN v_reason := 'REFUSED_BY_PROVIDER';
    ELSIF v_balance IS NULL THEN v_reason := 'PLAYER_NOT_FOUND';
    ELSIF p_direction = 'OUT' AND v_balance < p_amount THEN v_reason := 'INSUFFICIENT_BALANCE';
    ELSE
      v_after := v_balance - p_amount;
      UPDATE provider_players x SET balance = v_after WHERE x.provider_id = p_provider AND x.player_id = p_player;
    END IF;
  END IF;
  INSERT INTO provider_transfers (provider_id, reference, player_id, direction, amount, status, reason, balance_after)
  VALUES (p_provider, p_reference, p_player, p_direction, p_amount, CASE WHEN v_reason IS NULL THEN 'POSTED' ELSE 'REFUSED' END, v_reason, v_after)
  RETURNING * INTO t;
  RETURN QUERY SELECT false, t.id::text, t.reference, t.player_id, t.direction, t.amount::text, t.status, t.reason, t.balance_after::text;
END $$;
`;
