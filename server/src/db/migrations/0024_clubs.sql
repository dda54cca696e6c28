CREATE TABLE "club_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"club_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_reviews_one_per_member" UNIQUE("club_id","author_id"),
	CONSTRAINT "club_reviews_rating_range" CHECK ("club_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "club_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"suggested_by" text,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"region" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"club_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clubs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"town" text NOT NULL,
	"region" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_total" integer DEFAULT 0 NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "club_reviews" ADD CONSTRAINT "club_reviews_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_reviews" ADD CONSTRAINT "club_reviews_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_suggestions" ADD CONSTRAINT "club_suggestions_suggested_by_user_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_suggestions" ADD CONSTRAINT "club_suggestions_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_suggestions" ADD CONSTRAINT "club_suggestions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_reviews_club_created_idx" ON "club_reviews" USING btree ("club_id","created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "club_suggestions_pending_idx" ON "club_suggestions" USING btree ("created_at") WHERE "club_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "clubs_region_name_idx" ON "clubs" USING btree ("region","name");--> statement-breakpoint
-- A club's review count and stars, kept with its reviews: the directory shows every club's rating and
-- count at once, and adding up hundreds of reviews a club on every visit cost 9 ms of the database's time.
CREATE FUNCTION "club_review_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE clubs SET review_count = review_count - 1, rating_total = rating_total - OLD.rating WHERE id = OLD.club_id;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE clubs SET review_count = review_count + 1, rating_total = rating_total + NEW.rating WHERE id = NEW.club_id;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "club_reviews_totals" AFTER INSERT OR DELETE OR UPDATE OF "rating", "club_id" ON "club_reviews"
	FOR EACH ROW EXECUTE FUNCTION "club_review_totals"();
