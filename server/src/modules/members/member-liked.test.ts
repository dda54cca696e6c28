import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membersQuerySchema } from '@velvet/core/schemas/member.schema';
import { expectDecisionsProbed, seedDecider } from '../../../test/decider';
import { openTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { membersRepository } from './members.repository';
import { membersService } from './members.service';

// Each card of a list carries the Like button's state: whether the reader liked that member. For a
// reader who has liked and passed on hundreds, that stays one look-up of the pair a card, in the
// statements as the lists send them, never a read of all their decisions for each page.
let database: Database;
let drop: () => Promise<void>;
let me: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  ({ me } = await seedDecider(database.db));
}, 120_000);
afterAll(() => drop());

describe("the member lists' Like state", () => {
  it.each([{ sort: 'nearest' }, { sort: 'newest' }, { sort: 'online' }, { sort: 'verified' }, { type: 'couples', online: '1' }])(
    'is a look-up of the pair a card: %o',
    async (search) => {
      const sent: SQL[] = [];
      const run = async <T>(query: SQL) => {
        sent.push(query);
        return [] as T[];
      };
      const service = membersService(membersRepository(database.db, { run }), { onlineCountTtlMs: 0 });
      await service.list(me, membersQuerySchema.parse(search));
      const cards = sent.filter((query) => JSON.stringify(query.queryChunks).includes('as liked'));
      expect(cards.length).toBeGreaterThan(0);
      for (const statement of cards) await expectDecisionsProbed(database.db, statement, /liked_id = \w+\.user_id/);
    },
  );
});
