import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '../src/auth/auth';

/**
 * The server's tests hash passwords with better-auth's scrypt at a sixteenth of its work factor
 * (N 1 024 instead of 16 384, r and p the same). At full cost a hash was 170 ms of CPU on a slow
 * day, and the suite makes about 770 of them a run (every member signs up and signs in): a third of
 * its time. The browser journeys run the server as deployed, with better-auth's own hashing.
 *
 * A hash made here says so (TAG); any other, such as the seed's (better-auth/crypto), is checked by
 * better-auth's own scrypt, so both kinds sign in.
 */
const TAG = 'test-scrypt-n1024$';
const COST: ScryptOptions = { N: 1024, r: 16, p: 1 };
const KEY_LENGTH = 64;

const keyOf = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, COST, (err, key) => (err ? reject(err) : resolve(key))),
  );

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${TAG}${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(TAG)) return verifyPassword({ hash, password });
    const [salt = '', stored = ''] = hash.slice(TAG.length).split(':');
    const key = await keyOf(password, salt);
    const expected = Buffer.from(stored, 'hex');
    return expected.length === key.length && timingSafeEqual(key, expected);
  },
};
