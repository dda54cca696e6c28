-- Newest-first keyset pages read their index from the newest end and stop at the page, which
-- needs the index in ORDER BY's own null order: DESC is NULLS FIRST, and an index DESC NULLS LAST
-- cannot serve `order by created_at desc, id desc` (the planner reads every row and sorts).
-- - Photos by Category (new): the photos every member may see, keyset by (created_at, id); a photo
--   reported and under review leaves the index (and the list) until a moderator decides.
-- - New Photos/Videos, a creator's own list and Pics you Fab'd (0026) were built NULLS LAST: rebuilt.
DROP INDEX "fabs_user_idx";--> statement-breakpoint
DROP INDEX "media_content_new_idx";--> statement-breakpoint
DROP INDEX "media_content_owner_idx";--> statement-breakpoint
CREATE INDEX "media_gallery_new_idx" ON "media" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "media"."kind" = 'gallery' and "media"."visibility" in ('public', 'members') and not "media"."under_review";--> statement-breakpoint
CREATE INDEX "fabs_user_idx" ON "fabs" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "media_content_new_idx" ON "media" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "media"."kind" = 'content';--> statement-breakpoint
CREATE INDEX "media_content_owner_idx" ON "media" USING btree ("owner_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "media"."kind" = 'content';
