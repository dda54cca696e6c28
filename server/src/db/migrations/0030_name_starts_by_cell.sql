-- A name search with more matches than it sorts walks the cells nearest first (db/nearest.ts), and
-- reads in each cell only the members whose names have a word start beginning with the text: one
-- range of this index a cell, where reading every member of the cell and testing their names cost
-- a microsecond each (a text of 0.6 % of members read about 4 000 of them for a page at 1 000 000).
-- Whom the caller may be shown is tested on the profile of each (few) candidate.
CREATE INDEX "member_name_starts_cell_idx" ON "member_name_starts" USING btree ("location_lat","location_lng","field","rest") INCLUDE ("user_id") WHERE "member_name_starts"."location_lat" is not null;
