/** GET /api/v1/config: what the browser needs to know about this site before sign-in. */
export interface PublicConfig {
  siteName: string;
  /** the third-party sign-in, when one is configured */
  oidc: { providerId: string; name: string } | null;
}
