import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { messages } from '@velvet/core/messages';
import { deleteAccountResponseSchema, deleteAccountSchema, type DeleteAccountResponse } from '@velvet/core/schemas/account-data.schema';
import { AppError } from '../../middleware/errors';
import { describe, type RouteDoc } from '../../middleware/openapi';
import { requireUser, type AppEnv } from '../../middleware/session';
import { json } from '../../middleware/validate';
import type { AccountDataService } from './account-data.service';

const doc = (d: RouteDoc) => describe('Account', d);

/** A cookie of the session to expire on the member's browser, as better-auth set it. */
export interface SessionCookie {
  name: string;
  attributes: { path?: string; domain?: string; secure?: boolean; sameSite?: string };
}

export interface AccountDataRouteOptions {
  siteName: string;
  /** the session cookies to expire once the member is gone */
  sessionCookies(): Promise<SessionCookie[]>;
  /** forgets the requester's session in this process's cache at once (other processes hear by NOTIFY) */
  forgetSession(headers: Headers): Promise<void>;
}

const fileName = (siteName: string, at: Date) =>
  `${siteName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account'}-data-${at.toISOString().slice(0, 10)}.zip`;

/** /api/v1/account: the member's data rights (download everything, delete the account). */
export function accountDataRoutes(service: AccountDataService, opts: AccountDataRouteOptions) {
  return new Hono<AppEnv>()
    .get(
      '/export',
      doc({
        summary: 'Download my data: a zip of data.json (everything held about the member) and their photo files',
        content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
      }),
      async (c) => {
        const user = requireUser(c);
        const archive = await service.exportArchive(user.id);
        const body = Readable.toWeb(archive) as WebReadableStream<Uint8Array>;
        return c.body(body as unknown as ReadableStream, 200, {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${fileName(opts.siteName, new Date())}"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        });
      },
    )
    .post(
      '/delete',
      doc({
        summary: 'Delete my account for good (password, or a provider sign-in from the last 10 minutes)',
        response: deleteAccountResponseSchema,
        errors: { 403: 'Wrong password, or a provider sign-in that is not recent enough' },
      }),
      json(deleteAccountSchema),
      async (c) => {
        const user = requireUser(c);
        const session = c.get('session');
        if (!session) throw new AppError(401, 'UNAUTHENTICATED', messages.errors.unauthenticated);
        await service.deleteAccount(user.id, session.id, c.req.valid('json'));
        await opts.forgetSession(c.req.raw.headers);
        for (const cookie of await opts.sessionCookies())
          deleteCookie(c, cookie.name, {
            path: cookie.attributes.path ?? '/',
            domain: cookie.attributes.domain,
            secure: cookie.attributes.secure,
          });
        return c.json({ deleted: true } satisfies DeleteAccountResponse);
      },
    );
}
