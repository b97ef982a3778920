// The Workers entry: D1 for state, the GitHub repository for content, the build output as static
// assets, the write flusher run after each write and on the cron trigger. Everything else is the app.
import configJson from '../../registry.config.json' with { type: 'json' };
import { readRegistryConfig } from '../../scripts/core/config.ts';
import { INDEX_FILE } from '../../scripts/core/static-paths.ts';
import { createApp } from './app.ts';
import { badgeResponse } from './badge.ts';
import { createGitHubClient, createGitHubStore } from './content/github.ts';
import type { AppDeps, StaticAssets } from './deps.ts';
import { createIndexProvider } from './query-index.ts';
import type { IndexProvider } from './query-index.ts';
import { createWriteFlusher } from './queue/flusher.ts';
import { createStateRateLimiter } from './rate-limit.ts';
import { reviewFileOf } from './routes/reviews.ts';
import { headersForPath, parseHeadersFile } from '../../scripts/site/headers.ts';
import type { HeaderRule } from '../../scripts/site/headers.ts';
import { createD1Db } from './state/d1-db.ts';
import type { D1Like } from './state/d1-db.ts';
import { createStateStore } from './state/sql-store.ts';

export interface Env {
  DB: D1Like;
  ASSETS: { fetch(request: Request): Promise<Response> };
  GITHUB_TOKEN?: string;
  GITHUB_REPOSITORY?: string;
  GITHUB_BRANCH?: string;
  GITHUB_API_URL?: string;
  GITHUB_WEB_URL?: string;
  GITHUB_CLIENT_ID?: string;
  GITHUB_CLIENT_SECRET?: string;
}

interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

const config = readRegistryConfig(configJson);
const apiBase = config.apiBase.replace(/\/+$/, '');
const WRITER = { name: 'Soul Registry', email: 'registry@users.noreply.github.com' };

interface Isolate {
  app: ReturnType<typeof createApp>;
  flush: (() => Promise<unknown>) | null;
  index: IndexProvider;
  siteRules: Promise<HeaderRule[]>;
  /** The schema exists (created on the first request of an isolate; idempotent). */
  ready: Promise<void>;
}
let isolate: Isolate | null = null;

function assetsOf(env: Env): StaticAssets {
  return {
    async read(path) {
      const res = await env.ASSETS.fetch(new Request(`https://assets.invalid/${path}`));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`assets answered ${res.status} for ${path}`);
      return new Uint8Array(await res.arrayBuffer());
    },
  };
}

function setup(env: Env): Isolate {
  const state = createStateStore(createD1Db(env.DB));
  const assets = assetsOf(env);
  const [owner = '', repo = ''] = (env.GITHUB_REPOSITORY ?? config.githubRepository).split('/');
  const content = env.GITHUB_TOKEN ? createGitHubStore({ client: createGitHubClient({ token: env.GITHUB_TOKEN, maxRateLimitWaitSeconds: 5, ...(env.GITHUB_API_URL ? { baseUrl: env.GITHUB_API_URL } : {}) }), owner, repo, branch: env.GITHUB_BRANCH ?? 'main' }) : null;
  // GitHub's content-creation limits (80 a minute, 500 an hour) and at most 60 commits a minute, shared by every
  // isolate through the state store; a flush inside waitUntil gives up waiting after 5 s and leaves the rest to the cron trigger.
  const flusher = content ? createWriteFlusher({ state, content, author: WRITER, renderReview: reviewFileOf, budget: {}, maxWaitMs: 5_000 }) : null;
  // Assets are immutable for a deployment: load the index once per isolate.
  const index = createIndexProvider({
    load: async () => {
      const bytes = await assets.read(INDEX_FILE);
      return bytes === null ? null : new TextDecoder().decode(bytes);
    },
  });
  const deps: AppDeps = {
    config,
    assets,
    state,
    content,
    index,
    rateLimiter: createStateRateLimiter(state),
    // Writes are flushed after the response (below) and by the cron trigger, not by a timer.
    writes: flusher ? { kick() {}, waitFor: (seq, ms) => flusher.waitFor(seq, ms) } : null,
    ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
      ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, webUrl: env.GITHUB_WEB_URL ?? 'https://github.com', apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com' } }
      : {}),
    tokenSignIn: !env.GITHUB_CLIENT_ID,
    clientAddress: (request) => request.headers.get('cf-connecting-ip') ?? 'unknown',
  };
  const siteRules = env.ASSETS.fetch(new Request('https://assets.invalid/site/_headers')).then(async (r) => (r.ok ? parseHeadersFile(await r.text()) : []), () => []);
  return { app: createApp(deps), index, flush: flusher ? () => flusher.flush() : null, siteRules, ready: state.migrate() };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContextLike): Promise<Response> {
    isolate ??= setup(env);
    const url = new URL(request.url);
    if (url.pathname === apiBase || url.pathname.startsWith(`${apiBase}/`)) {
      await isolate.ready;
      const res = await isolate.app.fetch(request, env, ctx as never);
      if (request.method !== 'GET' && request.method !== 'HEAD' && isolate.flush) ctx.waitUntil(isolate.flush());
      return res;
    }
    if (url.pathname.startsWith('/private/') || url.pathname.startsWith('/index/')) return new Response('Not found\n', { status: 404 });
    const badge = await badgeResponse(isolate.index, url.pathname);
    if (badge) return badge;
    // Everything else is the website, stored under site/ in the assets.
    const inner = url.pathname.startsWith('/schemas/') ? url.pathname : `/site${url.pathname}`;
    const res = await env.ASSETS.fetch(new Request(new URL(inner, url), request));
    const out = new Response(res.body, res);
    for (const [k, v] of Object.entries(headersForPath(await isolate.siteRules, url.pathname))) out.headers.set(k, v);
    return out;
  },

  async scheduled(_event: unknown, env: Env, ctx: ExecutionContextLike): Promise<void> {
    isolate ??= setup(env);
    await isolate.ready;
    if (isolate.flush) ctx.waitUntil(isolate.flush());
  },
};
