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
  if (opts.interests) {
    const { profile } = (await c.get('/api/v1/profiles/me')).json;
    steps.push(['PUT', '/api/v1/profiles/me', { ...profile, interests: opts.interests }]);
  }
  for (const [method, url, body] of steps) {
    const res = await c.request(method, url, body);
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${res.text}`);
  }
  return { c, id };
}
