-- Every server process keeps the sessions it has looked up in memory (auth/session-cache.ts). A
-- change to a session (revoked, expired, refreshed) or to its member (banned, role, verified, email)
-- must reach every process at once, whatever made it: better-auth, a moderator, or SQL by hand. These
-- statement-level triggers NOTIFY the member ids a statement touched on 'velvet_auth' when the
-- transaction commits; a statement touching too many members for one payload says '*' (forget all).
CREATE FUNCTION "session_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
	SELECT string_agg(DISTINCT o.user_id, ',') INTO ids FROM old_rows o;
	IF ids IS NOT NULL THEN
		PERFORM pg_notify('velvet_auth', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "user_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids text;
BEGIN
	SELECT string_agg(DISTINCT o.id, ',') INTO ids FROM old_rows o;
	IF ids IS NOT NULL THEN
		PERFORM pg_notify('velvet_auth', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "session_updated_notify" AFTER UPDATE ON "session" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "session_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "session_deleted_notify" AFTER DELETE ON "session" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "session_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_updated_notify" AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "user_auth_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_deleted_notify" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "user_auth_changed"();
