import type { PrivacySettings, PrivacySettingsUpdate } from '@velvet/core/schemas/privacy.schema';

/** The settings as shown while a change is on its way: the change applied at once (spec §4: optimistic). */
export const applyChange = (shown: PrivacySettings, change: PrivacySettingsUpdate): PrivacySettings => ({ ...shown, ...change });

/**
 * A change the server refused, taken back: each toggle it touched returns to what it was before, unless
 * the member has flipped it again since (then the newer choice stays, and its own answer decides).
 */
export function revertChange(shown: PrivacySettings, change: PrivacySettingsUpdate, before: PrivacySettings): PrivacySettings {
  const next = { ...shown };
  for (const key of Object.keys(change) as (keyof PrivacySettings)[]) if (shown[key] === change[key]) next[key] = before[key];
  return next;
}
