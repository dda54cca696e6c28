-- Failed sign-ins are counted per email AND client address now. The old per-email counts (15 minutes'
-- worth at most) are dropped with their table rather than guessed into an address.
DROP TABLE "sign_in_attempt";--> statement-breakpoint
CREATE TABLE "sign_in_attempt" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_attempt_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE INDEX "sign_in_attempt_window_idx" ON "sign_in_attempt" USING btree ("window_started_at");--> statement-breakpoint
CREATE TABLE "sign_in_alert" (
	"email" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
