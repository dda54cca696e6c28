import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import {
  COUPLE_GROUP_INTERESTS,
  CREATOR_TAG,
  CREATOR_TYPES,
  RELATIONSHIP_STATUSES,
  SINGLE_INTERESTS,
  type RelationshipType,
} from '@velvet/core/constants/options';
import { CELL_LAT_DEG, CELL_LNG_DEG, snapToCell } from '@velvet/core/geo/grid';
import type { Db } from '../db/client';
import { locateUkPlace } from '../geo/gazetteer';
import type { Logger } from '../logger';
import { DEMO_PASSWORD } from './demo-members';

/** Towns and their share of members (percent), roughly by population: London holds a fifth. */
const TOWN_SHARES: Record<string, number> = {
  London: 20,
  Manchester: 8,
  Birmingham: 8,
  Glasgow: 6,
  Leeds: 5,
  Liverpool: 5,
  Bristol: 5,
  Edinburgh: 5,
  Sheffield: 4,
  Cardiff: 4,
  Belfast: 4,
  Nottingham: 4,
  Brighton: 4,
  'Newcastle upon Tyne': 4,
  Leicester: 3,
  Southampton: 3,
  Reading: 2,
  Norwich: 2,
  York: 2,
  Exeter: 2,
};

/** Relationship types and their share (percent): the lifestyle scene is mostly couples and single men. */
const TYPE_SHARES: Record<RelationshipType, number> = {
  'male-female-couple': 30,
  'female-female-couple': 3,
  'male-male-couple': 3,
  'mixed-couple': 2,
  'non-binary-couple': 1,
  'polyamorous-group': 1,
  'single-male': 36,
  'single-female': 14,
  'single-non-binary': 2,
  'single-trans-male': 2,
  'single-trans-female': 4,
  'single-other': 2,
};

/** Statuses by kind, as a member would pick them: no single is a 'Married couple'. */
const COUPLE_STATUSES = RELATIONSHIP_STATUSES.slice(0, RELATIONSHIP_STATUSES.indexOf('single'));
const SINGLE_STATUSES = RELATIONSHIP_STATUSES.slice(RELATIONSHIP_STATUSES.indexOf('single'));

const ADJECTIVES = ['amber', 'velvet', 'cheeky', 'scarlet', 'sunny', 'wild', 'quiet', 'silver', 'golden', 'midnight', 'sweet', 'bold'];
const NOUNS = ['fox', 'pair', 'rose', 'duo', 'wolf', 'kitten', 'tiger', 'dove', 'flame', 'fern', 'storm', 'jay', 'owl', 'lily'];
const WOMEN_NAMES = ['Emma', 'Olivia', 'Mia', 'Ruby', 'Grace', 'Amelia', 'Isla', 'Freya', 'Chloe', 'Sophie'];
const MEN_NAMES = ['Jack', 'Harry', 'Leo', 'Noah', 'Oliver', 'George', 'Tom', 'James', 'Dan', 'Ryan'];
const ANY_NAMES = ['Alex', 'Sam', 'Jo', 'Chris', 'Kai', 'Charlie', 'Robin', 'Jamie', 'Ash', 'Frankie'];

/** A share table spread over 100 slots, so `slots[1 + h % 100]` picks by share. */
function slots<K extends string>(shares: Record<K, number>): K[] {
  const out = (Object.entries(shares) as [K, number][]).flatMap(([k, pct]) => Array<K>(pct).fill(k));
  if (out.length !== 100) throw new Error(`shares add up to ${out.length}, not 100`);
  return out;
}

const pgArray = (values: readonly (string | number)[]) => `{${values.map((v) => (typeof v === 'number' ? v : `"${v}"`)).join(',')}}`;

/** A stable pseudo-random whole number ≥ 0 per member `n` and purpose: hashtext is deterministic, so reruns agree. */
const h = (purpose: string, n: SQL = sql.raw('n')) => sql`abs(hashtext(${sql.raw(`'${purpose}'`)} || ${n}))`;

/**
 * `npm run seed -- --members N`: a large, realistic community for benchmarks, generated inside the
 * database (generate_series, set-based) in batches, so 1 000 000 members take minutes, not hours.
 * Every member signs in with the demo password at member<n>@bulk.velvet.local; ids are `bulk-<n>`,
 * so running it again adds only what is missing.
 *
 * Shape (per member, from a hash of n): relationship type and town by the shares above; ages 18–70
 * (a partner's age for couples and groups); a cell up to 8 cells (≈ 8 km) from the town's, always on
 * a cell centre (core/geo/grid.ts), nearer the centre more often, 10 % placed by their device (Who's
 * Near on); 1–4 interests from the list their
 * type may choose, 3 % content creators with 1–2 creator types; 15 % verified; 70 % with a photo;
 * last active: 2 % in the last 4 minutes (online), 15 % today, 40 % in two weeks, the rest within
 * six months; joined over two years, 3 % in the last 14 days; 3 % anonymous, 5 % hide their
 * location, 6 % their last-active time; 2 % never finished the setup wizard. Then relations: 1 in 40
 * members blocks someone, half of the members liked or passed on 3 others (a tenth of the likes are
 * returned: matches), a third viewed 2 profiles in the last week.
 */
export async function seedLargeCommunity(db: Db, opts: { members: number; log?: Logger; batch?: number }) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const batch = opts.batch ?? 50_000;
  const towns = Object.keys(TOWN_SHARES);
  const townSlots = slots(TOWN_SHARES).map((t) => towns.indexOf(t) + 1);
  const typeSlots = slots(TYPE_SHARES);
  const cells = towns.map((t) => {
    const place = locateUkPlace(t);
    if (!place) throw new Error(`the gazetteer does not know ${t}`);
    return snapToCell(place);
  });
  const lats = pgArray(cells.map((c) => c.lat));
  const lngs = pgArray(cells.map((c) => c.lng));
  const coupleInterests = pgArray(COUPLE_GROUP_INTERESTS);
  const singleInterests = pgArray(SINGLE_INTERESTS);
  const creatorTypes = pgArray(CREATOR_TYPES);
  const N = opts.members;
  const started = Date.now();

  const typeOf = sql`(${pgArray(typeSlots)}::text[])[1 + ${h('type')} % 100]`;
  const namesFor = (type: SQL, purpose: string) =>
    sql`case when ${type} in ('single-female', 'single-trans-female') then (${pgArray(WOMEN_NAMES)}::text[])[1 + ${h(purpose)} % ${WOMEN_NAMES.length}]
             when ${type} in ('single-male', 'single-trans-male') then (${pgArray(MEN_NAMES)}::text[])[1 + ${h(purpose)} % ${MEN_NAMES.length}]
             else (${pgArray(ANY_NAMES)}::text[])[1 + ${h(purpose)} % ${ANY_NAMES.length}] end`;
  for (let start = 1; start <= N; start += batch) {
    const end = Math.min(N, start + batch - 1);
    await db.transaction(async (tx) => {
      // joined: 3 % in the last 14 days, the rest over two years
      const joined = sql`now() - case when ${h('new')} % 100 < 3 then (${h('joined')} % 1209600) * interval '1 second'
                                     else interval '14 days' + (${h('joined')} % 716) * interval '1 day' + (${h('joinedAt')} % 86400) * interval '1 second' end`;
      await tx.execute(sql`
        insert into "user" (id, name, email, email_verified, verified, created_at, updated_at)
        select 'bulk-' || n, ${namesFor(typeOf, 'name')},
               'member' || n || '@bulk.velvet.local', true, ${h('verified')} % 100 < 15, ${joined}, now()
        from generate_series(${start}::int, ${end}::int) as n
        on conflict do nothing`);
      await tx.execute(sql`
        insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select 'acc-bulk-' || n, 'bulk-' || n, 'credential', 'bulk-' || n, ${hash}, now(), now()
        from generate_series(${start}::int, ${end}::int) as n
        on conflict do nothing`);
      await tx.execute(sql`
        insert into profiles (user_id, username, display_name, age, partner_age, bio, location_city, location_country,
                              location_lat, location_lng, location_source, gender, kind, relationship_status, interests,
                              looking_for, verification_status, avatar_url, hide_last_active, hide_location, anonymous_mode,
                              setup_step, setup_completed_at, is_demo, last_active_at, created_at, updated_at)
        select 'bulk-' || n,
               (${pgArray(ADJECTIVES)}::text[])[1 + ${h('adj')} % ${ADJECTIVES.length}] || '_' ||
                 (${pgArray(NOUNS)}::text[])[1 + ${h('noun')} % ${NOUNS.length}] || n,
               u.name || case when kind = 'individual' then '' else ' & ' || ${namesFor(sql.raw('g'), 'partner')} end,
               age, case when kind <> 'individual' then least(70, greatest(18, age + ${h('age3')} % 11 - 5)) end,
               'Generated member for benchmarks.',
               (${pgArray(towns)}::text[])[t], 'United Kingdom',
               round(((${lats}::float8[])[t] + (${h('dy1')} % 9 + ${h('dy2')} % 9 - 8) * ${CELL_LAT_DEG}::float8)::numeric, 6),
               round(((${lngs}::float8[])[t] + (${h('dx1')} % 9 + ${h('dx2')} % 9 - 8) * ${CELL_LNG_DEG}::float8)::numeric, 6),
               case when ${h('device')} % 100 < 10 then 'device' else 'city' end, g, kind,
               case when kind = 'individual'
                    then (${pgArray(SINGLE_STATUSES)}::text[])[1 + ${h('status')} % ${SINGLE_STATUSES.length}]
                    else (${pgArray(COUPLE_STATUSES)}::text[])[1 + ${h('status')} % ${COUPLE_STATUSES.length}] end,
               array(select distinct case when kind = 'individual'
                                          then (${singleInterests}::text[])[1 + ${h('interest', sql`n || '.' || k`)} % ${SINGLE_INTERESTS.length}]
                                          else (${coupleInterests}::text[])[1 + ${h('interest', sql`n || '.' || k`)} % ${COUPLE_GROUP_INTERESTS.length}] end
                     from generate_series(1, 1 + ${h('interests')} % 4) as k)
                 || case when ${h('creator')} % 100 < 3
                         then array[${CREATOR_TAG}::text] || array(select distinct (${creatorTypes}::text[])[1 + ${h('ctype', sql`n || '.' || k`)} % ${CREATOR_TYPES.length}]
                                                            from generate_series(1, 1 + ${h('ctypes')} % 2) as k)
                         else '{}'::text[] end,
               case when kind = 'individual' then 'couples' else 'couples,single-females' end,
               case when u.verified then 'approved' else 'not_started' end,
               case when ${h('photo')} % 100 < 70 then '/api/v1/media/bench-avatar-' || n % 16 || '.webp' end,
               ${h('hideSeen')} % 100 < 6, ${h('hidePlace')} % 100 < 5, ${h('anonymous')} % 100 < 3,
               case when unfinished then 2 else 4 end, case when not unfinished then u.created_at end, false,
               greatest(u.created_at, now() - case when seen < 2 then (${h('seenAt')} % 240) * interval '1 second'
                            when seen < 17 then (${h('seenAt')} % 86400) * interval '1 second'
                            when seen < 57 then (${h('seenAt')} % 1209600) * interval '1 second'
                            else (${h('seenAt')} % 15552000) * interval '1 second' end),
               u.created_at, now()
        from (select n, g, t, 18 + ${h('age1')} % 30 + ${h('age2')} % 23 as age, ${h('seen')} % 100 as seen,
                     ${h('unfinished')} % 100 < 2 as unfinished,
                     case when g like '%group%' then 'group' when g like '%couple%' then 'couple' else 'individual' end as kind
              from (select n, ${typeOf} as g,
                           (${pgArray(townSlots)}::int[])[1 + ${h('town')} % 100] as t
                    from generate_series(${start}::int, ${end}::int) as n) as picks) as m
        join "user" u on u.id = 'bulk-' || n
        on conflict do nothing`);
    });
    opts.log?.info({ upTo: end, of: N, seconds: Math.round((Date.now() - started) / 1000) }, 'large community: members');
  }

  // relations need every member in place (foreign keys), so they come in a second pass
  const other = (purpose: string, k: SQL = sql`0`) => sql`'bulk-' || (1 + ${h(purpose, sql`n || '.' || ${k}`)} % ${N})`;
  for (let start = 1; start <= N; start += batch) {
    const end = Math.min(N, start + batch - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into user_blocks (blocker_id, blocked_id, created_at)
        select 'bulk-' || n, ${other('blocked')}, now() - (${h('blockedAt')} % 365) * interval '1 day'
        from generate_series(${start}::int, ${end}::int) as n
        where ${h('blocks')} % 40 = 0 and ${other('blocked')} <> 'bulk-' || n
        on conflict do nothing`);
      await tx.execute(sql`
        insert into likes (liker_id, liked_id, liked, created_at)
        select 'bulk-' || n, ${other('liked', sql`k`)}, ${h('like', sql`n || '.' || k`)} % 3 <> 0,
               now() - (${h('likedAt', sql`n || '.' || k`)} % 2592000) * interval '1 second'
        from generate_series(${start}::int, ${end}::int) as n, generate_series(1, 3) as k
        where ${h('likes')} % 2 = 0 and ${other('liked', sql`k`)} <> 'bulk-' || n
        on conflict do nothing`);
      // a tenth of the likes are returned: matches
      await tx.execute(sql`
        insert into likes (liker_id, liked_id, liked, created_at)
        select l.liked_id, l.liker_id, true, l.created_at + interval '1 hour'
        from likes l
        where l.liker_id in (select 'bulk-' || n from generate_series(${start}::int, ${end}::int) as n)
          and l.liked and abs(hashtext('match' || l.liker_id || l.liked_id)) % 10 = 0
        on conflict do nothing`);
      await tx.execute(sql`
        insert into profile_views (viewed_id, day, viewer_id, viewed_at)
        select ${other('viewed', sql`k`)}, (viewed_at at time zone 'Europe/London')::date, 'bulk-' || n, viewed_at
        from (select n, k, now() - (${h('viewedAt', sql`n || '.' || k`)} % 604800) * interval '1 second' as viewed_at
              from generate_series(${start}::int, ${end}::int) as n, generate_series(1, 2) as k
              where ${h('views')} % 3 = 0) as v
        where ${other('viewed', sql`k`)} <> 'bulk-' || n
        on conflict do nothing`);
    });
    opts.log?.info({ upTo: end, of: N, seconds: Math.round((Date.now() - started) / 1000) }, 'large community: blocks, likes, views');
  }
  await db.execute(sql`analyze`);
  opts.log?.info({ members: N, seconds: Math.round((Date.now() - started) / 1000) }, 'large community seeded');
}
