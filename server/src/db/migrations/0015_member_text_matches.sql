-- The profiles whose username (fields 'username'), username or display name ('names'), or town
-- ('city') contains a pattern, at most `cap`, whole (the caller judges them without reading them again): read through the trigram indexes always. Nearest first
-- with a text reads the matches of a rare text this way and sorts them; a common one finds more than
-- `cap` and walks the cells instead (modules/members/members.repository.ts). Planned inside the
-- function with sequential scans off: with a LIMIT, the planner would rather scan the table until it
-- has found `cap` matches, which for a text matching a few per cent means most of the table.
CREATE FUNCTION "member_text_matches"(pattern text, fields text, cap integer) RETURNS SETOF "profiles"
	LANGUAGE plpgsql STABLE ROWS 100
	SET enable_seqscan = off
	AS $$
BEGIN
	IF fields = 'username' THEN
		RETURN QUERY SELECT * FROM profiles WHERE username ILIKE pattern ESCAPE '\' LIMIT cap;
	ELSIF fields = 'names' THEN
		RETURN QUERY SELECT * FROM profiles WHERE username ILIKE pattern ESCAPE '\' OR display_name ILIKE pattern ESCAPE '\' LIMIT cap;
	ELSE
		RETURN QUERY SELECT * FROM profiles WHERE location_city ILIKE pattern ESCAPE '\' LIMIT cap;
	END IF;
END $$;
--> statement-breakpoint
-- A GIN index takes new entries into a pending list that every search reads in full until it is
-- merged (at 4 MB by default). Every heartbeat writes a new version of a profile (last_active_at is
-- in the activity indexes), so that list never stays small: a username search read 430 pending pages
-- (6 ms). Merged at 64 kB instead, it costs a search a few pages.
ALTER INDEX "profiles_username_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "profiles_display_name_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "profiles_city_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "profiles_interests_idx" SET (gin_pending_list_limit = 64);
