import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceLabel, milesBetween, snapToCell, type Position } from '@velvet/core/geo/grid';
import type { MemberCard, MembersResponse } from '@velvet/core/schemas/member.schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Client } from '../../../test/http';
import { finishedMember } from '../../../test/members';
import { cursorCodec } from '../../lib/keyset-cursor';
import { KM_PER_DEGREE } from '../../db/nearest';

/**
 * An attacker who moves between three places of their own and reads everything the Members list
 * gives (each card's band, each page link, every distance filter it accepts) to place a victim:
 * trilateration, which has located members of several dating apps to within metres. Everything the
 * list tells must leave the victim anywhere in a region kilometres across around their cell.
 */

let t: TestApp;
let attacker: Client;
let victimId: string;
let victimCell: Position;

const VICTIM: Position = { lat: 53.4794, lng: -2.2453 }; // central Manchester
const ATTACKER_PLACES: Position[] = [
  { lat: 53.7997, lng: -1.5492 }, // Leeds
  { lat: 53.4084, lng: -2.9916 }, // Liverpool
  { lat: 53.0027, lng: -2.1794 }, // Stoke-on-Trent
];

/** The server's own measure of distance (db/nearest.ts memberPoint): a flat plane, in km. */
function planeKm(a: Position, b: Position): number {
  const x = (p: Position) => (p.lng + 2) * Math.cos((p.lat * Math.PI) / 180);
  return Math.hypot(x(a) - x(b), a.lat - b.lat) * KM_PER_DEGREE;
}

async function moveTo(c: Client, at: Position) {
  const res = await c.request('PUT', '/api/v1/members/me/location', at);
  expect(res.status, res.text).toBe(200);
}

async function list(query: string) {
  return attacker.get(`/api/v1/members${query}`);
}

/** What one place of the attacker's tells about the victim: a test a candidate cell passes or fails. */
type Observation = (candidate: Position) => boolean;

/** Reads a page link as an attacker would: base64url JSON, with the distance `d` in degrees if it is there. */
function distanceIn(cursor: string | null): number | null {
  if (!cursor) return null;
  try {
    const keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { d?: unknown };
    return typeof keys.d === 'string' || typeof keys.d === 'number' ? Number(keys.d) * KM_PER_DEGREE : null;
  } catch {
    return null;
  }
}

async function observeFrom(place: Position): Promise<Observation[]> {
  await moveTo(attacker, place);
  const here = snapToCell(place);
  const seen: Observation[] = [];

  // the card: its band in miles, and the link to the page after it
  let cursor: string | null = null;
  let card: MemberCard | undefined;
  let after: string | null = null;
  for (let page = 0; page < 20 && !card; page++) {
    const res = await list(`?sort=nearest&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.text).toBe(200);
    const body = res.json as MembersResponse;
    card = body.items.find((m) => m.userId === victimId);
    after = body.nextCursor;
    cursor = body.nextCursor;
    if (!cursor) break;
  }
  expect(card, 'the victim is listed').toBeDefined();
  const band = card!.distance;
  seen.push((p) => distanceLabel(milesBetween(p, here)) === band);
  const fromCursor = distanceIn(after);
  if (fromCursor !== null) seen.push((p) => Math.abs(planeKm(p, here) - fromCursor) < 0.05);

  // the distance filter: the smallest radius the list takes that still holds the victim (binary search)
  const holds = async (km: number) => {
    const res = await list(`?sort=nearest&limit=60&maxKm=${km}`);
    if (res.status === 400) return null;
    expect(res.status, res.text).toBe(200);
    return (res.json as MembersResponse).items.some((m) => m.userId === victimId);
  };
  const step = (await holds(12)) === null ? 5 : 1; // a radius between the slider's steps, if it is taken
  let [low, high] = [0, 500 / step];
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (await holds(mid * step)) high = mid;
    else low = mid;
  }
  const km = high * step;
  if (km < 500) seen.push((p) => planeKm(p, here) <= km + 0.05 && planeKm(p, here) > km - step - 0.05);
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ c: attacker } = await finishedMember(t, 'trilaterator', { city: 'Leeds' }));
  const victim = await finishedMember(t, 'victim_one', { city: 'Manchester' });
  victimId = victim.id;
  await moveTo(victim.c, VICTIM);
  victimCell = snapToCell(VICTIM);
  // members further off on every side, so the victim's card is never a list's last
  for (const [name, city] of [
    ['far_london', 'London'],
    ['far_bristol', 'Bristol'],
    ['far_glasgow', 'Glasgow'],
  ] as const)
    await finishedMember(t, name, { city });
});
afterAll(() => t.close());

describe('trilateration through the Members list', () => {
  it('cannot place a member closer than kilometres from cards, page links and distance filters read from three places', async () => {
    const observations: Observation[] = [];
    for (const place of ATTACKER_PLACES) observations.push(...(await observeFrom(place)));

    // every cell centre around Manchester that agrees with all that was read
    const agreeing: Position[] = [];
    for (let lat = 53.1; lat <= 53.9; lat += 0.0045)
      for (let lng = -2.9; lng <= -1.6; lng += 0.0075) {
        const p = { lat, lng };
        if (observations.every((agrees) => agrees(p))) agreeing.push(p);
      }
    // the victim's own cell agrees (what was read is true) ...
    expect(observations.every((agrees) => agrees(victimCell))).toBe(true);
    // ... and so do places kilometres from it: the list told no more than a district
    const farthest = Math.max(...agreeing.map((p) => planeKm(p, victimCell)));
    expect(farthest).toBeGreaterThan(2);
  });

  it('refuses a page link that is forged, altered, another member’s or another list’s', async () => {
    await moveTo(attacker, ATTACKER_PLACES[0]!);
    const first = await list('?sort=nearest&limit=1');
    const link = (first.json as MembersResponse).nextCursor!;
    expect(link).toBeTruthy();
    // nothing in it can be read: no JSON, no distance, no time
    expect(distanceIn(link)).toBeNull();
    expect(Buffer.from(link, 'base64url').toString('latin1')).not.toMatch(/"d"|nearest|\d{4}-\d{2}-\d{2}/);

    const forged = Buffer.from(
      JSON.stringify({ sort: 'nearest', band: 0, d: '0.25', ak: '2026-01-01 00:00:00+00', id: victimId }),
    ).toString('base64url');
    const altered = `${link.slice(0, 20)}${link[20] === 'A' ? 'B' : 'A'}${link.slice(21)}`;
    const sealedForOther = cursorCodec(t.config.secret).seal({ sort: 'nearest', band: 1, ak: '-infinity', id: victimId }, 'members:x:{}');
    const refused: [string, string][] = [
      [`?sort=nearest&cursor=${forged}`, 'forged'],
      [`?sort=nearest&cursor=${altered}`, 'altered'],
      [`?sort=nearest&cursor=${sealedForOther}`, 'another member’s'],
      [`?sort=nearest&maxKm=50&cursor=${link}`, 'other filters'],
      [`?sort=newest&cursor=${link}`, 'another sort'],
      [`?sort=nearest&maxKm=12`, 'a radius between the slider’s steps'],
    ];
    for (const [query, what] of refused) {
      const res = await list(query);
      expect(res.status, what).toBe(400);
    }
    // the real link still turns the page
    expect((await list(`?sort=nearest&limit=1&cursor=${link}`)).status).toBe(200);
  });
});
