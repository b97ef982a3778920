// The HTTP app: one Web-standard `fetch(Request) → Response` (Hono) serving the whole interface
// under the API base. Middleware: CORS, rate limits with X-RateLimit-* headers on every registry
// response, and the one place that turns any error into `{ error, code, details? }`.
import { Hono } from 'hono';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import { isRegistryError, RegistryError, statusOf, toErrorBody } from '../../scripts/core/errors.ts';
import { credentialOf } from './auth.ts';
import type { AppDeps } from './deps.ts';
import { jsonResponse } from './http.ts';
import { registerAccount } from './routes/account.ts';
import { registerPublish } from './routes/publish.ts';
import { registerReads } from './routes/reads.ts';
import { registerReviews } from './routes/reviews.ts';
import { registerScan } from './routes/scan.ts';

const SCAN_PATH = '/soulscan/scan';

function errorResponse(err: unknown, log?: (err: unknown) => void): Response {
  const status = statusOf(err);
  if (!isRegistryError(err) && log) log(err);
  const body = toErrorBody(err);
  const headers: Record<string, string> = {};
  if (status === 429 && typeof body['retryAfter'] === 'number') headers['retry-after'] = String(body['retryAfter']);
  return jsonResponse(body, { status, headers });
}

/** Route patterns of an app as regular expressions, to answer 405 for a known path with another method. */
function routeMatchers(app: Hono, base: string): { method: string; re: RegExp }[] {
  return app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => {
      const pattern = `${base}${r.path}`
        .split('/')
        .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/');
      return { method: r.method, re: new RegExp(`^${pattern}/?$`) };
    });
}

/**
 * The registry's HTTP app.
 *
 * @example
 * const app = createApp(deps);
 * const res = await app.fetch(new Request('http://localhost/api/v1/souls'));
 */
export function createApp(deps: AppDeps): Hono {
  const { config } = deps;
  const now = deps.now ?? Date.now;
  const base = config.apiBase.replace(/\/+$/, '');
  const api = new Hono();
  const log = (err: unknown): void => console.error('[soul-registry] unexpected error:', err);

  api.use('*', cors({ origin: '*', allowHeaders: ['Authorization', 'Content-Type', 'X-API-Key', 'Accept'], allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'], exposeHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Deprecation', 'Link'], maxAge: 600 }));

  api.use('*', async (c: Context, next) => {
    if (c.req.path === `${base}${SCAN_PATH}` || c.req.method === 'OPTIONS') return next();
    let key: string;
    let limit: number;
    const credential = credentialOf(c.req.raw);
    if (credential !== null && !credential.startsWith(config.scanKeyPrefix)) {
      const info = await deps.state.resolveToken(credential);
      if (info === null) throw new RegistryError('UNAUTHORIZED', 'the token is invalid or revoked; create a new one with `soul login` or on the dashboard, or send no token for public reads');
      key = `user:${info.username}`;
      limit = config.limits.authenticatedPerMinute;
    } else {
      key = `ip:${deps.clientAddress?.(c.req.raw, c.env) ?? 'unknown'}`;
      limit = config.limits.anonymousPerMinute;
    }
    const r = await deps.rateLimiter.hit(key, limit, now());
    const headers = { 'x-ratelimit-limit': String(r.limit), 'x-ratelimit-remaining': String(r.remaining), 'x-ratelimit-reset': String(r.reset) };
    if (!r.allowed) {
      const retryAfter = Math.max(1, r.reset - Math.floor(now() / 1000));
      const res = jsonResponse(toErrorBody(new RegistryError('RATE_LIMITED', `rate limit of ${r.limit} requests a minute reached; retry in ${retryAfter} s${key.startsWith('ip:') ? ', or sign in for a higher limit' : ''}`)), {
        status: 429,
        headers: { ...headers, 'retry-after': String(retryAfter) },
      });
      return res;
    }
    await next();
    for (const [k, v] of Object.entries(headers)) c.res.headers.set(k, v);
  });

  registerReads(api, deps);
  registerPublish(api, deps);
  registerReviews(api, deps);
  registerAccount(api, deps);
  registerScan(api, deps);

  const app = new Hono();
  app.route(base, api);
  const matchers = routeMatchers(api, base);
  const notFound = (c: Context): Response => {
    const path = c.req.path;
    const allowed = [...new Set(matchers.filter((m) => m.re.test(path)).map((m) => m.method))];
    if (allowed.length > 0) {
      return jsonResponse(toErrorBody(new RegistryError('METHOD_NOT_ALLOWED', `${c.req.method} is not allowed on ${path}; use ${allowed.join(' or ')}`)), { status: 405, headers: { allow: allowed.join(', ') } });
    }
    const hint = path.startsWith(base) ? 'see GET ' + base + '/openapi.json for every endpoint' : `the API lives under ${base}`;
    return jsonResponse(toErrorBody(new RegistryError('NOT_FOUND', `no endpoint ${path}; ${hint}`)), { status: 404 });
  };
  api.notFound(notFound);
  app.notFound(notFound);
  api.onError((err) => errorResponse(err, log));
  app.onError((err) => errorResponse(err, log));
  return app;
}
