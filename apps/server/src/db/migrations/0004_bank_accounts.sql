-- The player's one bank account (DESIGN.md §7, docs/decisions/010-bank-account-rules.md).
CREATE TABLE player_bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  -- one account per player; changes go through staff
  player_id uuid NOT NULL UNIQUE,
  bank text NOT NULL CHECK (bank IN ('bcel', 'jdb', 'ldb', 'indochina', 'kasikam', 'lvb')),
  -- stored normalised: digits only
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{6,32}$'),
  account_name text NOT NULL CHECK (length(account_name) BETWEEN 1 AND 100),
  currency text NOT NULL DEFAULT 'LAK' CHECK (currency = 'LAK'),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- the player belongs to the same agency as the row
  FOREIGN KEY (agency_id, player_id) REFERENCES players (agency_id, id) ON DELETE CASCADE,
  -- ACCOUNT_IN_USED: one bank account serves one player of an agency
  CONSTRAINT player_bank_accounts_number_key UNIQUE (agency_id, bank, account_number)
);
