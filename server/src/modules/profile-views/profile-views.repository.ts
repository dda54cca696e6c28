import { sql } from 'drizzle-orm';
import type { Position } from '@velvet/core/geo/grid';
import type { Db } from '../../db/client';
import { cellOf } from '../../db/nearest';
import { recordActivity } from '../activity/activity.public';
import { memberCardColumns, type MemberCardRow } from '../members/members.public';
import { leavesViewTrace, noBlockBetween } from '../../db/visibility';
import { viewersShownTo } from './profile-views.public';

export type ViewerRow = MemberCardRow & { day: string };
/**
 * Where a page of viewers begins: after this viewer, at this day. Not the time of their look, which
 * a page link would hand the member (the API returns the day of a look, never its time): the
 * statement reads it again.
 */
export interface ViewersAfter {
  day: string;
  id: string;
}

export function profileViewsRepository(db: Db) {
  return {
    /**
     * Records that `viewerId` looked at `viewedId` on `day` (London). One row per viewer, profile and
     * day; a second look the same day changes nothing, so `viewed_at` stays the first look of the day
     * (and a repeat look costs no write). Nothing is recorded for a member looking at themself, for a
     * viewer in anonymous mode (they browse unseen, even after they turn it off), or across a block.
     */
    async record(viewerId: string, viewedId: string, day: string): Promise<void> {
      const rows = await db.execute(sql`
        insert into profile_views (viewed_id, day, viewer_id)
        select ${viewedId}, ${day}::date, ${viewerId}
        where ${viewedId} <> ${viewerId}
          and ${leavesViewTrace(viewerId)}
          and ${noBlockBetween(viewerId, sql`${viewedId}`)}
        on conflict do nothing
        returning 1`);
      // the viewed member's notification: the first look of the day only, so a repeat look still writes nothing
      // (a statement of its own: the view has no transaction, and the profile read stays one statement)
      if (rows.rows.length) await recordActivity(db, { recipientId: viewedId, actorId: viewerId, type: 'profile_view' });
    },

    /** The viewed member's own cell, for distances to their viewers. */
    async positionOf(userId: string): Promise<Position | null> {
      const rows = await db.execute<{ lat: number | null; lng: number | null }>(
        sql`select location_lat as lat, location_lng as lng from profiles where user_id = ${userId}`,
      );
      return cellOf(rows.rows[0]?.lat, rows.rows[0]?.lng);
    },

    /**
     * Who looked at `me`, one row per viewer (their latest day), newest day first. Within a day, the
     * order follows the first look, except for viewers who hide their last-active time: they go last,
     * so the order cannot tell when they were about. Keyset pages: after the viewer `after` names.
     */
    async viewers(me: string, opts: { after: ViewersAfter | null; limit: number }): Promise<ViewerRow[]> {
      const seen = sql`(case when p.hide_last_active then '-infinity'::timestamptz else v.viewed_at end)`;
      // the cursor's viewer's place in their day, read again (their look that day, by the same rule);
      // should that look be gone (the viewer's account with it), the rest of the day after their id
      const afterSeen = (after: ViewersAfter) => sql`coalesce((select ${seen} from profile_views v
          join profiles p on p.user_id = v.viewer_id
          where v.viewed_id = ${me} and v.day = ${after.day}::date and v.viewer_id = ${after.id}), '-infinity'::timestamptz)`;
      const resume = opts.after
        ? sql`and (v.day, ${seen}, p.user_id) < (${opts.after.day}::date, ${afterSeen(opts.after)}, ${opts.after.id})`
        : sql``;
      // day by day, newest first (each day the next below the last, one look-up of the primary key),
      // each day's viewers in their order, until the page is full: a page reads the days it shows,
      // not every view the member ever had (the list of distinct viewers at 20 000 views: 81 ms a page).
      // The rows come in the days' order: the day's LIMIT keeps its subquery from being merged into
      // the outer one, so it can only be the inner side of a nested loop over the days, which the outer
      // LIMIT stops; an ORDER BY over them all would read every day first (viewers.differential.test.ts
      // holds the plan's shape and the order)
      const rows = await db.execute<ViewerRow>(sql`
        with recursive days(day) as (
          (select v.day from profile_views v where v.viewed_id = ${me}
            ${opts.after ? sql`and v.day <= ${opts.after.day}::date` : sql``} order by v.day desc limit 1)
          union all
          select (select v.day from profile_views v where v.viewed_id = ${me} and v.day < d.day order by v.day desc limit 1)
          from days d where d.day is not null
        )
        select x.* from days d cross join lateral (
          select ${memberCardColumns}, v.day::text as day
          from profile_views v
          join profiles p on p.user_id = v.viewer_id
          where v.viewed_id = ${me} and v.day = d.day and ${viewersShownTo(me)} ${resume}
            -- shown at their latest day only (a look-up of profile_views_viewed_viewer_idx, kept apart by offset 0)
            and not exists (select 1 from profile_views later where later.viewed_id = ${me} and later.viewer_id = v.viewer_id
              and later.day > v.day offset 0)
          order by ${seen} desc, p.user_id desc
          limit ${opts.limit}
        ) x
        where d.day is not null
        limit ${opts.limit}`);
      return rows.rows;
    },

    /** How many different members `me` may be shown looked at their profile on `day`. */
    async countOn(me: string, day: string): Promise<number> {
      const rows = await db.execute<{ n: number | string }>(sql`
        select count(*) as n
        from profile_views v
        join profiles p on p.user_id = v.viewer_id
        where v.viewed_id = ${me} and v.day = ${day}::date and ${viewersShownTo(me)}`);
      return Number(rows.rows[0]?.n ?? 0);
    },
  };
}
export type ProfileViewsRepository = ReturnType<typeof profileViewsRepository>;
