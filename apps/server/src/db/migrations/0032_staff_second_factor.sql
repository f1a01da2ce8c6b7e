-- The back office's second factor (TOTP, RFC 6238; docs/decisions/049-staff-second-factor.md).
-- totp_secret: the base32 secret, written when enrolment starts and kept only here (never answered
-- again once confirmed); totp_enabled_at: confirmed by a valid code; totp_last_step: the last time
-- step a code was accepted at, so each code is accepted once (the UPDATE that moves it forward is
-- the check, so two requests with one code cannot both pass).
ALTER TABLE staff_users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  ADD CONSTRAINT staff_users_totp_enabled_has_secret CHECK (totp_enabled_at IS NULL OR totp_secret IS NOT NULL);

-- ten single-use recovery codes per enrolment, only their sha256 kept (50 random bits each: no
-- slow hash needed against guessing, and the throttle counts every wrong one)
CREATE TABLE staff_recovery_codes (
  staff_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (staff_id, code_hash)
);

-- when this session passed the second factor (a session opened with the password alone has none)
ALTER TABLE staff_sessions ADD COLUMN second_factor_at timestamptz;
