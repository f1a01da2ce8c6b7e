-- Tenancy and reference data (DESIGN.md §2, §3).
CREATE TABLE agencies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  social jsonb NOT NULL,
  settings jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE agency_hosts (
  host text PRIMARY KEY CHECK (host = lower(host)),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE
);
CREATE INDEX agency_hosts_agency_idx ON agency_hosts (agency_id);

CREATE TABLE providers (
  id text PRIMARY KEY CHECK (id IN ('alphabet', 'askmebet', 'gclub', 'gclub_live', 'betflix')),
  name text NOT NULL,
  sort_order int NOT NULL
);

CREATE TABLE currencies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  code text NOT NULL CHECK (code IN ('LAK', 'THB', 'USD')),
  mid text,
  display_name text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('LAK', 'THB', 'USD')),
  buy_rate numeric(18, 6) NOT NULL CHECK (buy_rate > 0),
  sell_rate numeric(18, 6) NOT NULL CHECK (sell_rate > 0),
  is_enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agency_id, code)
);
