-- Players, their sessions and device fingerprints, and the rate-limit counters (DESIGN.md §10).
CREATE TABLE players (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (username ~ '^[a-z0-9_-]+$'),
  password_hash text NOT NULL,
  display_name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
  promotion_blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  UNIQUE (agency_id, username),
  -- lets other areas reference (agency_id, id) so a row can never point at another agency's player
  UNIQUE (agency_id, id)
);

-- only the sha256 of the cookie token is stored: a leaked table does not log anyone in
CREATE TABLE player_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
CREATE INDEX player_sessions_player_idx ON player_sessions (player_id) WHERE revoked_at IS NULL;

-- one row per player and (Vientiane) day; registration stores the hash alone, the web the full payload
CREATE TABLE player_fingerprints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  day date NOT NULL,
  hash text NOT NULL,
  payload jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (player_id, day)
);
CREATE INDEX player_fingerprints_hash_idx ON player_fingerprints (hash);

-- fixed-window counters of the PostgreSQL rate-limit store (docs/decisions/006-sessions-and-rate-limits.md)
CREATE TABLE rate_limit_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);
