-- The cached balances move once per account and statement, not once per entry
-- (docs/decisions/009-ledger.md): an AFTER INSERT … FOR EACH STATEMENT trigger reads the
-- statement's entries (a transition table) and applies, per account, their net sum in one UPDATE:
-- balance + net, version + the number of entries touching the account (so that a version read
-- before and after still says "this account moved", for syncCredit).
--   1. every account the entries touch locked in id order, FOR NO KEY UPDATE: ledger_post_many has
--      locked them so already; a direct INSERT takes them in the same order, so no deadlock;
--   2. one UPDATE, each account found by primary key and matched on its currency;
--   3. fewer rows updated than (account, currency) pairs in the entries: an entry names an account
--      not in its currency (or none; the foreign keys, whose checks run before this trigger, refuse
--      an unknown account first): refused ('ledger: account … is not in …'), naming the first such
--      account in entry order, an entry's from account before its to account.
-- A refusal undoes the whole statement, entries and balances.
-- The CHECK constraints see the net balance: ledger_post_many checks the running balances of the
-- accounts that may not go below zero before it inserts; a direct multi-row INSERT is held to its
-- statement's net.
CREATE OR REPLACE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ids uuid[];
  v_currencies text[];
  v_nets bigint[];
  v_counts bigint[];
  v_updated int;
  v_bad record;
BEGIN
  -- the net move of each account (and currency: an account named in two currencies is twice here),
  -- in id order, read into arrays that the statements below walk, probing ledger_accounts by primary
  -- key once per account (LATERAL). Joined as sets, the generic plan PL/pgSQL keeps read the whole
  -- table instead whenever it was made while the table was small (a few thousand rows): a hash join.
  SELECT array_agg(n.account ORDER BY n.account, n.currency), array_agg(n.currency ORDER BY n.account, n.currency),
         array_agg(n.net ORDER BY n.account, n.currency), array_agg(n.entries ORDER BY n.account, n.currency)
    INTO v_ids, v_currencies, v_nets, v_counts
    FROM (
      SELECT m.account, m.currency, sum(m.amount)::bigint AS net, count(*) AS entries
        FROM (SELECT e.from_account_id AS account, e.currency, -e.amount AS amount FROM ledger_new_entries e
              UNION ALL
              SELECT e.to_account_id, e.currency, e.amount FROM ledger_new_entries e) m
       GROUP BY m.account, m.currency
    ) n;
  IF v_ids IS NULL THEN
    RETURN NULL; -- an INSERT of no rows
  END IF;

  -- 1. the accounts, locked in id order (the array's; a LATERAL with a locking clause is not flattened)
  PERFORM count(*) FROM unnest(v_ids) AS n (id)
    CROSS JOIN LATERAL (SELECT a.id FROM ledger_accounts a WHERE a.id = n.id FOR NO KEY UPDATE) locked;

  -- 2. one UPDATE: each account found by primary key (OFFSET 0 keeps the probe from being flattened
  --    into a join of the whole table), then its row by ctid
  UPDATE ledger_accounts a SET balance = a.balance + x.net, version = a.version + x.entries
    FROM (SELECT l.tid, n.net, n.entries
            FROM unnest(v_ids, v_currencies, v_nets, v_counts) AS n (id, currency, net, entries)
           CROSS JOIN LATERAL (SELECT l.ctid AS tid FROM ledger_accounts l WHERE l.id = n.id AND l.currency = n.currency OFFSET 0) l) x
   WHERE a.ctid = x.tid;
  GET DIAGNOSTICS v_updated = ROW_COUNT;

  -- 3. an account not in its entry's currency
  IF v_updated <> cardinality(v_ids) THEN
    SELECT x.account, e.currency INTO v_bad
      FROM ledger_new_entries e CROSS JOIN LATERAL (VALUES (1, e.from_account_id), (2, e.to_account_id)) AS x (side, account)
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = x.account AND a.currency = e.currency)
     ORDER BY e.id, x.side LIMIT 1;
    RAISE EXCEPTION 'ledger: account % is not in %', v_bad.account, v_bad.currency;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER ledger_entries_apply AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS ledger_new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();
