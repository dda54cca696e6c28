-- Sign-in limits: tight per account (email + address, table sign_in_attempt), generous per address
-- across every email (this table): many members share one address, so the address limit only
-- stops one address guessing at many accounts. Both tables (and sign_in_alert) are swept oldest
-- first by their window index.
CREATE TABLE "sign_in_address" (
	"address" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_address_window_idx" ON "sign_in_address" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "sign_in_alert_sent_idx" ON "sign_in_alert" USING btree ("sent_at");