import { Hono } from 'hono';
import { z } from 'zod';
import {
  clubDetailSchema,
  clubParamsSchema,
  clubReviewInputSchema,
  clubReviewsQuerySchema,
  clubReviewsResponseSchema,
  clubsQuerySchema,
  clubsResponseSchema,
  clubSuggestionDecisionSchema,
  clubSuggestionInputSchema,
  clubSuggestionParamsSchema,
  clubSuggestionsResponseSchema,
} from '@velvet/core/schemas/club.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { ClubsService } from './clubs.service';

const doc = (d: RouteDoc) => describe('Clubs', d);
const created = z.object({ id: z.string() });
const decided = z.object({ clubId: z.string().nullable() });

/** /api/v1/clubs: the directory, a club's page and reviews (one per member per club), and suggestions. */
export function clubsRoutes(service: ClubsService) {
  return (
    new Hono<AppEnv>()
      .get(
        '/',
        doc({ summary: 'The clubs directory, searched and by region', response: clubsResponseSchema }),
        query(clubsQuerySchema),
        async (c) => c.json(await service.list(c.req.valid('query'))),
      )
      // before /:id: 'suggestions' is not a club
      .post(
        '/suggestions',
        doc({ summary: 'Suggest a club for the directory (a moderator checks it)', response: created, status: 201 }),
        json(clubSuggestionInputSchema),
        async (c) => c.json(await service.suggest(requireUser(c).id, c.req.valid('json')), 201),
      )
      .get(
        '/suggestions',
        doc({ summary: 'Suggestions waiting for a moderator, oldest first', response: clubSuggestionsResponseSchema, role: 'moderator' }),
        async (c) => c.json(await service.pendingSuggestions()),
      )
      .post(
        '/suggestions/:id/decision',
        doc({
          summary: 'Approve a suggestion (the club is listed) or reject it with a reason',
          response: decided,
          role: 'moderator',
          errors: { 409: 'The suggestion is not pending' },
        }),
        params(clubSuggestionParamsSchema),
        json(clubSuggestionDecisionSchema),
        async (c) => c.json(await service.decide(requireUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
      )
      .get(
        '/:id',
        doc({
          summary: "A club's page: details, rating, counts and my review",
          response: clubDetailSchema,
          errors: { 404: 'No such club' },
        }),
        params(clubParamsSchema),
        async (c) => c.json(await service.detail(requireUser(c).id, c.req.valid('param').id)),
      )
      .get(
        '/:id/reviews',
        doc({ summary: "A club's reviews, newest first", response: clubReviewsResponseSchema, errors: { 404: 'No such club' } }),
        params(clubParamsSchema),
        query(clubReviewsQuerySchema),
        async (c) => c.json(await service.reviews(requireUser(c).id, c.req.valid('param').id, c.req.valid('query').cursor)),
      )
      .put(
        '/:id/review',
        doc({ summary: 'Write or rewrite my review of a club', response: clubDetailSchema, errors: { 404: 'No such club' } }),
        params(clubParamsSchema),
        json(clubReviewInputSchema),
        async (c) => c.json(await service.putReview(requireUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
      )
      .delete(
        '/:id/review',
        doc({ summary: 'Delete my review of a club', errors: { 404: 'No review of mine' } }),
        params(clubParamsSchema),
        async (c) => {
          await service.deleteReview(requireUser(c).id, c.req.valid('param').id);
          return c.body(null, 204);
        },
      )
  );
}
