import { Hono } from 'hono';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readQuery } from '../../middleware/validate';
import type { MembersService } from './members.service';

/** /api/v1/members: the Members page and the live online count. */
export function membersRoutes(service: MembersService) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const user = requireUser(c);
      return c.json(await service.list(user.id, readQuery(c, membersQuerySchema)));
    })
    .get('/online-count', async (c) => {
      requireUser(c);
      return c.json({ online: await service.onlineCount() });
    });
}
