-- The audit log screen pages by (at, id) newest first, for the agency alone or filtered by staff
-- member or action (docs/decisions/051-staff-users-and-audit.md): one index per filter, each in
-- the list's order, so a page reads `limit` rows whatever the log's size.
CREATE INDEX audit_log_agency_at_id_idx ON audit_log (agency_id, at DESC, id DESC);
CREATE INDEX audit_log_agency_staff_idx ON audit_log (agency_id, staff_id, at DESC, id DESC);
CREATE INDEX audit_log_agency_action_idx ON audit_log (agency_id, action, at DESC, id DESC);
DROP INDEX audit_log_agency_idx;
