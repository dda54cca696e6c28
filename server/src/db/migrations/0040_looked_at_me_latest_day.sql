-- Looked @ Me shows each viewer at their latest day: whether they looked again on a later day is one
-- look-up here, so a page reads the days it shows instead of every view the member ever had.
CREATE INDEX "profile_views_viewed_viewer_idx" ON "profile_views" USING btree ("viewed_id","viewer_id","day");