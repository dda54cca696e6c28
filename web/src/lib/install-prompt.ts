/**
 * Keeps the browser's install offer (`beforeinstallprompt`, Chromium browsers only). The event can
 * fire before any page mounts, so this module listens from the moment it is imported (main.tsx)
 * and pages read it through `useInstallPrompt()`.
 */
import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  readonly platforms: string[];
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
  prompt(): Promise<void>;
}

export interface InstallState {
  /** The stored offer, when the browser made one and it has not been used. */
  event: BeforeInstallPromptEvent | null;
  /** True once the app was installed during this visit (`appinstalled`). */
  installed: boolean;
}

let state: InstallState = { event: null, installed: false };
const listeners = new Set<() => void>();
const set = (next: Partial<InstallState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // Keep the offer for the Install button instead of the browser's own mini bar.
    e.preventDefault();
    set({ event: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ event: null, installed: true }));
}

export const getInstallState = (): InstallState => state;

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the stored offer can be used once only. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = state.event;
  if (!event) return 'unavailable';
  set({ event: null });
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') set({ installed: true });
  return outcome;
}

export function useInstallPrompt(): InstallState {
  return useSyncExternalStore(subscribeInstallState, getInstallState, getInstallState);
}

/** True when the app runs from the home screen or as an installed desktop app. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/** Follows `display-mode: standalone`, which changes when an installed app opens this page. */
export function useStandalone(): boolean {
  return useSyncExternalStore(
    (l) => {
      const query = window.matchMedia('(display-mode: standalone)');
      query.addEventListener('change', l);
      return () => query.removeEventListener('change', l);
    },
    isStandalone,
    () => false,
  );
}
