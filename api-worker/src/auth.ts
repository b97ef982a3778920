// Who is calling: personal tokens (`Authorization: Bearer` or `x-api-key`), the site's session
// cookie, legacy tokens (only where the interface allows them), and scan keys for the scan endpoint.
// Failures are 401 (missing or invalid) and 403 (blocked); the token itself never appears in a message.
import { RegistryError } from '../../scripts/core/errors.ts';
import type { AppDeps } from './deps.ts';
import type { Account, ScanKeyInfo } from './state/types.ts';

export const SESSION_COOKIE = 'soul_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface Caller {
  username: string;
  via: 'token' | 'legacy' | 'session';
  tokenId?: string;
}

/** The credential a request carries in a header, if any. */
export function credentialOf(request: Request): string | null {
  const auth = request.headers.get('authorization');
  if (auth !== null) {
    const m = /^Bearer[ \t]+(\S{1,512})[ \t]*$/i.exec(auth);
    if (!m) throw new RegistryError('UNAUTHORIZED', 'the Authorization header must be "Bearer <token>"; get a token with `soul login` or on the dashboard');
    return m[1]!;
  }
  const key = request.headers.get('x-api-key');
  if (key !== null && key.trim() !== '') return key.trim().slice(0, 512);
  return null;
}

/** A cookie's value from the Cookie header. */
export function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get('cookie');
  if (header === null) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A cookie-authenticated write must come from the site itself (the cookie is SameSite=Strict too). */
function checkSameOrigin(request: Request, publicUrl: string): void {
  if (!UNSAFE.has(request.method)) return;
  const origin = request.headers.get('origin');
  // Browsers send Origin on cross-origin and most same-origin writes; Sec-Fetch-Site where they do not.
  if (origin === null && request.headers.get('sec-fetch-site') === 'same-origin') return;
  const own = new URL(request.url).origin;
  let configured: string | null;
  try {
    configured = new URL(publicUrl).origin;
  } catch {
    configured = null;
  }
  if (origin === null || (origin !== own && origin !== configured)) {
    throw new RegistryError('FORBIDDEN', 'a request signed in with the site cookie must come from the site itself; use a token in the Authorization header instead');
  }
}

/**
 * Identify the caller, or null for an anonymous request. Invalid credentials are a 401 (never
 * silently anonymous). Legacy tokens count only when `allowLegacy` (the `/auth/me` family).
 */
export async function identify(request: Request, deps: AppDeps, options: { allowLegacy?: boolean } = {}): Promise<Caller | null> {
  const credential = credentialOf(request);
  const { tokenPrefix, scanKeyPrefix } = deps.config;
  if (credential !== null) {
    if (credential.startsWith(scanKeyPrefix)) {
      throw new RegistryError('UNAUTHORIZED', `this is a scan key (${scanKeyPrefix}...), which only works for POST /soulscan/scan; use a personal token (${tokenPrefix}...) here`);
    }
    const info = await deps.state.resolveToken(credential);
    if (info === null) throw new RegistryError('UNAUTHORIZED', 'the token is invalid or revoked; create a new one with `soul login` or on the dashboard');
    if (info.kind === 'legacy' && !options.allowLegacy) {
      throw new RegistryError('UNAUTHORIZED', `legacy tokens only work for GET /auth/me; create a personal token (${tokenPrefix}...) with \`soul login\` or on the dashboard`);
    }
    return { username: info.username, via: info.kind === 'legacy' ? 'legacy' : 'token', tokenId: info.id };
  }
  const session = cookieValue(request, SESSION_COOKIE);
  if (session !== null) {
    const username = await deps.state.resolveSession(session);
    if (username === null) return null;
    checkSameOrigin(request, deps.config.publicUrl);
    return { username, via: 'session' };
  }
  return null;
}

/** The signed-in, unblocked account, or 401 / 403. */
export async function requireUser(request: Request, deps: AppDeps, options: { allowLegacy?: boolean } = {}): Promise<{ caller: Caller; account: Account }> {
  const caller = await identify(request, deps, options);
  if (caller === null) {
    throw new RegistryError('UNAUTHORIZED', 'sign in first: send "Authorization: Bearer <token>" (get a token with `soul login` or on the dashboard)');
  }
  const account = (await deps.state.getAccount(caller.username)) ?? (await deps.state.ensureAccount(caller.username));
  if (account.blocked) throw new RegistryError('FORBIDDEN', `the account "${account.username}" is blocked; contact the registry's moderators`);
  return { caller, account };
}

/** The scan key of a scan request (401 when missing, invalid or revoked; 403 when its account is blocked). */
export async function requireScanKey(request: Request, deps: AppDeps): Promise<ScanKeyInfo> {
  const key = request.headers.get('x-api-key')?.trim() ?? (/^Bearer[ \t]+(\S{1,512})$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null);
  const { scanKeyPrefix } = deps.config;
  if (key === null || key === '') throw new RegistryError('UNAUTHORIZED', `send your scan key in the X-API-Key header (${scanKeyPrefix}...); create one on the dashboard`);
  if (!key.startsWith(scanKeyPrefix)) throw new RegistryError('UNAUTHORIZED', `the scan endpoint needs a scan key (${scanKeyPrefix}...), not a personal token; create one on the dashboard`);
  const info = await deps.state.resolveScanKey(key.slice(0, 512));
  if (info === null) throw new RegistryError('UNAUTHORIZED', 'the scan key is invalid or revoked; create a new one on the dashboard');
  const account = await deps.state.getAccount(info.username);
  if (account?.blocked) throw new RegistryError('FORBIDDEN', `the account "${info.username}" is blocked; contact the registry's moderators`);
  return info;
}

/** A superuser of the config, or a moderator account. */
export function isModerator(account: Account, superusers: readonly string[]): boolean {
  return account.moderator || superusers.some((s) => s.toLowerCase() === account.username);
}

/** Set-Cookie for a session: HttpOnly, SameSite=Strict, Secure except on plain-http loopback addresses (local development). */
export function sessionCookie(request: Request, value: string, maxAge: number): string {
  const url = new URL(request.url);
  const loopbackHttp = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]');
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${loopbackHttp ? '' : '; Secure'}`;
}
