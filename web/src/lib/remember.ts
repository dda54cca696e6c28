/** The spec's local storage keys: the remembered email and the remember flag. */
const EMAIL_KEY = 'velvet.savedEmail';
const REMEMBER_KEY = 'velvet.rememberMe';
const KEEP_KEY = 'velvet.keepSignedIn';

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode: nothing to remember */
  }
};

export const rememberStore = {
  savedEmail: () => (read(REMEMBER_KEY) === 'true' ? (read(EMAIL_KEY) ?? '') : ''),
  remember(email: string | null) {
    write(REMEMBER_KEY, email ? 'true' : null);
    write(EMAIL_KEY, email);
  },
  keepSignedIn: () => read(KEEP_KEY) === 'true',
  setKeepSignedIn: (keep: boolean) => write(KEEP_KEY, keep ? 'true' : 'false'),
  clearKeepSignedIn: () => write(KEEP_KEY, null),
};
