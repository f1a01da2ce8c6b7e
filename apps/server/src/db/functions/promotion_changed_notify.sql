-- Each server instance keeps the promotions its agencies offer (decision 188). Any change of what a
-- player sees of a promotion is told to every instance on the channel `promotion_changed` as the
-- agency's id, from the database itself, so that no writer (a staff route, the worker, an operator's
-- SQL) can forget it. A take (uses + 1) changes nothing a player sees and is not told.
CREATE OR REPLACE FUNCTION promotion_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('promotion_changed', OLD.agency_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.agency_id <> OLD.agency_id) THEN
    PERFORM pg_notify('promotion_changed', NEW.agency_id::text);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER promotions_offered_changed AFTER INSERT OR DELETE ON promotions
  FOR EACH ROW EXECUTE FUNCTION promotion_changed_notify();
-- every column a player's answer is made of, or chooses the rows by (not uses, max_uses, image_data:
-- a new image is a new image_hash)
CREATE OR REPLACE TRIGGER promotions_offered_updated AFTER UPDATE ON promotions
  FOR EACH ROW
  WHEN ((OLD.id, OLD.agency_id, OLD.code, OLD.texts, OLD.providers, OLD.starts_at, OLD.ends_at, OLD.rules, OLD.is_active,
         OLD.image_hash)
        IS DISTINCT FROM
        (NEW.id, NEW.agency_id, NEW.code, NEW.texts, NEW.providers, NEW.starts_at, NEW.ends_at, NEW.rules, NEW.is_active,
         NEW.image_hash))
  EXECUTE FUNCTION promotion_changed_notify();
