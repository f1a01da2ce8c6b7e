-- Risk rules per agency (issue #32 item 3, docs/decisions/161, 162, 163). Each rule is off (null) until
-- the owner sets it, so nothing changes for an agency that has not.
UPDATE agencies
   SET settings = settings
       || '{"withdrawDailyMaxCount": null, "withdrawDailyMaxThb": null, "depositReviewOverLak": null, "withdrawTwoApprovalsOverThb": null}'::jsonb
 WHERE NOT settings ? 'withdrawDailyMaxCount';

-- Decision 161: the daily caps count a player's withdrawals of the Lao day.
CREATE INDEX withdrawals_player_day ON withdrawals (agency_id, player_id, created_at);

-- Decision 163: a withdrawal over the agency's amount when it was asked needs two staff users. The first
-- approval (its bank reference in bank_reference) waits here for a second, different user.
ALTER TABLE withdrawals
  ADD COLUMN two_approvals boolean NOT NULL DEFAULT false,
  ADD COLUMN first_approved_by uuid,
  ADD COLUMN first_approved_username text,
  ADD COLUMN first_approved_at timestamptz,
  ADD CONSTRAINT withdrawals_first_approval CHECK (
    (first_approved_by IS NULL) = (first_approved_at IS NULL) AND (first_approved_by IS NULL OR two_approvals)
  );

-- Decision 162: a paid deposit over the agency's amount is held (REVIEW): its kip is booked, its credit
-- waits. Staff approve it (PAID, the credit sent) or reject it (REJECTED, the kip refunded, once).
ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_status_check;
ALTER TABLE deposit_orders
  ADD CONSTRAINT deposit_orders_status_check
    CHECK (status IN ('OPEN', 'CANCELED', 'PAID', 'SUCCESS', 'FAILED', 'REVIEW', 'REJECTED')),
  ADD CONSTRAINT deposit_orders_review_paid CHECK (status NOT IN ('REVIEW', 'REJECTED') OR bank_reference IS NOT NULL),
  ADD CONSTRAINT deposit_orders_rejected_refunded CHECK (status <> 'REJECTED' OR refunded_at IS NOT NULL),
  ADD COLUMN reviewed_by uuid,
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN review_reason text;
ALTER TABLE deposit_orders DROP CONSTRAINT deposit_orders_refund_failed;
ALTER TABLE deposit_orders ADD CONSTRAINT deposit_orders_refund_failed CHECK (refunded_at IS NULL OR status IN ('FAILED', 'REJECTED'));
CREATE INDEX deposit_orders_review ON deposit_orders (agency_id, created_at, id) WHERE status = 'REVIEW';
