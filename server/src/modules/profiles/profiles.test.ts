import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { client, signedInMember, type Client } from '../../../test/http';
import { profiles, userBlocks } from '../../db/schema/index';

let t: TestApp;
let a: Client;
let b: Client;
let aId: string;
let bId: string;

const put = (c: Client, url: string, body: unknown) => c.request('PUT', url, body);
const row = async (userId: string) => (await t.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

const fullEdit = {
  username: 'amber_pair',
  displayName: 'Amber Pair',
  age: 28,
  partnerAge: 32,
  locationCity: 'Leeds',
  locationCountry: 'United Kingdom',
  gender: 'male-female-couple',
  relationshipStatus: 'married-couple',
  lookingFor: ['couples', 'single-females'],
  interests: ['soft-swap', 'same-room', 'friends-first'],
  creator: false,
  creatorTypes: [],
  bio: 'We like dancing.',
};

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await Promise.all([signedInMember(t, 'amber@example.com'), signedInMember(t, 'bea@example.com')]);
  aId = (await a.get('/api/v1/me')).json.user.id;
  bId = (await b.get('/api/v1/me')).json.user.id;
});
afterAll(() => t.close());

describe('setup wizard', () => {
  it('needs a username and a display name in step 1, with the spec words', async () => {
    const missing = await a.post('/api/v1/profiles', { username: '', displayName: '' });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details.username).toBe('Username is required');
    expect(missing.json.error.details.displayName).toBe('Please fill in all required fields before continuing');
    const badName = await a.post('/api/v1/profiles', { username: 'a b<script>', displayName: 'X' });
    expect(badName.json.error.message).toBe('Username must be 3 to 30 letters, digits, _ or .');
    expect(await row(aId)).toBeUndefined();
  });

  it('creates the profile at step 1 and resumes at step 2', async () => {
    const res = await a.post('/api/v1/profiles', { username: 'Amber_Pair', displayName: 'Amber' });
    expect(res.status).toBe(201);
    expect(res.json.profile).toMatchObject({ username: 'Amber_Pair', setupStep: 2, setupCompleted: false });
    expect((await a.get('/api/v1/me')).json).toMatchObject({ hasProfile: true, setupCompleted: false });
  });

  it('refuses a username taken by another member, whatever its case', async () => {
    const res = await b.post('/api/v1/profiles', { username: 'amber_pair', displayName: 'Bea' });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('That username is taken. Please choose another.');
    expect(await row(bId)).toBeUndefined();
  });

  it('needs an age of at least 18 in step 2', async () => {
    for (const age of [17, '', 121, 30.5, 'abc']) {
      const res = await put(a, '/api/v1/profiles/me/setup', { step: 2, age, locationCity: 'Leeds' });
      expect(res.status, String(age)).toBe(400);
      expect(res.json.error.message).toBe('Age must be between 18 and 120');
    }
    expect((await row(aId))!.age).toBeNull();
    const ok = await put(a, '/api/v1/profiles/me/setup', {
      step: 2,
      age: 28,
      partnerAge: 32,
      locationCity: 'Leeds',
      locationCountry: 'United Kingdom',
    });
    expect(ok.status).toBe(200);
    expect(ok.json.profile.setupStep).toBe(3);
  });

  it('needs a type and a status in step 3, and stores no not-selected value', async () => {
    const res = await put(a, '/api/v1/profiles/me/setup', {
      step: 3,
      gender: 'not-selected',
      relationshipStatus: 'married-couple',
      lookingFor: [],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('Please fill in all required fields before continuing');
    const tooMany = await put(a, '/api/v1/profiles/me/setup', {
      step: 3,
      gender: 'male-female-couple',
      relationshipStatus: 'married-couple',
      lookingFor: ['couples', 'single-females', 'single-males', 'groups', 'tv-ts-cd', 'aliens'],
    });
    expect(tooMany.status).toBe(400);
    const ok = await put(a, '/api/v1/profiles/me/setup', {
      step: 3,
      gender: 'male-female-couple',
      relationshipStatus: 'married-couple',
      lookingFor: ['couples'],
    });
    expect(ok.json.profile).toMatchObject({ kind: 'couple', setupStep: 4, lookingFor: ['couples'] });
  });

  it('completes at step 4; a bio over 1000 characters is refused', async () => {
    const long = await put(a, '/api/v1/profiles/me/setup', { step: 4, bio: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toBe('Bio must be less than 1000 characters');
    const ok = await put(a, '/api/v1/profiles/me/setup', { step: 4, bio: 'Hello from Leeds' });
    expect(ok.json.profile).toMatchObject({ setupCompleted: true, bio: 'Hello from Leeds' });
    expect((await a.get('/api/v1/me')).json.setupCompleted).toBe(true);
  });
});

describe('edit profile', () => {
  it('saves every field; the display name defaults to the username', async () => {
    const res = await put(a, '/api/v1/profiles/me', { ...fullEdit, displayName: '' });
    expect(res.status).toBe(200);
    expect(res.json.profile).toMatchObject({ username: 'amber_pair', displayName: 'amber_pair', age: 28, partnerAge: 32, kind: 'couple' });
  });

  it('refuses each rule of spec §5 with its message and changes nothing', async () => {
    const before = await row(aId);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: '' }, 'Username is required'],
      [{ age: 17 }, 'Age must be between 18 and 120'],
      [{ age: 121 }, 'Age must be between 18 and 120'],
      [{ bio: 'x'.repeat(1001) }, 'Bio must be less than 1000 characters'],
      [
        { lookingFor: ['couples', 'single-females', 'single-males', 'groups', 'tv-ts-cd', 'couples2'] },
        'Choose at most 5 options for looking for',
      ],
      [
        { interests: ['soft-swap', 'full-swap', 'same-room', 'separate-room', 'group-play', 'friends-first'] },
        'Choose at most 5 interests',
      ],
      [{ interests: ['<script>alert(1)</script>'] }, 'Please choose from the list'],
      [{ gender: 'robot' }, 'Please choose from the list'],
    ];
    for (const [change, message] of cases) {
      const res = await put(a, '/api/v1/profiles/me', { ...fullEdit, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.values(res.json.error.details as Record<string, string>)).toContain(message);
    }
    expect(await row(aId)).toEqual(before);
  });

  it('keeps creator tags in interests and removes them all when the toggle goes off', async () => {
    const on = await put(a, '/api/v1/profiles/me', { ...fullEdit, creator: true, creatorTypes: ['video', 'ppv'] });
    expect(on.json.profile).toMatchObject({ creator: true, creatorTypes: ['video', 'ppv'], interests: fullEdit.interests });
    expect((await row(aId))!.interests).toEqual([...fullEdit.interests, 'content-creator', 'video', 'ppv']);
    const off = await put(a, '/api/v1/profiles/me', { ...fullEdit, creator: false, creatorTypes: ['video'] });
    expect((await row(aId))!.interests).toEqual(fullEdit.interests);
    expect(off.json.profile.creatorTypes).toEqual([]);
  });

  it('keeps a second age only for couples and groups', async () => {
    await put(a, '/api/v1/profiles/me', { ...fullEdit, gender: 'single-female', interests: ['bisexual'] });
    expect((await row(aId))!.partnerAge).toBeNull();
    await put(a, '/api/v1/profiles/me', fullEdit);
    expect((await row(aId))!.partnerAge).toBe(32);
  });

  it("never lets member B change A's profile", async () => {
    const before = await row(aId);
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await b.request(method, `/api/v1/profiles/${aId}`, { ...fullEdit, username: 'stolen' });
      expect(res.status).toBe(403);
      expect(res.json.error.message).toBe('Access Denied: You can only edit your own profile');
    }
    expect(await row(aId)).toEqual(before);
  });

  it('answers malformed and signed-out requests with 4xx and changes nothing', async () => {
    const before = await row(aId);
    expect((await a.request('PUT', '/api/v1/profiles/me', '{"username":')).status).toBe(415);
    expect((await a.request('PUT', '/api/v1/profiles/me', '{"username":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await a.request('PUT', '/api/v1/profiles/me', [1, 2])).status).toBe(400);
    expect((await client(t).request('PUT', '/api/v1/profiles/me', fullEdit)).status).toBe(401);
    expect(await row(aId)).toEqual(before);
  });
});

describe('viewing a profile', () => {
  beforeAll(async () => {
    await b.post('/api/v1/profiles', { username: 'bea', displayName: 'Bea' });
    await put(b, '/api/v1/profiles/me', {
      ...fullEdit,
      username: 'bea',
      displayName: 'Bea',
      gender: 'single-female',
      interests: [],
      partnerAge: null,
    });
  });

  it("shows a couple's two ages, the type and the interests shared with the viewer", async () => {
    await put(b, '/api/v1/profiles/me', {
      ...fullEdit,
      username: 'bea',
      displayName: 'Bea',
      gender: 'mixed-couple',
      interests: ['same-room', 'group-play'],
    });
    const res = await b.get(`/api/v1/profiles/${aId}`);
    expect(res.status).toBe(200);
    expect(res.json.profile).toMatchObject({
      ageText: '28 & 32',
      kind: 'couple',
      location: 'Leeds, United Kingdom',
      sharedInterests: ['same-room'],
      isOwn: false,
    });
    expect(res.json.profile.lastActiveAt).toEqual(expect.any(String));
  });

  it('hides location and last active when the member asks', async () => {
    await t.database.db.update(profiles).set({ hideLocation: true, hideLastActive: true }).where(eq(profiles.userId, aId));
    const res = await b.get(`/api/v1/profiles/${aId}`);
    expect(res.json.profile.location).toBeNull();
    expect(res.json.profile.lastActiveAt).toBeNull();
    expect(res.text).not.toContain('Leeds');
  });

  it('answers an unknown member with a clear 404 and a signed-out visitor with 401', async () => {
    const res = await b.get('/api/v1/profiles/no-such-member');
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe('Profile not found');
    expect((await client(t).get(`/api/v1/profiles/${aId}`)).status).toBe(401);
  });

  it('answers as if the profile did not exist across a block, whichever member blocked', async () => {
    await t.database.db.insert(userBlocks).values({ blockerId: aId, blockedId: bId });
    try {
      for (const [who, other] of [
        [b, aId],
        [a, bId],
      ] as const) {
        const res = await who.get(`/api/v1/profiles/${other}`);
        expect(res.status).toBe(404);
        expect(res.json.error.message).toBe('Profile not found');
      }
      // their own profile is still theirs to see
      expect((await a.get(`/api/v1/profiles/${aId}`)).status).toBe(200);
    } finally {
      await t.database.db.delete(userBlocks).where(eq(userBlocks.blockerId, aId));
    }
    expect((await b.get(`/api/v1/profiles/${aId}`)).status).toBe(200);
  });
});
