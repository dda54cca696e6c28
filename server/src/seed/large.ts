import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { COUPLE_GROUP_INTERESTS, RELATIONSHIP_STATUSES, RELATIONSHIP_TYPES, SINGLE_INTERESTS } from '@velvet/core/constants/options';
import { CELL_LAT_DEG, CELL_LNG_DEG, snapToCell } from '@velvet/core/geo/grid';
import type { Db } from '../db/client';
import { locateUkPlace } from '../geo/gazetteer';
import type { Logger } from '../logger';
import { DEMO_PASSWORD } from './demo-members';

const TOWNS = [
  'London',
  'Manchester',
  'Birmingham',
  'Leeds',
  'Liverpool',
  'Bristol',
  'Sheffield',
  'Glasgow',
  'Edinburgh',
  'Cardiff',
  'Belfast',
  'Nottingham',
  'Leicester',
  'Brighton',
  'Newcastle upon Tyne',
  'Southampton',
  'Reading',
  'Norwich',
  'York',
  'Exeter',
];

const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/**
 * `npm run seed -- --members N`: a large, realistic community for benchmarks, generated inside the
 * database (generate_series) in batches, so 1 000 000 members take minutes, not hours. Every member
 * signs in with the demo password; ids are `bulk-<n>`, so running it again adds only what is missing.
 */
export async function seedLargeCommunity(db: Db, opts: { members: number; log?: Logger; batch?: number }) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const batch = opts.batch ?? 20_000;
  const towns = pgArray(TOWNS);
  // each town's cell; members spread up to 10 cells (≈ 10 km) around it, always on cell centres
  const cells = TOWNS.map((t) => {
    const place = locateUkPlace(t);
    if (!place) throw new Error(`the gazetteer does not know ${t}`);
    return snapToCell(place);
  });
  const lats = `{${cells.map((c) => c.lat).join(',')}}`;
  const lngs = `{${cells.map((c) => c.lng).join(',')}}`;
  const types = pgArray(RELATIONSHIP_TYPES);
  const statuses = pgArray(RELATIONSHIP_STATUSES);
  const coupleInterests = pgArray(COUPLE_GROUP_INTERESTS);
  const singleInterests = pgArray(SINGLE_INTERESTS);
  for (let start = 1; start <= opts.members; start += batch) {
    const end = Math.min(opts.members, start + batch - 1);
    // a stable pseudo-random number per member and purpose: hashtext is deterministic
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into "user" (id, name, email, email_verified, created_at, updated_at)
        select 'bulk-' || n, 'Member ' || n, 'member' || n || '@bulk.velvet.local', true,
               now() - ((abs(hashtext('joined' || n)) % 730) || ' days')::interval, now()
        from generate_series(${start}::int, ${end}::int) as n
        on conflict do nothing`);
      await tx.execute(sql`
        insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
        select 'acc-bulk-' || n, 'bulk-' || n, 'credential', 'bulk-' || n, ${hash}, now(), now()
        from generate_series(${start}::int, ${end}::int) as n
        on conflict do nothing`);
      await tx.execute(sql`
        insert into profiles (user_id, username, display_name, age, partner_age, bio, location_city, location_country,
                              location_lat, location_lng, location_source,
                              gender, kind, relationship_status, interests, looking_for, setup_step, setup_completed_at,
                              is_demo, last_active_at, created_at, updated_at)
        select 'bulk-' || n, 'member_' || n, 'Member ' || n,
               21 + abs(hashtext('age' || n)) % 45,
               case when g like '%couple%' or g like '%group%' then 21 + abs(hashtext('age2' || n)) % 45 end,
               'Generated member for benchmarks.',
               (${towns}::text[])[t], 'United Kingdom',
               round(((${lats}::float8[])[t] + ((abs(hashtext('dy' || n)) % 21) - 10) * ${CELL_LAT_DEG}::float8)::numeric, 6),
               round(((${lngs}::float8[])[t] + ((abs(hashtext('dx' || n)) % 21) - 10) * ${CELL_LNG_DEG}::float8)::numeric, 6),
               'city',
               g,
               case when g like '%group%' then 'group' when g like '%couple%' then 'couple' else 'individual' end,
               (${statuses}::text[])[1 + abs(hashtext('status' || n)) % ${RELATIONSHIP_STATUSES.length}],
               case when g like '%couple%' or g like '%group%'
                    then array[(${coupleInterests}::text[])[1 + abs(hashtext('i1' || n)) % ${COUPLE_GROUP_INTERESTS.length}],
                               (${coupleInterests}::text[])[1 + abs(hashtext('i2' || n)) % ${COUPLE_GROUP_INTERESTS.length}]]
                    else array[(${singleInterests}::text[])[1 + abs(hashtext('i1' || n)) % ${SINGLE_INTERESTS.length}]] end,
               'couples', 4, now(), true,
               now() - ((abs(hashtext('seen' || n)) % 10080) || ' minutes')::interval,
               now() - ((abs(hashtext('joined' || n)) % 730) || ' days')::interval, now()
        from (select n, (${types}::text[])[1 + abs(hashtext('type' || n)) % ${RELATIONSHIP_TYPES.length}] as g,
                     1 + abs(hashtext('town' || n)) % ${TOWNS.length} as t
              from generate_series(${start}::int, ${end}::int) as n) as m
        on conflict do nothing`);
    });
    opts.log?.info({ upTo: end, of: opts.members }, 'large community seeded');
  }
}
