import type { Auth } from './auth';

/** The signed-in member and their session, as better-auth gives them. */
export type SessionUser = Auth['$Infer']['Session']['user'];
export type SessionData = Auth['$Infer']['Session']['session'];
