import { messages } from '@velvet/core/messages';
import {
  CLUB_REVIEWS_PAGE,
  type ClubDetail,
  type ClubReview,
  type ClubReviewsResponse,
  type ClubsResponse,
  type ClubSuggestion,
  type ClubSuggestionDecision,
  type ClubSuggestionInput,
  type ClubRegion,
} from '@velvet/core/schemas/club.schema';
import { AppError } from '../../middleware/errors';
import { z } from 'zod';
import { UUID_SHAPE } from '@velvet/core/schemas/id.schema';
import { PG_TIME_SHAPE, type CursorCodec } from '../../lib/keyset-cursor';
import type { ClubsRepository, ReviewRow } from './clubs.repository';

const copy = messages.clubs;

/** A reviews page's cursor: the created_at (as PostgreSQL wrote it) and id of the last review shown. */
const reviewsCursorSchema = z.object({ at: z.string().regex(PG_TIME_SHAPE), id: z.string().regex(UUID_SHAPE) }).strict();

function toReview(row: ReviewRow, me: string): ClubReview {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author:
      row.named && row.username !== null
        ? { userId: row.authorId, username: row.username, displayName: row.displayName ?? row.username, avatarUrl: row.avatarUrl }
        : null,
    mine: row.authorId === me,
  };
}

const notFound = () => new AppError(404, 'CLUB_NOT_FOUND', copy.notFound);

/** Clubs (spec §2): the directory and its search, a club's page and reviews, and suggestions for moderators. */
export function clubsService(repo: ClubsRepository, { cursors }: { cursors: CursorCodec }) {
  async function detail(me: string, id: string): Promise<ClubDetail> {
    const [club, mine] = await Promise.all([repo.get(id), repo.myReview(me, id)]);
    if (!club) throw notFound();
    return { ...club, myReview: mine ? toReview(mine, me) : null };
  }

  return {
    list: (filters: { q?: string; location?: string; region?: ClubRegion }): Promise<ClubsResponse> => repo.list(filters),

    detail,

    async reviews(me: string, id: string, cursor?: string): Promise<ClubReviewsResponse> {
      const scope = `club-reviews:${id}:${me}`;
      const after = cursor ? cursors.open(cursor, reviewsCursorSchema, scope) : null;
      if (!(await repo.get(id))) throw notFound();
      const rows = (await repo.reviews(me, id, after, CLUB_REVIEWS_PAGE + 1)) as (ReviewRow & { at: string })[];
      const page = cursors.page(rows, CLUB_REVIEWS_PAGE, scope, (last) => ({ at: last.at, id: last.id }));
      return { items: page.rows.map((r) => toReview(r, me)), nextCursor: page.nextCursor };
    },

    /** The member's one review of the club, written or rewritten; the club's page as it is now. */
    async putReview(me: string, id: string, input: { rating: number; text: string }): Promise<ClubDetail> {
      if (!(await repo.putReview(me, id, input.rating, input.text))) throw notFound();
      return detail(me, id);
    },

    async deleteReview(me: string, id: string): Promise<void> {
      if (!(await repo.deleteReview(me, id))) throw new AppError(404, 'REVIEW_NOT_FOUND', copy.reviews.notFound);
    },

    async suggest(me: string, input: Required<ClubSuggestionInput>): Promise<{ id: string }> {
      return { id: await repo.suggest(me, input) };
    },

    async pendingSuggestions(): Promise<{ items: ClubSuggestion[] }> {
      const rows = await repo.pendingSuggestions();
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          town: r.town,
          region: r.region,
          details: r.details,
          createdAt: r.createdAt,
          suggestedBy:
            r.userId && r.username
              ? { userId: r.userId, username: r.username, displayName: r.displayName ?? r.username, avatarUrl: r.avatarUrl }
              : null,
        })),
      };
    },

    async decide(moderator: string, id: string, d: ClubSuggestionDecision): Promise<{ clubId: string | null }> {
      const done = await repo.decide(moderator, id, d.decision === 'approve' ? { approve: true } : { approve: false, reason: d.reason });
      if (!done) throw new AppError(409, 'NOT_PENDING', copy.suggest.notPending);
      return done;
    },
  };
}
export type ClubsService = ReturnType<typeof clubsService>;
