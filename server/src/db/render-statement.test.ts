import { sql } from 'drizzle-orm';
import { describe, it } from 'vitest';
import { expectDrizzleText as same } from '../../test/drizzle-text';
import { profiles } from './schema';

// renderStatement writes our statements without drizzle's renderer: the text and values must be the
// very ones drizzle's sqlToQuery gives (the prepared statement's name is a hash of the text).

describe('renderStatement', () => {
  it('writes text, nested templates and every kind of plain value as drizzle does', () => {
    const inner = sql`p.age between ${18} and ${99.5} and p.verified = ${true}`;
    same(sql`select 1`);
    same(sql``);
    same(
      sql`select ${'a'}, ${null}, ${false}, ${0}, ${-2}, ${10n} where ${inner} and (${sql`x = ${"it's"}`}) ${undefined} or ${sql.raw('y > 2')}`,
    );
    same(sql.join([sql`a = ${1}`, sql`b = ${2}`, inner], sql` and `));
  });

  it('leaves to drizzle what is more than text and values: columns, tables, identifiers, lists, params, inlined values', () => {
    const cases = [
      sql`select ${profiles.userId} from ${profiles} where ${profiles.age} > ${18}`,
      sql`select 1 from ${sql.identifier('profiles')}`,
      sql`select 1 where p.user_id in ${['a', 'b']}`,
      sql`select ${sql.param('x')}`,
      sql`select ${new Date(0)}::timestamptz`,
      sql`select ${'inline'}`.inlineParams(),
      sql`select 1 where ${sql`p.age > ${18}`.inlineParams()}`,
    ];
    for (const query of cases) same(query, { byDrizzle: true });
  });
});
