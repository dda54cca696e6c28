/** TanStack Query keys of the account screen. */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  linkedAccounts: ['account', 'linked-accounts'] as const,
};
