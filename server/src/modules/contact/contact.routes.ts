import { Hono } from 'hono';
import { contactSchema } from '@velvet/core/schemas/contact.schema';
import type { AppEnv } from '../../middleware/session';
import { readJson } from '../../middleware/validate';
import type { ContactService } from './contact.service';

export function contactRoutes(service: ContactService) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const input = await readJson(c, contactSchema);
    const result = await service.submit(input, c.get('user')?.id ?? null);
    return c.json(result, 201);
  });
}
