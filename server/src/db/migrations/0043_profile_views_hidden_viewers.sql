-- Profiles first, then the views: the order an account deleted takes them in (its profile's
-- foreign key is the older), so the migration waits for a deletion under way instead of deadlocking
-- with it; no profile or view changes between the counts below and the triggers
LOCK TABLE "profiles" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
ALTER TABLE "profile_view_totals" ADD COLUMN "hidden_views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profile_views" ADD COLUMN "viewer_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A member's count of views (the Discover stats row's Views, the dashboard's) counted the views of
-- viewers they may be shown by looking each viewer up: a member with 20 000 views cost 20 000 profile
-- look-ups on each poll of the stats row (166 ms under EXPLAIN ANALYZE at 100 000 members). Now each view carries whether its viewer is hidden
-- from everyone (db/visibility.ts shownToAnyone, written as there and tested against it:
-- db/profile-view-totals.test.ts), profile_view_totals counts those views too, and the count is a
-- row less the views of members on either side of a block (profile-views.public.ts).
CREATE FUNCTION "profile_views_viewer_shown"("setup_completed_at" timestamptz, "anonymous_mode" boolean, "suspended" boolean)
	RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT setup_completed_at IS NOT NULL AND NOT anonymous_mode AND NOT suspended
$$;--> statement-breakpoint
UPDATE "profile_views" v SET "viewer_hidden" = true
	WHERE NOT EXISTS (SELECT 1 FROM "profiles" p WHERE p."user_id" = v."viewer_id"
		AND profile_views_viewer_shown(p."setup_completed_at", p."anonymous_mode", p."suspended"));--> statement-breakpoint
UPDATE "profile_view_totals" t SET "hidden_views" = h.n
	FROM (SELECT "viewed_id", count(*) AS n FROM "profile_views" WHERE "viewer_hidden" GROUP BY "viewed_id") h
	WHERE t."viewed_id" = h."viewed_id";--> statement-breakpoint
-- A view takes its viewer's state as it is recorded, their profile held (FOR SHARE) until the view
-- commits: a change of their state at that moment waits for the view, then hides or shows it with
-- their others (unheld, a view recorded as they turned anonymous was left counted)
CREATE FUNCTION "profile_views_viewer_hidden_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.viewer_hidden := NOT coalesce((SELECT profile_views_viewer_shown(p.setup_completed_at, p.anonymous_mode, p.suspended)
		FROM profiles p WHERE p.user_id = NEW.viewer_id FOR SHARE), false);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_viewer_hidden_inserted" BEFORE INSERT ON "profile_views"
	FOR EACH ROW EXECUTE FUNCTION "profile_views_viewer_hidden_set"();--> statement-breakpoint
-- The totals count the hidden views as they count all of them (migration 0042), in id order
CREATE OR REPLACE FUNCTION "profile_view_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO profile_view_totals (viewed_id, views, hidden_views)
		SELECT v.viewed_id, count(*), count(*) FILTER (WHERE v.viewer_hidden) FROM new_views v GROUP BY v.viewed_id ORDER BY v.viewed_id
		ON CONFLICT (viewed_id) DO UPDATE SET views = profile_view_totals.views + excluded.views,
			hidden_views = profile_view_totals.hidden_views + excluded.hidden_views;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "profile_view_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- locked in id order first: an UPDATE ... FROM locks its rows in the order of its plan
	PERFORM 1 FROM profile_view_totals t WHERE t.viewed_id IN (SELECT v.viewed_id FROM old_views v)
		ORDER BY t.viewed_id FOR UPDATE;
	UPDATE profile_view_totals t SET views = t.views - d.n, hidden_views = t.hidden_views - d.hidden
		FROM (SELECT v.viewed_id, count(*) AS n, count(*) FILTER (WHERE v.viewer_hidden) AS hidden FROM old_views v GROUP BY v.viewed_id) d
		WHERE t.viewed_id = d.viewed_id;
	RETURN NULL;
END $$;--> statement-breakpoint
-- A viewer hidden or shown again: their views move in or out of the hidden count (a trigger with
-- transition tables cannot name columns; a view's other columns are never updated)
CREATE FUNCTION "profile_view_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM 1 FROM profile_view_totals t WHERE t.viewed_id IN (SELECT v.viewed_id FROM new_views v)
		ORDER BY t.viewed_id FOR UPDATE;
	UPDATE profile_view_totals t SET hidden_views = t.hidden_views + d.n
		FROM (SELECT x.viewed_id, sum(x.n) AS n FROM (
				SELECT v.viewed_id, count(*) FILTER (WHERE v.viewer_hidden) AS n FROM new_views v GROUP BY v.viewed_id
				UNION ALL
				SELECT v.viewed_id, -count(*) FILTER (WHERE v.viewer_hidden) FROM old_views v GROUP BY v.viewed_id) x
			GROUP BY x.viewed_id) d
		WHERE t.viewed_id = d.viewed_id AND d.n <> 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_totals_updated" AFTER UPDATE ON "profile_views"
	REFERENCING OLD TABLE AS old_views NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_totals_updated"();--> statement-breakpoint
-- The viewer's profile changes whether anyone may be shown them (finished, anonymous, suspended): all
-- their views with it. One statement for a member's views, which a heartbeat never fires.
CREATE FUNCTION "profile_views_viewer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	hidden boolean := NOT profile_views_viewer_shown(NEW.setup_completed_at, NEW.anonymous_mode, NEW.suspended);
BEGIN
	UPDATE profile_views SET viewer_hidden = hidden WHERE viewer_id = NEW.user_id AND viewer_hidden <> hidden;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_views_viewer_changed" AFTER UPDATE OF "setup_completed_at", "anonymous_mode", "suspended" ON "profiles"
	FOR EACH ROW WHEN (profile_views_viewer_shown(OLD."setup_completed_at", OLD."anonymous_mode", OLD."suspended")
		IS DISTINCT FROM profile_views_viewer_shown(NEW."setup_completed_at", NEW."anonymous_mode", NEW."suspended"))
	EXECUTE FUNCTION "profile_views_viewer_changed"();--> statement-breakpoint
-- Views recorded before the viewer had a profile were hidden; a profile gone hides its member's views,
-- unless their account goes with it (the cascade deletes the views next: rewriting them first would
-- be twice the work, and would take the totals before the views, the other way round from every
-- other writer)
CREATE FUNCTION "profile_views_viewer_profiles_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE profile_views v SET viewer_hidden = false FROM new_profiles p
		WHERE v.viewer_id = p.user_id AND v.viewer_hidden AND profile_views_viewer_shown(p.setup_completed_at, p.anonymous_mode, p.suspended);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_views_viewer_inserted" AFTER INSERT ON "profiles"
	REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION "profile_views_viewer_profiles_inserted"();--> statement-breakpoint
CREATE FUNCTION "profile_views_viewer_profiles_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE profile_views v SET viewer_hidden = true FROM old_profiles p WHERE v.viewer_id = p.user_id AND NOT v.viewer_hidden
		AND EXISTS (SELECT 1 FROM "user" u WHERE u.id = p.user_id);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_views_viewer_deleted" AFTER DELETE ON "profiles"
	REFERENCING OLD TABLE AS old_profiles FOR EACH STATEMENT EXECUTE FUNCTION "profile_views_viewer_profiles_deleted"();;--> statement-breakpoint
CREATE FUNCTION "profile_views_viewer_profiles_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE profile_views SET viewer_hidden = true WHERE NOT viewer_hidden;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_views_viewer_truncated" AFTER TRUNCATE ON "profiles"
	FOR EACH STATEMENT EXECUTE FUNCTION "profile_views_viewer_profiles_truncated"();
