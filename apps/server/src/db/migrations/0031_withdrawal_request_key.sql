-- A withdrawal remembers the Idempotency-Key of the request that made it (docs/decisions/062): a
-- request whose process died after its transaction committed, before the key's answer was written,
-- runs again once the key's lease has passed; it then finds the withdrawal its first run made
-- instead of making a second one (the soak saw one made twice after the first had been approved).
ALTER TABLE withdrawals ADD COLUMN request_key text;
CREATE UNIQUE INDEX withdrawals_request_key ON withdrawals (agency_id, player_id, request_key) WHERE request_key IS NOT NULL;
