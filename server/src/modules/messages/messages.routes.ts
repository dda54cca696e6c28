import { Hono } from 'hono';
import { messages } from '@velvet/core/messages';
import {
  conversationParamsSchema,
  conversationsQuerySchema,
  conversationsResponseSchema,
  deletedMessageResponseSchema,
  markReadResponseSchema,
  messageParamsSchema,
  sendMessageResponseSchema,
  sendMessageSchema,
  sentQuerySchema,
  sentResponseSchema,
  starResponseSchema,
  threadQuerySchema,
  threadResponseSchema,
  unreadCountResponseSchema,
} from '@velvet/core/schemas/message.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { rateLimit, type QuotaCounter } from '../../middleware/rate-limit';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { MessagesService } from './messages.service';

const doc = (d: RouteDoc) => describe('Messages', d);
const withMember = { 403: 'Blocked either way', 404: 'No such member' } as const;

/** /api/v1/messages: thin routes (session, validation, one service call). */
export function messagesRoutes(service: MessagesService, opts: { quota: QuotaCounter; rateLimits: boolean }) {
  const routes = new Hono<AppEnv>();
  if (opts.rateLimits)
    routes.post(
      '/conversations/:otherId/messages',
      rateLimit({ quota: opts.quota, limit: 'messages:send', key: (c) => requireUser(c).id, message: messages.messaging.tooMany }),
    );
  return routes
    .get(
      '/conversations',
      doc({ summary: 'Inbox: conversations, newest first', response: conversationsResponseSchema }),
      query(conversationsQuerySchema),
      async (c) => c.json(await service.conversations(requireUser(c).id, c.req.valid('query'))),
    )
    .get(
      '/saved',
      doc({ summary: 'Saved: starred conversations', response: conversationsResponseSchema }),
      query(conversationsQuerySchema),
      async (c) => c.json(await service.conversations(requireUser(c).id, { ...c.req.valid('query'), starredOnly: true })),
    )
    .get(
      '/conversations/:otherId/messages',
      doc({
        summary: 'A thread, a page at a time (the newest page also marks it read)',
        response: threadResponseSchema,
        errors: withMember,
      }),
      params(conversationParamsSchema),
      query(threadQuerySchema),
      async (c) => c.json(await service.thread(requireUser(c).id, c.req.valid('param').otherId, c.req.valid('query'))),
    )
    .post(
      '/conversations/:otherId/messages',
      doc({
        summary: 'Send a message (201; 200 when the same clientId was already stored)',
        response: sendMessageResponseSchema,
        status: 201,
        errors: { ...withMember, 409: 'The clientId was used for another message', 429: 'Too many messages' },
      }),
      params(conversationParamsSchema),
      json(sendMessageSchema),
      async (c) => {
        const { created, ...result } = await service.send(requireUser(c).id, c.req.valid('param').otherId, c.req.valid('json'));
        return c.json(result, created ? 201 : 200);
      },
    )
    .post(
      '/conversations/:otherId/read',
      doc({ summary: 'Mark a conversation read', response: markReadResponseSchema, errors: withMember }),
      params(conversationParamsSchema),
      async (c) => c.json(await service.markRead(requireUser(c).id, c.req.valid('param').otherId)),
    )
    .put(
      '/conversations/:otherId/star',
      doc({ summary: 'Save (star) a conversation', response: starResponseSchema, errors: withMember }),
      params(conversationParamsSchema),
      async (c) => {
        await service.star(requireUser(c).id, c.req.valid('param').otherId);
        return c.json({ starred: true });
      },
    )
    .delete(
      '/conversations/:otherId/star',
      doc({ summary: 'Unsave a conversation', response: starResponseSchema, errors: withMember }),
      params(conversationParamsSchema),
      async (c) => {
        await service.unstar(requireUser(c).id, c.req.valid('param').otherId);
        return c.json({ starred: false });
      },
    )
    .delete(
      '/:id',
      doc({
        summary: 'Delete a message the member sent',
        response: deletedMessageResponseSchema,
        errors: { 404: 'No such message of yours' },
      }),
      params(messageParamsSchema),
      async (c) => {
        const deleted = await service.delete(requireUser(c).id, c.req.valid('param').id);
        return c.json({ deleted: deleted.id });
      },
    )
    .get(
      '/sent',
      doc({ summary: 'Sent: messages the member sent, newest first', response: sentResponseSchema }),
      query(sentQuerySchema),
      async (c) => c.json(await service.sent(requireUser(c).id, c.req.valid('query'))),
    )
    .get('/unread-count', doc({ summary: 'Unread messages', response: unreadCountResponseSchema }), async (c) =>
      c.json({ count: await service.unreadCount(requireUser(c).id) }),
    );
}
