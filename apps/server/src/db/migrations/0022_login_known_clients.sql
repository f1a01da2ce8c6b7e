-- The clients each account has logged in from (docs/decisions/039-login-throttling.md): the hash of
-- a device cookie set at login, or an address. Once an account's failed logins from everywhere pass
-- a small budget, only its known clients may still try it, so that a stranger's wrong guesses from
-- many addresses cannot keep its owner out; the per-(account, client) and per-client limits still
-- stop guessing. `account` is 'player:<username>' or 'staff:<username>' within the agency: failures
-- are counted before the account is looked up, and an unknown name is treated exactly the same.
CREATE TABLE login_known_clients (
  agency_id uuid NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
  account text NOT NULL,
  client text NOT NULL CHECK (client ~ '^(device:[0-9a-f]{64}|ip:.+)$'),
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (agency_id, account, client)
);
CREATE INDEX login_known_clients_seen_idx ON login_known_clients (seen_at);
