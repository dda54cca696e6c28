-- Online now, nearest first (a Search tile switched to Nearest First) walked the cells outwards
-- from the caller, probing each cell's online members, or with at most 400 of the type online read
-- and sorted them all: 1.6 to 1.9 ms of the database for the statement at 100 000 members (the
-- bench's 20 callers, generic plan), 2 to 2.7 ms of it for a caller far from the crowds. The members
-- online now are a few per cent of all, so they get a table of their own to read by distance (a
-- nearest-neighbour scan of its GiST index, of the member type asked), each then tested on the
-- profile (schema/discovery.ts memberOnline). The member type's CASE is written by drizzle-kit from
-- core's MEMBER_TYPE_GENDERS.
CREATE TABLE "member_online" (
	"user_id" text PRIMARY KEY NOT NULL,
	"gender" text,
	"member_type" text GENERATED ALWAYS AS (case when gender in ('male-female-couple', 'female-female-couple', 'male-male-couple', 'mixed-couple', 'non-binary-couple') then 'couples' when gender in ('single-female') then 'women' when gender in ('single-male') then 'men' when gender in ('single-trans-male', 'single-trans-female') then 'tvtscd' end) STORED,
	"activity_key" timestamp with time zone NOT NULL,
	"location_lat" double precision NOT NULL,
	"location_lng" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_online" ADD CONSTRAINT "member_online_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_online_nearest_idx" ON "member_online" USING gist ("member_type",point(("location_lng" + 2) * cos(radians("location_lat")), "location_lat"));
--> statement-breakpoint
-- Every heartbeat of a member online rewrites their row here: with room left on each page and no
-- index on what a heartbeat changes, the rewrite is a heap-only update (HOT: no new index entries;
-- the old versions are cleared from a page when a read finds it short of room and nobody can see
-- them any more), so the table stays its size between vacuums, however often members are seen.
ALTER TABLE "member_online" SET (fillfactor = 50);--> statement-breakpoint
-- Who is kept: placed, not hiding their place, and active since member_online_since(), ten minutes
-- ago (the online window, db/visibility.ts onlineExpr, is five: ONLINE_MINUTES; the rows past it
-- are only pruned later). A member who hides their last-active time has the activity key
-- '-infinity' and is never here.
CREATE FUNCTION "member_online_since"() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT now() - interval '10 minutes'
$$;--> statement-breakpoint
CREATE FUNCTION "member_online_keeps"("lat" double precision, "lng" double precision, "hide_location" boolean, "activity_key" timestamptz)
	RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT lat IS NOT NULL AND lng IS NOT NULL AND NOT hide_location AND activity_key > member_online_since()
$$;--> statement-breakpoint
-- (no profile changes between this and the triggers below: the foreign key above holds profiles
-- against writes until the migration commits)
INSERT INTO "member_online" ("user_id", "gender", "activity_key", "location_lat", "location_lng")
	SELECT p.user_id, p.gender, p.activity_key, p.location_lat, p.location_lng FROM "profiles" p
	WHERE member_online_keeps(p.location_lat, p.location_lng, p.hide_location, p.activity_key);--> statement-breakpoint
-- The rows gone stale are removed at the end of a statement that brought a member online (a row
-- added: as many come online as go offline, so the table stays the size of those online), once
-- however many it brought. Those another write holds are skipped, and the prune is the statement's
-- last step, so it never waits on another write that could be waiting on it.
CREATE FUNCTION "member_online_prune"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM member_online WHERE user_id IN (
		SELECT o.user_id FROM member_online o WHERE o.activity_key <= member_online_since() FOR UPDATE SKIP LOCKED)
$$;--> statement-breakpoint
-- New profiles a statement at a time (a seed of a million members is one insert), changes a row at a
-- time: the activity (every heartbeat of a member online), the type and the place.
CREATE FUNCTION "member_online_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO member_online (user_id, gender, activity_key, location_lat, location_lng)
		SELECT p.user_id, p.gender, p.activity_key, p.location_lat, p.location_lng FROM new_profiles p
		WHERE member_online_keeps(p.location_lat, p.location_lng, p.hide_location, p.activity_key);
	IF FOUND THEN
		PERFORM member_online_prune();
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_online_inserted" AFTER INSERT ON "profiles"
	REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION "member_online_inserted"();--> statement-breakpoint
-- (a member's own changes are one at a time: their profile's row is locked by the update that fires
-- this). A member coming online marks the transaction for the prune after the statement.
CREATE FUNCTION "member_online_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NOT member_online_keeps(NEW.location_lat, NEW.location_lng, NEW.hide_location, NEW.activity_key) THEN
		DELETE FROM member_online WHERE user_id = NEW.user_id;
		RETURN NULL;
	END IF;
	UPDATE member_online SET gender = NEW.gender, activity_key = NEW.activity_key, location_lat = NEW.location_lat, location_lng = NEW.location_lng
		WHERE user_id = NEW.user_id;
	IF NOT FOUND THEN
		INSERT INTO member_online (user_id, gender, activity_key, location_lat, location_lng)
			VALUES (NEW.user_id, NEW.gender, NEW.activity_key, NEW.location_lat, NEW.location_lng);
		PERFORM set_config('velvet.member_online_prune', 'on', true);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_online_updated" AFTER UPDATE OF "last_active_at", "hide_last_active", "gender", "location_lat", "location_lng", "hide_location" ON "profiles"
	FOR EACH ROW WHEN (
		(OLD."activity_key", OLD."gender", OLD."location_lat", OLD."location_lng", OLD."hide_location")
		IS DISTINCT FROM
		(NEW."activity_key", NEW."gender", NEW."location_lat", NEW."location_lng", NEW."hide_location")
	) EXECUTE FUNCTION "member_online_updated"();--> statement-breakpoint
CREATE FUNCTION "member_online_updates_done"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('velvet.member_online_prune', true) = 'on' THEN
		PERFORM set_config('velvet.member_online_prune', 'off', true);
		PERFORM member_online_prune();
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
-- (a statement's AFTER triggers for each statement run after those for each row)
CREATE TRIGGER "profiles_online_updates_done" AFTER UPDATE ON "profiles"
	FOR EACH STATEMENT EXECUTE FUNCTION "member_online_updates_done"();
