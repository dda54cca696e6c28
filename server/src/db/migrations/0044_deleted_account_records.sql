-- What is kept about an account after it is deleted (reports about it, with their copies of a
-- reported photo or message, and the moderators' log entries about it) is kept for a bounded time:
-- a sweep (modules/moderation/records-retention.ts) erases it once that time has passed. The log
-- stays append-only for everyone else: a row may be removed only inside that sweep's transaction
-- (which sets velvet.retention_sweep), and only when the account it is about no longer exists.
CREATE OR REPLACE FUNCTION "moderation_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('velvet.retention_sweep', true) = 'on'
		AND OLD.target_user_id IS NOT NULL
		AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = OLD.target_user_id) THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'moderation_audit is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
