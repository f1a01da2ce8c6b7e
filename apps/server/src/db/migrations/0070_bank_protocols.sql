-- Real bank protocols (issue #30, docs/decisions/120-bank-gateway-port.md): the agency chooses, per
-- bank, the protocol the server speaks to it, and keeps the credentials the bank gave it, encrypted
-- at rest (AES-256-GCM under CREDENTIALS_KEY, lib/credentials.ts; the row's agency and bank are the
-- additional data, so a value copied to another row does not decrypt). NULL credentials: the
-- protocol needs none (sandbox).
ALTER TABLE agency_bank_config
  ADD COLUMN protocol text NOT NULL DEFAULT 'sandbox'
    CHECK (protocol IN ('sandbox', 'jdb-yes', 'lvb-openapi', 'bcel-onepay')),
  ADD COLUMN credentials text;
