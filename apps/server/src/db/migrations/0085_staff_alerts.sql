-- Staff alerts (docs/decisions/112): per agency, where they go and on what. Expand only: new tables.
CREATE TABLE staff_alert_settings (
  agency_id uuid PRIMARY KEY REFERENCES agencies (id),
  language text NOT NULL DEFAULT 'lo' CHECK (language IN ('lo', 'en')),
  events text[] NOT NULL DEFAULT '{}',
  withdrawal_over_lak bigint CHECK (withdrawal_over_lak > 0),
  withdrawal_wait_minutes integer CHECK (withdrawal_wait_minutes BETWEEN 1 AND 10080),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- one row per channel set; the token AES-256-GCM under CREDENTIALS_KEY, bound to 'alerts:<agency>:<channel>'
CREATE TABLE staff_alert_channels (
  agency_id uuid NOT NULL REFERENCES agencies (id),
  channel text NOT NULL CHECK (channel IN ('telegram', 'line')),
  recipient text NOT NULL,
  token_encrypted text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, channel)
);

-- every event announced, once per (agency, key): the scan finds the same withdrawal again and again,
-- the key makes it one message; the jobs that send it point here
CREATE TABLE staff_alert_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  agency_id uuid NOT NULL REFERENCES agencies (id),
  event_key text NOT NULL,
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agency_id, event_key)
);
