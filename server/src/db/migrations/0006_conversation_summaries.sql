CREATE TABLE "conversations" (
	"owner_id" text NOT NULL,
	"other_id" text NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"last_sender_id" text NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_owner_id_other_id_pk" PRIMARY KEY("owner_id","other_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_other_id_user_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_owner_time_idx" ON "conversations" USING btree ("owner_id","last_message_at" DESC NULLS FIRST,"other_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_other_idx" ON "conversations" USING btree ("other_id");--> statement-breakpoint
-- The conversations summary is kept by statement-level triggers on messages (transition tables: a
-- bulk insert, a cascade or a "mark all read" is one pass, not one per row). Counts only ever move
-- by deltas inside the row upsert/update, so concurrent sends and reads stay exact; every trigger
-- touches summary rows in (owner_id, other_id) order, so two transactions never deadlock on a pair.
CREATE FUNCTION "conversations_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO conversations AS c (owner_id, other_id, last_message_id, last_message_at, last_sender_id, unread_count)
	SELECT s.owner_id, s.other_id, s.id, s.created_at, s.sender_id, s.unread
	FROM (
		-- one row per (owner, other): the newest new message, and how many new ones the owner has not read
		SELECT DISTINCT ON (e.owner_id, e.other_id) e.owner_id, e.other_id, e.id, e.created_at, e.sender_id,
			count(*) FILTER (WHERE e.unread) OVER (PARTITION BY e.owner_id, e.other_id) AS unread
		FROM (
			SELECT n.sender_id AS owner_id, n.receiver_id AS other_id, n.id, n.created_at, n.sender_id, false AS unread
			FROM new_rows n WHERE n.sender_id <> n.receiver_id
			UNION ALL
			SELECT n.receiver_id, n.sender_id, n.id, n.created_at, n.sender_id, n.read_at IS NULL FROM new_rows n
		) e
		ORDER BY e.owner_id, e.other_id, e.created_at DESC, e.id DESC
	) s
	ORDER BY s.owner_id, s.other_id
	ON CONFLICT (owner_id, other_id) DO UPDATE SET
		last_message_id = CASE WHEN (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
			THEN excluded.last_message_id ELSE c.last_message_id END,
		last_message_at = CASE WHEN (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
			THEN excluded.last_message_at ELSE c.last_message_at END,
		last_sender_id = CASE WHEN (excluded.last_message_at, excluded.last_message_id) > (c.last_message_at, c.last_message_id)
			THEN excluded.last_sender_id ELSE c.last_sender_id END,
		unread_count = c.unread_count + excluded.unread_count;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "conversations_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- lock the pairs' rows first, in one order
	PERFORM 1 FROM conversations c
	WHERE (c.owner_id, c.other_id) IN (SELECT o.sender_id, o.receiver_id FROM old_rows o UNION SELECT o.receiver_id, o.sender_id FROM old_rows o)
	ORDER BY c.owner_id, c.other_id
	FOR UPDATE;
	-- what the receiver had not read yet
	UPDATE conversations c SET unread_count = c.unread_count - d.n
	FROM (SELECT o.receiver_id AS owner_id, o.sender_id AS other_id, count(*)::int AS n FROM old_rows o WHERE o.read_at IS NULL GROUP BY 1, 2) d
	WHERE c.owner_id = d.owner_id AND c.other_id = d.other_id;
	-- the newest message went and nothing is left between the two: the conversation goes
	DELETE FROM conversations c USING old_rows o
	WHERE c.last_message_id = o.id AND c.owner_id IN (o.sender_id, o.receiver_id) AND c.other_id IN (o.sender_id, o.receiver_id)
		AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = c.owner_id AND m.receiver_id = c.other_id)
		AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = c.other_id AND m.receiver_id = c.owner_id);
	-- the newest message went: the previous one takes its place
	UPDATE conversations c SET (last_message_id, last_message_at, last_sender_id) = (
		SELECT p.id, p.created_at, p.sender_id FROM (
			(SELECT m.id, m.created_at, m.sender_id FROM messages m WHERE m.sender_id = c.owner_id AND m.receiver_id = c.other_id
				ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
			UNION ALL
			(SELECT m.id, m.created_at, m.sender_id FROM messages m WHERE m.sender_id = c.other_id AND m.receiver_id = c.owner_id
				ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
		) p ORDER BY p.created_at DESC, p.id DESC LIMIT 1)
	FROM old_rows o
	WHERE c.last_message_id = o.id AND c.owner_id IN (o.sender_id, o.receiver_id) AND c.other_id IN (o.sender_id, o.receiver_id);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "conversations_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- the summary follows read_at; who sent what to whom, and when, never changes
	IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
		WHERE (n.sender_id, n.receiver_id, n.created_at) IS DISTINCT FROM (o.sender_id, o.receiver_id, o.created_at)) THEN
		RAISE EXCEPTION 'messages.sender_id, receiver_id and created_at cannot change (the conversations summary follows them)';
	END IF;
	PERFORM 1 FROM conversations c
	WHERE (c.owner_id, c.other_id) IN (SELECT n.receiver_id, n.sender_id FROM new_rows n)
	ORDER BY c.owner_id, c.other_id
	FOR UPDATE;
	UPDATE conversations c SET unread_count = c.unread_count + d.delta
	FROM (
		SELECT x.owner_id, x.other_id, sum(x.delta)::int AS delta FROM (
			SELECT n.receiver_id AS owner_id, n.sender_id AS other_id, 1 AS delta FROM new_rows n WHERE n.read_at IS NULL
			UNION ALL
			SELECT o.receiver_id, o.sender_id, -1 FROM old_rows o WHERE o.read_at IS NULL
		) x GROUP BY 1, 2
	) d
	WHERE c.owner_id = d.owner_id AND c.other_id = d.other_id AND d.delta <> 0;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_insert" AFTER INSERT ON "messages"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversations_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_delete" AFTER DELETE ON "messages"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversations_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "messages_conversations_update" AFTER UPDATE ON "messages"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversations_after_update"();
--> statement-breakpoint
-- Backfill: the messages already stored (the triggers above hold a lock on messages until this
-- migration commits, so no send slips between the two).
INSERT INTO "conversations" (owner_id, other_id, last_message_id, last_message_at, last_sender_id, unread_count)
SELECT DISTINCT ON (e.owner_id, e.other_id) e.owner_id, e.other_id, e.id, e.created_at, e.sender_id,
	count(*) FILTER (WHERE e.unread) OVER (PARTITION BY e.owner_id, e.other_id)
FROM (
	SELECT m.sender_id AS owner_id, m.receiver_id AS other_id, m.id, m.created_at, m.sender_id, false AS unread
	FROM messages m WHERE m.sender_id <> m.receiver_id
	UNION ALL
	SELECT m.receiver_id, m.sender_id, m.id, m.created_at, m.sender_id, m.read_at IS NULL FROM messages m
) e
ORDER BY e.owner_id, e.other_id, e.created_at DESC, e.id DESC;
