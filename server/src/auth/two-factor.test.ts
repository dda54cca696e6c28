import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@velvet/core/messages';
import { totpUsedStep } from '../db/schema/index';
import { createTestApp, type TestApp } from '../../test/test-app';
import { client, signedInMember, type Client } from '../../test/http';
import { authenticator, awayFromStepEdge } from '../../test/totp';

const PASSWORD = 'correct-horse-1';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function me(c: Client) {
  return c.get('/api/v1/me');
}

/** Enrols and activates TOTP for a signed-in member; the activation uses the previous step's code. */
async function enrol(c: Client) {
  const enabled = await c.post('/api/auth/two-factor/enable', { password: PASSWORD });
  expect(enabled.status).toBe(200);
  expect(enabled.json.totpURI).toMatch(/^otpauth:\/\/totp\//);
  expect(enabled.json.backupCodes).toHaveLength(10);
  const app = authenticator(enabled.json.totpURI);
  await awayFromStepEdge();
  const verified = await c.post('/api/auth/two-factor/verify-totp', { code: app.code(-1) });
  expect(verified.status).toBe(200);
  return { app, backupCodes: enabled.json.backupCodes as string[], totpURI: enabled.json.totpURI as string };
}

async function passwordStep(email: string, password = PASSWORD) {
  const c = client(t);
  const res = await c.post('/api/auth/sign-in/email', { email, password });
  return { c, res };
}

describe('two-factor sign-in with an authenticator app', () => {
  const email = 'totp.member@example.test';
  let app: ReturnType<typeof authenticator>;
  let backupCodes: string[];

  it('enables: not on until a code is verified, then on', async () => {
    const c = await signedInMember(t, email, PASSWORD);
    const enabled = await c.post('/api/auth/two-factor/enable', { password: PASSWORD });
    expect(enabled.status).toBe(200);
    expect(enabled.json.totpURI).toContain('issuer=');
    expect((await me(c)).json.user.twoFactorEnabled).toBe(false);

    // a wrong code during enrolment does not turn it on
    const pending = authenticator(enabled.json.totpURI);
    const wrong = await c.post('/api/auth/two-factor/verify-totp', { code: pending.wrongCode() });
    expect(wrong.status).toBe(401);
    expect((await me(c)).json.user.twoFactorEnabled).toBe(false);

    // enrolling again (e.g. the member lost the first QR code) issues a fresh secret
    ({ app, backupCodes } = await enrol(c));
    const after = await me(c);
    expect(after.status).toBe(200);
    expect(after.json.user.twoFactorEnabled).toBe(true);

    const out = await c.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect((await me(c)).status).toBe(401);
  });

  it('asks for the second step after the password and opens no session', async () => {
    const { c, res } = await passwordStep(email);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ twoFactorRedirect: true });
    expect(res.json.token).toBeUndefined();
    expect((await me(c)).status).toBe(401);
  });

  it('refuses a wrong code with 401 and no session', async () => {
    const { c } = await passwordStep(email);
    const res = await c.post('/api/auth/two-factor/verify-totp', { code: app.wrongCode() });
    expect(res.status).toBe(401);
    expect((await me(c)).status).toBe(401);
  });

  it('signs in with the right code, and refuses the same code in a new attempt (replay)', async () => {
    await awayFromStepEdge();
    const code = app.code();

    const first = await passwordStep(email);
    const ok = await first.c.post('/api/auth/two-factor/verify-totp', { code });
    expect(ok.status).toBe(200);
    const session = await me(first.c);
    expect(session.status).toBe(200);
    expect(session.json.user.email).toBe(email);

    const second = await passwordStep(email);
    expect(second.res.json).toMatchObject({ twoFactorRedirect: true });
    const replay = await second.c.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.status).toBe(401);
    expect(replay.json).toMatchObject({ code: 'TOTP_CODE_REUSED', message: messages.account.codeReused });
    // plainly: the code was used, and the member waits for the next one
    expect(replay.json.message).toMatch(/already been used.*wait for .* next one/i);
    expect((await me(second.c)).status).toBe(401);

    // the refused replay did not spend the attempt: the next step's code still gets in
    const next = await second.c.post('/api/auth/two-factor/verify-totp', { code: app.code(1) });
    expect(next.status).toBe(200);
    expect((await me(second.c)).status).toBe(200);
  });

  it('refuses the code used to turn two-factor on at sign-in too', async () => {
    const c = await signedInMember(t, 'totp.enrol-replay@example.test', PASSWORD);
    const enabled = await c.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const own = authenticator(enabled.json.totpURI);
    await awayFromStepEdge();
    const code = own.code();
    expect((await c.post('/api/auth/two-factor/verify-totp', { code })).status).toBe(200);
    const { c: other } = await passwordStep('totp.enrol-replay@example.test');
    const replay = await other.post('/api/auth/two-factor/verify-totp', { code });
    expect(replay.json?.code).toBe('TOTP_CODE_REUSED');
    expect((await me(other)).status).toBe(401);
  });

  it('releases a code the server refused for another reason, so it can be typed again', async () => {
    const c = await signedInMember(t, 'totp.release@example.test', PASSWORD);
    const enabled = await c.post('/api/auth/two-factor/enable', { password: PASSWORD });
    const own = authenticator(enabled.json.totpURI);
    await awayFromStepEdge();
    const code = own.code();
    // turned off (no secret any more) between enrolment and the code: refused, but not spent
    expect((await c.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    const refused = await c.post('/api/auth/two-factor/verify-totp', { code });
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('TOTP_NOT_ENABLED');
    // the same secret cannot come back, so check the release on the claim table directly
    const claims = await t.database.db.select().from(totpUsedStep).where(eq(totpUsedStep.code, code));
    expect(claims).toEqual([]);
  });

  it('lets a backup code in once', async () => {
    const backup = backupCodes[0]!;
    const first = await passwordStep(email);
    const ok = await first.c.post('/api/auth/two-factor/verify-backup-code', { code: backup });
    expect(ok.status).toBe(200);
    expect((await me(first.c)).status).toBe(200);

    const second = await passwordStep(email);
    const again = await second.c.post('/api/auth/two-factor/verify-backup-code', { code: backup });
    expect(again.status).toBe(401);
    expect((await me(second.c)).status).toBe(401);
  });

  it('regenerates backup codes with the password: the old ones stop working', async () => {
    const first = await passwordStep(email);
    expect((await first.c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1]! })).status).toBe(200);
    const wrongPassword = await first.c.post('/api/auth/two-factor/generate-backup-codes', { password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    const fresh = await first.c.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(fresh.status).toBe(200);
    expect(fresh.json.backupCodes).toHaveLength(10);

    const second = await passwordStep(email);
    expect((await second.c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[2]! })).status).toBe(401);
    expect((await second.c.post('/api/auth/two-factor/verify-backup-code', { code: fresh.json.backupCodes[0] })).status).toBe(200);
    backupCodes = fresh.json.backupCodes;
  });

  it('one member cannot turn off or replace the two-factor of another', async () => {
    const intruder = await signedInMember(t, 'totp.intruder@example.test', 'intruder-pass-1');
    const { res } = await passwordStep(email);
    expect(res.json).toMatchObject({ twoFactorRedirect: true });

    // the victim's password and id do not help: the endpoints act on the caller only
    const disable = await intruder.post('/api/auth/two-factor/disable', { password: PASSWORD, userId: 'anyone' });
    expect(disable.status).toBe(400);
    const ownDisable = await intruder.post('/api/auth/two-factor/disable', { password: 'intruder-pass-1' });
    expect(ownDisable.status).toBe(200);
    const verify = await intruder.post('/api/auth/two-factor/verify-totp', { code: app.code() });
    expect(verify.status).toBe(400);
    const enable = await intruder.post('/api/auth/two-factor/enable', { password: 'intruder-pass-1' });
    expect(enable.status).toBe(200);
    expect(decodeURIComponent(enable.json.totpURI)).toContain('totp.intruder@example.test');
    const codes = await intruder.post('/api/auth/two-factor/generate-backup-codes', { password: PASSWORD });
    expect(codes.status).toBe(400);

    // the victim still needs the second step, with the same authenticator and backup codes
    const victim = await passwordStep(email);
    expect(victim.res.json).toMatchObject({ twoFactorRedirect: true });
    expect((await victim.c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[3]! })).status).toBe(200);
    expect((await me(victim.c)).json.user.twoFactorEnabled).toBe(true);
    // the intruder's pending enrolment did not turn anything on for them either
    expect((await me(intruder)).json.user.twoFactorEnabled).toBe(false);
  });

  it('disables with the password: sign-in is one step again', async () => {
    const { c } = await passwordStep(email);
    expect((await c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[4]! })).status).toBe(200);
    const wrong = await c.post('/api/auth/two-factor/disable', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect((await me(c)).json.user.twoFactorEnabled).toBe(true);

    const off = await c.post('/api/auth/two-factor/disable', { password: PASSWORD });
    expect(off.status).toBe(200);
    const now = await me(c);
    expect(now.status).toBe(200);
    expect(now.json.user.twoFactorEnabled).toBe(false);

    const again = await passwordStep(email);
    expect(again.res.status).toBe(200);
    expect(again.res.json.twoFactorRedirect).toBeUndefined();
    expect((await me(again.c)).status).toBe(200);
  });
});
