-- Looked @ Me shows each viewer at their latest day: whether they looked again on a later day is one
-- look-up here, so a page reads the days it shows instead of every view the member ever had.
-- Built in the migration's transaction, which holds back new views (and the profile page that records
-- one) until it is built: on a large table, CREATE INDEX CONCURRENTLY it by hand first (then a no-op).
CREATE INDEX IF NOT EXISTS "profile_views_viewed_viewer_idx" ON "profile_views" USING btree ("viewed_id","viewer_id","day");