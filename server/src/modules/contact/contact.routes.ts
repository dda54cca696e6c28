import { Hono } from 'hono';
import { contactResponseSchema, contactSchema } from '@velvet/core/schemas/contact.schema';
import { describe } from '../../middleware/openapi';
import type { AppEnv } from '../../middleware/session';
import { json } from '../../middleware/validate';
import type { ContactService } from './contact.service';

export function contactRoutes(service: ContactService) {
  return new Hono<AppEnv>().post(
    '/',
    describe('Site', {
      summary: 'Send a message to the team (signed in or not)',
      response: contactResponseSchema,
      status: 201,
      signedIn: false,
      errors: { 429: 'Too many messages from this address' },
    }),
    json(contactSchema),
    async (c) => c.json(await service.submit(c.req.valid('json'), c.get('user')?.id ?? null), 201),
  );
}
