-- Promotions (DESIGN.md §8, docs/decisions/045-promotions-engine.md): an agency's promotions, the
-- players' usages of them, and the withdrawal made under a usage (the blacklist is players.promotion_blocked).
CREATE TABLE promotions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  code text NOT NULL,
  -- {lo: {name, summary, terms}, cn?, vn?, th?}
  texts jsonb NOT NULL,
  providers text[] NOT NULL CHECK (cardinality(providers) > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz CHECK (ends_at IS NULL OR ends_at > starts_at),
  max_uses integer CHECK (max_uses > 0),
  max_uses_per_player integer CHECK (max_uses_per_player > 0),
  -- the rules of DESIGN.md §8 as the contracts name them (promotionRulesSchema)
  rules jsonb NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- usages taken and not given up (ACTIVE, USED, SUCCESS): counted against max_uses under the row lock
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  image_hash text,
  image_type text CHECK (image_type IN ('image/png', 'image/jpeg', 'image/webp')),
  image_data bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agency_id, code),
  CHECK ((image_hash IS NULL) = (image_data IS NULL))
);
CREATE INDEX promotions_agency_idx ON promotions (agency_id, is_active, starts_at);

CREATE TABLE promotion_usages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL,
  player_id uuid NOT NULL,
  promotion_id uuid NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  provider_id text NOT NULL REFERENCES providers (id),
  status text NOT NULL CHECK (status IN ('ACTIVE', 'USED', 'SUCCESS', 'CANCELED', 'INACTIVE')),
  -- set when its deposit is paid (USED): THB minor units
  deposit_order_id uuid UNIQUE,
  deposit_credit bigint CHECK (deposit_credit >= 0),
  bonus bigint CHECK (bonus >= 0),
  turnover_required bigint CHECK (turnover_required >= 0),
  -- bets at the provider since the bonus at the last look (recheck, withdrawal)
  turnover bigint CHECK (turnover >= 0),
  -- a cancel from USED: the bonus taken back (never more than the credit there)
  clawed_back bigint CHECK (clawed_back >= 0),
  closed_by text CHECK (closed_by IN ('PLAYER', 'STAFF', 'EXPIRED', 'DEACTIVATED', 'WITHDRAWAL', 'RECHECK')),
  withdrawal_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  closed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id) ON DELETE CASCADE,
  CHECK ((status IN ('ACTIVE', 'CANCELED', 'INACTIVE')) OR deposit_order_id IS NOT NULL),
  CHECK ((status IN ('ACTIVE', 'USED')) = (closed_at IS NULL))
);
-- one promotion at a time (SPEC.md §4): the database's word, not only the service's check
CREATE UNIQUE INDEX promotion_usages_one_held ON promotion_usages (player_id) WHERE status IN ('ACTIVE', 'USED');
CREATE INDEX promotion_usages_player_idx ON promotion_usages (agency_id, player_id, created_at DESC);
CREATE INDEX promotion_usages_promotion_idx ON promotion_usages (promotion_id, status);

-- the usage a withdrawal was made under: its approval is the usage's SUCCESS
ALTER TABLE withdrawals ADD COLUMN promotion_usage_id uuid REFERENCES promotion_usages (id);
