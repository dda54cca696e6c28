-- A picture is served by GET /media/file/:key, and the key may be the stored file's (unique), its
-- thumbnail's or its blurred preview's: the last two had no index, so each look-up read the whole
-- media table (104-115 ms at 500 000 rows against 0.2-0.7 ms by index).
CREATE INDEX "media_thumb_key_idx" ON "media" USING btree ("thumb_key") WHERE "media"."thumb_key" is not null;--> statement-breakpoint
CREATE INDEX "media_preview_key_idx" ON "media" USING btree ("preview_key") WHERE "media"."preview_key" is not null;