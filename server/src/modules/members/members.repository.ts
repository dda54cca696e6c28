import { sql, type SQL } from 'drizzle-orm';
import type { MemberSort } from '@velvet/core/schemas/member.schema';
import { AGE_FILTER, MEMBER_TYPE_GENDERS, type MemberFilters } from '@velvet/core/schemas/member.schema';
import { CREATOR_TAG } from '@velvet/core/constants/options';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/like';
import { onlineExpr, visibleActivity, visibleTo } from '../../db/visibility';

export type MemberRow = {
  userId: string;
  username: string;
  displayName: string;
  age: number | null;
  partnerAge: number | null;
  gender: string | null;
  kind: string;
  locationCity: string | null;
  locationLat: number | null;
  locationLng: number | null;
  hideLocation: boolean;
  avatarUrl: string | null;
  verified: boolean;
  online: boolean;
  liked: boolean;
};

function orderBy(sort: MemberSort, from: Position | null): SQL {
  switch (sort) {
    case 'nearest': {
      if (!from) return sql`${visibleActivity} desc nulls last, p.user_id`;
      // planar distance on the cells, longitude scaled by latitude: the order of true distances at UK scale
      const kx = Math.cos((from.lat * Math.PI) / 180);
      const placed = sql`(p.location_lat is not null and not p.hide_location)`;
      const d2 = sql`power(p.location_lat - ${from.lat}, 2) + power((p.location_lng - ${from.lng}) * ${kx}, 2)`;
      return sql`${placed} desc, case when ${placed} then ${d2} end asc, ${visibleActivity} desc nulls last, p.user_id`;
    }
    case 'newest':
      return sql`p.created_at desc, p.user_id`;
    case 'online':
      return sql`${onlineExpr} desc, ${visibleActivity} desc nulls last, p.user_id`;
    case 'verified':
      return sql`u.verified desc, ${visibleActivity} desc nulls last, p.user_id`;
    default: {
      const never: never = sort;
      return never;
    }
  }
}

/** The Search filters (core memberFiltersSchema) minus paging and distance, which need the caller's cell. */
export type MemberSearch = Omit<MemberFilters, 'sort' | 'maxKm'> & { sort: MemberSort; maxKm?: number };

/**
 * The search conditions, each a plain column test so an index can serve it (see docs/api.md for the
 * indexes each Search tile wants). The privacy filter `visibleTo` always comes with them.
 */
function searchFilters(f: MemberSearch): SQL[] {
  const where: SQL[] = [];
  if (f.q) where.push(sql`p.username ilike ${likePattern(f.q)} escape '\\'`);
  if (f.name) {
    const pattern = likePattern(f.name);
    where.push(sql`(p.username ilike ${pattern} escape '\\' or p.display_name ilike ${pattern} escape '\\')`);
  }
  if (f.location) where.push(sql`not p.hide_location and p.location_city ilike ${likePattern(f.location)} escape '\\'`);
  if (f.type) where.push(sql`p.gender in ${[...MEMBER_TYPE_GENDERS[f.type]]}`);
  if (f.online) where.push(onlineExpr);
  if (f.joinedDays !== undefined) where.push(sql`p.created_at > now() - make_interval(days => ${f.joinedDays})`);
  if (f.minAge !== undefined || f.maxAge !== undefined) {
    // a couple matches when either partner's age is in range
    const lo = f.minAge ?? AGE_FILTER.min;
    const hi = f.maxAge ?? AGE_FILTER.max;
    where.push(sql`(p.age between ${lo} and ${hi} or p.partner_age between ${lo} and ${hi})`);
  }
  if (f.verified) where.push(sql`u.verified`);
  if (f.withPhoto) where.push(sql`p.avatar_url is not null`);
  if (f.creator) {
    const tags = f.creator === 'any' ? [CREATOR_TAG] : [CREATOR_TAG, f.creator];
    where.push(
      sql`p.interests @> array[${sql.join(
        tags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  // placed by their device (Who's Near on); someone hiding their location is never placed for others
  if (f.mobile) where.push(sql`p.location_source = 'device' and not p.hide_location`);
  return where;
}

export function membersRepository(db: Db) {
  return {
    /** Where the member themself is placed (their cell), for distances and nearest-first. */
    async positionOf(userId: string): Promise<Position | null> {
      const rows = await db.execute<{ lat: number | null; lng: number | null }>(
        sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${userId}`,
      );
      const row = rows.rows[0];
      return row && row.lat !== null && row.lng !== null ? { lat: Number(row.lat), lng: Number(row.lng) } : null;
    },

    async list(me: string, opts: MemberSearch & { from: Position | null; offset: number; limit: number }) {
      const filters: SQL[] = [visibleTo(me), ...searchFilters(opts)];
      if (opts.maxKm !== undefined) {
        // a box on the location index first, then the distance between cells; hidden locations are never near
        if (!opts.from) return [];
        const dLat = opts.maxKm / 111.2;
        const kx = Math.cos((opts.from.lat * Math.PI) / 180);
        const dLng = dLat / kx;
        filters.push(sql`not p.hide_location
          and p.location_lat between ${opts.from.lat - dLat} and ${opts.from.lat + dLat}
          and p.location_lng between ${opts.from.lng - dLng} and ${opts.from.lng + dLng}
          and power(p.location_lat - ${opts.from.lat}, 2) + power((p.location_lng - ${opts.from.lng}) * ${kx}, 2) <= ${dLat * dLat}`);
      }
      const rows = await db.execute<MemberRow>(sql`
        select p.user_id as "userId", p.username, p.display_name as "displayName", p.age, p.partner_age as "partnerAge",
          p.gender, p.kind, p.location_city as "locationCity", p.location_lat as "locationLat", p.location_lng as "locationLng",
          p.hide_location as "hideLocation", p.avatar_url as "avatarUrl", u.verified, ${onlineExpr} as online,
          exists (select 1 from likes l where l.liker_id = ${me} and l.liked_id = p.user_id and l.liked) as liked
        from profiles p join "user" u on u.id = p.user_id
        where ${sql.join(filters, sql` and `)}
        order by ${orderBy(opts.sort, opts.from)}
        limit ${opts.limit} offset ${opts.offset}`);
      return rows.rows;
    },

    async locationState(userId: string) {
      const [row] = (
        await db.execute<{ source: string | null; lat: number | null; city: string | null }>(
          sql`select location_source as source, location_lat as lat, location_city as city from profiles where user_id = ${userId}`,
        )
      ).rows;
      return row;
    },

    /** Stores a cell (never a raw position) and where it came from. */
    async setPosition(userId: string, cell: Position | null, source: 'device' | 'city' | null) {
      await db.execute(
        sql`update profiles set location_lat = ${cell?.lat ?? null}, location_lng = ${cell?.lng ?? null}, location_source = ${source}
            where user_id = ${userId}`,
      );
    },

    /** Members online now whom others may see as online (the live 'N online'). */
    async onlineCount(): Promise<number> {
      const rows = await db.execute<{ n: number | string }>(
        sql`select count(*) as n from profiles p where not p.anonymous_mode and p.setup_completed_at is not null and ${onlineExpr}`,
      );
      return Number(rows.rows[0]?.n ?? 0);
    },
  };
}
export type MembersRepository = ReturnType<typeof membersRepository>;
