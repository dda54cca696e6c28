import { sql, type SQL } from 'drizzle-orm';
import { EVENT } from '@velvet/core/realtime/protocol';
import type { Activity, ActivityType } from '@velvet/core/schemas/activity.schema';
import type { Db } from '../../db/client';
import { textArray } from '../../db/arrays';
import { executePrepared } from '../../db/prepared';
import { leavesViewTrace, noBlockBetween, pageSeenBy } from '../../db/visibility';
import { envelopeTo, EVENTS_CHANNEL, NOTIFY_MAX_BYTES } from '../../realtime/hub';

/** Anything that runs a statement: the database, or the transaction of the event being recorded. */
export type Run = Pick<Db, 'execute'>;

/** What happened to `recipientId`, done by `actorId` (null: the site itself), about `subject`. */
export interface NewActivity {
  recipientId: string;
  actorId: string | null;
  type: ActivityType;
  subject?: { kind: string; id: string } | null;
  /** the outcome of a decision: approved, rejected, actioned, dismissed */
  detail?: string | null;
}

/** Where a page begins: after this row (its time as PostgreSQL wrote it, its id). */
export interface ActivityAfter {
  at: string;
  id: string;
}

export type ActivityRow = {
  id: string;
  type: ActivityType;
  subjectKind: string | null;
  subjectId: string | null;
  detail: string | null;
  atKey: string;
  at: string;
  read: boolean;
  actorId: string | null;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
};

/** A time as ISO 8601 in UTC, as browsers read it. */
const iso = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of an `ActivityRow`, over an activity `a` and its actor's profile `p` (left-joined). */
const columns = sql`a.id, a.type, a.subject_kind as "subjectKind", a.subject_id as "subjectId", a.detail,
  a.created_at::text as "atKey", ${iso(sql`a.created_at`)} as at, a.read_at is not null as read,
  a.actor_id as "actorId", p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl"`;

/**
 * What `me` is shown of their own activities (db/visibility.ts): the site's own, and those whose
 * actor's page they may open: not suspended, no block either way (an actor who left took theirs).
 */
const shownToRecipient = (me: string) => sql`(a.actor_id is null or (p.user_id is not null and ${pageSeenBy(me, sql`a.actor_id`)}))`;

export function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    type: row.type,
    actor:
      row.actorId && row.username !== null && row.displayName !== null
        ? { userId: row.actorId, username: row.username, displayName: row.displayName, avatarUrl: row.avatarUrl }
        : null,
    subject: row.subjectKind && row.subjectId ? { kind: row.subjectKind, id: row.subjectId } : null,
    detail: row.detail,
    at: row.at,
    read: row.read,
  };
}

/**
 * Records one activity in the caller's statement runner (the event's own transaction, where it has
 * one) and announces it to the recipient's sockets with a NOTIFY that PostgreSQL delivers on commit,
 * to every server process. Nothing is recorded for oneself, across a block, for a profile view by a
 * member in anonymous mode, or for a message while an unread message activity from the same sender
 * stands (one per conversation burst). The activity, or null when none was recorded.
 */
export async function insertActivity(run: Run, input: NewActivity): Promise<Activity | null> {
  const insert = activityInsert(input);
  if (!insert) return null;
  const rows = await run.execute<ActivityRow>(sql`
    with a as (${insert})
    select ${columns} from a left join profiles p on p.user_id = a.actor_id`);
  const row = rows.rows[0];
  if (!row) return null;
  const activity = toActivity(row);
  const payload = envelopeTo([input.recipientId], activityCreated(activity));
  await run.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
  return activity;
}

/** The event that tells the recipient's sockets of a new activity. */
export const activityCreated = (activity: Activity) => ({ type: EVENT.activityCreated, payload: { activity } }) as const;

/**
 * One activity's INSERT under the rules above, `returning *` (null when there is nothing to record:
 * oneself). `about` lets a statement record it about a row it writes in the same statement: the
 * activity is inserted once per row of `about.from`, its subject's id read from that row.
 */
export function activityInsert(input: NewActivity, about?: { from: SQL; subject: { kind: string; id: SQL } }): SQL | null {
  const { recipientId: to, actorId: by, type } = input;
  if (by === to) return null;
  const rules: SQL[] = [];
  if (by !== null) rules.push(noBlockBetween(to, sql`${by}`));
  if (type === 'profile_view' && by !== null) rules.push(leavesViewTrace(by));
  if (type === 'message' && by !== null)
    rules.push(sql`not exists (select 1 from activities x
      where x.actor_id = ${by} and x.recipient_id = ${to} and x.type = 'message' and x.read_at is null)`);
  const where = rules.length ? sql`where ${sql.join(rules, sql` and `)}` : sql``;
  return sql`insert into activities (recipient_id, actor_id, type, subject_kind, subject_id, detail)
    select ${to}, ${by}, ${type}, ${about?.subject.kind ?? input.subject?.kind ?? null}, ${about?.subject.id ?? input.subject?.id ?? null},
      ${input.detail ?? null}
    ${about ? sql`from ${about.from}` : sql``} ${where}
    returning *`;
}

/** The activity a statement recorded in its CTE `cte` (activityInsert), as one JSON row for toActivity (or null). */
export const recordedActivity = (cte: SQL) =>
  sql`(select row_to_json(x) from (select ${columns} from ${cte} a left join profiles p on p.user_id = a.actor_id) x)`;

/** At most this many NOTIFYs in one statement (the payloads travel as one text[] parameter). */
const NOTIFY_BATCH = 500;

/**
 * Everyone who follows `ownerId` (their friends, and the members who hotlist them), told once each
 * about their new content, by one INSERT … SELECT: the rules of insertActivity for this type (not
 * oneself, no block either way) are its WHERE. Each recipient's sockets then get their own activity
 * (its id is theirs), every NOTIFY delivered by PostgreSQL on commit. How many were told.
 */
export async function insertNewContentActivities(run: Run, ownerId: string, contentId: string): Promise<number> {
  const rows = await run.execute<ActivityRow & { recipientId: string }>(sql`
    with followers as (
      select invitee_id as id from friendships where inviter_id = ${ownerId} and status = 'accepted'
      union
      select inviter_id from friendships where invitee_id = ${ownerId} and status = 'accepted'
      union
      select user_id from hotlist where member_id = ${ownerId}
    ),
    a as (
      insert into activities (recipient_id, actor_id, type, subject_kind, subject_id)
      select f.id, ${ownerId}, 'new_content', 'content', ${contentId}
      from followers f
      where f.id <> ${ownerId} and ${noBlockBetween(ownerId, sql`f.id`)}
      returning *
    )
    select ${columns}, a.recipient_id as "recipientId" from a left join profiles p on p.user_id = a.actor_id`);
  const payloads = rows.rows
    .map((row) => envelopeTo([row.recipientId], { type: EVENT.activityCreated, payload: { activity: toActivity(row) } }))
    // NOTIFY refuses 8000 bytes or more, which would fail the upload: such a one is in the feed, not pushed
    .filter((payload) => Buffer.byteLength(payload) <= NOTIFY_MAX_BYTES);
  for (let i = 0; i < payloads.length; i += NOTIFY_BATCH)
    await run.execute(
      sql`select pg_notify(${EVENTS_CHANNEL}, payload) from unnest(${textArray(payloads.slice(i, i + NOTIFY_BATCH))}) as payload`,
    );
  return rows.rows.length;
}

/** `readerId` read the messages `senderId` sent them: the message notification from `senderId` is read too. */
export async function readMessageActivities(run: Run, readerId: string, senderId: string): Promise<void> {
  await run.execute(sql`
    update activities set read_at = now()
    where actor_id = ${senderId} and recipient_id = ${readerId} and type = 'message' and read_at is null`);
}

/** The unread count stops here: the badge reads "99+" past it, and counting stays cheap. */
export const UNREAD_COUNT_CAP = 100;

/** `me`'s unread count as the badge shows it: shown activities only, up to UNREAD_COUNT_CAP. */
const unreadCountQuery = (me: string) => sql`
  select count(*) as n from (
    select 1 from activities a left join profiles p on p.user_id = a.actor_id
    where a.recipient_id = ${me} and a.read_at is null and ${shownToRecipient(me)}
    limit ${UNREAD_COUNT_CAP}) s`;

/**
 * Tells every socket of `me` (their other tabs and devices) what they marked read and their unread
 * count after it, counted in the same transaction; PostgreSQL delivers the NOTIFY on commit only.
 */
async function announceRead(run: Run, me: string, what: { ids: string[] } | { all: true }): Promise<void> {
  const counted = await run.execute<{ n: number | string }>(unreadCountQuery(me));
  const unread = Number(counted.rows[0]?.n ?? 0);
  const payload = envelopeTo([me], { type: EVENT.activityRead, payload: { ...what, unread } });
  await run.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
}

/** At most this many hotlisted members' updates in one answer. */
const HOTLIST_UPDATES_MAX = 500;

export function activityRepository(db: Db) {
  return {
    /** A page of `me`'s feed, newest first (keyset: strictly after `after`). */
    async page(me: string, opts: { after: ActivityAfter | null; limit: number; unreadOnly: boolean }): Promise<ActivityRow[]> {
      const resume = opts.after ? sql`and (a.created_at, a.id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)` : sql``;
      const unread = opts.unreadOnly ? sql`and a.read_at is null` : sql``;
      // prepared: the plan (an index walk, whoever asks) is made once per connection, not per request
      return executePrepared<ActivityRow>(
        db,
        sql`
        select ${columns}
        from activities a left join profiles p on p.user_id = a.actor_id
        where a.recipient_id = ${me} ${unread} ${resume} and ${shownToRecipient(me)}
        order by a.created_at desc, a.id desc
        limit ${opts.limit}`,
      );
    },

    /** How many of `me`'s shown activities are unread, up to UNREAD_COUNT_CAP. */
    async unreadCount(me: string): Promise<number> {
      const [row] = await executePrepared<{ n: number | string }>(db, unreadCountQuery(me));
      return Number(row?.n ?? 0);
    },

    /**
     * Marks one of `me`'s shown activities read (again: nothing changes); false when `me` has no
     * such activity. When it was unread, `me`'s sockets are told with the new unread count, on commit.
     */
    async markRead(me: string, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx.execute<{ changed: boolean }>(sql`
          with target as (
            select a.id, a.read_at from activities a left join profiles p on p.user_id = a.actor_id
            where a.id = ${id}::uuid and a.recipient_id = ${me} and ${shownToRecipient(me)}),
          done as (
            update activities x set read_at = now() from target
            where x.id = target.id and target.read_at is null
            returning x.id)
          select exists (select 1 from done) as changed from target`);
        const found = rows.rows[0];
        if (!found) return false;
        if (found.changed) await announceRead(tx, me, { ids: [id] });
        return true;
      });
    },
    /**
     * The newest new_content activity `me` was told of from each member on their hotlist (one index
     * look-up a member, on activities_actor_idx), members `me` may see only.
     */
    async hotlistLatest(me: string): Promise<ActivityRow[]> {
      const rows = await db.execute<ActivityRow>(sql`
        select ${columns}
        from hotlist h
        cross join lateral (
          select * from activities x
          where x.actor_id = h.member_id and x.recipient_id = ${me} and x.type = 'new_content'
          order by x.created_at desc, x.id desc limit 1) a
        join profiles p on p.user_id = a.actor_id
        where h.user_id = ${me} and ${shownToRecipient(me)}
        order by a.created_at desc
        limit ${HOTLIST_UPDATES_MAX}`);
      return rows.rows;
    },

    /** Marks every unread activity of `me`'s read: how many. When any, `me`'s sockets are told, on commit. */
    async markAllRead(me: string): Promise<number> {
      return db.transaction(async (tx) => {
        const rows = await tx.execute<{ n: number | string }>(sql`
          with done as (update activities set read_at = now() where recipient_id = ${me} and read_at is null returning 1)
          select count(*) as n from done`);
        const marked = Number(rows.rows[0]?.n ?? 0);
        if (marked > 0) await announceRead(tx, me, { all: true });
        return marked;
      });
    },
  };
}
export type ActivityRepository = ReturnType<typeof activityRepository>;
