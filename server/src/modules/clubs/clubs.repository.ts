import { sql, type SQL } from 'drizzle-orm';
import { CLUB_NEW_DAYS, CLUB_REGIONS, type ClubRegion, type ClubSuggestionInput } from '@velvet/core/schemas/club.schema';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { recordAudit } from '../../db/audit';
import { likePattern } from '../../db/like';
import { textArray } from '../../db/arrays';
import { limitOf } from '../../db/nearest';
import { authorNamedTo, noBlockBetween } from '../../db/visibility';

export interface ClubRow {
  id: string;
  name: string;
  town: string;
  region: ClubRegion;
  reviews: number;
  newReviews: number;
  isNew: boolean;
  rating: number | null;
}
export interface ClubDetailRow extends ClubRow {
  description: string;
  addedAt: string;
}
export interface ReviewRow {
  id: string;
  rating: number;
  text: string;
  createdAt: string;
  updatedAt: string;
  authorId: string;
  named: boolean;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}
export interface SuggestionRow {
  id: string;
  name: string;
  town: string;
  region: ClubRegion;
  details: string;
  createdAt: string;
  userId: string | null;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}

const NEW = sql.raw(`interval '${CLUB_NEW_DAYS} days'`);
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * A club's counts and mean rating (every review, whoever wrote it: a fact about the club). The count
 * and stars are kept on the club by triggers (migration 0024); the new reviews are the newest end of
 * the club's reviews index.
 */
const clubColumns = sql`c.id, c.name, c.town, c.region, c.review_count as reviews,
  (select count(*) from club_reviews r where r.club_id = c.id and r.created_at > now() - ${NEW})::int as "newReviews",
  (c.added_at > now() - ${NEW}) as "isNew",
  case when c.review_count > 0 then round(c.rating_total::numeric / c.review_count, 1)::float8 end as rating`;

/** A review as `me` reads it: the author named, or not (authorNamedTo), never across a block. */
const reviewColumns = (me: string) => sql`r.id, r.rating, r.body as text, ${iso('r.created_at')} as "createdAt",
  ${iso('r.updated_at')} as "updatedAt", r.author_id as "authorId", ${authorNamedTo(me, sql`r.author_id`)} as named,
  p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl"`;

export function clubsRepository(db: Db) {
  // prepared on PostgreSQL: planning the directory's query cost more than running it (bench/clubs.mjs)
  const rows = <T>(query: SQL) => executePrepared<T>(db, query);

  return {
    /**
     * The directory as the page shows it: the clubs matching the texts and the region, by region (the
     * page's order) then name; how many match the texts in each region; every town with a club.
     */
    async list(filters: { q?: string; location?: string; region?: ClubRegion }) {
      const texts: SQL[] = [sql`true`];
      if (filters.q)
        texts.push(sql`(c.name ilike ${likePattern(filters.q)} escape '\\' or c.town ilike ${likePattern(filters.q)} escape '\\')`);
      if (filters.location) texts.push(sql`c.town ilike ${likePattern(filters.location)} escape '\\'`);
      const matched = sql.join(texts, sql` and `);
      const [row] = await rows<{ items: ClubRow[]; regions: { region: ClubRegion; count: number }[]; locations: string[] }>(sql`
        select
          (select coalesce(json_agg(i order by array_position(${textArray(CLUB_REGIONS)}, i.region), i.name, i.id), '[]')
             from (select ${clubColumns} from clubs c where ${matched} ${filters.region ? sql`and c.region = ${filters.region}` : sql``}) i) as items,
          (select coalesce(json_agg(json_build_object('region', g.region, 'count', g.n)), '[]')
             from (select c.region, count(*)::int as n from clubs c where ${matched} group by c.region) g) as regions,
          (select coalesce(json_agg(t.town order by t.town), '[]') from (select distinct c.town from clubs c) t) as locations`);
      return row ?? { items: [], regions: [], locations: [] };
    },

    async get(id: string): Promise<ClubDetailRow | undefined> {
      const [row] = await rows<ClubDetailRow>(
        sql`select ${clubColumns}, c.description, ${iso('c.added_at')} as "addedAt" from clubs c where c.id = ${id}`,
      );
      return row;
    },

    /** A club's reviews `me` may read, newest first, from the keys of the last one shown. */
    async reviews(me: string, clubId: string, after: { at: string; id: string } | null, limit: number): Promise<ReviewRow[]> {
      return rows<ReviewRow>(sql`
        select ${reviewColumns(me)}, r.created_at::text as at
        from club_reviews r left join profiles p on p.user_id = r.author_id
        where r.club_id = ${clubId} and ${noBlockBetween(me, sql`r.author_id`)}
          ${after ? sql`and (r.created_at, r.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
        order by r.created_at desc, r.id desc ${limitOf(limit)}`);
    },

    async myReview(me: string, clubId: string): Promise<ReviewRow | undefined> {
      const [row] = await rows<ReviewRow>(sql`
        select ${reviewColumns(me)} from club_reviews r left join profiles p on p.user_id = r.author_id
        where r.club_id = ${clubId} and r.author_id = ${me}`);
      return row;
    },

    /** Writes or rewrites the member's one review of the club (false: no such club). */
    async putReview(me: string, clubId: string, rating: number, text: string): Promise<boolean> {
      const result = await db.execute(sql`
        insert into club_reviews (club_id, author_id, rating, body)
        select c.id, ${me}, ${rating}, ${text} from clubs c where c.id = ${clubId}
        on conflict (club_id, author_id) do update set rating = excluded.rating, body = excluded.body, updated_at = now()`);
      return (result.rowCount ?? 0) > 0;
    },

    async deleteReview(me: string, clubId: string): Promise<boolean> {
      const result = await db.execute(sql`delete from club_reviews where club_id = ${clubId} and author_id = ${me}`);
      return (result.rowCount ?? 0) > 0;
    },

    async suggest(me: string, s: Required<ClubSuggestionInput>): Promise<string> {
      const [row] = await rows<{ id: string }>(sql`
        insert into club_suggestions (suggested_by, name, town, region, details)
        values (${me}, ${s.name}, ${s.town}, ${s.region}, ${s.details}) returning id`);
      return row!.id;
    },

    /** Suggestions waiting for a moderator, oldest first. */
    async pendingSuggestions(): Promise<SuggestionRow[]> {
      return rows<SuggestionRow>(sql`
        select s.id, s.name, s.town, s.region, s.details, ${iso('s.created_at')} as "createdAt",
          s.suggested_by as "userId", p.username, p.display_name as "displayName", p.avatar_url as "avatarUrl"
        from club_suggestions s left join profiles p on p.user_id = s.suggested_by
        where s.status = 'pending' order by s.created_at, s.id limit 200`);
    },

    /**
     * A moderator's decision, once: approving lists the club as suggested. Both in one transaction;
     * null when the suggestion is not pending (unknown or decided).
     */
    async decide(moderator: string, id: string, decision: { approve: true } | { approve: false; reason: string }) {
      return db.transaction(async (tx) => {
        const [s] = (
          await tx.execute<{ name: string; town: string; region: string; details: string; suggestedBy: string | null }>(sql`
            update club_suggestions set status = ${decision.approve ? 'approved' : 'rejected'}, decided_by = ${moderator},
              decided_at = now(), reason = ${decision.approve ? null : decision.reason}
            where id = ${id} and status = 'pending' returning name, town, region, details, suggested_by as "suggestedBy"`)
        ).rows;
        if (!s) return null;
        const audit = { actorId: moderator, targetUserId: s.suggestedBy, targetType: 'club_suggestion', targetId: id };
        if (!decision.approve) {
          await recordAudit(tx, { ...audit, action: 'club_suggestion_rejected', reason: decision.reason });
          return { clubId: null };
        }
        const [club] = (
          await tx.execute<{ id: string }>(sql`
            insert into clubs (name, town, region, description) values (${s.name}, ${s.town}, ${s.region}, ${s.details}) returning id`)
        ).rows;
        await tx.execute(sql`update club_suggestions set club_id = ${club!.id} where id = ${id}`);
        await recordAudit(tx, { ...audit, action: 'club_suggestion_approved' });
        return { clubId: club!.id };
      });
    },
  };
}
export type ClubsRepository = ReturnType<typeof clubsRepository>;
