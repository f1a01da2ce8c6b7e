-- The worker deletes finished jobs and old idempotency keys after a configurable age
-- (JOB_RETENTION_HOURS, IDEMPOTENCY_RETENTION_HOURS; jobs/purge.ts): these indexes let it find
-- them without reading the whole table each time.
CREATE INDEX jobs_done ON jobs (done_at) WHERE done_at IS NOT NULL;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
