-- A member's own look is never recorded (profile-views.service.ts record); should a row of one exist
-- (written by hand), it goes first, so the check can be made.
DELETE FROM "profile_views" WHERE "viewer_id" = "viewed_id";--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_not_self_check" CHECK ("profile_views"."viewer_id" <> "profile_views"."viewed_id");
