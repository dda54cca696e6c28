/** better-auth's confirmation links last one hour (emailVerification.expiresIn default). */
const LINK_LIFETIME_MS = 60 * 60 * 1000;
const key = (userId: string) => `velvet.pendingEmail.${userId}`;

export interface PendingEmail {
  email: string;
  sentAt: number;
}

/**
 * The server keeps no readable "pending change" record, so this device remembers the address it
 * asked for until the change shows up in the session or the link has expired.
 */
export const pendingEmailStore = {
  read(userId: string, currentEmail: string): PendingEmail | null {
    try {
      const raw = localStorage.getItem(key(userId));
      if (!raw) return null;
      const pending = JSON.parse(raw) as PendingEmail;
      const done = pending.email === currentEmail.toLowerCase();
      if (done || Date.now() - pending.sentAt > LINK_LIFETIME_MS) {
        localStorage.removeItem(key(userId));
        return null;
      }
      return pending;
    } catch {
      return null;
    }
  },
  write(userId: string, email: string): PendingEmail {
    const pending = { email: email.toLowerCase(), sentAt: Date.now() };
    try {
      localStorage.setItem(key(userId), JSON.stringify(pending));
    } catch {
      /* private mode: the notice lasts until the page is left */
    }
    return pending;
  },
  clear(userId: string) {
    try {
      localStorage.removeItem(key(userId));
    } catch {
      /* nothing stored */
    }
  },
};
