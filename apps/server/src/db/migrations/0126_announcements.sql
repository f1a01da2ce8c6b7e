-- Announcements shown to an agency's players as a banner (issue #35, docs/decisions/174-announcements.md).
-- Additive only. The text in the four player languages, all required; shown from starts_at until ends_at.
-- Ending one early sets ends_at to the moment it was ended; deleting removes the row (the audit log keeps it).
CREATE TABLE announcements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  text_lo text NOT NULL CHECK (length(btrim(text_lo)) BETWEEN 1 AND 300),
  text_cn text NOT NULL CHECK (length(btrim(text_cn)) BETWEEN 1 AND 300),
  text_vn text NOT NULL CHECK (length(btrim(text_vn)) BETWEEN 1 AND 300),
  text_th text NOT NULL CHECK (length(btrim(text_th)) BETWEEN 1 AND 300),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  staff_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
-- the player's read: an agency's announcements whose end is still to come
CREATE INDEX announcements_agency_ends ON announcements (agency_id, ends_at);
