import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { seedLargeCommunity } from '../src/seed/large';
import { planNodes } from './plans';

/**
 * A community of 400 and a member who decides a lot: likes a third of 300 members and passes on the
 * others (some passes old enough to have lapsed), and is liked by half of 360 and passed by a
 * quarter (so a count that forgot a like must be returned counts wrong). Statistics analysed.
 */
export async function seedDecider(db: Db): Promise<{ me: string; decided: Map<string, boolean>; likedBack: Set<string> }> {
  await seedLargeCommunity(db, { members: 400, batch: 400 });
  const rows = async <T>(query: SQL) => (await db.execute(query)).rows as T[];
  const me = (await rows<{ id: string }>(sql`select min(user_id) as id from profiles`))[0]!.id;
  await db.execute(sql`delete from likes where liker_id = ${me} or liked_id = ${me}`);
  await db.execute(sql`insert into likes (liker_id, liked_id, liked, created_at)
    select ${me}, d.user_id, d.n % 3 = 0, now() - make_interval(days => (d.n % 60)::int)
    from (select user_id, row_number() over (order by user_id) as n from profiles where user_id <> ${me} limit 300) d`);
  await db.execute(sql`insert into likes (liker_id, liked_id, liked)
    select d.user_id, ${me}, d.n % 4 <> 1
    from (select user_id, row_number() over (order by user_id) as n from profiles where user_id <> ${me} limit 360) d
    where d.n % 4 <> 3`);
  await db.execute(sql`analyze likes`);
  const mine = await rows<{ id: string; liked: boolean }>(sql`select liked_id as id, liked from likes where liker_id = ${me}`);
  const back = await rows<{ id: string }>(sql`select liker_id as id from likes where liked_id = ${me} and liked`);
  return { me, decided: new Map(mine.map((r) => [r.id, r.liked])), likedBack: new Set(back.map((r) => r.id)) };
}

/**
 * Fails unless every read of a member's decisions (likes, alias l, as db/decisions.ts asks) in the
 * plans of `query` is a look-up of the pair `pair` names, asked of each row as a subplan, in the plan
 * PostgreSQL chooses, the generic plan, and with hashing priced out (where a hashed subplan over all
 * of them would otherwise show).
 */
export async function expectDecisionsProbed(db: Db, query: SQL, pair: RegExp): Promise<void> {
  for (const settings of [{}, { plan_cache_mode: 'force_generic_plan' }, { enable_hashagg: 'off' }] as Record<string, string>[]) {
    const reads = (await planNodes(db, query, settings)).filter((n) => n.Alias === 'l' && n['Relation Name'] === 'likes');
    expect(reads.length, JSON.stringify(settings)).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read['Index Cond'], `${JSON.stringify(settings)}: ${read['Index Cond']}`).toMatch(pair);
      // asked of each row apart (behind offset 0), not a join the planner chose for this size: at
      // 100 000 members its generic plan joined a read of all of them by liker instead
      expect(read['Parent Relationship'], JSON.stringify(settings)).toBe('SubPlan');
    }
  }
}
