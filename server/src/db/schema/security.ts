import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Failed password sign-ins per email AND client address (an IPv6 address counts by its /64), for
 * the 5-per-15-minutes throttle (spec §9): a failing address is refused, the member's own is not.
 */
export const signInAttempt = pgTable(
  'sign_in_attempt',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] }), index('sign_in_attempt_window_idx').on(t.windowStartedAt)],
);

/**
 * Failed password sign-ins per client address across every email, for the generous per-address limit:
 * many members share one address (a mobile network puts thousands behind one), so this limit only
 * stops one address guessing at many accounts; each account's own limit is the tight one.
 */
export const signInAddress = pgTable(
  'sign_in_address',
  {
    address: text('address').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_address_window_idx').on(t.windowStartedAt)],
);

/** When a member was last told by mail that someone is guessing their password: at most once a window. */
export const signInAlert = pgTable(
  'sign_in_alert',
  {
    email: text('email').primaryKey(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // the sweep of alerts whose window has ended reads oldest first
  (t) => [index('sign_in_alert_sent_idx').on(t.sentAt)],
);

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

/** Requests counted per key (route + client) in a fixed window, shared by every server instance. UNLOGGED (migration 0045): a crash forgets the open windows. */
export const requestQuota = pgTable('request_quota', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
});
