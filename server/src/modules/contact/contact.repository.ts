import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/index';

export function contactRepository(db: Db) {
  return {
    async create(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      return row!;
    },
  };
}
export type ContactRepository = ReturnType<typeof contactRepository>;
