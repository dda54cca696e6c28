import type { ApiErrorBody } from '@velvet/core/schemas/api.schema';
import { messages } from '@velvet/core/messages';

/** An error the server (or the network) gave, with the words to show the member. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const isNetworkError = (err: unknown) => err instanceof ApiError && err.status === 0;

/** Reads better-auth's `{ code, message }` and our `{ error: { code, message } }` alike. */
function errorFrom(status: number, body: unknown): ApiError {
  const ours = (body as ApiErrorBody | undefined)?.error;
  if (ours && typeof ours === 'object') return new ApiError(status, ours.code, ours.message, body);
  const theirs = body as { code?: string; message?: string } | undefined;
  return new ApiError(status, theirs?.code ?? `HTTP_${status}`, theirs?.message ?? messages.errors.internal, body);
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
      headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: json === undefined ? rest.body : JSON.stringify(json),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', messages.signIn.network);
  }
  const text = await response.text();
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
  }
  if (!response.ok) throw errorFrom(response.status, body);
  return body as T;
}

export const api = {
  get: <T>(path: string) => apiFetch<T>(`/api/v1${path}`),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(`/api/v1${path}`, { method: 'POST', json: json ?? {} }),
  patch: <T>(path: string, json: unknown) => apiFetch<T>(`/api/v1${path}`, { method: 'PATCH', json }),
  delete: <T>(path: string) => apiFetch<T>(`/api/v1${path}`, { method: 'DELETE' }),
};

/** better-auth's endpoints live under /api/auth. */
export const authApi = {
  get: <T>(path: string) => apiFetch<T>(`/api/auth${path}`),
  post: <T>(path: string, json: unknown = {}) => apiFetch<T>(`/api/auth${path}`, { method: 'POST', json }),
};
