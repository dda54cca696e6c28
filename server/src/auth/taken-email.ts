import { APIError, type DBAdapterInstance, type DBTransactionAdapter } from 'better-auth';

/** The unique index on user.email (db/schema/auth.ts): a second account for an address breaks it. */
const USER_EMAIL_UNIQUE = 'user_email_unique';

/** PostgreSQL's unique_violation on user.email, however the driver and Drizzle wrap it. */
function isTakenEmail(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === USER_EMAIL_UNIQUE;
  }
  return false;
}

function refusingTakenEmail<A extends DBTransactionAdapter>(adapter: A): A {
  return {
    ...adapter,
    create: async (data) => {
      try {
        return await adapter.create(data);
      } catch (err) {
        // 403 from creating the user is better-auth's "refuse quietly": sign-up answers as for an address in use
        if (data.model === 'user' && isTakenEmail(err)) {
          throw new APIError('FORBIDDEN', { code: 'USER_ALREADY_EXISTS', message: 'User already exists' });
        }
        throw err;
      }
    },
  };
}

/**
 * Two sign-ups for one new address at the same moment both find no account, and the second insert
 * breaks the unique email: better-auth answered that one 422 "Failed to create user" (and logged the
 * address), where a sign-up for an address in use gets the same answer as a new one (200, "check your
 * email"), which tells no one whether the address is registered. Here the broken unique email becomes
 * the 403 that better-auth's sign-up turns into that same answer, from its own code. An OAuth sign-in
 * racing the same way is redirected to the error page, as before, with this code instead.
 */
export function takenEmailAsExisting(factory: DBAdapterInstance): DBAdapterInstance {
  return (options) => {
    const adapter = factory(options);
    // better-auth runs a sign-up's writes through transaction(): the adapter it hands over is refused the same way
    return { ...refusingTakenEmail(adapter), transaction: (callback) => adapter.transaction((trx) => callback(refusingTakenEmail(trx))) };
  };
}
