-- Trust and safety (issue 16): reports with a kept copy of what was reported, an append-only log of
-- moderator actions, photos held back while reported as underage or non-consensual, and suspended
-- members hidden from everyone. The account's suspension ("user".banned, better-auth's admin plugin)
-- is copied onto the profile as `verified` is (migration 0018), and the discovery indexes, partial on
-- the members others may find (db/visibility.ts `shownToAnyone`), leave suspended members out; their
-- INCLUDE lists (written here by hand: drizzle cannot say it) are those of migrations 0018 to 0020.
CREATE TABLE "moderation_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"target_user_id" text,
	"target_type" text,
	"target_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text,
	"reported_user_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"kept_text" text,
	"kept_photo_key" text,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_findable_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_gender_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_created_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_cell_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_creator_cell_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_verified_cell_activity_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "under_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_audit_target_user_idx" ON "moderation_audit" USING btree ("target_user_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" USING btree ("reporter_id","target_type","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_open_queue_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reported_user_idx" ON "reports" USING btree ("reported_user_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "reports_decided_by_idx" ON "reports" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "profiles_findable_activity_idx" ON "profiles" USING btree ("activity_key" desc,"user_id" desc) INCLUDE ("verified","gender","has_photo","location_lat","location_lng","hide_location") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended";--> statement-breakpoint
CREATE INDEX "profiles_findable_gender_activity_idx" ON "profiles" USING btree ("gender","activity_key" desc,"user_id" desc) INCLUDE ("verified","has_photo","age","partner_age","location_lat","location_lng","hide_location") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended";--> statement-breakpoint
CREATE INDEX "profiles_findable_created_idx" ON "profiles" USING btree ("created_at" desc,"user_id" desc) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended";--> statement-breakpoint
CREATE INDEX "profiles_findable_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","verified","has_photo","location_source","created_at","names_lc") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location";--> statement-breakpoint
CREATE INDEX "profiles_findable_verified_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","has_photo","location_source","created_at","names_lc") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location" and "profiles"."verified";--> statement-breakpoint
CREATE INDEX "profiles_findable_creator_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("interests","gender","verified") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location" and "profiles"."interests" @> '{content-creator}'::text[];--> statement-breakpoint
CREATE FUNCTION "profiles_suspended_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE profiles SET suspended = coalesce(NEW.banned, false) WHERE user_id = NEW.id AND suspended IS DISTINCT FROM coalesce(NEW.banned, false);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_banned_to_profile" AFTER UPDATE OF "banned" ON "user" FOR EACH ROW EXECUTE FUNCTION "profiles_suspended_from_user"();--> statement-breakpoint
CREATE FUNCTION "profiles_suspended_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.suspended := coalesce((SELECT u.banned FROM "user" u WHERE u.id = NEW.user_id), false);
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "profile_suspended_from_user" BEFORE INSERT ON "profiles" FOR EACH ROW EXECUTE FUNCTION "profiles_suspended_on_insert"();--> statement-breakpoint
UPDATE "profiles" p SET "suspended" = true FROM "user" u WHERE u.id = p.user_id AND u.banned;--> statement-breakpoint
-- The audit log is append-only: nobody edits or removes what a moderator did, not even by hand.
CREATE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'moderation_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_update" BEFORE UPDATE OR DELETE ON "moderation_audit" FOR EACH ROW EXECUTE FUNCTION "moderation_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "moderation_audit_no_truncate" BEFORE TRUNCATE ON "moderation_audit" FOR EACH STATEMENT EXECUTE FUNCTION "moderation_audit_append_only"();
