import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and errors', () => {
  it('reports the database and storage as ok', async () => {
    const res = await client(t).get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'ok', database: { status: 'ok' }, storage: { status: 'ok' } });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await client(t).get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('refuses /me without a session in the spec words', async () => {
    const res = await client(t).get('/api/v1/me');
    expect(res.status).toBe(401);
    expect(res.json.error.message).toBe('User not authenticated');
  });
});
