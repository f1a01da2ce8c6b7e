-- One row per key: its current window, that window's hits and the previous window's
-- (docs/decisions/197-rate-limits-one-row-per-key.md). A hit updates the key's row under its
-- lock, so hits stamped across a window boundary are counted as the row has them, in the order
-- the database applies them: of a burst, exactly the first `max` pass even when it straddles a
-- boundary. Expand step (decision 101): rate_limit_counters stays for the previous release's
-- instances during an upgrade and is dropped a release later.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  previous integer NOT NULL DEFAULT 0 CHECK (previous >= 0),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_expires_idx ON rate_limits (expires_at);

-- the live counts carried over, so that an upgrade lifts no lock: each key's latest window, and
-- the one just before it (a window's length is half its row's life: expires_at = start + 2 windows)
INSERT INTO rate_limits (key, window_start, count, previous, expires_at)
SELECT l.key, l.window_start, l.count, coalesce(p.count, 0), l.expires_at
  FROM (SELECT DISTINCT ON (key) key, window_start, count, expires_at
          FROM rate_limit_counters WHERE expires_at > now() ORDER BY key, window_start DESC) l
  LEFT JOIN rate_limit_counters p
         ON p.key = l.key AND p.window_start = l.window_start - (l.expires_at - l.window_start) / 2;
