-- ledger_post_many (../functions/ledger_post_many.sql) replaces ledger_post (decision 021): one
-- posting is a list of one.
DROP FUNCTION IF EXISTS ledger_post(uuid, text, text, jsonb, uuid[], uuid[], text[], bigint[]);
