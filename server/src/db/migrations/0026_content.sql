CREATE TABLE "fabs" (
	"media_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabs_media_id_user_id_pk" PRIMARY KEY("media_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "preview_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "fabs" ADD CONSTRAINT "fabs_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabs" ADD CONSTRAINT "fabs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fabs_user_idx" ON "fabs" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fabs_recent_idx" ON "fabs" USING btree ("created_at","media_id");--> statement-breakpoint
CREATE INDEX "media_content_new_idx" ON "media" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media"."kind" = 'content';--> statement-breakpoint
CREATE INDEX "media_content_owner_idx" ON "media" USING btree ("owner_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "media"."kind" = 'content';--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_type_check" CHECK ("media"."media_type" is null or "media"."media_type" in ('image', 'video'));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_price_check" CHECK ("media"."price_cents" is null or "media"."price_cents" > 0);