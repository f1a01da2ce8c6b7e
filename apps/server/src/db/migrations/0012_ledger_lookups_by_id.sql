-- ledger_post_many (migration 0011) without reading the accounts table more than once per call
-- (docs/decisions/021-settlement-in-groups.md, "Plans that grow with the table"). The agency check
-- and the balance check each joined ledger_accounts again after the lock pass; with the row estimate
-- PostgreSQL gives a function over JSON (100 rows), and with the generic plan PL/pgSQL keeps after
-- five calls, the planner read the whole table for them: a sequential scan of every account on every
-- posting, ~650 rows read per settlement in the benchmark (bench/settlement.mjs --statements) and
-- growing with the number of players. Now the lock pass reads each account once, by primary key,
-- and keeps its agency, balance and kind in arrays that the two checks read instead of the table.
-- Nothing else changes: same input, same answers, same refusals, same lock order.

CREATE OR REPLACE FUNCTION ledger_post_many(p_txs jsonb)
RETURNS TABLE (ord int, transaction_id uuid, duplicate boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_ords int[];
  v_ids uuid[];
  v_dups boolean[];
  v_new int[];
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
  SELECT array_agg(i.ord ORDER BY i.ord),
         array_agg(coalesce(n.id, (SELECT t.id FROM ledger_transactions t WHERE t.reference = i.reference)) ORDER BY i.ord),
         array_agg(NOT (i.first AND n.id IS NOT NULL) ORDER BY i.ord)
    INTO v_ords, v_ids, v_dups
    FROM input i LEFT JOIN inserted n ON n.reference = i.reference;

  SELECT coalesce(array_agg(o ORDER BY o), '{}') INTO v_new FROM unnest(v_ords, v_dups) AS x (o, d) WHERE NOT d;
  IF cardinality(v_new) > 0 THEN
    -- 2. the accounts, locked in id order
    SELECT array_agg(DISTINCT a ORDER BY a) INTO v_accounts
      FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord), jsonb_array_elements(t.v -> 'entries') e (v),
           LATERAL (VALUES ((e.v ->> 'from')::uuid), ((e.v ->> 'to')::uuid)) AS x (a)
     WHERE t.ord = ANY (v_new);
    -- read once here, locked: the checks below use these, not the table
    SELECT array_agg(l.id ORDER BY l.id), array_agg(l.agency_id ORDER BY l.id), array_agg(l.balance ORDER BY l.id),
           array_agg(l.type IN ('PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE') ORDER BY l.id)
      INTO v_locked_ids, v_locked_agency, v_locked_balance, v_locked_floor
      FROM (SELECT l.id, l.agency_id, l.balance, l.type FROM ledger_accounts l WHERE l.id = ANY (v_accounts) ORDER BY l.id FOR NO KEY UPDATE) l;
    IF coalesce(cardinality(v_locked_ids), 0) <> cardinality(v_accounts) THEN
      RAISE EXCEPTION 'ledger: unknown account in transaction';
    END IF;

    -- 3. the refusals
    IF EXISTS (
      SELECT 1 FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord), jsonb_array_elements(t.v -> 'entries') e (v),
             unnest(v_locked_ids, v_locked_agency) AS l (id, agency_id)
       WHERE t.ord = ANY (v_new) AND l.id IN ((e.v ->> 'from')::uuid, (e.v ->> 'to')::uuid) AND l.agency_id <> (t.v ->> 'agencyId')::uuid
    ) THEN
      RAISE EXCEPTION 'ledger: accounts of another agency';
    END IF;
    WITH moves AS (
      SELECT t.ord, (e.v ->> 'from')::uuid AS account, -(e.v ->> 'amount')::bigint AS amount
        FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord), jsonb_array_elements(t.v -> 'entries') e (v) WHERE t.ord = ANY (v_new)
      UNION ALL
      SELECT t.ord, (e.v ->> 'to')::uuid, (e.v ->> 'amount')::bigint
        FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord), jsonb_array_elements(t.v -> 'entries') e (v) WHERE t.ord = ANY (v_new)
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
    SELECT x.id, (e.v ->> 'from')::uuid, (e.v ->> 'to')::uuid, e.v ->> 'currency', (e.v ->> 'amount')::bigint
      FROM jsonb_array_elements(p_txs) WITH ORDINALITY t (v, ord)
      JOIN unnest(v_ords, v_ids) AS x (o, id) ON x.o = t.ord
      CROSS JOIN LATERAL jsonb_array_elements(t.v -> 'entries') WITH ORDINALITY e (v, n)
     WHERE t.ord = ANY (v_new)
     ORDER BY t.ord, e.n;
  END IF;

  RETURN QUERY SELECT x.o, x.id, x.d FROM unnest(v_ords, v_ids, v_dups) AS x (o, id, d);
END $$;
