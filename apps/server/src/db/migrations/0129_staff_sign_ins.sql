-- The owner's staff sign-ins (GET /v2/backoffice/staff/sign-ins, decision 152's screen): an agency's
-- staff sessions newest first, in keyset pages on (created_at, id). The table had no index but its
-- token's: every page read every agency's sessions. Sessions are never deleted, so it only grows.
CREATE INDEX IF NOT EXISTS staff_sessions_agency_created_idx ON staff_sessions (agency_id, created_at DESC, id DESC);
