/** The shape of every error the API returns. */
export interface ApiErrorBody {
  error: { code: string; message: string; details?: Record<string, string> };
}

/** What GET /api/v1/me answers for a signed-in member. */
/** GET /api/v1/session: the signed-in member, or null when signed out (always 200). */
export interface SessionResponse {
  me: MeResponse | null;
}

export interface MeResponse {
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
    role: string;
    verified: boolean;
  };
  hasProfile: boolean;
  /** false while the setup wizard is unfinished: the member resumes it */
  setupCompleted: boolean;
  /** the little the shell shows of the member (header avatar, names) */
  profile: { username: string; displayName: string; avatarUrl: string | null } | null;
}

export interface ThrottleInfo {
  retryAfterMinutes: number;
}
