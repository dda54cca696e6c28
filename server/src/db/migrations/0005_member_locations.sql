ALTER TABLE "profiles" ADD COLUMN "location_lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_lng" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_source" text;--> statement-breakpoint
CREATE INDEX "profiles_last_active_idx" ON "profiles" USING btree ("last_active_at");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_location_idx" ON "profiles" USING btree ("location_lat","location_lng");