CREATE TABLE "user_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"verification_type" text NOT NULL,
	"verification_data" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"photo_key" text NOT NULL,
	"rejection_reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_verifications_photo_key_unique" UNIQUE("photo_key")
);
--> statement-breakpoint
CREATE TABLE "verification_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"badge_type" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"verification_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"verification_id" uuid NOT NULL,
	"moderator_id" text,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "badges" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_verifications" ADD CONSTRAINT "user_verifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_verifications" ADD CONSTRAINT "user_verifications_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_badges" ADD CONSTRAINT "verification_badges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_badges" ADD CONSTRAINT "verification_badges_verification_id_user_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."user_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_verification_id_user_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."user_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_moderator_id_user_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_verifications_user_idx" ON "user_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_verifications_pending_idx" ON "user_verifications" USING btree ("created_at","id") WHERE "user_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "user_verifications_reviewed_by_idx" ON "user_verifications" USING btree ("reviewed_by");--> statement-breakpoint
CREATE UNIQUE INDEX "user_verifications_one_pending_idx" ON "user_verifications" USING btree ("user_id","verification_type") WHERE "user_verifications"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "verification_badges_user_type_idx" ON "verification_badges" USING btree ("user_id","badge_type");--> statement-breakpoint
CREATE INDEX "verification_badges_verification_idx" ON "verification_badges" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "verification_decisions_verification_idx" ON "verification_decisions" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "verification_decisions_moderator_idx" ON "verification_decisions" USING btree ("moderator_id");