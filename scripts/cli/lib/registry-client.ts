// Talking to a registry's HTTP API from the CLI: which registry (--registry, SOUL_REGISTRY, the
// config), one request function with a timeout and a User-Agent, and errors whose messages say
// what went wrong and what to do (start a registry, log in, wait for the rate limit).
import { readBodyCapped } from '../../core/bounded-body.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';
import type { RegistryConfig } from '../../core/config.ts';
import { UsageError } from './command.ts';

/** Default time a request may take, whole body included. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Largest response body read; a package is at most 1 MB, base64 images make it a little more. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Longest part of a server's message that is shown. */
const MAX_SHOWN_MESSAGE = 500;

/** Where the registry URL came from, for messages. */
export type RegistrySource = '--registry' | 'SOUL_REGISTRY' | 'registry.config.json';

export interface ResolvedRegistry {
  /** The API base, ending in the API path (e.g. `http://localhost:8787/api/v1`), no trailing slash. */
  url: string;
  source: RegistrySource;
}

/**
 * Normalise a registry API base: an http(s) URL without query, fragment or trailing slash; a bare
 * origin gets the configured API path appended (users paste the site address).
 *
 * @example normalizeRegistryUrl('http://localhost:8787/', '/api/v1') // 'http://localhost:8787/api/v1'
 */
export function normalizeRegistryUrl(raw: string, apiBase: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  let path = url.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') path = apiBase.endsWith('/') ? apiBase.slice(0, -1) : apiBase;
  return `${url.origin}${path}`;
}

/**
 * The registry the online commands talk to: `--registry URL`, else env `SOUL_REGISTRY`, else
 * `<publicUrl><apiBase>` of registry.config.json.
 *
 * @example resolveRegistry({ option: undefined, env: {}, config }) // { url: 'http://localhost:8787/api/v1', source: 'registry.config.json' }
 */
export function resolveRegistry(input: { option: unknown; env: Readonly<Record<string, string | undefined>>; config: RegistryConfig; command: string }): ResolvedRegistry {
  const { option, env, config, command } = input;
  const candidates: [unknown, RegistrySource][] = [
    [option, '--registry'],
    [env['SOUL_REGISTRY'] === '' ? undefined : env['SOUL_REGISTRY'], 'SOUL_REGISTRY'],
  ];
  for (const [value, source] of candidates) {
    if (value === undefined) continue;
    const url = typeof value === 'string' ? normalizeRegistryUrl(value, config.apiBase) : null;
    if (url === null) {
      throw new UsageError(`${source} must be an http(s) URL of the registry API without credentials, e.g. https://souls.example.org/api/v1 (got ${JSON.stringify(sanitizeTerminal(String(value)).slice(0, 100))})`, command);
    }
    return { url, source };
  }
  const url = normalizeRegistryUrl(`${config.publicUrl.replace(/\/+$/, '')}${config.apiBase}`, config.apiBase);
  if (url === null) throw new UsageError('registry.config.json has no usable publicUrl; pass --registry URL', command);
  return { url, source: 'registry.config.json' };
}

/** What kind of failure a request met. */
export type FailureKind = 'network' | 'timeout' | 'http' | 'bad-response';

/** The body of an error response, as far as it could be read. */
export interface ErrorResponseBody {
  error?: string;
  code?: string;
  details?: unknown;
  [extra: string]: unknown;
}

/** A request that did not succeed. `message` is ready to print; it never holds a token. */
export class RegistryRequestError extends Error {
  readonly kind: FailureKind;
  /** HTTP status, 0 when there was no response. */
  readonly status: number;
  /** The parsed error body (`{ error, code, details }`), when there was one. */
  readonly body: ErrorResponseBody | null;
  /** Seconds to wait, from Retry-After on a 429/503. */
  readonly retryAfter: number | null;

  constructor(input: { kind: FailureKind; status: number; message: string; body?: ErrorResponseBody | null; retryAfter?: number | null; cause?: unknown }) {
    super(input.message, input.cause === undefined ? undefined : { cause: input.cause });
    this.name = 'RegistryRequestError';
    this.kind = input.kind;
    this.status = input.status;
    this.body = input.body ?? null;
    this.retryAfter = input.retryAfter ?? null;
  }

  /** The server's own `error` message, made safe to print, or null. */
  get serverMessage(): string | null {
    return shownMessage(this.body?.error);
  }
}

/** A server's message made safe for the terminal and cut to a sensible length. */
export function shownMessage(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const clean = sanitizeTerminal(value.trim());
  return clean.length > MAX_SHOWN_MESSAGE ? `${clean.slice(0, MAX_SHOWN_MESSAGE)}…` : clean;
}

export interface RegistryRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the API base, starting with `/` (segments already encoded). */
  path: string;
  query?: Record<string, string | undefined>;
  /** JSON body. */
  body?: unknown;
  /** Send the token (default true when the client has one). */
  auth?: boolean;
  /** Largest body accepted (default MAX_RESPONSE_BYTES). */
  maxBytes?: number;
}

export interface RegistryResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RegistryClient {
  readonly baseUrl: string;
  /** Whether the client carries a token. */
  readonly authenticated: boolean;
  /** Send a request; resolves for 2xx with the parsed JSON body, throws RegistryRequestError otherwise. */
  request<T = unknown>(req: RegistryRequest): Promise<RegistryResponse<T>>;
}

export interface RegistryClientOptions {
  baseUrl: string;
  token?: string | null;
  timeoutMs?: number;
  userAgent: string;
  /** Injected for tests; the global fetch by default. */
  fetch?: typeof fetch;
}

/** Seconds from a Retry-After header (delta seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d{1,10}$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The network error's code (ECONNREFUSED, ENOTFOUND, ...) from fetch's `cause` chain. */
function networkCode(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function isTimeout(err: unknown): boolean {
  return err !== null && typeof err === 'object' && ((err as { name?: unknown }).name === 'TimeoutError' || (err as { name?: unknown }).name === 'AbortError');
}

function readCapped(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  return readBodyCapped(res.body, res.headers.get('content-length'), maxBytes);
}

function formatSeconds(s: number): string {
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  return `${Math.ceil(s / 60)} minutes`;
}

/** The printed message for an HTTP error status, with the server's message and a hint. */
function httpMessage(input: { status: number; body: ErrorResponseBody | null; baseUrl: string; method: string; path: string; retryAfter: number | null; authenticated: boolean }): string {
  const { status, body, baseUrl, retryAfter } = input;
  const said = shownMessage(body?.error);
  const where = `${input.method} ${baseUrl}${input.path}`;
  switch (status) {
    case 401:
      return `${said ?? 'authentication required'} (401). ${input.authenticated ? 'The registry did not accept your token (revoked or expired?): run `soul login` again.' : 'Run `soul login` first (or set SOUL_TOKEN).'}`;
    case 403:
      return `${said ?? 'forbidden'} (403). Your account may not do this here (another namespace, the official namespace, or a blocked account).`;
    case 404:
      return `${said ?? 'not found'} (404 from ${where}).`;
    case 413:
      return `${said ?? 'the request is too large'} (413). Make the package smaller: remove large files or shrink images (a soul may hold at most 1 MB).`;
    case 429: {
      const wait = retryAfter !== null ? `try again in ${formatSeconds(retryAfter)}` : 'wait a minute and try again';
      return `${said ?? 'too many requests'} (429): rate limited by the registry; ${wait}.`;
    }
    default:
      if (status >= 500) {
        const wait = retryAfter !== null ? ` in ${formatSeconds(retryAfter)}` : ' later';
        return `the registry failed (${status} from ${where})${said ? `: ${said}` : ''}; try again${wait}.`;
      }
      return `${said ?? 'the request was refused'} (${status}).`;
  }
}

/**
 * A client for one registry. Errors come as RegistryRequestError with a message ready to print.
 *
 * @example
 * const client = createRegistryClient({ baseUrl: 'http://localhost:8787/api/v1', token, userAgent: 'soul-cli/0.1.0' });
 * const { body } = await client.request<{ username: string }>({ method: 'GET', path: '/auth/me' });
 */
export function createRegistryClient(options: RegistryClientOptions): RegistryClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const token = options.token ?? null;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = options.fetch ?? globalThis.fetch;

  async function request<T>(req: RegistryRequest): Promise<RegistryResponse<T>> {
    const url = new URL(`${baseUrl}${req.path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': options.userAgent };
    const sendAuth = req.auth ?? true;
    if (sendAuth && token !== null) headers['authorization'] = `Bearer ${token}`;
    let payload: string | undefined;
    if (req.body !== undefined) {
      payload = JSON.stringify(req.body);
      headers['content-type'] = 'application/json';
    }
    const shownUrl = `${url.origin}${url.pathname}`;

    let res: Response;
    let bytes: Uint8Array | null;
    try {
      // a token never follows a redirect: the new address may belong to someone else
      const redirect = headers['authorization'] !== undefined ? 'manual' : 'follow';
      res = await doFetch(url, { method: req.method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs), redirect });
      bytes = await readCapped(res, req.maxBytes ?? MAX_RESPONSE_BYTES);
    } catch (cause) {
      if (isTimeout(cause)) {
        throw new RegistryRequestError({ kind: 'timeout', status: 0, cause, message: `the registry at ${baseUrl} did not answer within ${formatSeconds(Math.ceil(timeoutMs / 1000))} (${req.method} ${shownUrl}); check your connection or try again (SOUL_TIMEOUT sets the limit in seconds).` });
      }
      const code = networkCode(cause);
      throw new RegistryRequestError({
        kind: 'network',
        status: 0,
        cause,
        message: `cannot reach the registry at ${baseUrl}${code ? ` (${code})` : ''}. Is it running? Start a local one with \`npm start\`, or choose another with --registry URL or SOUL_REGISTRY.`,
      });
    }
    const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
    if (bytes === null) {
      throw new RegistryRequestError({ kind: 'bad-response', status: res.status, retryAfter, message: `the registry's answer to ${req.method} ${shownUrl} is larger than ${Math.round((req.maxBytes ?? MAX_RESPONSE_BYTES) / 1048576)} MB; refusing to read it.` });
    }
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    let parsed: unknown;
    let json = false;
    try {
      parsed = text === '' ? null : JSON.parse(text);
      json = text !== '';
    } catch {
      parsed = null;
    }

    if (res.status >= 300 && res.status <= 399) {
      const location = sanitizeTerminal(res.headers.get('location') ?? 'another address').slice(0, 200);
      throw new RegistryRequestError({ kind: 'http', status: res.status, message: `the registry at ${baseUrl} redirected ${req.method} ${shownUrl} to ${location}; the token was not sent there. Use the final address with --registry (or SOUL_REGISTRY).` });
    }
    if (res.status < 200 || res.status > 299) {
      const body = json && parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ErrorResponseBody) : null;
      throw new RegistryRequestError({
        kind: 'http',
        status: res.status,
        body,
        retryAfter,
        message: httpMessage({ status: res.status, body, baseUrl, method: req.method, path: req.path, retryAfter, authenticated: sendAuth && token !== null }),
      });
    }
    if (!json) {
      const type = res.headers.get('content-type') ?? 'no content type';
      throw new RegistryRequestError({
        kind: 'bad-response',
        status: res.status,
        message: `the registry at ${baseUrl} answered ${req.method} ${shownUrl} with something that is not JSON (${sanitizeTerminal(type).slice(0, 60)}). Is ${baseUrl} the API base (it usually ends in /api/v1)?`,
      });
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  return { baseUrl, authenticated: token !== null, request };
}

/** `owner/name` as path segments, each percent-encoded. */
export function soulPath(owner: string, name: string): string {
  return `/souls/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
}
