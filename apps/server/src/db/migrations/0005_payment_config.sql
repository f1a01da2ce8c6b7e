-- Per-agency LAO QR merchant configuration, one row per bank (DESIGN.md §5a).
-- iin NULL means the bank's published IIN (packages/contracts laoqr.ts); KBank has none published, so
-- its row must carry one.
CREATE TABLE agency_bank_config (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  bank text NOT NULL CHECK (bank IN ('bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb')),
  iin text CHECK (iin ~ '^[0-9]{8}$'),
  merchant_id text NOT NULL CHECK (merchant_id ~ '^[ -~]{1,60}$'),
  mcc text NOT NULL CHECK (mcc ~ '^[0-9]{4}$'),
  merchant_name text NOT NULL CHECK (merchant_name ~ '^[ -~]{1,25}$'),
  city text NOT NULL CHECK (city ~ '^[ -~]{1,15}$'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, bank),
  CHECK (bank <> 'kasikam' OR iin IS NOT NULL)
);

-- An existing demo agency gets its configuration here; a fresh database gets it from seedBankConfig
-- (apps/server/src/payments/bank-config.ts), which writes the same rows.
INSERT INTO agency_bank_config (agency_id, bank, iin, merchant_id, mcc, merchant_name, city)
SELECT a.id, v.bank, v.iin, v.merchant_id, '5816', 'Lao Credit Demo', 'Vientiane'
FROM agencies a
CROSS JOIN (VALUES
  ('bcel', NULL, 'DEMO-BCEL-001'),
  ('jdb', NULL, 'DEMO-JDB-001'),
  ('ldb', NULL, 'DEMO-LDB-001'),
  ('indochina', NULL, 'DEMO-IDCB-001'),
  ('kasikam', '70120418', 'DEMO-KBANK-001'),
  ('lvb', NULL, 'DEMO-LVB-001')
) AS v (bank, iin, merchant_id)
WHERE a.code = 'demo'
ON CONFLICT DO NOTHING;
