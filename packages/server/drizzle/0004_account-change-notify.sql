-- Every write to a user's account state tells every instance, when it commits, which user changed
-- (docs/decisions/018-account-cache.md). Triggers rather than calls in the code: no writer (API,
-- CLI, cascade, a future feature) can forget to notify. Payload: '<table>:<user id>'.
-- Not on attempts: a transaction that notifies holds PostgreSQL's one notify lock while it commits,
-- which would serialise every submission; the submission announces itself after its commit,
-- batched (lib/account-cache.ts `publishAttempts`).
CREATE FUNCTION "qq_notify_account_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_user text;
  new_user text;
BEGIN
  -- Separate statements: a field is resolved only when its statement runs, and users has no user_id.
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP <> 'INSERT' THEN old_user := OLD.id::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_user := NEW.id::text; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_user := OLD.user_id::text; END IF;
    IF TG_OP <> 'DELETE' THEN new_user := NEW.user_id::text; END IF;
  END IF;
  IF old_user IS NOT NULL THEN
    PERFORM pg_notify('qq_account_changed', TG_TABLE_NAME || ':' || old_user);
  END IF;
  IF new_user IS NOT NULL AND new_user IS DISTINCT FROM old_user THEN
    PERFORM pg_notify('qq_account_changed', TG_TABLE_NAME || ':' || new_user);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "qq_notify_account_changed"();--> statement-breakpoint
CREATE TRIGGER "subscriptions_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "qq_notify_account_changed"();--> statement-breakpoint
CREATE TRIGGER "certifications_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "certifications"
  FOR EACH ROW EXECUTE FUNCTION "qq_notify_account_changed"();--> statement-breakpoint
CREATE TRIGGER "certificates_account_changed" AFTER INSERT OR UPDATE OR DELETE ON "certificates"
  FOR EACH ROW EXECUTE FUNCTION "qq_notify_account_changed"();
