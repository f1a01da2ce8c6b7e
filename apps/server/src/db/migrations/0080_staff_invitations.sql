-- Staff invitations and agencies switched off by the operations command (issue #31; decisions 110, 111).
-- One live invitation per staff member (the primary key: a newer link replaces the older), only the
-- sha256 of its token kept; the TOTP secret the invited person enrols is made with the link and moves
-- to staff_users when the invitation is taken, in the transaction that sets the password.
CREATE TABLE staff_invitations (
  staff_id uuid PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
  agency_id uuid NOT NULL REFERENCES agencies (id),
  token_hash text NOT NULL UNIQUE,
  totp_secret text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- the one staff member who may enrol a second factor with the password alone: the demo seed's owner
-- (npm start and the e2e journeys sign in with its configured password); everyone else enrols through
-- an invitation
ALTER TABLE staff_users ADD COLUMN enrol_with_password boolean NOT NULL DEFAULT false;

-- a disabled agency answers as an unknown host: its site, its API and its back office
ALTER TABLE agencies ADD COLUMN disabled_at timestamptz;
