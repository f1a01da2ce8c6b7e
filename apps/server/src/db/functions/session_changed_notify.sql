-- Each server instance may keep the sessions it has just read for a few seconds (decision 043). Any
-- change that could end a session or change what its lookup answers is told to every instance on
-- the channel `session_changed` as 'player:<player id>' or 'staff:<staff id>', from the database
-- itself, so that no writer (a route, the back office, an operator's SQL) can forget it. A touch
-- of last_seen_at moving forward says nothing: it cannot end a session.
-- TG_ARGV: the kind ('player' or 'staff') and the column of the row holding its id.
CREATE OR REPLACE FUNCTION session_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed',
    TG_ARGV[0] || ':' || (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[1]));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER players_session_changed AFTER UPDATE OR DELETE ON players
  FOR EACH ROW EXECUTE FUNCTION session_changed_notify('player', 'id');
CREATE OR REPLACE TRIGGER player_bank_accounts_session_changed AFTER INSERT OR UPDATE OR DELETE ON player_bank_accounts
  FOR EACH ROW EXECUTE FUNCTION session_changed_notify('player', 'player_id');
CREATE OR REPLACE TRIGGER staff_users_session_changed AFTER UPDATE OR DELETE ON staff_users
  FOR EACH ROW EXECUTE FUNCTION session_changed_notify('staff', 'id');

-- both session tables alike: an ended, shortened, moved-back or re-keyed session is told
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES ('player_sessions', 'player', 'player_id'), ('staff_sessions', 'staff', 'staff_id')) AS v (tbl, kind, owner) LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION session_changed_notify(%L, %L)',
                   t.tbl || '_ended', t.tbl, t.kind, t.owner);
    EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW
                      WHEN (NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at <> OLD.expires_at
                            OR NEW.last_seen_at < OLD.last_seen_at OR NEW.token_hash <> OLD.token_hash)
                      EXECUTE FUNCTION session_changed_notify(%L, %L)',
                   t.tbl || '_changed', t.tbl, t.kind, t.owner);
  END LOOP;
END $$;
