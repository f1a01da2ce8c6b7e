-- A deposit whose transfer the provider VOIDED ends its usage: CANCELED with closed_by 'VOIDED', the
-- bonus posted back to the promotion account in the same transaction (docs/decisions/045, amended).
ALTER TABLE promotion_usages DROP CONSTRAINT promotion_usages_closed_by_check;
ALTER TABLE promotion_usages ADD CONSTRAINT promotion_usages_closed_by_check
  CHECK (closed_by IN ('PLAYER', 'STAFF', 'EXPIRED', 'DEACTIVATED', 'WITHDRAWAL', 'RECHECK', 'VOIDED'));
