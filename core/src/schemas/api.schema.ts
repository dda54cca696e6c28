import { z } from 'zod';

/** The shape of every error the API returns. */
export const apiErrorBodySchema = z
  .object({
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.string()).optional() }),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** What GET /api/v1/me answers for a signed-in member. */
export const meResponseSchema = z
  .object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      role: z.string(),
      verified: z.boolean(),
    }),
    hasProfile: z.boolean(),
    /** false while the setup wizard is unfinished: the member resumes it */
    setupCompleted: z.boolean(),
    /** the little the shell shows of the member (header avatar, names) */
    profile: z.object({ username: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() }).nullable(),
  })
  .meta({ id: 'Me' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** GET /api/v1/session: the signed-in member, or null when signed out (always 200). */
export const sessionResponseSchema = z.object({ me: meResponseSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

const partHealth = z.object({ status: z.enum(['ok', 'error']), kind: z.string() });
/** GET /api/v1/health: whether the database and storage answer (503 when either does not). */
export const healthResponseSchema = z.object({ status: z.enum(['ok', 'degraded']), database: partHealth, storage: partHealth });
