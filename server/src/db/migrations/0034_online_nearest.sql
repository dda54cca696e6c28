-- Online now, nearest first, when many are online (Couples and Men Online at 100 000 members, about
-- 660 each) walked the cells outwards, probing each cell's members for the few online among them:
-- some 200 cells for a page. An index cannot hold "online" (now() moves on), but it can hold the
-- minute of the activity others may sort by (date_bin is immutable); keyed by that minute and then by
-- the cell's point (btree_gist), the online are the last few minutes' subtrees, each split by place,
-- and a nearest-neighbour scan of them reads the online around the caller and little else.
CREATE INDEX "profiles_online_nearest_idx" ON "profiles" USING gist (date_bin('1 minute', "activity_key", '2000-01-01 00:00:00+00'),point(("location_lng" + 2) * cos(radians("location_lat")), "location_lat")) WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location";
