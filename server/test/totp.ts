import { Secret, TOTP } from 'otpauth';

const STEP_MS = 30_000;

/** The authenticator app: codes for the secret in the enrolment URI, at any moment. */
export function authenticator(totpURI: string) {
  const uri = new URL(totpURI);
  const totp = new TOTP({ secret: Secret.fromBase32(uri.searchParams.get('secret')!), digits: 6, period: 30 });
  return {
    /** The code of the current step, `offset` steps away (the server accepts ±1 step). */
    code: (offset = 0) => totp.generate({ timestamp: Date.now() + offset * STEP_MS }),
    /** A six-digit code that is valid in no accepted step. */
    wrongCode: () => {
      const valid = new Set([-1, 0, 1].map((o) => totp.generate({ timestamp: Date.now() + o * STEP_MS })));
      for (let n = 0; ; n++) {
        const candidate = String((Number(totp.generate()) + 1 + n) % 1_000_000).padStart(6, '0');
        if (!valid.has(candidate)) return candidate;
      }
    },
  };
}

/** Waits until at least `ms` remain in the current 30 s step, so that one code stays the same. */
export async function awayFromStepEdge(ms = 3_000) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 50));
}
