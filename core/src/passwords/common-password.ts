/*
 * NIST 800-63B: a new password is checked against a list of commonly used ones. The list
 * (common-passwords.list.ts, made by npm run build:passwords) ships with the app: no network call.
 * It is loaded on first use, so the web app fetches it as a chunk of its own, only on the pages that
 * set a password; the sign-in page never does.
 */

let loading: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  if (!loading) {
    const started = import('./common-passwords.list').then(({ default: list }) => new Set(list.split('\n')));
    // a chunk that failed to load (the network) is asked for again next time
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
    loading = started;
  }
  return loading;
}

/** Whether a password is one of the most common ones, whatever its case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** Starts loading the list before it is needed (a page with a new-password field). */
export function preloadCommonPasswords(): void {
  commonPasswords().catch(() => undefined);
}
