import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { signedInMember, type Client } from './http';

export interface FinishedMemberOptions {
  city: string;
  gender?: string;
  age?: number;
  partnerAge?: number;
  interests?: string[];
}

/** A signed-in member with a finished profile (all four wizard steps, through the API). */
export async function finishedMember(t: TestApp, name: string, opts: FinishedMemberOptions): Promise<{ c: Client; id: string }> {
  const c = await signedInMember(t, `${name}@example.com`);
  const id = (await c.get('/api/v1/me')).json.user.id as string;
  const gender = opts.gender ?? 'single-female';
  const couple = !gender.startsWith('single');
  const steps: [string, string, object][] = [
    ['POST', '/api/v1/profiles', { username: name, displayName: name.replace('_', ' ') }],
    [
      'PUT',
      '/api/v1/profiles/me/setup',
      { step: 3, gender, relationshipStatus: couple ? 'married-couple' : 'single', lookingFor: ['couples'] },
    ],
    ['PUT', '/api/v1/profiles/me/setup', { step: 2, age: opts.age ?? 30, partnerAge: opts.partnerAge, locationCity: opts.city }],
    ['PUT', '/api/v1/profiles/me/setup', { step: 4, bio: 'Hello.' }],
  ];
  for (const [method, url, body] of steps) {
    const res = await c.request(method, url, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.text}`);
  }
  if (opts.interests) {
    const { profile } = (await c.get('/api/v1/profiles/me')).json;
    const res = await c.request('PUT', '/api/v1/profiles/me', { ...profile, interests: opts.interests });
    if (res.status >= 300) throw new Error(`interests: ${res.status} ${res.text}`);
  }
  return { c, id };
}

/**
 * Fails when a response carries a position, raw or snapped: a key naming one, a fractional number,
 * or a string that is a coordinate. (Matching the serialised JSON instead fails on random ids that
 * happen to contain 'lat'.)
 */
export function expectNoPositionIn(value: unknown, path = 'response'): void {
  if (Array.isArray(value)) value.forEach((v, i) => expectNoPositionIn(v, `${path}[${i}]`));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      expect(key, path).not.toMatch(/^(lat|lng|lon|latitude|longitude|location_?(lat|lng))$/i);
      expectNoPositionIn(v, `${path}.${key}`);
    }
  else if (typeof value === 'number') expect(Number.isInteger(value), `${path} = ${value}`).toBe(true);
  else if (typeof value === 'string') expect(value, path).not.toMatch(/^-?\d{1,3}\.\d{3,}$/);
}
