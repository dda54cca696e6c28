import { sql, type SQL } from 'drizzle-orm';
import { DISCOVER_PASS_DAYS, DISCOVER_SHARED_MAX } from '@velvet/core/schemas/discover.schema';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { decidedOn } from '../../db/decisions';
import { executePrepared } from '../../db/prepared';
import { recordActivity } from '../activity/activity.public';
import { profileViewsOf } from '../profile-views/profile-views.public';
import { matchesOf } from './discover.public';
import { textArray } from '../../db/arrays';
import { cellOf, cellPointOf, limitOf, nearestWalk, pointOf, withinKm } from '../../db/nearest';
import { activityKey, hasBlocked, onlineExpr, placedForOthers, shownToAnyone, listedFor, visibleActivity } from '../../db/visibility';

export interface CandidateQuery {
  minAge: number;
  /** null: no upper bound (the slider at its top means "65 and over") */
  maxAge: number | null;
  /** members placed within this many km (between cells) of `place`, else of the viewer's own cell */
  km: number;
  /** a town typed into the filter panel (its cell): where the distance is measured from instead */
  place: Position | null;
  /** interests that are not shared tastes (the creator tags): never counted as in common */
  notShared: readonly string[];
  limit: number;
}

/** A batch of candidates, and the viewer's own cell (read by the same statement): where their distances are from. */
export interface CandidateBatch {
  from: Position | null;
  rows: CandidateRow[];
}

export type CandidateRow = {
  id: string;
  username: string;
  displayName: string;
  age: number | null;
  partnerAge: number | null;
  kind: string;
  locationCity: string | null;
  locationLat: number | null;
  locationLng: number | null;
  hideLocation: boolean;
  /** null when they hide it */
  lastActive: Date | string | null;
  verified: boolean;
  online: boolean;
  avatarUrl: string | null;
  commonInterests: string[];
  profileViews: number | string;
  photos: number | string;
};

export type TargetRow = {
  id: string;
  username: string;
  displayName: string;
  finished: boolean;
  anonymous: boolean;
  blockedByMe: boolean;
  blocksMe: boolean;
};

/** How many members Discover ranks for each batch: the nearest this many eligible (or the most recently active, unplaced). */
export const DISCOVER_POOL = 50;

/** A couple or group matches the age range when either partner's age does. */
function ageInRange(minAge: number, maxAge: number | null) {
  const within = (col: SQL) => (maxAge === null ? sql`${col} >= ${minAge}` : sql`${col} between ${minAge} and ${maxAge}`);
  return sql`(${within(sql`p.age`)} or (p.kind <> 'individual' and ${within(sql`p.partner_age`)}))`;
}

/**
 * Not liked or passed by `me`: a like stands, a pass only for DISCOVER_PASS_DAYS (then the member
 * comes back).
 */
const notDecidedBy = (me: string) =>
  sql`not ${decidedOn(me, sql`p.user_id`, sql`(l.liked or l.created_at > now() - make_interval(days => ${DISCOVER_PASS_DAYS}))`)}`;

export function discoverRepository(db: Db) {
  const run = <T>(query: SQL) => executePrepared<T>(db, query);
  return {
    /**
     * The next ranked candidates. The pool is the DISCOVER_POOL nearest members the viewer may see
     * and has not decided on, within the distance (nearest first, db/nearest.ts), or without a place
     * to measure from the most recently active; ranked by shared interests, then distance, then
     * recent activity (members who hide it rank as unknown), then verified. Never the member, anyone
     * on either side of a block, anonymous members or unfinished profiles.
     *
     * One statement: it reads the viewer's own cell and interests itself. Both pools are written in
     * it, each behind a one-time filter on whether there is a place to measure from, so only one is read.
     */
    async candidates(me: string, q: CandidateQuery): Promise<CandidateBatch> {
      const eligible = [listedFor(me), notDecidedBy(me), ageInRange(q.minAge, q.maxAge)];
      const centre = q.place ? pointOf(q.place) : cellPointOf(me);
      // what ranks a member is read with the walk itself, so only the batch's members are looked up again
      const ranking = { interests: sql`p.interests`, verified: sql`p.verified` };
      const walked = nearestWalk({
        here: centre,
        where: sql.join([...eligible, placedForOthers], sql` and `),
        within: withinKm(centre, q.km),
        limit: DISCOVER_POOL,
        columns: ranking,
      });
      const rank = sql`shared desc, d asc nulls last, ak desc, verified desc, user_id`;
      // its best plan is the same for every viewer (a walk from their cell): planned once (db/prepared.ts)
      const rows = await executePrepared<CandidateRow & { fromLat: number | null; fromLng: number | null }>(
        db,
        sql`
        with viewer as (select c.location_lat as lat, c.location_lng as lng, c.interests from (select 1) one
          left join profiles c on c.user_id = ${me}),
        mine as (
          select coalesce(array_agg(i), '{}'::text[]) as interests
          from viewer cross join unnest(viewer.interests) as i where i <> all(${textArray(q.notShared)})
        ),
        pool as (
          select w.user_id, w.d, w.ak, w.interests, w.verified from (${walked}) w
          union all
          (select p.user_id, null::float8 as d, ${activityKey} as ak, p.interests, p.verified from profiles p
            where ${centre} is null and ${sql.join(eligible, sql` and `)}
            order by ${activityKey} desc, p.user_id desc ${limitOf(DISCOVER_POOL)})
        ),
        ranked as (
          select pool.user_id, pool.d, pool.ak, pool.verified,
            (select count(*) from unnest(pool.interests) as x(i) where x.i = any(mine.interests)) as shared
          from pool cross join mine
          order by ${rank} ${limitOf(q.limit)}
        )
        select viewer.lat as "fromLat", viewer.lng as "fromLng", p.user_id as id, p.username, p.display_name as "displayName", p.age, p.partner_age as "partnerAge", p.kind,
          p.location_city as "locationCity", p.location_lat as "locationLat", p.location_lng as "locationLng",
          p.hide_location as "hideLocation", ${visibleActivity} as "lastActive", p.verified, ${onlineExpr} as online, p.avatar_url as "avatarUrl",
          array(select x.i from unnest(p.interests) with ordinality as x(i, n) where x.i = any(mine.interests) order by x.n
            limit ${sql.raw(String(DISCOVER_SHARED_MAX))}) as "commonInterests",
          coalesce((select t.views from profile_view_totals t where t.viewed_id = p.user_id), 0) as "profileViews",
          (select count(*) from media m where m.owner_id = p.user_id and m.kind = 'gallery' and m.visibility <> 'private') as photos
        from viewer cross join mine left join (ranked r join profiles p on p.user_id = r.user_id) on true
        order by r.shared desc, r.d asc nulls last, r.ak desc, r.verified desc, r.user_id`,
        { genericPlan: true },
      );
      // the first row carries the viewer's cell; without candidates it is that alone (id null)
      return {
        from: cellOf(rows[0]?.fromLat, rows[0]?.fromLng),
        // the caller's columns stay on each row, unread (member-pages.repository pageOf)
        rows: rows.filter((r) => r.id !== null),
      };
    },

    /** Every pass of the member's forgotten (Start over): those members come back; likes stay. How many. */
    async forgetPasses(me: string): Promise<number> {
      const rows = await run<{ n: number | string }>(
        sql`with gone as (delete from likes where liker_id = ${me} and not liked returning 1) select count(*) as n from gone`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** The member a like or pass is about, with what decides whether it is allowed. */
    async target(me: string, id: string): Promise<TargetRow | undefined> {
      const rows = await executePrepared<TargetRow>(
        db,
        sql`
        select p.user_id as id, p.username, p.display_name as "displayName",
          p.setup_completed_at is not null as finished, p.anonymous_mode as anonymous,
          ${hasBlocked(me, sql`p.user_id`)} as "blockedByMe",
          ${hasBlocked(sql`p.user_id`, me)} as "blocksMe"
        from profiles p where p.user_id = ${id}`,
      );
      return rows[0];
    },

    /** Stores a like or a pass; a later decision replaces the earlier one, the same one again changes nothing. */
    /**
     * A new like is recorded as an activity for the liked member (Updates, notifications) in the same
     * transaction, or, when they liked this member already, a match for both.
     */
    async decide(me: string, other: string, liked: boolean) {
      await db.transaction(async (tx) => {
        const changed = await tx.execute(sql`
          insert into likes (liker_id, liked_id, liked) values (${me}, ${other}, ${liked})
          on conflict (liker_id, liked_id) do update set liked = excluded.liked, created_at = now()
          where likes.liked <> excluded.liked
          returning 1`);
        if (!liked || !changed.rows.length) return;
        const mutual = await tx.execute(sql`select 1 from likes where liker_id = ${other} and liked_id = ${me} and liked`);
        if (!mutual.rows.length) {
          await recordActivity(tx, { recipientId: other, actorId: me, type: 'like' });
          return;
        }
        await recordActivity(tx, { recipientId: other, actorId: me, type: 'match' });
        await recordActivity(tx, { recipientId: me, actorId: other, type: 'match' });
      });
    },

    /** Whether the other member has liked this one (asked only after this one liked them). */
    async likes(liker: string, liked: string): Promise<boolean> {
      const [row] = await executePrepared<{ yes: boolean }>(
        db,
        sql`select exists (select 1 from likes where liker_id = ${liker} and liked_id = ${liked} and liked) as yes`,
      );
      return row?.yes === true;
    },

    /**
     * The member's stats row but the online count: the verified members anyone may be shown, the
     * community's count (kept by triggers: member_counts), and of them those the member may not see
     * (themself and anyone on either side of a block: a few primary-key look-ups), their matches
     * (discover.public.ts matchesOf, as the dashboard counts them) and views of their profile by members
     * they may be shown (as Looked @ Me lists them: not across a block). Each like of theirs is asked
     * once whether it was returned (a look-up of the pair) and each view's viewer read once: the
     * work grows with the member's own likes and views, never with a product of two of them (a
     * member with 2 000 likes, 1 000 of them returned, took 87 ms when the likes were joined).
     */
    async stats(me: string) {
      const rows = await executePrepared<{
        verifiedShown: number | string;
        unseenVerified: number | string;
        matches: number | string;
        views: number | string;
      }>(
        db,
        sql`
        select
          (select c.verified_shown from member_counts c) as "verifiedShown",
          (select count(*) from (
              select ${me}::text as other
              union select blocked_id from user_blocks where blocker_id = ${me}
              union select blocker_id from user_blocks where blocked_id = ${me}) x
            join profiles p on p.user_id = x.other
            where p.verified and ${shownToAnyone}) as "unseenVerified",
          ${matchesOf(me)} as matches,
          ${profileViewsOf(me)} as views`,
      );
      const row = rows[0];
      return {
        verifiedShown: Number(row?.verifiedShown ?? 0),
        unseenVerified: Number(row?.unseenVerified ?? 0),
        matches: Number(row?.matches ?? 0),
        views: Number(row?.views ?? 0),
      };
    },
  };
}
export type DiscoverRepository = ReturnType<typeof discoverRepository>;
