CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" text NOT NULL,
	"actor_id" text,
	"type" text NOT NULL,
	"subject_kind" text,
	"subject_id" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "activities_type_check" CHECK ("activities"."type" in ('like', 'match', 'message', 'friend_invite', 'friend_accept', 'profile_view', 'wink', 'verification', 'report', 'fab', 'new_content')),
	CONSTRAINT "activities_not_self_check" CHECK ("activities"."actor_id" is null or "activities"."actor_id" <> "activities"."recipient_id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_feed_idx" ON "activities" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_unread_idx" ON "activities" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "activities"."read_at" is null;--> statement-breakpoint
CREATE INDEX "activities_actor_idx" ON "activities" USING btree ("actor_id","recipient_id","type");