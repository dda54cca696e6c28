import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectDrizzleText as same } from '../../../test/drizzle-text';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';
import { testCursors } from '../../../test/cursors';

// The member lists' statements are written by db/prepared.ts renderStatement, not drizzle's renderer:
// the same text and values as drizzle's for every one of them.

describe('the member lists statements, as written for PostgreSQL', () => {
  it('writes every statement the member lists send as drizzle does', async () => {
    const sent: SQL[] = [];
    const run = async <T>(query: SQL) => {
      sent.push(query);
      return [] as T[];
    };
    const service = membersService(membersRepository(null as never, { run, commonTextAbove: 0 }), {
      cursors: testCursors,
      onlineCountTtlMs: 0,
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
