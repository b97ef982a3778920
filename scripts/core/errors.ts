// The error catalogue: one error class with a stable code, one table from code to HTTP status and
// title, and the one function that turns any thrown value into the error body `{ error, code, details? }`.

/** Every error code, its HTTP status and a short title. */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, title: 'Bad request' },
  INVALID_JSON: { status: 400, title: 'Request body is not valid JSON' },
  VALIDATION_FAILED: { status: 400, title: 'Validation failed' },
  UNAUTHORIZED: { status: 401, title: 'Authentication required' },
  FORBIDDEN: { status: 403, title: 'Forbidden' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  CONFLICT: { status: 409, title: 'Conflict' },
  VERSION_EXISTS: { status: 409, title: 'Version already published' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  UNPROCESSABLE: { status: 422, title: 'Blocked by the scan' },
  AUTHORIZATION_PENDING: { status: 400, title: 'Authorization pending' },
  SLOW_DOWN: { status: 400, title: 'Polling too fast' },
  EXPIRED_TOKEN: { status: 400, title: 'Device code expired' },
  ACCESS_DENIED: { status: 403, title: 'Access denied' },
  BAD_GATEWAY: { status: 502, title: 'Upstream service failed' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  QUOTA_EXCEEDED: { status: 429, title: 'Monthly scan allowance used up' },
  INTERNAL: { status: 500, title: 'Internal error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service temporarily unavailable' },
} as const satisfies Record<string, { readonly status: number; readonly title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The JSON body of every error response. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  details?: unknown;
  [extra: string]: unknown;
}

export interface RegistryErrorOptions {
  /** Structured details for the client (e.g. scan findings, validation issues). */
  details?: unknown;
  /** Extra top-level fields of the body, e.g. `{ limit, used }` of QUOTA_EXCEEDED. Never `error` or `code`. */
  fields?: Record<string, unknown>;
  /** The foreign error this one wraps; never shown to the client. */
  cause?: unknown;
}

/**
 * The one error class of the registry. The message says what was wrong and how to fix it; it
 * never contains a token or an upstream response.
 *
 * @example
 * throw new RegistryError('VERSION_EXISTS', 'version 1.2.0 is already published; bump "version" in soul.json');
 */
export class RegistryError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly fields: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message?: string, options: RegistryErrorOptions = {}) {
    super(message ?? ERROR_CODES[code].title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RegistryError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = options.details;
    this.fields = options.fields ?? {};
  }
}

/** Whether a value is a RegistryError (also across module copies). */
export function isRegistryError(err: unknown): err is RegistryError {
  if (err instanceof RegistryError) return true;
  if (!(err instanceof Error) || err.name !== 'RegistryError') return false;
  const code: unknown = (err as unknown as { code?: unknown }).code;
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** HTTP status for any thrown value: the code's status, else 500. */
export function statusOf(err: unknown): number {
  return isRegistryError(err) ? ERROR_CODES[err.code].status : ERROR_CODES.INTERNAL.status;
}

/**
 * The error body for any thrown value. A foreign error becomes INTERNAL with a generic message:
 * its own message may hold secrets or upstream text and is never echoed.
 *
 * @example toErrorBody(new RegistryError('NOT_FOUND', 'soul alice/tutor not found')) // { error: 'soul alice/tutor not found', code: 'NOT_FOUND' }
 * @example toErrorBody(new Error('db password=...')) // { error: 'Internal error; please retry later', code: 'INTERNAL' }
 */
export function toErrorBody(err: unknown): ErrorBody {
  if (!isRegistryError(err)) return { error: 'Internal error; please retry later', code: 'INTERNAL' };
  const body: ErrorBody = { ...err.fields, error: err.message || ERROR_CODES[err.code].title, code: err.code };
  if (err.details !== undefined) body.details = err.details;
  return body;
}
