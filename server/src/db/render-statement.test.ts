import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import { membersRepository } from '../modules/members/members.repository';
import { membersService } from '../modules/members/members.service';
import { profiles } from './schema';
import { renderStatement } from './prepared';

// renderStatement writes our statements without drizzle's renderer: the text and values must be the
// very ones drizzle's sqlToQuery gives (the prepared statement's name is a hash of the text).
const drizzle = new PgDialect();
const same = (query: SQL) => {
  const { sql: text, params } = drizzle.sqlToQuery(query);
  const ours = renderStatement(query);
  expect({ sql: ours.sql, params: ours.params }).toEqual({ sql: text, params });
};

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
    for (const query of cases) same(query);
  });

  it('writes every statement the member lists send as drizzle does', async () => {
    const sent: SQL[] = [];
    const run = async <T>(query: SQL) => {
      sent.push(query);
      return [] as T[];
    };
    const service = membersService(membersRepository(null as never, { run, commonTextAbove: 0 }), {
      onlineCountTtlMs: 0,
      manyOnlineAbove: 0,
    });
    const searches = [
      ...['nearest', 'newest', 'online', 'verified'].map((sort) => ({ sort })),
      { q: 'fox_7' },
      { name: 'ruby' },
      { location: 'Manchester' },
      { sort: 'nearest', maxKm: '50', limit: '60' },
      { type: 'couples', online: '1' },
      { type: 'women', online: '1', sort: 'online' },
      { type: 'men', joinedDays: '14', sort: 'newest' },
      { mobile: '1', maxKm: '50' },
      { type: 'couples', minAge: '30', maxAge: '45', maxKm: '100', verified: '1', withPhoto: '1', sort: 'nearest' },
      { creator: 'video' },
    ];
    for (const search of searches) await service.list('viewer-1', membersQuerySchema.parse(search));
    expect(sent.length).toBeGreaterThan(searches.length);
    for (const query of sent) same(query);
  });
});
