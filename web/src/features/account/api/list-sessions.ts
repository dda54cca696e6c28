import { useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** A signed-in device, as list-sessions shows it (never with its session token). */
export interface DeviceSession {
  id: string;
  userAgent?: string | null;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

export interface SessionList {
  sessions: DeviceSession[];
  currentId: string | null;
}

/** GET /api/auth/list-sessions (the member's own, active ones) and GET /api/auth/get-session (which is this device). */
export async function fetchSessions(): Promise<SessionList> {
  const [sessions, current] = await Promise.all([
    authApi.get<DeviceSession[]>('/list-sessions'),
    authApi.get<{ session: { id: string } } | null>('/get-session'),
  ]);
  const currentId = current?.session.id ?? null;
  const sorted = [...sessions].sort((a, b) => {
    if (a.id === currentId) return -1;
    if (b.id === currentId) return 1;
    return Date.parse(b.updatedAt) - Date.parse(a.updatedAt);
  });
  return { sessions: sorted, currentId };
}

export const useSessions = () => useQuery({ queryKey: accountKeys.sessions, queryFn: fetchSessions });
