/**
 * Who a member is to the service (better-auth's admin plugin keeps it in "user".role): most are
 * members ('user'); moderators review verifications and reports; admins are moderators who also
 * read the audit log and name other moderators.
 */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that may use the moderation screens and their API. */
export const MODERATOR_ROLES: readonly Role[] = ['moderator', 'admin'];

/** Whether a member's role lets them moderate (null and unknown roles do not). */
export const canModerate = (role: string | null | undefined): boolean => MODERATOR_ROLES.includes(role as Role);

/** Whether a member's role is admin. */
export const isAdmin = (role: string | null | undefined): boolean => role === 'admin';
