-- A confirmed early adopter who leaves the list, is deleted by an administrator or erased by a deletion
-- request hands their spot back (issue 43): one trigger, so every way out counts, in the same transaction.
-- Only leaving or deletion: a confirmation that found no spot turns its row from confirmed to notify in the
-- same transaction, and that spot was never taken.
CREATE OR REPLACE FUNCTION audience_give_back_spot() RETURNS trigger AS $$
BEGIN
  IF OLD.list = 'waitlist' AND OLD.state = 'confirmed' AND (TG_OP = 'DELETE' OR NEW.state = 'unsubscribed') THEN
    UPDATE audience_waitlist_spots SET taken = greatest(taken - 1, 0) WHERE id = 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audience_subscribers_give_back_spot
  AFTER UPDATE OF state OR DELETE ON audience_subscribers
  FOR EACH ROW EXECUTE FUNCTION audience_give_back_spot();
