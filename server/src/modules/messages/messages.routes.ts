import { Hono, type Context } from 'hono';
import { messages } from '@velvet/core/messages';
import {
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PAGE_SIZE,
  CONVERSATION_SEARCH_MAX,
  THREAD_PAGE_MAX,
  THREAD_PAGE_SIZE,
  sendMessageSchema,
} from '@velvet/core/schemas/message.schema';
import { AppError } from '../../middleware/errors';
import { rateLimit, type QuotaCounter } from '../../middleware/rate-limit';
import { requireUser, type AppEnv } from '../../middleware/session';
import { readJson } from '../../middleware/validate';
import type { MessagesService } from './messages.service';

/** Sends per member per minute (DESIGN.md §7: messaging is rate limited, across instances). */
export const SEND_LIMIT = { max: 30, windowMs: 60_000 };

/** `?limit=` as a whole number within bounds; anything else is a clear 400. */
function limitParam(c: Context, fallback: number, max: number): number {
  const raw = c.req.query('limit');
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1) throw new AppError(400, 'BAD_LIMIT', `limit must be a whole number from 1 to ${max}`);
  return Math.min(Number(raw), max);
}

function searchParam(c: Context): string | undefined {
  const q = c.req.query('q')?.trim();
  return q ? q.slice(0, CONVERSATION_SEARCH_MAX) : undefined;
}

/** /api/v1/messages: thin routes (session, validation, one service call). */
export function messagesRoutes(service: MessagesService, opts: { quota: QuotaCounter; rateLimits: boolean }) {
  const routes = new Hono<AppEnv>();
  if (opts.rateLimits) {
    const limiter = rateLimit({ quota: opts.quota, name: 'messages:send', ...SEND_LIMIT, key: (c) => requireUser(c).id });
    routes.post('/conversations/:otherId/messages', async (c, next) => {
      try {
        await limiter(c, next);
      } catch (err) {
        if (err instanceof AppError && err.status === 429) throw new AppError(429, err.code, messages.messaging.tooMany);
        throw err;
      }
    });
  }
  return routes
    .get('/conversations', async (c) => {
      const user = requireUser(c);
      const limit = limitParam(c, CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_MAX);
      return c.json(await service.conversations(user.id, { limit, cursor: c.req.query('cursor'), q: searchParam(c) }));
    })
    .get('/saved', async (c) => {
      const user = requireUser(c);
      const limit = limitParam(c, CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_MAX);
      return c.json(await service.conversations(user.id, { limit, cursor: c.req.query('cursor'), q: searchParam(c), starredOnly: true }));
    })
    .get('/conversations/:otherId/messages', async (c) => {
      const user = requireUser(c);
      const limit = limitParam(c, THREAD_PAGE_SIZE, THREAD_PAGE_MAX);
      return c.json(await service.thread(user.id, c.req.param('otherId'), { limit, before: c.req.query('before') }));
    })
    .post('/conversations/:otherId/messages', async (c) => {
      const user = requireUser(c);
      const input = await readJson(c, sendMessageSchema);
      const { created, ...result } = await service.send(user.id, c.req.param('otherId'), input);
      return c.json(result, created ? 201 : 200);
    })
    .post('/conversations/:otherId/read', async (c) => {
      const user = requireUser(c);
      return c.json(await service.markRead(user.id, c.req.param('otherId')));
    })
    .put('/conversations/:otherId/star', async (c) => {
      const user = requireUser(c);
      await service.star(user.id, c.req.param('otherId'));
      return c.json({ starred: true });
    })
    .delete('/conversations/:otherId/star', async (c) => {
      const user = requireUser(c);
      await service.unstar(user.id, c.req.param('otherId'));
      return c.json({ starred: false });
    })
    .delete('/:id', async (c) => {
      const user = requireUser(c);
      const deleted = await service.delete(user.id, c.req.param('id'));
      return c.json({ deleted: deleted.id });
    })
    .get('/sent', async (c) => {
      const user = requireUser(c);
      const limit = limitParam(c, CONVERSATIONS_PAGE_SIZE, CONVERSATIONS_PAGE_MAX);
      return c.json(await service.sent(user.id, { limit, cursor: c.req.query('cursor') }));
    })
    .get('/unread-count', async (c) => {
      const user = requireUser(c);
      return c.json({ count: await service.unreadCount(user.id) });
    });
}
