CREATE TABLE "member_cells" (
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	CONSTRAINT "member_cells_lat_lng_pk" PRIMARY KEY("lat","lng")
);
--> statement-breakpoint
DROP INDEX "profiles_location_idx";--> statement-breakpoint
DROP INDEX "profiles_visible_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_visible_cell_idx";--> statement-breakpoint
DROP INDEX "profiles_hidden_activity_created_idx";--> statement-breakpoint
DROP INDEX "profiles_unplaced_username_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_unplaced_display_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "member_cells_point_idx" ON "member_cells" USING gist (point(("lng" + 2) * cos(radians("lat")), "lat"));--> statement-breakpoint
CREATE INDEX "profiles_findable_activity_idx" ON "profiles" USING btree ((case when "hide_last_active" then '-infinity'::timestamptz else "last_active_at" end) desc,"user_id" desc) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode";--> statement-breakpoint
CREATE INDEX "profiles_findable_gender_activity_idx" ON "profiles" USING btree ("gender",(case when "hide_last_active" then '-infinity'::timestamptz else "last_active_at" end) desc,"user_id" desc) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode";--> statement-breakpoint
CREATE INDEX "profiles_findable_created_idx" ON "profiles" USING btree ("created_at" desc,"user_id" desc) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode";--> statement-breakpoint
CREATE INDEX "profiles_findable_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng",(case when "hide_last_active" then '-infinity'::timestamptz else "last_active_at" end) desc,"user_id" desc) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and "profiles"."location_lat" is not null and not "profiles"."hide_location";--> statement-breakpoint
-- Discovery is served by PostgreSQL alone: no process keeps a copy of the members any more, so
-- nothing listens for migration 0013's notifications.
DROP TRIGGER "profiles_inserted_notify" ON "profiles";--> statement-breakpoint
DROP TRIGGER "profiles_updated_notify" ON "profiles";--> statement-breakpoint
DROP TRIGGER "profiles_deleted_notify" ON "profiles";--> statement-breakpoint
DROP FUNCTION "profiles_changed_notify"();--> statement-breakpoint
-- Every cell a member is placed in is a place nearest-first walks from (schema/discovery.ts).
INSERT INTO "member_cells" ("lat", "lng")
	SELECT DISTINCT "location_lat", "location_lng" FROM "profiles" WHERE "location_lat" IS NOT NULL AND "location_lng" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "profiles_cell_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."location_lat" IS NOT NULL AND NEW."location_lng" IS NOT NULL THEN
		INSERT INTO "member_cells" ("lat", "lng") VALUES (NEW."location_lat", NEW."location_lng") ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_cell_inserted" AFTER INSERT ON "profiles"
	FOR EACH ROW EXECUTE FUNCTION "profiles_cell_kept"();--> statement-breakpoint
CREATE TRIGGER "profiles_cell_moved" AFTER UPDATE OF "location_lat", "location_lng" ON "profiles"
	FOR EACH ROW WHEN (NEW."location_lat" IS DISTINCT FROM OLD."location_lat" OR NEW."location_lng" IS DISTINCT FROM OLD."location_lng")
	EXECUTE FUNCTION "profiles_cell_kept"();
