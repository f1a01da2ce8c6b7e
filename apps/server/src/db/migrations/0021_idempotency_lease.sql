-- An in-flight Idempotency-Key holds a lease (docs/decisions/040-repeated-calls.md): a request that
-- died mid-way (a crash, a deploy) must not leave its key answering 409 forever. A row still without
-- an answer once its lease has passed is taken over by the next request with the same key and body,
-- which writes a new lease id; only the holder of the current lease stores the answer.
ALTER TABLE idempotency_keys
  ADD COLUMN lease_id uuid,
  -- rows written before the lease existed and never answered are from before a restart: expired
  ADD COLUMN lease_expires_at timestamptz NOT NULL DEFAULT now();
