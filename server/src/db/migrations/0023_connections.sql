CREATE TABLE "connection_seen" (
	"user_id" text PRIMARY KEY NOT NULL,
	"invites_seen_at" timestamp with time zone,
	"winks_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"inviter_id" text NOT NULL,
	"invitee_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_inviter_id_invitee_id_pk" PRIMARY KEY("inviter_id","invitee_id"),
	CONSTRAINT "friendships_status_check" CHECK ("friendships"."status" in ('pending', 'accepted')),
	CONSTRAINT "friendships_not_self_check" CHECK ("friendships"."inviter_id" <> "friendships"."invitee_id")
);
--> statement-breakpoint
CREATE TABLE "hotlist" (
	"user_id" text NOT NULL,
	"member_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotlist_user_id_member_id_pk" PRIMARY KEY("user_id","member_id"),
	CONSTRAINT "hotlist_not_self_check" CHECK ("hotlist"."user_id" <> "hotlist"."member_id")
);
--> statement-breakpoint
CREATE TABLE "winks" (
	"sender_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winks_sender_id_receiver_id_day_pk" PRIMARY KEY("sender_id","receiver_id","day"),
	CONSTRAINT "winks_not_self_check" CHECK ("winks"."sender_id" <> "winks"."receiver_id")
);
--> statement-breakpoint
ALTER TABLE "connection_seen" ADD CONSTRAINT "connection_seen_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_inviter_id_user_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_invitee_id_user_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotlist" ADD CONSTRAINT "hotlist_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotlist" ADD CONSTRAINT "hotlist_member_id_user_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winks" ADD CONSTRAINT "winks_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winks" ADD CONSTRAINT "winks_receiver_id_user_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair_idx" ON "friendships" USING btree (least("inviter_id", "invitee_id"),greatest("inviter_id", "invitee_id"));--> statement-breakpoint
CREATE INDEX "friendships_invitee_idx" ON "friendships" USING btree ("invitee_id","status");--> statement-breakpoint
CREATE INDEX "hotlist_user_created_idx" ON "hotlist" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "hotlist_member_idx" ON "hotlist" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "winks_receiver_created_idx" ON "winks" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "winks_sender_created_idx" ON "winks" USING btree ("sender_id","created_at");