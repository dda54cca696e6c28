-- Discovery answers from its indexes (issue "Discovery on PostgreSQL": the filtered lists read every
-- member of each walked cell from the table to test gender, age, photo, and joined "user" for
-- verified). The activity key others may sort by and "has a photo" become stored columns, the
-- account's `verified` is copied onto the profile, and the discovery indexes carry the columns the
-- filters test (INCLUDE, written here by hand: drizzle cannot say it), so a filtered walk is an
-- index-only scan. The INCLUDE lists are not in the snapshot; schema/profiles.ts says so.
DROP INDEX "profiles_findable_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_gender_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_cell_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_creator_cell_activity_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "activity_key" timestamp with time zone GENERATED ALWAYS AS (case when hide_last_active then '-infinity'::timestamptz else last_active_at end) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "has_photo" boolean GENERATED ALWAYS AS (avatar_url is not null) STORED;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_findable_activity_idx" ON "profiles" USING btree ("activity_key" desc,"user_id" desc) INCLUDE ("verified","gender","has_photo","location_lat","location_lng","hide_location") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode";--> statement-breakpoint
CREATE INDEX "profiles_findable_gender_activity_idx" ON "profiles" USING btree ("gender","activity_key" desc,"user_id" desc) INCLUDE ("verified","has_photo","age","partner_age","location_lat","location_lng","hide_location") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode";--> statement-breakpoint
CREATE INDEX "profiles_findable_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","verified","has_photo","location_source","created_at") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and "profiles"."location_lat" is not null and not "profiles"."hide_location";--> statement-breakpoint
CREATE INDEX "profiles_findable_creator_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("interests","gender","verified") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and "profiles"."location_lat" is not null and not "profiles"."hide_location" and "profiles"."interests" @> '{content-creator}'::text[];--> statement-breakpoint
-- `verified` lives on the account ("user", better-auth's field); the profile carries a copy for the lists.
CREATE FUNCTION "profiles_verified_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE profiles SET verified = NEW.verified WHERE user_id = NEW.id AND verified IS DISTINCT FROM NEW.verified;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_verified_to_profile" AFTER UPDATE OF "verified" ON "user" FOR EACH ROW EXECUTE FUNCTION "profiles_verified_from_user"();--> statement-breakpoint
CREATE FUNCTION "profiles_verified_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.verified := coalesce((SELECT u.verified FROM "user" u WHERE u.id = NEW.user_id), false);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_verified_from_user" BEFORE INSERT ON "profiles" FOR EACH ROW EXECUTE FUNCTION "profiles_verified_on_insert"();--> statement-breakpoint
UPDATE "profiles" p SET "verified" = true FROM "user" u WHERE u.id = p.user_id AND u.verified;
