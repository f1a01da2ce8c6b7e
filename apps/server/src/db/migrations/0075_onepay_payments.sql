-- BCEL OnePay (docs/decisions/130, 133): every payment message the bank published on an agency's
-- channel, kept once per (mcid, fccref) however often it is delivered again (redelivery on reconnect,
-- several server instances listening). The OnePay adapter's status call reads its answer here.
CREATE TABLE onepay_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id),
  mcid text NOT NULL,
  shopcode text,
  -- the QR's transaction uuid (tag 62, 05): our deposit's gateway reference
  uuid text NOT NULL,
  invoice text,
  amount_lak bigint NOT NULL CHECK (amount_lak > 0),
  ccy text NOT NULL,
  -- the core-banking reference: the bank reference the deposit is paid under
  fccref text NOT NULL,
  ticket text,
  payer_name text,
  payer_account text,
  paid_at timestamptz NOT NULL,
  -- the PubNub timetoken of the first delivery (17 digits)
  timetoken text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mcid, fccref)
);
CREATE INDEX onepay_payments_agency_uuid ON onepay_payments (agency_id, uuid);
