import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, vi } from 'vitest';
import { renderStatement } from '../src/db/prepared';

const drizzle = new PgDialect();

/**
 * That db/prepared.ts renderStatement writes `query` with the very text and values drizzle's renderer
 * gives, by itself (or, `byDrizzle`, by handing it to drizzle): a shortcut no longer taken would keep
 * the text right and lose only the speed, so that is checked too.
 */
export function expectDrizzleText(query: SQL, { byDrizzle = false } = {}): void {
  const { sql: text, params } = drizzle.sqlToQuery(query);
  const handedOver = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  try {
    const ours = renderStatement(query);
    expect({ sql: ours.sql, params: ours.params }).toEqual({ sql: text, params });
    expect(handedOver).toHaveBeenCalledTimes(byDrizzle ? 1 : 0);
  } finally {
    handedOver.mockRestore();
  }
}
