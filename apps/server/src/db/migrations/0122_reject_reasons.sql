-- An agency's preset reasons for rejecting a withdrawal (issue #35, docs/decisions/178-withdrawal-desk.md).
-- Additive only. One row per agency once its owner saved a list; an agency without a row uses the
-- defaults of the contracts (DEFAULT_REJECT_REASONS). The audit log keeps every change.
CREATE TABLE agency_reject_reasons (
  agency_id uuid PRIMARY KEY REFERENCES agencies (id) ON DELETE CASCADE,
  reasons text[] NOT NULL CHECK (cardinality(reasons) <= 12),
  staff_id uuid NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
