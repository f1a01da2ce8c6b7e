-- A ledger posting in one round trip (docs/decisions/019-settlement-round-trips.md): the same steps
-- ledger.ts `post()` took in two statements and its own checks, now in the database. Entries come
-- as four arrays of one length (from, to, currency, amount), at least one entry.
--   1. the transaction row; a reference posted before changes nothing and answers its id, duplicate;
--   2. every account touched locked in id order, FOR NO KEY UPDATE (it never changes an account's
--      key, so it does not conflict with the KEY SHARE locks of foreign keys to the account);
--   3. unknown accounts, accounts of another agency and balances that may not go below zero
--      refused (SQLSTATE LD001 for the balance, with the figures in the message: ledger.ts turns it
--      into InsufficientFundsError); the CHECK constraint stays as the last line of defence;
--   4. the entries appended; their trigger moves the cached balances.
CREATE FUNCTION ledger_post(
  p_agency_id uuid,
  p_reference text,
  p_kind text,
  p_metadata jsonb,
  p_from uuid[],
  p_to uuid[],
  p_currency text[],
  p_amount bigint[]
) RETURNS TABLE (transaction_id uuid, duplicate boolean) LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
  v_ids uuid[];
  v_n int := 0;
  v_net bigint;
  a record;
BEGIN
  IF coalesce(cardinality(p_from), 0) = 0
     OR cardinality(p_to) IS DISTINCT FROM cardinality(p_from)
     OR cardinality(p_currency) IS DISTINCT FROM cardinality(p_from)
     OR cardinality(p_amount) IS DISTINCT FROM cardinality(p_from) THEN
    RAISE EXCEPTION 'ledger: a transaction needs entries of four equal arrays';
  END IF;
  FOR i IN 1 .. cardinality(p_amount) LOOP
    IF p_amount[i] IS NULL OR p_amount[i] <= 0 THEN
      RAISE EXCEPTION 'ledger: entry amount must be positive, got %', p_amount[i];
    END IF;
  END LOOP;

  INSERT INTO ledger_transactions (agency_id, reference, kind, metadata)
  VALUES (p_agency_id, p_reference, p_kind, p_metadata)
  ON CONFLICT (reference) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN QUERY SELECT t.id, true FROM ledger_transactions t WHERE t.reference = p_reference;
    RETURN;
  END IF;

  SELECT array_agg(DISTINCT x ORDER BY x) INTO v_ids FROM unnest(p_from || p_to) AS x;
  FOR a IN
    SELECT l.id, l.type, l.balance, l.agency_id FROM ledger_accounts l
     WHERE l.id = ANY (v_ids) ORDER BY l.id FOR NO KEY UPDATE
  LOOP
    v_n := v_n + 1;
    IF a.agency_id <> p_agency_id THEN
      RAISE EXCEPTION 'ledger: accounts of another agency';
    END IF;
    IF a.type IN ('PLAYER_CREDIT', 'TRANSFER_IN_FLIGHT', 'WITHDRAWALS_PAYABLE') THEN
      v_net := 0;
      FOR i IN 1 .. cardinality(p_amount) LOOP
        IF p_from[i] = a.id THEN v_net := v_net - p_amount[i]; END IF;
        IF p_to[i] = a.id THEN v_net := v_net + p_amount[i]; END IF;
      END LOOP;
      IF a.balance + v_net < 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'LD001', MESSAGE = format('ledger: account %s has %s, needs %s', a.id, a.balance, -v_net);
      END IF;
    END IF;
  END LOOP;
  IF v_n <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'ledger: unknown account in transaction';
  END IF;

  INSERT INTO ledger_entries (transaction_id, from_account_id, to_account_id, currency, amount)
  SELECT v_id, e.f, e.t, e.c, e.amt FROM unnest(p_from, p_to, p_currency, p_amount) AS e (f, t, c, amt);
  RETURN QUERY SELECT v_id, false;
END $$;
