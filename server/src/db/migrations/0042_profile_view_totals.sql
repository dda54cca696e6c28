CREATE TABLE "profile_view_totals" (
	"viewed_id" text PRIMARY KEY NOT NULL,
	"views" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_view_totals" ADD CONSTRAINT "profile_view_totals_viewed_id_user_id_fk" FOREIGN KEY ("viewed_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Discover card's views of a member were counted from profile_views for every card dealt: a
-- member with 20 000 views cost each viewer 20 000 index entries. Kept here instead, by the triggers
-- below, in the statement that records or removes views. (The views a member's own screens count,
-- by whom they may be shown, are counted from profile_views: profile-views.public.ts.)
-- (no view recorded or removed between the count and the triggers: held from the start at the
-- strength CREATE TRIGGER takes)
LOCK TABLE "profile_views" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "profile_view_totals" ("viewed_id", "views")
	SELECT "viewed_id", count(*) FROM "profile_views" GROUP BY "viewed_id";--> statement-breakpoint
-- Views recorded, a statement at a time (a seed's thousands are one insert). Both triggers write the
-- members' rows in id order, so two statements that touch the same members (two accounts deleted at
-- once, each taking its views of the same members) wait for one another instead of deadlocking.
CREATE FUNCTION "profile_view_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO profile_view_totals (viewed_id, views)
		SELECT v.viewed_id, count(*) FROM new_views v GROUP BY v.viewed_id ORDER BY v.viewed_id
		ON CONFLICT (viewed_id) DO UPDATE SET views = profile_view_totals.views + excluded.views;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_totals_inserted" AFTER INSERT ON "profile_views"
	REFERENCING NEW TABLE AS new_views FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_totals_inserted"();--> statement-breakpoint
-- Views removed (an account deleted takes its views as viewer and as viewed; the viewed member's
-- own row goes with their account by its foreign key)
CREATE FUNCTION "profile_view_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- locked in id order first: an UPDATE ... FROM locks its rows in the order of its plan
	PERFORM 1 FROM profile_view_totals t WHERE t.viewed_id IN (SELECT v.viewed_id FROM old_views v)
		ORDER BY t.viewed_id FOR UPDATE;
	UPDATE profile_view_totals t SET views = t.views - d.n
		FROM (SELECT v.viewed_id, count(*) AS n FROM old_views v GROUP BY v.viewed_id) d
		WHERE t.viewed_id = d.viewed_id;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_totals_deleted" AFTER DELETE ON "profile_views"
	REFERENCING OLD TABLE AS old_views FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_totals_deleted"();--> statement-breakpoint
CREATE FUNCTION "profile_view_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM profile_view_totals;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_totals_truncated" AFTER TRUNCATE ON "profile_views"
	FOR EACH STATEMENT EXECUTE FUNCTION "profile_view_totals_truncated"();--> statement-breakpoint
-- A view is never moved to another member (record() inserts or leaves it): an update of viewed_id
-- would leave the totals wrong, so none is allowed.
CREATE FUNCTION "profile_view_totals_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'profile_views.viewed_id is never changed (profile_view_totals counts by it)';
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_views_totals_moved" BEFORE UPDATE OF "viewed_id" ON "profile_views"
	FOR EACH ROW WHEN (OLD."viewed_id" IS DISTINCT FROM NEW."viewed_id") EXECUTE FUNCTION "profile_view_totals_moved"();
