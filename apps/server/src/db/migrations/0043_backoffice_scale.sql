-- The back office at a million orders (issue #17, docs/decisions/073-backoffice-at-scale.md), found by
-- bench/backoffice.mjs: two lists whose filter no index served in the list's order.

-- The audit log filtered by a staff member AND an action (the screen has both filters): 0033's
-- per-staff index read every entry of that member newest first to find the few of a rare action
-- (a finance member's 100,000 approvals to find their blocks); this one is that list's own range.
CREATE INDEX audit_log_agency_staff_action_idx ON audit_log (agency_id, staff_id, action, at DESC, id DESC);

-- A promotion's usages, newest first: the promotion's index (promotion_id, status) gave its rows in
-- no order, so every page sorted all of them (tens of thousands for a popular promotion).
CREATE INDEX promotion_usages_promotion_newest ON promotion_usages (agency_id, promotion_id, created_at DESC, id DESC);
