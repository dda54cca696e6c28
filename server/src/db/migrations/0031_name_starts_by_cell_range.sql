-- A cell's entries for a text, read by the walk of the cells for a name (0030), were keyed by the
-- field (username or display name) before the text: with both fields asked, the field was tested on
-- every entry of the cell and the text bounded nothing, so a cell of 170 members read all its
-- ~700 word starts (20 pages) to find four. Keyed by the text right after the cell, a cell's
-- matches are one range of a few entries; the field, carried, is tested on those alone.
DROP INDEX "member_name_starts_cell_idx";--> statement-breakpoint
CREATE INDEX "member_name_starts_cell_rest_idx" ON "member_name_starts" USING btree ("location_lat","location_lng","rest") INCLUDE ("user_id","field") WHERE "member_name_starts"."location_lat" is not null;
