-- A game provider switched off for maintenance by an agency's staff (issue #35, docs/decisions/175-provider-maintenance.md).
-- Additive only. One row per provider in maintenance; switching it back on deletes the row (the audit log keeps the history).
-- until NULL: until staff switch it back on; a passed until is no maintenance any more.
CREATE TABLE provider_maintenance (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  provider text NOT NULL,
  until timestamptz,
  staff_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, provider)
);
