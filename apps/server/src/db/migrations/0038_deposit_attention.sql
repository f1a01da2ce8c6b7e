-- Deposits needing attention (DESIGN.md §9, docs/decisions/059-deposits-needing-attention.md).

-- A FAILED deposit that staff refunded to the payer's bank: the reference of that bank transfer, once.
-- It stays FAILED for the player (the credit never arrived); it leaves the staff's list.
ALTER TABLE deposit_orders
  ADD COLUMN refund_reference text UNIQUE,
  ADD COLUMN refunded_at timestamptz,
  ADD CONSTRAINT deposit_orders_refund_once CHECK ((refund_reference IS NULL) = (refunded_at IS NULL)),
  ADD CONSTRAINT deposit_orders_refund_failed CHECK (refunded_at IS NULL OR status = 'FAILED');

-- the lists, oldest first by keyset (decision 058); small partial indexes, the lists are short
CREATE INDEX deposit_orders_failed ON deposit_orders (agency_id, created_at, id) WHERE status = 'FAILED' AND refunded_at IS NULL;
CREATE INDEX provider_transfers_pending_age ON provider_transfers (agency_id, created_at, id) WHERE status = 'PENDING';

-- Payments the bank reported that credit no order: a second payment of a QR already paid, a payment
-- of another amount than the order's (not credited: PAYMENT_MISMATCH), a gateway reference we never
-- issued. The kip is in the agency's bank account: booked BANK_CLEARING → EXCHANGE(LAK) when kept,
-- and back when staff refund it.
CREATE TABLE unmatched_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  order_id uuid REFERENCES deposit_orders (id),
  gateway_reference text NOT NULL,
  bank_reference text NOT NULL UNIQUE,
  amount_lak bigint NOT NULL CHECK (amount_lak > 0),
  currency text NOT NULL,
  paid_at timestamptz NOT NULL,
  reason text NOT NULL CHECK (reason IN ('NO_ORDER', 'PAID_TWICE', 'AMOUNT_MISMATCH')),
  created_at timestamptz NOT NULL DEFAULT now(),
  refund_reference text UNIQUE,
  refunded_at timestamptz,
  CHECK ((refund_reference IS NULL) = (refunded_at IS NULL))
);
CREATE INDEX unmatched_payments_open ON unmatched_payments (agency_id, created_at, id) WHERE refunded_at IS NULL;
