-- Every server process keeps an index of the members others may find (modules/members/member-index.ts)
-- and must hear of every change to a profile, whatever made it: the app, the seed, or SQL by hand.
-- These statement-level triggers NOTIFY the ids a statement inserted, changed or deleted on
-- 'velvet_members' when the transaction commits, 200 ids a payload (a payload holds at most 8000 bytes),
-- so even a bulk statement is heard id by id and no process has to read everyone again.
CREATE FUNCTION "profiles_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE batch text;
BEGIN
	FOR batch IN
		SELECT string_agg(c.user_id, ',') FROM (
			SELECT c.user_id, (row_number() OVER ()) / 200 AS chunk FROM changed_rows c
		) c GROUP BY c.chunk
	LOOP
		PERFORM pg_notify('velvet_members', batch);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "profiles_inserted_notify" AFTER INSERT ON "profiles" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "profiles_updated_notify" AFTER UPDATE ON "profiles" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "profiles_deleted_notify" AFTER DELETE ON "profiles" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed_notify"();
