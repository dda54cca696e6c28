import { Hono } from 'hono';
import { photosQuerySchema, savedSearchInputSchema } from '@velvet/core/schemas/search.schema';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readJson, readQuery } from '../../middleware/validate';
import type { SearchService } from './search.service';

/** /api/v1/saved-searches: the member's own saved searches (list, save, delete). */
export function savedSearchesRoutes(service: SearchService) {
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json(await service.listSaved(requireUser(c).id)))
    .post('/', async (c) => {
      const user = requireUser(c);
      return c.json(await service.save(user.id, await readJson(c, savedSearchInputSchema)), 201);
    })
    .delete('/:id', async (c) => {
      await service.deleteSaved(requireUser(c).id, c.req.param('id'));
      return c.body(null, 204);
    });
}

/** /api/v1/search: the Search hub's lists that are not member lists (Photos by Category). */
export function searchRoutes(service: SearchService) {
  return new Hono<AppEnv>().get('/photos', async (c) => {
    const user = requireUser(c);
    return c.json(await service.photos(user.id, readQuery(c, photosQuerySchema)));
  });
}
