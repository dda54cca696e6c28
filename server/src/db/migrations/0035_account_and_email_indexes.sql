-- A sign-in with Google finds its account by provider and the provider's id for the member
-- (better-auth's findAccountByKey), and a moderator's action by address and ADMIN_EMAILS find a member
-- by lower(email): both read every row (one account per member) without these indexes.
CREATE INDEX "account_provider_account_idx" ON "account" USING btree ("provider_id","account_id");--> statement-breakpoint
CREATE INDEX "user_email_lower_idx" ON "user" USING btree (lower("email"));