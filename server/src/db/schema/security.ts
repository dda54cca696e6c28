import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Failed password sign-ins per email, for the 5-per-15-minutes throttle (spec §9). */
export const signInAttempt = pgTable('sign_in_attempt', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** TOTP time steps already accepted per member: a code works once (replay protection). */
export const totpUsedStep = pgTable(
  'totp_used_step',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/** Requests counted per key (route + client) in a fixed window, shared by every server instance. */
export const requestQuota = pgTable('request_quota', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
