import { Hono } from 'hono';
import { savedSearchParamsSchema } from '@velvet/core/schemas/id.schema';
import {
  categoryPhotosResponseSchema,
  photosQuerySchema,
  savedSearchDtoSchema,
  savedSearchInputSchema,
  savedSearchesResponseSchema,
} from '@velvet/core/schemas/search.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { SearchService } from './search.service';

const doc = (d: RouteDoc) => describe('Search', d);

/** /api/v1/saved-searches: the member's own saved searches (list, save, delete). */
export function savedSearchesRoutes(service: SearchService) {
  return new Hono<AppEnv>()
    .get('/', doc({ summary: "The member's saved searches", response: savedSearchesResponseSchema }), async (c) =>
      c.json(await service.listSaved(requireUser(c).id)),
    )
    .post(
      '/',
      doc({ summary: 'Save a search', response: savedSearchDtoSchema, status: 201, errors: { 409: 'Too many saved searches' } }),
      json(savedSearchInputSchema),
      async (c) => c.json(await service.save(requireUser(c).id, c.req.valid('json')), 201),
    )
    .delete(
      '/:id',
      doc({ summary: 'Delete a saved search', errors: { 404: 'No such saved search of yours' } }),
      params(savedSearchParamsSchema),
      async (c) => {
        await service.deleteSaved(requireUser(c).id, c.req.valid('param').id);
        return c.body(null, 204);
      },
    );
}

/** /api/v1/search: the Search hub's lists that are not member lists (Photos by Category). */
export function searchRoutes(service: SearchService) {
  return new Hono<AppEnv>().get(
    '/photos',
    doc({ summary: 'Photos by Category', response: categoryPhotosResponseSchema }),
    query(photosQuerySchema),
    async (c) => c.json(await service.photos(requireUser(c).id, c.req.valid('query'))),
  );
}
