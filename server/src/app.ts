import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { limits } from '@velvet/core/constants/limits';
import { messages } from '@velvet/core/messages';
import type { Config } from './config/env';
import type { Database } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';
import type { Logger } from './logger';
import { CLIENT_IP_HEADER, createAuth, type PasswordHashing } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import { clientIp } from './middleware/client-ip';
import { compressText } from './middleware/compress';
import { AppError, errorBody, handleError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { quotaCounter, rateLimit } from './middleware/rate-limit';
import { bodyLimit, discardBody } from './middleware/body-limit';
import { jsonDepthLimit } from './middleware/json-depth';
import { sameOriginWrites } from './middleware/same-origin';
import { loadSession, requireUser, type AppEnv } from './middleware/session';
import { healthRoutes } from './modules/health/health.routes';
import { accountRoutes, sessionRoutes } from './modules/account/account.routes';
import { configRoutes } from './modules/account/config.routes';
import { profilesRepository } from './modules/profiles/profiles.repository';
import { profilesService } from './modules/profiles/profiles.service';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { contactRepository } from './modules/contact/contact.repository';
import { contactService } from './modules/contact/contact.service';
import { contactRoutes } from './modules/contact/contact.routes';
import { outboxRoutes } from './modules/dev/outbox.routes';
import { mediaRepository } from './modules/media/media.repository';
import { mediaService } from './modules/media/media.service';
import { mediaRoutes } from './modules/media/media.routes';
import { messagesRepository } from './modules/messages/messages.repository';
import { messagesService } from './modules/messages/messages.service';
import { messagesRoutes } from './modules/messages/messages.routes';
import { membersRepository } from './modules/members/members.repository';
import { membersService } from './modules/members/members.service';
import { membersRoutes } from './modules/members/members.routes';
import { discoverRepository } from './modules/discover/discover.repository';
import { discoverService } from './modules/discover/discover.service';
import { discoverRoutes } from './modules/discover/discover.routes';
import { searchRepository } from './modules/search/search.repository';
import { searchService } from './modules/search/search.service';
import { savedSearchesRoutes, searchRoutes } from './modules/search/search.routes';
import { profileViewsRepository } from './modules/profile-views/profile-views.repository';
import { profileViewsService } from './modules/profile-views/profile-views.service';
import { profileViewsRoutes } from './modules/profile-views/profile-views.routes';
import { moderationRepository } from './modules/moderation/moderation.repository';
import { moderationService } from './modules/moderation/moderation.service';
import { adminRoutes, reportsRoutes } from './modules/moderation/moderation.routes';
import { recordsRetention } from './modules/moderation/records-retention';
import { verificationRepository } from './modules/verification/verification.repository';
import { verificationService } from './modules/verification/verification.service';
import { verificationAdminRoutes, verificationRoutes } from './modules/verification/verification.routes';
import { privacyRepository } from './modules/privacy/privacy.repository';
import { privacyService } from './modules/privacy/privacy.service';
import { blocksRoutes, privacyRoutes } from './modules/privacy/privacy.routes';
import { connectionsRepository } from './modules/connections/connections.repository';
import { connectionsService } from './modules/connections/connections.service';
import { connectionsRoutes, friendsRoutes, hotlistRoutes, winksRoutes } from './modules/connections/connections.routes';
import { clubsRepository } from './modules/clubs/clubs.repository';
import { clubsService } from './modules/clubs/clubs.service';
import { clubsRoutes } from './modules/clubs/clubs.routes';
import { contentRepository } from './modules/content/content.repository';
import { contentService } from './modules/content/content.service';
import { contentRoutes } from './modules/content/content.routes';
import { accountDataRepository } from './modules/account-data/account-data.repository';
import { accountDataService } from './modules/account-data/account-data.service';
import { accountDataRoutes } from './modules/account-data/account-data.routes';
import { activityRepository } from './modules/activity/activity.repository';
import { activityService } from './modules/activity/activity.service';
import { activityRoutes } from './modules/activity/activity.routes';
import { createGateway } from './realtime/gateway';
import { realtimeRoutes } from './realtime/realtime.routes';
import { mountWebApp } from './static';
import { mountApiDocs } from './api-docs';
import { cursorCodec } from './lib/keyset-cursor';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  log: Logger;
  /** better-auth's scrypt unless given: the server's tests give one of a lower work factor (test/test-password.ts) */
  passwordHashing?: PasswordHashing;
}

const tooLarge = () => {
  throw new AppError(413, 'BODY_TOO_LARGE', messages.errors.bodyTooLarge);
};

/** Builds the whole HTTP app from its modules; tests drive it without a port. */
export function createApp(deps: AppDeps) {
  const { config, database, mailer, storage, log, passwordHashing } = deps;
  const auth = createAuth({ config, db: database.db, mailer, log, ...(passwordHashing ? { passwordHashing } : {}) });
  const sessions = createSessionCache({ auth, database, log });
  const quota = quotaCounter(database);
  // every list's page links, sealed with a key from the secret all instances share
  const cursors = cursorCodec(config.secret);
  const profileViews = profileViewsService(profileViewsRepository(database.db), { cursors });
  const profiles = profilesService(profilesRepository(database.db), { recordView: profileViews.record, log });
  const members = membersService(membersRepository(database.db), { cursors, onlineCountTtlMs: config.onlineCountSeconds * 1000 });
  const discover = discoverService({ repo: discoverRepository(database.db), onlineCount: members.onlineCount });
  const search = searchService(searchRepository(database.db), { cursors });
  const connections = connectionsService(connectionsRepository(database.db), { cursors });
  const clubs = clubsService(clubsRepository(database.db), { cursors });
  const activity = activityService(activityRepository(database.db), { cursors });
  const contact = contactService({
    repo: contactRepository(database.db),
    mailer,
    to: config.contactEmail,
    siteName: config.siteName,
    log,
  });
  const media = mediaService({ repo: mediaRepository(database.db), storage, log });
  const verification = verificationService({
    repo: verificationRepository(database.db),
    storage,
    mailer,
    log,
    siteName: config.siteName,
    publicUrl: config.publicUrl,
  });
  const content = contentService({
    repo: contentRepository(database.db),
    storage,
    log,
    media,
    requireCreator: (userId) => verification.requireApprovedCreator(userId),
    cursors,
  });
  const accountData = accountDataService({
    repo: accountDataRepository(database.db),
    storage,
    log,
    verifyPassword: async (hash, password) => (await auth.$context).password.verify({ hash, password }),
  });

  // realtime: sockets + LISTEN/NOTIFY fan-out; messaging publishes its events through it
  const realtime = createGateway({ database, log, trustedOrigins: config.trustedOrigins, loadMessage: (id) => messaging.findMessage(id) });
  const messaging = messagesService({ repo: messagesRepository(database.db), events: realtime.hub, cursors });
  const moderationRepo = moderationRepository(database.db);
  const moderation = moderationService({
    repo: moderationRepo,
    storage,
    mailer,
    siteName: config.siteName,
    log,
    media,
    messaging,
    forgetSessionsOf: (userId) => sessions.forgetMember(userId),
  });
  const privacy = privacyService({ repo: privacyRepository(database.db), events: realtime.hub });

  const app = new Hono<AppEnv>();
  const isUpload = (c: Context) => c.req.method === 'POST' && /^\/api\/v1\/(media|verifications|content)\/?$/.test(c.req.path);
  app.onError(async (err, c) => {
    // an upload refused before its body was read (a visitor, a rate limit): read it to its end first,
    // as the body limit does, so a client still sending gets the answer instead of a closed connection
    if (isUpload(c) && c.req.raw.body && !c.req.raw.body.locked) await discardBody(c.req.raw);
    return handleError(err, c, log);
  });
  app.use('*', requestLog(log));
  app.use('*', secureHeaders({ crossOriginEmbedderPolicy: false, contentSecurityPolicy: undefined }));

  // JSON nested deeper than this is refused before any parser (ours or the auth library's) sees it
  const jsonDepth = jsonDepthLimit(limits.jsonMaxDepth);

  // Auth: the client address comes from the socket or the operator's proxy header, never the client.
  // better-auth's own admin endpoints would ban, unban and change roles without the audit log: every
  // moderator action goes through /api/v1/admin instead
  app.all('/api/auth/admin/*', (c) => c.json(errorBody('NOT_FOUND', messages.errors.notFound), 404));
  app.on(['GET', 'POST'], '/api/auth/*', bodyLimit({ maxSize: limits.jsonBodyMaxBytes, onError: tooLarge }), jsonDepth, async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustedProxyHeader));
    const method = c.req.method;
    // through Hono's body cache: jsonDepth may have read it already
    const body = method === 'GET' || method === 'HEAD' ? undefined : await c.req.arrayBuffer();
    const response = await auth.handler(new Request(c.req.raw.url, { method, headers, body }));
    // the member's own change (sign-out, revoke, password, name) holds here at once; elsewhere by NOTIFY
    if (method !== 'GET') await sessions.forgetRequester(headers);
    if (response.status >= 500) {
      log.error({ path: c.req.path, status: response.status }, 'auth error');
      return c.json(errorBody('INTERNAL', messages.errors.internal), 500);
    }
    if (response.status === 404 && !response.headers.get('content-type')) {
      return c.json(errorBody('NOT_FOUND', messages.errors.notFound), 404);
    }
    return response;
  });

  const api = new Hono<AppEnv>();
  const jsonLimit = bodyLimit({ maxSize: limits.jsonBodyMaxBytes, onError: tooLarge });
  // An image upload carries its own, larger limit (media.routes.ts) and is never JSON; every other
  // body gets 1 MB, and a JSON one (read only once within that) no more than jsonMaxDepth levels.
  // a write from another site's page (cross-site request forgery) is refused before its body is read
  api.use('*', sameOriginWrites(config.trustedOrigins));
  // large JSON answers go out gzipped to a client that takes it (middleware/compress.ts)
  api.use('*', compressText());
  api.use('*', (c, next) => (isUpload(c) ? next() : jsonLimit(c, next)));
  api.use('*', (c, next) => (isUpload(c) ? next() : jsonDepth(c, next)));
  api.use('*', loadSession(sessions));
  api.route('/health', healthRoutes({ database, storage }));
  api.route('/config', configRoutes(config));
  api.route('/me', accountRoutes({ profiles }));
  api.route('/session', sessionRoutes({ profiles }));
  if (config.rateLimits) {
    const perMember = (c: Context) => (c as Context<AppEnv>).get('user')?.id ?? clientIp(c, config.trustedProxyHeader);
    // a password check is a guess: as few as sign-in allows; an export reads every row and file
    api.post('/account/delete', rateLimit({ quota, limit: 'account:delete', key: perMember }));
    api.get('/account/export', rateLimit({ quota, limit: 'account:export', key: perMember }));
  }
  api.route(
    '/account',
    accountDataRoutes(accountData, {
      siteName: config.siteName,
      forgetSession: (headers) => sessions.forgetRequester(headers),
      sessionCookies: async () => {
        const { authCookies } = await auth.$context;
        return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken];
      },
    }),
  );
  if (config.rateLimits) {
    // What one member does to others: each counted per member, a minute's cap and a day's
    // (config/rate-limits.ts). A visitor is refused (401) before anything counts.
    const memberActions = [
      ['POST', '/winks/:userId', 'wink'],
      ['POST', '/friends/:userId', 'friend-invite'],
      // Discover's Like, the profile's and a member card's: one route
      ['POST', '/discover/:userId/like', 'like'],
      ['PUT', '/hotlist/:userId', 'hotlist-add'],
      ['PUT', '/clubs/:id/review', 'club-review'],
      // a member, a photo or a message: one route
      ['POST', '/reports', 'report'],
    ] as const;
    for (const [method, path, limit] of memberActions)
      for (const window of [limit, `${limit}:day`] as const)
        api.on(method, path, rateLimit({ quota, limit: window, key: (c) => requireUser(c).id }));
  }
  api.route('/profiles', profilesRoutes(profiles));
  api.route('/members', membersRoutes(members, { quota, rateLimits: config.rateLimits }));
  api.route('/discover', discoverRoutes(discover));
  api.route('/saved-searches', savedSearchesRoutes(search));
  api.route('/search', searchRoutes(search));
  api.route('/profile-views', profileViewsRoutes(profileViews));
  api.route('/connections', connectionsRoutes(connections));
  api.route('/friends', friendsRoutes(connections));
  api.route('/winks', winksRoutes(connections));
  api.route('/hotlist', hotlistRoutes(connections));
  api.route('/activities', activityRoutes(activity));
  if (config.rateLimits)
    api.post('/clubs/suggestions', rateLimit({ quota, limit: 'club-suggestion', key: (c) => c.get('user')?.id ?? 'visitor' }));
  api.route('/clubs', clubsRoutes(clubs));
  if (config.rateLimits) api.post('/contact', rateLimit({ quota, limit: 'contact', key: (c) => clientIp(c, config.trustedProxyHeader) }));
  api.route('/contact', contactRoutes(contact));
  if (config.rateLimits)
    api.post(
      '/media',
      rateLimit({
        quota,
        limit: 'upload',
        key: (c) => (c as Context<AppEnv>).get('user')?.id ?? clientIp(c, config.trustedProxyHeader),
      }),
    );
  api.route('/media', mediaRoutes(media));
  if (config.rateLimits)
    api.post(
      '/content',
      rateLimit({
        quota,
        limit: 'content-upload',
        key: (c) => (c as Context<AppEnv>).get('user')?.id ?? clientIp(c, config.trustedProxyHeader),
      }),
    );
  api.route('/content', contentRoutes(content));
  if (config.rateLimits)
    api.post(
      '/verifications',
      rateLimit({
        quota,
        limit: 'verification',
        key: (c) => (c as Context<AppEnv>).get('user')?.id ?? clientIp(c, config.trustedProxyHeader),
      }),
    );
  api.route('/verifications', verificationRoutes(verification));
  api.route('/admin/verifications', verificationAdminRoutes(verification));
  api.route('/messages', messagesRoutes(messaging, { quota, rateLimits: config.rateLimits }));
  api.route('/privacy', privacyRoutes(privacy));
  api.route('/blocks', blocksRoutes(privacy));
  api.route('/realtime', realtimeRoutes(realtime));
  api.route('/reports', reportsRoutes(moderation));
  api.route('/admin', adminRoutes(moderation));
  api.all('*', (c) => c.json(errorBody('NOT_FOUND', messages.errors.notFound), 404));
  app.route('/api/v1', api);
  mountApiDocs(app, api, config.siteName);
  app.all('/api/*', (c) => c.json(errorBody('NOT_FOUND', messages.errors.notFound), 404));

  if (config.env !== 'production') app.route('/dev/outbox', outboxRoutes(mailer));
  if (config.webDist) mountWebApp(app, config.webDist, { publicUrl: config.publicUrl });
  app.notFound((c) => c.json(errorBody('NOT_FOUND', messages.errors.notFound), 404));

  return {
    app,
    auth,
    sessions,
    websocket: realtime.websocket,
    realtime,
    /** What a process counts before its first request needs it (the online count: lib/cached-for.ts keeps it current). */
    warm: async () => void (await members.onlineCount()),
    /** Erases what was kept about deleted accounts once past its time (the server runs it hourly). */
    sweepRecords: recordsRetention({ repo: moderationRepo, storage, log }).sweep,
  };
}
