CREATE TABLE "member_counts" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"verified_shown" bigint NOT NULL,
	CONSTRAINT "member_counts_one_row" CHECK ("member_counts"."id")
);
--> statement-breakpoint
DROP INDEX "profiles_findable_verified_idx";--> statement-breakpoint
-- The stats row's Verified (Discover) was a count of profiles_findable_verified_idx, dropped above:
-- 143 000 entries at 1 000 000 members, each checked against its table page while heartbeats kept
-- the pages changing (a second, every 15 s a process). The count is kept here by the triggers below,
-- in the statement that changes it. Whom it counts is db/visibility.ts shownToAnyone and verified,
-- written as there (and tested against it: db/member-counts.test.ts).
CREATE FUNCTION "member_counts_verified_shown"("verified" boolean, "setup_completed_at" timestamptz, "anonymous_mode" boolean, "suspended" boolean)
	RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN verified AND setup_completed_at IS NOT NULL AND NOT anonymous_mode AND NOT suspended THEN 1 ELSE 0 END
$$;--> statement-breakpoint
-- (no profile changes between this and the triggers below: the drop above holds profiles against
-- writes until the migration commits)
INSERT INTO "member_counts" ("verified_shown")
	SELECT count(*) FROM "profiles" p
	WHERE member_counts_verified_shown(p.verified, p.setup_completed_at, p.anonymous_mode, p.suspended) = 1;--> statement-breakpoint
-- New and deleted profiles a statement at a time (a seed of a million members is one insert); the
-- one row is written, and so held until the transaction ends, only when the count moves (a new
-- member's profile is unfinished: not counted, nothing held)
CREATE FUNCTION "member_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE member_counts SET verified_shown = verified_shown + d.n
		FROM (SELECT sum(member_counts_verified_shown(p.verified, p.setup_completed_at, p.anonymous_mode, p.suspended)) AS n FROM new_profiles p) d
		WHERE d.n > 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_counts_inserted" AFTER INSERT ON "profiles"
	REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_inserted"();--> statement-breakpoint
CREATE FUNCTION "member_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE member_counts SET verified_shown = verified_shown - d.n
		FROM (SELECT sum(member_counts_verified_shown(p.verified, p.setup_completed_at, p.anonymous_mode, p.suspended)) AS n FROM old_profiles p) d
		WHERE d.n > 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_counts_deleted" AFTER DELETE ON "profiles"
	REFERENCING OLD TABLE AS old_profiles FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_deleted"();--> statement-breakpoint
CREATE FUNCTION "member_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE member_counts SET verified_shown = 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_counts_truncated" AFTER TRUNCATE ON "profiles"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_truncated"();--> statement-breakpoint
-- A change a row at a time, and only one that moves the count (verified, finished, anonymous,
-- suspended): a heartbeat never fires it. (One transaction that moves many members, a data
-- migration, writes the one row once a member, each write reading past the versions the
-- transaction left before it: for such a change, ALTER TABLE profiles DISABLE TRIGGER
-- profiles_counts_updated, make it, count again with the INSERT's count above as an UPDATE, and
-- enable the trigger, in the same transaction.)
CREATE FUNCTION "member_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE member_counts SET verified_shown = verified_shown
		+ member_counts_verified_shown(NEW.verified, NEW.setup_completed_at, NEW.anonymous_mode, NEW.suspended)
		- member_counts_verified_shown(OLD.verified, OLD.setup_completed_at, OLD.anonymous_mode, OLD.suspended);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_counts_updated" AFTER UPDATE OF "verified", "setup_completed_at", "anonymous_mode", "suspended" ON "profiles"
	FOR EACH ROW WHEN (
		member_counts_verified_shown(OLD."verified", OLD."setup_completed_at", OLD."anonymous_mode", OLD."suspended")
		<> member_counts_verified_shown(NEW."verified", NEW."setup_completed_at", NEW."anonymous_mode", NEW."suspended")
	) EXECUTE FUNCTION "member_counts_updated"();
