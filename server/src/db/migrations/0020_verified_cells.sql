-- Verified only (a Search filter, Advanced Search, the trust issue's filter on Members): one member in
-- seven is verified, so walking the cells through the verified members' own index reads a seventh of
-- the rows the cells index would (Advanced Search at 1 000 000: 50 rows tested a cell instead of 370).
-- It carries what the other filters test, as profiles_findable_cell_activity_idx does.
CREATE INDEX "profiles_findable_verified_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","has_photo","location_source","created_at","names_lc") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and "profiles"."location_lat" is not null and not "profiles"."hide_location" and "profiles"."verified";
