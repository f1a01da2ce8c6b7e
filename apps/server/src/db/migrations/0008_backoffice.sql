-- The agency back office: staff, their sessions and the audit log (DESIGN.md §9, decision 011).
CREATE TABLE staff_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (username ~ '^[a-z0-9_.-]{1,64}$'),
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'support')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  UNIQUE (agency_id, username)
);

-- only the sha256 of the staff_sid token is kept
CREATE TABLE staff_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  staff_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text
);

CREATE TABLE audit_log (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  staff_id uuid REFERENCES staff_users (id),
  staff_username text NOT NULL,
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  ip text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_agency_idx ON audit_log (agency_id, at DESC);

-- audit_log is append-only: ../functions/audit_log_append_only.sql
