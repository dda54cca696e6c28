-- Photos by Category pages newest first by keyset (created_at, id) instead of an offset: the
-- photos every member may see are one range of this index, read from its newest end and stopped at
-- the page. A photo reported and under review leaves it (and the list) until a moderator decides.
CREATE INDEX "media_gallery_new_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media"."kind" = 'gallery' and "media"."visibility" in ('public', 'members') and not "media"."under_review";
