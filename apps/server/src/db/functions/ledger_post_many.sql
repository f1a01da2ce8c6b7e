-- Several ledger postings in one statement (docs/decisions/009-ledger.md). ledger.ts posts one
-- transaction as a list of one; a group of settlements posts its list at once (decision 021).
--
-- p_txs is a JSON array, one object per transaction, in the order they apply:
--   {"agencyId", "reference", "kind", "metadata" (object or null),
--    "entries": [{"from", "to", "currency", "amount" (a string of digits)}, …]}
-- It answers one row per transaction: its position (1-based), its id, and whether its reference had
-- been posted before (then nothing of it is written; a reference twice in one list counts once).
--   1. the transaction rows, ON CONFLICT (reference) DO NOTHING;
--   2. every account the new transactions touch locked in id order, FOR NO KEY UPDATE (it never
--      changes an account's key, so it does not conflict with the KEY SHARE locks of foreign keys),
--      each read once, by primary key, into arrays the checks read instead of the table;
--   3. unknown accounts, accounts of another agency than the transaction's and balances that may
--      not go below zero refused, as if the transactions were posted one after the other (SQLSTATE
--      LD001 with the figures of the first that falls short; ledger.ts turns it into
--      InsufficientFundsError). The CHECK constraint stays as the last line of defence;
--   4. the entries appended in order; their statement trigger (ledger_apply_entries.sql) moves the
--      cached balances.
-- Any refusal rolls back the caller's whole transaction: nothing of the list is written.
-- The input is parsed once into arrays (decision 024): the joins over JSON of earlier versions cost
-- ~0.7 ms per settlement in groups of ~50 entries. Lookups go by primary key, one probe per account:
-- the generic plan PL/pgSQL keeps after five calls read the whole table for `id = ANY (…)`
-- (bench/settlement.mjs --statements).
CREATE OR REPLACE FUNCTION ledger_post_many(p_txs jsonb)
RETURNS TABLE (ord int, transaction_id uuid, duplicate boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_ords int[];
  v_ids uuid[];
  v_dups boolean[];
  v_tx_agency uuid[];
  e_ord int[];
  e_from uuid[];
  e_to uuid[];
  e_currency text[];
  e_amount bigint[];
  v_accounts uuid[];
  v_locked_ids uuid[];
  v_locked_agency uuid[];
  v_locked_balance bigint[];
  v_locked_floor boolean[];
  v_short record;
BEGIN
  IF jsonb_typeof(p_txs) IS DISTINCT FROM 'array' OR jsonb_array_length(p_txs) = 0 THEN
    RAISE EXCEPTION 'ledger: a list of transactions is needed';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_txs) t (v)
              WHERE jsonb_typeof(t.v -> 'entries') IS DISTINCT FROM 'array' OR jsonb_array_length(t.v -> 'entries') = 0) THEN
    RAISE EXCEPTION 'ledger: a transaction needs entries';
  END IF;
  SELECT (e.v ->> 'amount') AS amount INTO v_short
    FROM jsonb_array_elements(p_txs) t (v), jsonb_array_elements(t.v -> 'entries') e (v)
   WHERE coalesce(e.v ->> 'amount', '') !~ '^[0-9]{1,18}$' OR (e.v ->> 'amount')::bigint <= 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: entry amount must be positive, got %', v_short.amount;
  END IF;

  -- 1. the transactions; the first of a reference repeated in the list is the one written
  WITH input AS (
    SELECT t.ord::int AS ord, (t.v ->> 'agencyId')::uuid AS agency_id, t.v ->> 'reference' AS reference, t.v ->> 'kind' AS kind,
           nullif(t.v -> 'metadata', 'null'::jsonb) AS metadata,
           t.ord = min(t.ord) OVER (PARTITION BY t.v ->> 'reference') AS first
      FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord)
  ), inserted AS (
    INSERT INTO ledger_transactions (agency_id, reference, kind, metadata)
    SELECT i.agency_id, i.reference, i.kind, i.metadata FROM input i WHERE i.first ORDER BY i.ord
    ON CONFLICT (reference) DO NOTHING
    RETURNING id, reference
  )
  -- (a reference written by this statement is not visible to its own subquery: take it from `inserted`)
  -- in list order (ord 1…n), so that a transaction's id, agency and whether it is new are read by its position
  SELECT array_agg(i.ord ORDER BY i.ord),
         array_agg(coalesce(n.id, (SELECT t.id FROM ledger_transactions t WHERE t.reference = i.reference)) ORDER BY i.ord),
         array_agg(NOT (i.first AND n.id IS NOT NULL) ORDER BY i.ord),
         array_agg(i.agency_id ORDER BY i.ord)
    INTO v_ords, v_ids, v_dups, v_tx_agency
    FROM input i LEFT JOIN inserted n ON n.reference = i.reference;

  -- the new transactions' entries, parsed once, in the order they are written
  SELECT array_agg(t.ord::int ORDER BY t.ord, e.n), array_agg((e.v ->> 'from')::uuid ORDER BY t.ord, e.n),
         array_agg((e.v ->> 'to')::uuid ORDER BY t.ord, e.n), array_agg(e.v ->> 'currency' ORDER BY t.ord, e.n),
         array_agg((e.v ->> 'amount')::bigint ORDER BY t.ord, e.n)
    INTO e_ord, e_from, e_to, e_currency, e_amount
    FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord)
   CROSS JOIN LATERAL jsonb_array_elements(t.v -> 'entries') WITH ORDINALITY e (v, n)
   WHERE NOT v_dups[t.ord::int];

  IF e_ord IS NOT NULL THEN
    -- 2. the accounts, locked in id order
    SELECT array_agg(DISTINCT a ORDER BY a) INTO v_accounts FROM unnest(e_from || e_to) AS x (a);
    -- read once here, locked: the checks below use these, not the table
    SELECT array_agg(l.id ORDER BY l.id), array_agg(l.agency_id ORDER BY l.id), array_agg(l.balance ORDER BY l.id),
           array_agg(l.type IN ('PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE') ORDER BY l.id)
      INTO v_locked_ids, v_locked_agency, v_locked_balance, v_locked_floor
      FROM unnest(v_accounts) WITH ORDINALITY AS a (id, n)
      -- one primary-key probe per account, in id order (v_accounts is sorted): a generic plan of
      -- `id = ANY (…)` read the whole table on every call (bench/settlement.mjs --statements)
     CROSS JOIN LATERAL (SELECT l.id, l.agency_id, l.balance, l.type FROM ledger_accounts l WHERE l.id = a.id FOR NO KEY UPDATE) l;
    IF coalesce(cardinality(v_locked_ids), 0) <> cardinality(v_accounts) THEN
      RAISE EXCEPTION 'ledger: unknown account in transaction';
    END IF;

    -- 3. the refusals
    IF EXISTS (
      SELECT 1 FROM (SELECT x.o, x.a FROM unnest(e_ord, e_from) AS x (o, a) UNION ALL SELECT y.o, y.a FROM unnest(e_ord, e_to) AS y (o, a)) m
        JOIN unnest(v_locked_ids, v_locked_agency) AS l (id, agency_id) ON l.id = m.a
       WHERE l.agency_id <> v_tx_agency[m.o]
    ) THEN
      RAISE EXCEPTION 'ledger: accounts of another agency';
    END IF;
    WITH moves AS (
      SELECT x.o AS ord, x.a AS account, -x.amount AS amount FROM unnest(e_ord, e_from, e_amount) AS x (o, a, amount)
      UNION ALL
      SELECT y.o, y.a, y.amount FROM unnest(e_ord, e_to, e_amount) AS y (o, a, amount)
    ), per_tx AS (
      SELECT m.account, m.ord, sum(m.amount) AS net FROM moves m GROUP BY m.account, m.ord
    ), running AS (
      SELECT p.account, p.ord, p.net, l.balance + sum(p.net) OVER (PARTITION BY p.account ORDER BY p.ord) AS after
        FROM per_tx p JOIN unnest(v_locked_ids, v_locked_balance, v_locked_floor) AS l (id, balance, floor) ON l.id = p.account
       WHERE l.floor
    )
    SELECT r.account, r.after - r.net AS has, -r.net AS needs INTO v_short FROM running r WHERE r.after < 0 ORDER BY r.ord LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'LD001', MESSAGE = format('ledger: account %s has %s, needs %s', v_short.account, v_short.has, v_short.needs);
    END IF;

    -- 4. the entries, transaction after transaction
    INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount)
    SELECT v_ids[x.o], x.f, x.t, x.c, x.amount
      FROM unnest(e_ord, e_from, e_to, e_currency, e_amount) WITH ORDINALITY AS x (o, f, t, c, amount, n)
     ORDER BY x.n;
  END IF;

  RETURN QUERY SELECT x.o, x.id, x.d FROM unnest(v_ords, v_ids, v_dups) AS x (o, id, d);
END $$;
