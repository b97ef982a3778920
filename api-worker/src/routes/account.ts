// Accounts and sign-in: /auth/me (and its deprecated alias /me), site sessions (a token in the
// embedded default, GitHub OAuth web flow in GitHub mode), the device flow of `soul login`, and the
// dashboard's personal tokens and scan keys.
import type { Context, Hono } from 'hono';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { normalizeOwner } from '../../../scripts/core/paths.ts';
import { cookieValue, requireUser, SESSION_COOKIE, SESSION_TTL_SECONDS, sessionCookie } from '../auth.ts';
import type { AppDeps, GitHubOAuth } from '../deps.ts';
import { jsonResponse, readJsonObject } from '../http.ts';
import { constantTimeEqual } from '../state/secrets.ts';
import type { Account } from '../state/types.ts';

const BODY_LIMIT = 16 * 1024;
const STATE_COOKIE = 'soul_oauth';
const GITHUB_TIMEOUT_MS = 10_000;
/** RFC 9745: /me is deprecated since 2026-01-01. */
const ME_DEPRECATED_AT = '@1767225600';
const LOGIN_RE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;

function meBody(account: Account): Record<string, unknown> {
  return { username: account.username, tier: account.tier, hasPaymentCustomer: false, user: { username: account.username } };
}

function tokenName(value: unknown, fallback: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || value.trim() === '' || value.length > 80) throw new RegistryError('BAD_REQUEST', '"name" must be a label of 1 to 80 characters, e.g. "laptop"');
  return value.trim();
}

/** A path on this site to return to after sign-in (never another origin). */
function safeReturn(value: string | undefined): string {
  if (value === undefined || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 200 || /[\u0000-\u001f]/.test(value)) return '/dashboard/';
  return value;
}

function randomHex(bytes: number): string {
  const b = new Uint8Array(bytes);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

async function githubJson(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(GITHUB_TIMEOUT_MS) });
  } catch (cause) {
    throw new RegistryError('BAD_GATEWAY', 'GitHub did not answer; retry in a moment', { cause });
  }
  if (res.status >= 500) throw new RegistryError('BAD_GATEWAY', `GitHub answered ${res.status}; retry in a moment`);
  try {
    return (await res.json()) as Record<string, unknown>;
  } catch (cause) {
    throw new RegistryError('BAD_GATEWAY', 'GitHub answered something that is not JSON; retry in a moment', { cause });
  }
}

function form(values: Record<string, string>): RequestInit {
  return { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(values).toString() };
}

/** The GitHub login of an OAuth access token (the namespace). */
async function githubLogin(github: GitHubOAuth, accessToken: string): Promise<string> {
  const user = await githubJson(`${github.apiUrl}/user`, { headers: { accept: 'application/vnd.github+json', authorization: `Bearer ${accessToken}`, 'user-agent': 'soul-registry' } });
  const login = user['login'];
  if (typeof login !== 'string' || !LOGIN_RE.test(login)) throw new RegistryError('BAD_GATEWAY', 'GitHub did not return a login for this sign-in; retry');
  return normalizeOwner(login);
}

export function registerAccount(api: Hono, deps: AppDeps): void {
  const { config, state } = deps;

  const me = async (c: Context): Promise<Response> => {
    const { account } = await requireUser(c.req.raw, deps, { allowLegacy: true });
    return jsonResponse(meBody(account));
  };
  api.get('/auth/me', me);
  api.get('/me', async (c) => {
    const res = await me(c);
    res.headers.set('deprecation', ME_DEPRECATED_AT);
    res.headers.set('link', `<${config.apiBase}/auth/me>; rel="successor-version"`);
    return res;
  });

  api.get('/auth/providers', () => jsonResponse({ github: deps.github !== undefined, token: deps.tokenSignIn }));

  api.post('/auth/session', async (c) => {
    if (!deps.tokenSignIn) throw new RegistryError('NOT_FOUND', 'token sign-in is off on this registry; sign in with GitHub');
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const token = body['token'];
    if (typeof token !== 'string' || token.length > 512) throw new RegistryError('BAD_REQUEST', '"token" must be your personal token (cs_...)');
    if (token.startsWith(config.scanKeyPrefix)) throw new RegistryError('UNAUTHORIZED', 'this is a scan key; sign in with a personal token');
    const info = await state.resolveToken(token.trim());
    if (info === null || info.kind === 'legacy') throw new RegistryError('UNAUTHORIZED', 'the token is invalid or revoked; create a new one with `soul admin token create <user>`');
    const account = await state.ensureAccount(info.username);
    if (account.blocked) throw new RegistryError('FORBIDDEN', `the account "${account.username}" is blocked; contact the registry's moderators`);
    const session = await state.createSession(account.username, SESSION_TTL_SECONDS);
    return jsonResponse({ username: account.username }, { headers: { 'set-cookie': sessionCookie(c.req.raw, session, SESSION_TTL_SECONDS) } });
  });

  api.delete('/auth/session', async (c) => {
    const session = cookieValue(c.req.raw, SESSION_COOKIE);
    if (session !== null) await state.deleteSession(session);
    return jsonResponse({ ok: true }, { headers: { 'set-cookie': sessionCookie(c.req.raw, '', 0) } });
  });

  // Dashboard: personal tokens.
  api.get('/auth/tokens', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    const tokens = (await state.listTokens(account.username)).filter((t) => t.revokedAt === null);
    return jsonResponse({ tokens: tokens.map((t) => ({ id: t.id, name: t.name, kind: t.kind, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt })) });
  });
  api.post('/auth/tokens', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const { token, info } = await state.createToken({ username: account.username, name: tokenName(body['name'], 'dashboard'), prefix: config.tokenPrefix });
    return jsonResponse({ token, info: { id: info.id, name: info.name, kind: info.kind, createdAt: info.createdAt, lastUsedAt: info.lastUsedAt } }, { status: 201 });
  });
  api.delete('/auth/tokens/:id', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    if (!(await state.revokeToken(c.req.param('id').slice(0, 100), account.username))) throw new RegistryError('NOT_FOUND', 'no such token of yours; list them with GET /auth/tokens');
    return jsonResponse({ ok: true });
  });

  // Dashboard: scan keys and their usage.
  api.get('/auth/scan-keys', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    const keys = (await state.listScanKeys(account.username)).filter((k) => k.revokedAt === null);
    return jsonResponse({ keys: keys.map((k) => ({ id: k.id, name: k.name, createdAt: k.createdAt, monthlyAllowance: k.monthlyAllowance, usedThisMonth: k.usedThisMonth })) });
  });
  api.post('/auth/scan-keys', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const { key, info } = await state.createScanKey({ username: account.username, name: tokenName(body['name'], 'scan key'), prefix: config.scanKeyPrefix, monthlyAllowance: config.limits.freeScansPerMonth });
    return jsonResponse({ key, info: { id: info.id, name: info.name, createdAt: info.createdAt, monthlyAllowance: info.monthlyAllowance, usedThisMonth: 0 } }, { status: 201 });
  });
  api.delete('/auth/scan-keys/:id', async (c) => {
    const { account } = await requireUser(c.req.raw, deps);
    if (!(await state.revokeScanKey(c.req.param('id').slice(0, 100), account.username))) throw new RegistryError('NOT_FOUND', 'no such scan key of yours; list them with GET /auth/scan-keys');
    return jsonResponse({ ok: true });
  });

  // GitHub OAuth: web flow for the site, device flow for `soul login`.
  const github = (): GitHubOAuth => {
    if (!deps.github) throw new RegistryError('NOT_FOUND', 'GitHub sign-in is not configured on this registry; ask its operator for a token (`soul admin token create <user>`)');
    return deps.github;
  };
  const callbackUrl = (c: Context): string => `${new URL(c.req.url).origin}${config.apiBase}/auth/github/callback`;

  api.get('/auth/github/login', (c) => {
    const gh = github();
    const stateValue = randomHex(16);
    const target = safeReturn(c.req.query('return'));
    const url = new URL(`${gh.webUrl}/login/oauth/authorize`);
    url.searchParams.set('client_id', gh.clientId);
    url.searchParams.set('redirect_uri', callbackUrl(c));
    url.searchParams.set('state', stateValue);
    url.searchParams.set('scope', 'read:user');
    const cookie = `${STATE_COOKIE}=${stateValue}.${encodeURIComponent(target)}; Path=${config.apiBase}/auth/github; HttpOnly; SameSite=Lax; Max-Age=600${new URL(c.req.url).protocol === 'https:' ? '; Secure' : ''}`;
    return new Response(null, { status: 302, headers: { location: url.toString(), 'set-cookie': cookie } });
  });

  api.get('/auth/github/callback', async (c) => {
    const gh = github();
    const code = c.req.query('code');
    const given = c.req.query('state');
    const saved = cookieValue(c.req.raw, STATE_COOKIE);
    const dot = saved?.indexOf('.') ?? -1;
    const expected = saved && dot > 0 ? saved.slice(0, dot) : null;
    if (!code || !given || expected === null || given.length !== expected.length || !constantTimeEqual(given, expected)) {
      throw new RegistryError('BAD_REQUEST', 'the sign-in could not be verified (state mismatch or expired); start again from the sign-in page');
    }
    const target = safeReturn(decodeURIComponent(saved!.slice(dot + 1)));
    const tokenAnswer = await githubJson(`${gh.webUrl}/login/oauth/access_token`, form({ client_id: gh.clientId, client_secret: gh.clientSecret, code, redirect_uri: callbackUrl(c) }));
    const accessToken = tokenAnswer['access_token'];
    if (typeof accessToken !== 'string') throw new RegistryError('UNAUTHORIZED', 'GitHub refused the sign-in; start again from the sign-in page');
    const login = await githubLogin(gh, accessToken);
    const account = await state.ensureAccount(login);
    if (account.blocked) throw new RegistryError('FORBIDDEN', `the account "${account.username}" is blocked; contact the registry's moderators`);
    const session = await state.createSession(account.username, SESSION_TTL_SECONDS);
    const headers = new Headers({ location: target });
    headers.append('set-cookie', sessionCookie(c.req.raw, session, SESSION_TTL_SECONDS).replace('SameSite=Strict', 'SameSite=Lax'));
    headers.append('set-cookie', `${STATE_COOKIE}=; Path=${config.apiBase}/auth/github; HttpOnly; SameSite=Lax; Max-Age=0`);
    return new Response(null, { status: 302, headers });
  });

  api.post('/auth/device/code', async () => {
    const gh = github();
    const answer = await githubJson(`${gh.webUrl}/login/device/code`, form({ client_id: gh.clientId, scope: 'read:user' }));
    const { device_code, user_code, verification_uri, expires_in, interval } = answer;
    if (typeof device_code !== 'string' || typeof user_code !== 'string' || typeof verification_uri !== 'string') throw new RegistryError('BAD_GATEWAY', 'GitHub did not start the device flow; retry');
    return jsonResponse({ device_code, user_code, verification_uri, expires_in: typeof expires_in === 'number' ? expires_in : 900, interval: typeof interval === 'number' ? interval : 5 });
  });

  api.post('/auth/device/token', async (c) => {
    const gh = github();
    const body = await readJsonObject(c.req.raw, BODY_LIMIT);
    const deviceCode = body['device_code'];
    if (typeof deviceCode !== 'string' || deviceCode.length === 0 || deviceCode.length > 200) throw new RegistryError('BAD_REQUEST', '"device_code" must be the code POST /auth/device/code returned');
    const answer = await githubJson(`${gh.webUrl}/login/oauth/access_token`, form({ client_id: gh.clientId, device_code: deviceCode, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }));
    const error = answer['error'];
    if (error === 'authorization_pending') throw new RegistryError('AUTHORIZATION_PENDING', 'not approved yet; enter the code on GitHub, then this call succeeds');
    if (error === 'slow_down') throw new RegistryError('SLOW_DOWN', 'polling too fast; wait the interval (plus 5 seconds) between calls');
    if (error === 'expired_token') throw new RegistryError('EXPIRED_TOKEN', 'the device code expired; run `soul login` again');
    if (error === 'access_denied') throw new RegistryError('ACCESS_DENIED', 'the sign-in was denied on GitHub');
    const accessToken = answer['access_token'];
    if (typeof accessToken !== 'string') throw new RegistryError('BAD_REQUEST', 'GitHub did not accept the device code; run `soul login` again');
    const login = await githubLogin(gh, accessToken);
    const account = await state.ensureAccount(login);
    if (account.blocked) throw new RegistryError('FORBIDDEN', `the account "${account.username}" is blocked; contact the registry's moderators`);
    const { token } = await state.createToken({ username: account.username, name: 'soul login', prefix: config.tokenPrefix });
    return jsonResponse({ token, username: account.username });
  });
}
