import { Hono } from 'hono';
import {
  connectionsPageSchema,
  connectionsSummarySchema,
  connectionStateSchema,
  friendshipResponseSchema,
  friendsQuerySchema,
  hotlistQuerySchema,
  seenBodySchema,
  winksQuerySchema,
} from '@velvet/core/schemas/connection.schema';
import { memberParamsSchema } from '@velvet/core/schemas/id.schema';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json, params, query } from '../../middleware/validate';
import type { ConnectionsService } from './connections.service';

const unavailable = { 404: 'No such member, or not one the caller may see' } as const;

/** /api/v1/connections: the dashboard's counts, what is new, and where the caller stands with a member. */
export function connectionsRoutes(service: ConnectionsService) {
  const doc = (d: RouteDoc) => describe('Connections', d);
  return new Hono<AppEnv>()
    .get('/summary', doc({ summary: 'Dashboard counts and my own stats', response: connectionsSummarySchema }), async (c) =>
      c.json(await service.summary(requireUser(c).id)),
    )
    .post('/seen', doc({ summary: 'I opened my friend invites or my winks: none is new now' }), json(seenBodySchema), async (c) => {
      await service.markSeen(requireUser(c).id, c.req.valid('json').what);
      return c.body(null, 204);
    })
    .get(
      '/:userId',
      doc({
        summary: 'Where I stand with a member: like, wink, friendship, hotlist',
        response: connectionStateSchema,
        errors: unavailable,
      }),
      params(memberParamsSchema),
      async (c) => c.json(await service.state(requireUser(c).id, c.req.valid('param').userId)),
    );
}

/** /api/v1/friends: invites and friends, always the caller's own. */
export function friendsRoutes(service: ConnectionsService) {
  const doc = (d: RouteDoc) => describe('Friends', d);
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({ summary: 'My friends, invites received or invites sent, newest first', response: connectionsPageSchema }),
      query(friendsQuerySchema),
      async (c) => c.json(await service.friends(requireUser(c).id, c.req.valid('query'))),
    )
    .post(
      '/:userId',
      doc({
        summary: 'Invite a member to be friends (accepts their invite when they sent one)',
        response: friendshipResponseSchema,
        status: 201,
        errors: { ...unavailable, 409: 'Already friends, or already invited' },
      }),
      params(memberParamsSchema),
      async (c) => c.json(await service.invite(requireUser(c).id, c.req.valid('param').userId), 201),
    )
    .post(
      '/:userId/accept',
      doc({ summary: "Accept a member's invite", response: friendshipResponseSchema, errors: { 404: 'No invite from this member' } }),
      params(memberParamsSchema),
      async (c) => c.json(await service.accept(requireUser(c).id, c.req.valid('param').userId)),
    )
    .post(
      '/:userId/decline',
      doc({ summary: "Decline a member's invite", errors: { 404: 'No invite from this member' } }),
      params(memberParamsSchema),
      async (c) => {
        await service.decline(requireUser(c).id, c.req.valid('param').userId);
        return c.body(null, 204);
      },
    )
    .delete(
      '/:userId',
      doc({ summary: 'Cancel my invite to a member, or remove a friend', errors: { 404: 'No invite to or friendship with this member' } }),
      params(memberParamsSchema),
      async (c) => {
        await service.remove(requireUser(c).id, c.req.valid('param').userId);
        return c.body(null, 204);
      },
    );
}

/** /api/v1/winks: winks received and sent, and winking. */
export function winksRoutes(service: ConnectionsService) {
  const doc = (d: RouteDoc) => describe('Winks', d);
  return new Hono<AppEnv>()
    .get(
      '/',
      doc({ summary: 'Winks I received or sent, newest first', response: connectionsPageSchema }),
      query(winksQuerySchema),
      async (c) => c.json(await service.winks(requireUser(c).id, c.req.valid('query'))),
    )
    .post(
      '/:userId',
      doc({ summary: 'Wink at a member (once a day)', errors: { ...unavailable, 409: 'Already winked at this member today' } }),
      params(memberParamsSchema),
      async (c) => {
        await service.wink(requireUser(c).id, c.req.valid('param').userId);
        return c.body(null, 204);
      },
    );
}

/** /api/v1/hotlist: the caller's private hotlist. */
export function hotlistRoutes(service: ConnectionsService) {
  const doc = (d: RouteDoc) => describe('Hotlist', d);
  return new Hono<AppEnv>()
    .get('/', doc({ summary: 'My hotlist, newest added first', response: connectionsPageSchema }), query(hotlistQuerySchema), async (c) =>
      c.json(await service.hotlist(requireUser(c).id, c.req.valid('query'))),
    )
    .put('/:userId', doc({ summary: 'Add a member to my hotlist', errors: unavailable }), params(memberParamsSchema), async (c) => {
      await service.hotlistAdd(requireUser(c).id, c.req.valid('param').userId);
      return c.body(null, 204);
    })
    .delete(
      '/:userId',
      doc({ summary: 'Remove a member from my hotlist', errors: { 404: 'Not on my hotlist' } }),
      params(memberParamsSchema),
      async (c) => {
        await service.hotlistRemove(requireUser(c).id, c.req.valid('param').userId);
        return c.body(null, 204);
      },
    );
}
