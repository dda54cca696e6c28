import { sql, type SQL } from 'drizzle-orm';
import { DISCOVER_SHARED_MAX } from '@velvet/core/schemas/discover.schema';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { blockedIdsOf } from '../../db/blocks';
import type { MemberIndex, MemberTable } from '../members/member-index';
import { POOL, rankedPool } from './discover-pool';
import { noBlockBetween, onlineExpr, visibleActivity, visibleTo } from '../../db/visibility';

export interface Viewer {
  position: Position | null;
  /** their chosen interests, creator tags left out */
  interests: string[];
  /** everyone on either side of a block with them, and everyone they liked or passed (as read with the rest) */
  exclusions?: { blocked: Set<string>; decided: Set<string> };
}

/** The distance filter: members placed within `km` of `centre` (between cells). */
export interface DistanceFilter {
  centre: Position;
  km: number;
}

export interface CandidateQuery {
  minAge: number;
  /** null: no upper bound (the slider at its top means "65 and over") */
  maxAge: number | null;
  distance: DistanceFilter | null;
  limit: number;
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

/** Squared planar distance between cells in degrees of latitude (longitude scaled): the order of true distances at UK scale. */
function squaredDistance(centre: Position) {
  const kx = Math.cos((centre.lat * Math.PI) / 180);
  return { kx, d2: sql`power(p.location_lat - ${centre.lat}, 2) + power((p.location_lng - ${centre.lng}) * ${kx}, 2)` };
}

/** A couple or group matches the age range when either partner's age does. */
function ageInRange(minAge: number, maxAge: number | null) {
  const within = (col: SQL) => (maxAge === null ? sql`${col} >= ${minAge}` : sql`${col} between ${minAge} and ${maxAge}`);
  return sql`(${within(sql`p.age`)} or (p.kind <> 'individual' and ${within(sql`p.partner_age`)}))`;
}

export function discoverRepository(db: Db, opts: { index?: MemberIndex } = {}) {
  /** The scored, ranked rows of a pool of members (a statement giving `user_id`s), the first `limit`. */
  async function scoredRows(viewer: Viewer, pool: SQL, d2: SQL, limit: number, prepared = false): Promise<CandidateRow[]> {
    const rank = sql`shared desc, d2 asc nulls last, activity desc nulls last, verified desc, user_id`;
    const statement = sql`
        with mine as (
          select coalesce(array_agg(i), '{}'::text[]) as interests
          from jsonb_array_elements_text(${JSON.stringify(viewer.interests)}::jsonb) as i
        ),
        pool as (${pool}),
        scored as (
          select p.user_id, p.username, p.display_name, p.age, p.partner_age, p.kind, p.location_city, p.location_lat,
            p.location_lng, p.hide_location, p.avatar_url, u.verified, ${onlineExpr} as online, ${visibleActivity} as activity,
            ${d2} as d2,
            array(select x.i from unnest(p.interests) with ordinality as x(i, n) where x.i = any(mine.interests) order by x.n) as common
          from pool join profiles p on p.user_id = pool.user_id join "user" u on u.id = p.user_id cross join mine
        ),
        ranked as (
          select *, cardinality(common) as shared from scored order by ${rank} limit ${limit}
        )
        select r.user_id as id, r.username, r.display_name as "displayName", r.age, r.partner_age as "partnerAge", r.kind,
          r.location_city as "locationCity", r.location_lat as "locationLat", r.location_lng as "locationLng",
          r.hide_location as "hideLocation", r.activity as "lastActive", r.verified, r.online, r.avatar_url as "avatarUrl",
          r.common[1:${sql.raw(String(DISCOVER_SHARED_MAX))}] as "commonInterests",
          (select count(*) from profile_views v where v.viewed_id = r.user_id) as "profileViews",
          (select count(*) from media m where m.owner_id = r.user_id and m.kind = 'gallery' and m.visibility <> 'private') as photos
        from ranked r
        order by ${rank}`;
    return prepared ? executePrepared<CandidateRow>(db, statement) : (await db.execute<CandidateRow>(statement)).rows;
  }

  async function exclusionsOf(me: string) {
    const [row] = await executePrepared<{ blocked: string[]; decided: string[] }>(
      db,
      sql`select ${blockedIdsOf(me)} as blocked,
                 array(select liked_id from likes where liker_id = ${me}) as decided`,
    );
    return { blocked: new Set(row?.blocked ?? []), decided: new Set(row?.decided ?? []) };
  }

  /**
   * The ranked pool from the member index (discover-pool.ts), its first members read again by id with
   * every condition (privacy, likes and passes, age, distance) and scored by the same statement; one
   * dropped (changed since the index heard) makes it take the next.
   */
  async function candidatesFromIndex(
    table: MemberTable,
    me: string,
    viewer: Viewer,
    q: CandidateQuery,
    conditions: SQL[],
    d2: SQL,
  ): Promise<CandidateRow[]> {
    // everyone on either side of a block, and everyone already liked or passed: read with the viewer
    // (the statement by id checks both again, so one made since is never dealt)
    const exclusions = viewer.exclusions ?? (await exclusionsOf(me));
    const query = {
      me,
      blocked: exclusions.blocked,
      decided: exclusions.decided,
      interests: viewer.interests,
      minAge: q.minAge,
      maxAge: q.maxAge,
      distance: q.distance,
    };
    // prepared: by ids, with nothing else an index could serve, a generic plan is the custom one
    // (with the location box in it, a generic plan read the box instead); the blocks checked here
    // again by their keys, as read now, not as read with the viewer
    const eligible = sql.join([visibleTo(me), ...conditions], sql` and `);
    let want = q.limit + 2;
    let all = rankedPool(table, query, want);
    let ranked = all;
    // each id in the order first given: a ranking again (the index moves meanwhile) adds only the
    // ids not read yet, so none is read twice and the order stands
    const position = new Map<string, number>();
    const rows: CandidateRow[] = [];
    for (let from = 0; rows.length < q.limit;) {
      if (from >= ranked.length) {
        // every one ranked so far read: rank further, unless that was all of them
        if (all.length < want) break;
        want *= 4;
        all = rankedPool(table, query, want);
        ranked = all.filter((id) => !position.has(id));
        from = 0;
        continue;
      }
      const ids = ranked.slice(from, from + q.limit - rows.length + 2);
      from += ids.length;
      for (const id of ids) position.set(id, position.size);
      const pool = sql`select p.user_id from profiles p where ${eligible} and p.user_id = any(string_to_array(${ids.join(',')}, ','))`;
      rows.push(...(await scoredRows(viewer, pool, d2, ids.length, true)));
    }
    return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!).slice(0, q.limit);
  }

  return {
    /** The member's own cell and interests, or null without a profile. */
    async viewer(me: string, creatorTags: readonly string[]): Promise<Viewer | null> {
      const [row] = await executePrepared<{
        lat: number | null;
        lng: number | null;
        interests: string[];
        blocked: string[];
        decided: string[];
      }>(
        db,
        sql`select location_lat as lat, location_lng as lng, interests,
              ${blockedIdsOf(me)} as blocked,
              array(select liked_id from likes where liker_id = ${me}) as decided
            from profiles where user_id = ${me}`,
      );
      if (!row) return null;
      const tags = new Set(creatorTags);
      return {
        position: row.lat !== null && row.lng !== null ? { lat: Number(row.lat), lng: Number(row.lng) } : null,
        interests: (row.interests ?? []).filter((i) => !tags.has(i)),
        exclusions: { blocked: new Set(row.blocked), decided: new Set(row.decided) },
      };
    },

    /**
     * The next ranked candidates: shared interests, then distance between cells, then recent activity
     * (members who hide it rank as unknown), then verified. Never the member, anyone they already
     * liked or passed, anyone on either side of a block, anonymous members or unfinished profiles.
     *
     * The pool comes through indexes: members who show their activity by last_active_at
     * (profiles_last_active_idx), members who hide it by created_at (profiles_created_idx) so their
     * activity never decides whether they appear, and with a distance the location box
     * (profiles_location_idx) narrows both. Already-decided members are skipped by primary-key
     * look-ups in likes, never by reading the member's whole list of likes.
     */
    async candidates(me: string, viewer: Viewer, q: CandidateQuery): Promise<CandidateRow[]> {
      const decided = sql`not exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id)`;
      const filters: SQL[] = [visibleTo(me), decided, ageInRange(q.minAge, q.maxAge)];
      const byId: SQL[] = [decided, ageInRange(q.minAge, q.maxAge)];
      let d2: SQL = sql`null::float8`;
      if (q.distance) {
        const { centre, km } = q.distance;
        const dLat = km / 111.2;
        const measured = squaredDistance(centre);
        const dLng = dLat / measured.kx;
        // members who hide their location are never placed by distance, so a distance leaves them out
        filters.push(sql`not p.hide_location
          and p.location_lat between ${centre.lat - dLat} and ${centre.lat + dLat}
          and p.location_lng between ${centre.lng - dLng} and ${centre.lng + dLng}
          and ${measured.d2} <= ${dLat * dLat}`);
        // the same without the box (implied by the distance): for reads by id, where a box would
        // offer the location index to a generic plan
        byId.push(sql`not p.hide_location and ${measured.d2} <= ${dLat * dLat}`);
        d2 = measured.d2;
      }
      const eligible = sql.join(filters, sql` and `);
      const table = opts.index ? await opts.index.table() : null;
      if (table && !table.interestsOverflow) return candidatesFromIndex(table, me, viewer, q, byId, d2);
      const pool = sql`
          (select p.user_id from profiles p where ${eligible} and not p.hide_last_active
           order by p.last_active_at desc limit ${POOL})
          union all
          (select p.user_id from profiles p where ${eligible} and p.hide_last_active
           order by p.created_at desc limit ${POOL})`;
      return scoredRows(viewer, pool, d2, q.limit);
    },

    /** The member a like or pass is about, with what decides whether it is allowed. */
    async target(me: string, id: string): Promise<TargetRow | undefined> {
      const rows = await executePrepared<TargetRow>(
        db,
        sql`
        select p.user_id as id, p.username, p.display_name as "displayName",
          p.setup_completed_at is not null as finished, p.anonymous_mode as anonymous,
          exists (select 1 from user_blocks b where b.blocker_id = ${me} and b.blocked_id = p.user_id) as "blockedByMe",
          exists (select 1 from user_blocks b where b.blocker_id = p.user_id and b.blocked_id = ${me}) as "blocksMe"
        from profiles p where p.user_id = ${id}`,
      );
      return rows[0];
    },

    /** Stores a like or a pass; a later decision replaces the earlier one, the same one again changes nothing. */
    async decide(me: string, other: string, liked: boolean) {
      await executePrepared(
        db,
        sql`
        insert into likes (liker_id, liked_id, liked) values (${me}, ${other}, ${liked})
        on conflict (liker_id, liked_id) do update set liked = excluded.liked, created_at = now()
        where likes.liked <> excluded.liked`,
      );
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
     * Verified members anyone may be shown (finished, not anonymous), the whole community's count:
     * the service keeps it for a few seconds and takes each member's own exclusions off it.
     */
    async verifiedShownCount(): Promise<number> {
      const rows = await db.execute<{ n: number | string }>(sql`
        select count(*) as n from profiles p join "user" u on u.id = p.user_id
        where u.verified and p.setup_completed_at is not null and not p.anonymous_mode`);
      return Number(rows.rows[0]?.n ?? 0);
    },

    /**
     * The member's part of the stats row: of the verified members counted community-wide, those they
     * may not see (themself and anyone on either side of a block: a few primary-key look-ups), their
     * matches (mutual likes with members on neither side of a block) and views of their profile.
     */
    async stats(me: string) {
      const rows = await executePrepared<{ unseenVerified: number | string; matches: number | string; views: number | string }>(
        db,
        sql`
        select
          (select count(*) from (
              select ${me}::text as other
              union select blocked_id from user_blocks where blocker_id = ${me}
              union select blocker_id from user_blocks where blocked_id = ${me}) x
            join profiles p on p.user_id = x.other join "user" u on u.id = x.other
            where u.verified and p.setup_completed_at is not null and not p.anonymous_mode) as "unseenVerified",
          (select count(*) from likes a join likes b on b.liker_id = a.liked_id and b.liked_id = a.liker_id and b.liked
            where a.liker_id = ${me} and a.liked and ${noBlockBetween(me, sql`a.liked_id`)}) as matches,
          (select count(*) from profile_views v where v.viewed_id = ${me}) as views`,
      );
      const row = rows[0];
      return { unseenVerified: Number(row?.unseenVerified ?? 0), matches: Number(row?.matches ?? 0), views: Number(row?.views ?? 0) };
    },
  };
}
export type DiscoverRepository = ReturnType<typeof discoverRepository>;
