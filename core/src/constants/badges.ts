/** The badges an approval earns (spec §3 Verification badge), besides the account's Verified tick. */
export const BADGE_TYPES = ['verified_couple', 'creator', 'exclusive', 'standard'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];
export const BADGE_LABELS: Record<BadgeType, string> = {
  verified_couple: 'Verified Couple',
  creator: 'Creator',
  exclusive: 'Exclusive',
  standard: 'Standard',
};
