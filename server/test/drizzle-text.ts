import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { renderStatement } from '../src/db/prepared';

const drizzle = new PgDialect();

/** That db/prepared.ts renderStatement writes `query` with the very text and values drizzle's renderer gives. */
export function expectDrizzleText(query: SQL): void {
  const { sql: text, params } = drizzle.sqlToQuery(query);
  const ours = renderStatement(query);
  expect({ sql: ours.sql, params: ours.params }).toEqual({ sql: text, params });
}
