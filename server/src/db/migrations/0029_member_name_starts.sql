-- A username or name search matches where a word of the names begins (schema/discovery.ts
-- member_name_starts): what was typed, from its first letter or digit on, at the start of a word of
-- the username or display name. Each word start is a row, so a search is one range of a B-tree read
-- from the index alone, instead of the trigram index's candidates each checked on the profile (about
-- 4 µs each: a text of a few hundred matches cost 2 to 4 ms).
--
-- Names and texts are compared as `name_spaced` writes them: lowered, and every run of characters
-- that part words one space: ASCII's that are not letters or digits (spaces, '_', '.', '-', '&', an
-- apostrophe...), Latin-1's spaces, punctuation and signs, Unicode's general punctuation (a phone's
-- curly quotes and apostrophes, dashes, ellipsis, no-break and thin spaces) and CJK punctuation. So
-- 'Velvet_Kim', 'velvet.kim' and 'velvet kim' read alike, O'Brien and O’Brien too, and a word starts
-- after a space. Every other character (letters beyond ASCII, emoji) is part of a word, whatever the
-- database's locale says.
CREATE FUNCTION "name_spaced"("name" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT regexp_replace(lower(name), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u303f]+', ' ', 'g')
$$;--> statement-breakpoint
-- What a search text asks for: spaced as the names are, from its first letter or digit ('@Velvet_ki'
-- asks for 'velvet ki'); null for a text of nothing but what parts words, which matches nobody.
CREATE FUNCTION "name_search_prefix"("q" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT nullif(ltrim(name_spaced(q), ' '), '')
$$;--> statement-breakpoint
-- A name spaced, with a space at each end: ' velvet kim '.
CREATE FUNCTION "name_words"("name" text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT name_spaced(' ' || name || ' ')
$$;--> statement-breakpoint
-- Each word of a name to the name's end: 'velvet_kim' gives 'velvet kim ' and 'kim '.
CREATE FUNCTION "name_word_starts"("name" text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_to_string(w[i:], ' ') || ' ' FROM string_to_array(btrim(name_words(name), ' '), ' ') w, generate_subscripts(w, 1) i
$$;--> statement-breakpoint
-- The names the lists test a name search on (the walk of the cells, lists by activity), as LIKE
-- '% text%': the username's words, the separator (U+001F), the display name's words. The
-- indexes the walk reads carry it (their INCLUDE lists, those of migration 0021 otherwise).
DROP INDEX "profiles_names_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_cell_activity_idx";--> statement-breakpoint
DROP INDEX "profiles_findable_verified_cell_activity_idx";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "names_lc";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "names_words" text GENERATED ALWAYS AS (name_words(username) || chr(31) || name_words(display_name)) STORED;--> statement-breakpoint
CREATE INDEX "profiles_findable_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","verified","has_photo","location_source","created_at","names_words") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location";--> statement-breakpoint
CREATE INDEX "profiles_findable_verified_cell_activity_idx" ON "profiles" USING btree ("location_lat","location_lng","activity_key" desc,"user_id" desc) INCLUDE ("gender","age","partner_age","has_photo","location_source","created_at","names_words") WHERE "profiles"."setup_completed_at" is not null and not "profiles"."anonymous_mode" and not "profiles"."suspended" and "profiles"."location_lat" is not null and not "profiles"."hide_location" and "profiles"."verified";--> statement-breakpoint
CREATE TABLE "member_name_starts" (
	"user_id" text NOT NULL,
	"field" smallint NOT NULL,
	"rest" text COLLATE "C" NOT NULL,
	"setup_completed_at" timestamp with time zone,
	"anonymous_mode" boolean NOT NULL,
	"suspended" boolean NOT NULL,
	"location_lat" double precision,
	"location_lng" double precision,
	"hide_location" boolean NOT NULL
);
--> statement-breakpoint
INSERT INTO "member_name_starts"
	SELECT DISTINCT p.user_id, f.field, s, p.setup_completed_at, p.anonymous_mode, p.suspended, p.location_lat, p.location_lng, p.hide_location
	FROM "profiles" p
	CROSS JOIN LATERAL (VALUES (0::smallint, p.username), (1::smallint, p.display_name)) f(field, name)
	CROSS JOIN LATERAL name_word_starts(f.name) s;--> statement-breakpoint
ALTER TABLE "member_name_starts" ADD CONSTRAINT "member_name_starts_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_name_starts_user_idx" ON "member_name_starts" USING btree ("user_id");--> statement-breakpoint
-- partial on db/visibility.ts `shownToAnyone`, carrying what a search's list tests and sorts by
-- (the member, `placedForOthers`, the cell): a search reads its matches from here alone
CREATE INDEX "member_name_starts_findable_idx" ON "member_name_starts" USING btree ("field","rest") INCLUDE ("user_id","location_lat","location_lng","hide_location") WHERE "member_name_starts"."setup_completed_at" is not null and not "member_name_starts"."anonymous_mode" and not "member_name_starts"."suspended";--> statement-breakpoint
-- Kept from profiles: new profiles a statement at a time (a seed of a million members is one
-- set-based insert, not a million), changed names or visibility a row at a time (a trigger that
-- names its columns cannot see a statement's rows together); a removed profile takes its rows (the
-- foreign key). Last-active times are not copied: they change every minute for every member online,
-- and a search reads them for its page's members alone.
CREATE FUNCTION "member_name_starts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO member_name_starts
		SELECT DISTINCT p.user_id, f.field, s, p.setup_completed_at, p.anonymous_mode, p.suspended, p.location_lat, p.location_lng, p.hide_location
		FROM new_profiles p
		CROSS JOIN LATERAL (VALUES (0::smallint, p.username), (1::smallint, p.display_name)) f(field, name)
		CROSS JOIN LATERAL name_word_starts(f.name) s;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_name_starts_inserted" AFTER INSERT ON "profiles"
	REFERENCING NEW TABLE AS new_profiles FOR EACH STATEMENT EXECUTE FUNCTION "member_name_starts_inserted"();--> statement-breakpoint
CREATE FUNCTION "member_name_starts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM member_name_starts WHERE user_id = OLD.user_id;
	INSERT INTO member_name_starts
		SELECT DISTINCT NEW.user_id, f.field, s, NEW.setup_completed_at, NEW.anonymous_mode, NEW.suspended, NEW.location_lat, NEW.location_lng, NEW.hide_location
		FROM (VALUES (0::smallint, NEW.username), (1::smallint, NEW.display_name)) f(field, name)
		CROSS JOIN LATERAL name_word_starts(f.name) s;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "profiles_name_starts_updated" AFTER UPDATE OF "username", "display_name", "setup_completed_at", "anonymous_mode", "suspended", "location_lat", "location_lng", "hide_location" ON "profiles"
	FOR EACH ROW WHEN (
		(OLD."username", OLD."display_name", OLD."setup_completed_at", OLD."anonymous_mode", OLD."suspended", OLD."location_lat", OLD."location_lng", OLD."hide_location")
		IS DISTINCT FROM
		(NEW."username", NEW."display_name", NEW."setup_completed_at", NEW."anonymous_mode", NEW."suspended", NEW."location_lat", NEW."location_lng", NEW."hide_location")
	) EXECUTE FUNCTION "member_name_starts_updated"();
