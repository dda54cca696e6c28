import { z } from 'zod';

/** GET /api/v1/config: what the browser needs to know about this site before sign-in. */
export const publicConfigSchema = z.object({
  siteName: z.string(),
  /** the third-party sign-in, when one is configured */
  oidc: z.object({ providerId: z.string(), name: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
