-- Responsible play set by the player (issue #32, docs/decisions/160-responsible-play.md). Additive only.
-- A deposit limit is a row per change: the one in force for a period is the latest whose effective_at
-- has come and that was not canceled (a pending raise canceled by a later change keeps its row, for
-- staff's history). amount_lak NULL: the limit removed.
CREATE TABLE player_deposit_limits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL,
  player_id uuid NOT NULL,
  period text NOT NULL CHECK (period IN ('daily', 'weekly', 'monthly')),
  amount_lak bigint CHECK (amount_lak IS NULL OR amount_lak > 0),
  effective_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  canceled_at timestamptz,
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id)
);
CREATE INDEX player_deposit_limits_player ON player_deposit_limits (agency_id, player_id, period, effective_at DESC, created_at DESC);

-- Cooling-off and self-exclusion: never updated nor deleted (nobody ends one early); ends_at NULL is for good.
-- Set by the player (staff_id NULL) or by staff with a reason (audited).
CREATE TABLE player_exclusions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL,
  player_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('cooling_off', 'self_exclusion')),
  period text NOT NULL CHECK (period IN ('24h', '7d', '30d', '6m', '1y', 'permanent')),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz,
  staff_id uuid,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (staff_id IS NULL OR reason IS NOT NULL),
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id)
);
CREATE INDEX player_exclusions_player ON player_exclusions (agency_id, player_id, starts_at DESC);
