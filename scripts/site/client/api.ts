// The browser's calls to the registry API on the same origin: JSON in and out, the session cookie
// (`credentials: 'same-origin'`) and, when the reader typed one, a personal access token. Errors
// carry the API's own `error` message, which is what the pages show.
import { API_BASE } from './format.ts';

/** An API error: the HTTP status and the message to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, message: string, code = '') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A personal access token (sent as a Bearer token); otherwise the session cookie alone. */
  token?: string;
  /** Path relative to the API base (`/souls/...`) unless it starts with the base already. */
  signal?: AbortSignal;
}

function messageFor(status: number): string {
  if (status === 401) return 'You are not signed in, or the token is not valid. Sign in or paste an access token.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests; wait a minute and try again.';
  if (status >= 500) return 'The registry had a problem; try again later.';
  return `The request failed (HTTP ${status}).`;
}

/**
 * Call the API; resolves to the parsed JSON body (null when empty), rejects with an ApiError.
 *
 * @example await callApi<{ username: string }>('/auth/me')
 */
export async function callApi<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.token?.trim();
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let response: Response;
  try {
    const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
    if (options.body !== undefined) init.body = JSON.stringify(options.body);
    if (options.signal) init.signal = options.signal;
    response = await fetch(path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'The registry could not be reached; check your connection and try again.');
  }
  const text = await response.text();
  let body: unknown = null;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    const b = body as { error?: unknown; code?: unknown } | null;
    const message = b && typeof b.error === 'string' && b.error.trim() !== '' ? b.error : messageFor(response.status);
    throw new ApiError(response.status, message, b && typeof b.code === 'string' ? b.code : '');
  }
  return body as T;
}

/** The message to show for anything thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/** A same-site path to return to after signing in, or the fallback (never another origin). */
export function safeReturnPath(value: string | null, fallback = '/dashboard/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return fallback;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return fallback;
  }
  return value;
}
