// The embedded registry on one machine: a bare git repository seeded from the project's own
// history (the user's working tree is never touched), SQLite state, the static build (incremental
// after every commit, so reads reflect writes at once), the write flusher, the website, and one
// HTTP server on localhost for all of it. `npm start` and `soul serve` run this.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { RegistryConfig } from '../../../scripts/core/config.ts';
import { parseReviewFile } from '../../../scripts/core/registry-shapes.ts';
import { INDEX_FILE } from '../../../scripts/core/static-paths.ts';
import { buildRegistry } from '../../../scripts/build/build.ts';
import type { BuildSummary } from '../../../scripts/build/build.ts';
import { loadRegistryConfig, PACKAGE_ROOT } from '../../../scripts/cli/lib/config.ts';
import { badgeResponse } from '../badge.ts';
import { createApp } from '../app.ts';
import type { GitHubOAuth } from '../deps.ts';
import type { ContentStore } from '../content/types.ts';
import { createLocalGitStore, seedLocalRegistry } from '../content/local-git.ts';
import { createWriteFlusher } from '../queue/flusher.ts';
import { createIndexProvider } from '../query-index.ts';
import { createMemoryRateLimiter } from '../rate-limit.ts';
import { reviewFileOf } from '../routes/reviews.ts';
import { createSqliteDb } from '../state/sqlite-db.ts';
import { createStateStore } from '../state/sql-store.ts';
import type { ReviewRecord, StateStore } from '../state/types.ts';
import { createFsAssets } from './fs-assets.ts';
import { createSiteFiles } from './site-files.ts';
import type { SiteFiles } from './site-files.ts';

export interface LocalRegistryOptions {
  /** The project folder whose git history (souls/) seeds the registry; default the current folder. */
  root?: string;
  /** Where the registry keeps its data (bare repository, state, build); default `<root>/.registry`. */
  dataDir?: string;
  /** Port; 0 picks a free one. Default 8787. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Overrides registry.config.json. */
  config?: RegistryConfig;
  /** Built website folder to serve at `/`; default `<dataDir>/dist/site` when present. */
  siteDir?: string;
  /**
   * Build the website (Astro, in a child process) into `<dataDir>/dist/site` at start when it is
   * missing or older than the build, and again in the background after each commit. Default false.
   */
  buildSite?: boolean;
  /** GitHub OAuth sign-in (the web flow for the site, the device flow for `soul login`); absent: token sign-in only. */
  github?: GitHubOAuth;
  /** Called with progress lines (default: silent). */
  log?: (line: string) => void;
}

export interface OpenLocalRegistry {
  /** The whole registry as one fetch handler: API under the API base, schemas, the website. */
  fetch(request: Request, env?: unknown): Promise<Response>;
  config: RegistryConfig;
  state: StateStore;
  dataDir: string;
  /** Run an incremental build now (after out-of-band changes). */
  rebuild(): Promise<BuildSummary>;
  admin: { createToken(username: string, options?: { legacy?: boolean }): Promise<string>; createScanKey(username: string, allowance?: number): Promise<string> };
  /** Wait until every queued write is committed and the build reflects it. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface LocalRegistry extends OpenLocalRegistry {
  url: string;
  apiUrl: string;
}

const WRITER = { name: 'Soul Registry', email: 'registry@localhost' };

/** Serialized incremental builds; `request()` resolves after a build that started after the call. */
function createRebuilder(run: () => Promise<BuildSummary>): { request(): Promise<BuildSummary>; idle(): Promise<void> } {
  let running: Promise<BuildSummary> | null = null;
  let queued: Promise<BuildSummary> | null = null;
  const start = (): Promise<BuildSummary> => {
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    request() {
      if (running === null) return start();
      queued ??= running.catch(() => undefined).then(() => {
        queued = null;
        return start();
      });
      return queued;
    },
    async idle() {
      while (running !== null || queued !== null) await (queued ?? running)!.catch(() => undefined);
    },
  };
}

/** A content store that reports every successful commit. */
function withCommitHook(store: ContentStore, onCommit: () => void): ContentStore {
  return {
    head: () => store.head(),
    readFile: (c, p) => store.readFile(c, p),
    listFiles: (c, d) => store.listFiles(c, d),
    ...(store.readCommit ? { readCommit: store.readCommit.bind(store) } : {}),
    async commit(request) {
      const result = await store.commit(request);
      onCommit();
      return result;
    },
  };
}

async function importRepositoryReviews(content: ContentStore, state: StateStore): Promise<number> {
  const head = await content.head();
  if (head === null) return 0;
  const records: ReviewRecord[] = [];
  const utf8 = new TextDecoder();
  for (const path of await content.listFiles(head, 'reviews')) {
    const m = /^reviews\/([a-z0-9-]+)\/([a-z0-9-]+)\/([A-Za-z0-9_-]+)\.json$/.exec(path);
    if (!m) continue;
    const bytes = await content.readFile(head, path);
    if (bytes === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(bytes));
    } catch {
      continue;
    }
    const parsed = parseReviewFile(value, m[3]);
    if (!parsed.ok) continue;
    const r = parsed.review;
    records.push({
      id: r.id,
      owner: m[1]!,
      name: m[2]!,
      parentId: r.parentId ?? null,
      author: r.author.username.toLowerCase(),
      rating: r.parentId === undefined && typeof r.rating === 'number' ? r.rating : null,
      body: r.body,
      likes: r.likes ?? 0,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt ?? r.createdAt,
    });
  }
  return records.length === 0 ? 0 : state.importReviews(records);
}

/**
 * Build the website from the static tree in a child process (Astro's build is CPU-bound and would
 * stall this server), into a fresh folder that then replaces the served one in two renames.
 */
function buildSiteInBackground(input: { dist: string; site: string; config: string; log: (line: string) => void }): Promise<void> {
  const next = `${input.site}.next`;
  const old = `${input.site}.old`;
  rmSync(next, { recursive: true, force: true });
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(PACKAGE_ROOT, 'scripts/site/build-site.ts'), '--dist', input.dist, '--out', next, '--config', input.config], { cwd: PACKAGE_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      if (code !== 0) {
        fail(new Error(`the website build failed (exit ${code}): ${err.trim().slice(-500)}`));
        return;
      }
      rmSync(old, { recursive: true, force: true });
      if (existsSync(input.site)) renameSync(input.site, old);
      renameSync(next, input.site);
      rmSync(old, { recursive: true, force: true });
      input.log(`Built the website into ${input.site}`);
      ok();
    });
  });
}

function mtimeOf(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function writeJsonAtomic(path: string, value: unknown): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value));
  renameSync(tmp, path);
}

/**
 * Open the embedded registry in this process without a server: seed, build, and a fetch handler.
 *
 * @example
 * const registry = await openLocalRegistry({ root: '.', dataDir: tmp });
 * const res = await registry.fetch(new Request('http://localhost/api/v1/souls'));
 */
export async function openLocalRegistry(options: LocalRegistryOptions = {}): Promise<OpenLocalRegistry> {
  const root = resolve(options.root ?? '.');
  const dataDir = resolve(options.dataDir ?? join(root, '.registry'));
  const log = options.log ?? (() => undefined);
  const config = options.config ?? loadRegistryConfig(root);
  mkdirSync(dataDir, { recursive: true });
  const repoDir = join(dataDir, 'registry.git');
  const distDir = join(dataDir, 'dist');
  const statsFile = join(dataDir, 'stats.json');

  if (!existsSync(repoDir)) log(`Seeding the registry repository from ${root}`);
  await seedLocalRegistry({ from: root, to: repoDir, branch: 'main' });

  const db = createSqliteDb(join(dataDir, 'state.sqlite'));
  const state = createStateStore(db);
  await state.migrate();

  const build = async (): Promise<BuildSummary> => {
    writeJsonAtomic(statsFile, { downloads: Object.fromEntries(await state.downloadCounts()) });
    return buildRegistry({ repo: repoDir, out: distDir, statsFile, progress: 'none' });
  };
  const rebuilder = createRebuilder(build);
  const first = await rebuilder.request();
  log(`Built ${first.souls} souls (${first.mode}) into ${distDir}`);

  const assets = createFsAssets(distDir);
  const index = createIndexProvider({
    load: async () => {
      const bytes = await assets.read(INDEX_FILE);
      return bytes === null ? null : new TextDecoder().decode(bytes);
    },
    version: () => assets.mtime(INDEX_FILE),
    probeMs: 250,
  });

  const git = createLocalGitStore({ dir: repoDir, branch: 'main' });
  await importRepositoryReviews(git, state);
  const content = withCommitHook(git, () => {
    void rebuilder.request().then(
      () => {
        index.invalidate();
        siteBuilder?.request().catch((err: unknown) => log((err as Error).message));
      },
      (err: unknown) => log(`build failed: ${(err as Error).message}`),
    );
  });
  const flusher = createWriteFlusher({
    state,
    content,
    author: WRITER,
    renderReview: (record: ReviewRecord) => reviewFileOf(record),
  });
  // Writes acknowledged before a crash are still queued: commit them now.
  if ((await state.pendingCount()) > 0) flusher.kick();

  const app = createApp({
    config,
    assets,
    state,
    content,
    index,
    rateLimiter: createMemoryRateLimiter(),
    writes: flusher,
    settle: async (seq) => {
      await flusher.waitFor(seq, 60_000);
      await rebuilder.request();
      index.invalidate();
    },
    ...(options.github ? { github: options.github } : {}),
    tokenSignIn: options.github === undefined,
    clientAddress: (_request, env) => (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown',
  });

  const siteDir = options.siteDir ?? join(distDir, 'site');
  let site: SiteFiles | null = existsSync(siteDir) ? createSiteFiles(siteDir) : null;
  let siteBuilder: { request(): Promise<unknown>; idle(): Promise<void> } | null = null;
  if (options.buildSite) {
    const configFile = join(dataDir, 'registry.config.json');
    writeJsonAtomic(configFile, config);
    siteBuilder = createRebuilder(async () => {
      await buildSiteInBackground({ dist: distDir, site: siteDir, config: configFile, log });
      site = createSiteFiles(siteDir);
      return first;
    });
    if (mtimeOf(join(siteDir, 'index.html')) < mtimeOf(join(distDir, INDEX_FILE))) {
      log('Building the website (Astro)...');
      await siteBuilder.request();
    }
  }
  const apiBase = config.apiBase.replace(/\/+$/, '');
  const handle = async (request: Request, env?: unknown): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === apiBase || url.pathname.startsWith(`${apiBase}/`)) return app.fetch(request, env);
    if (url.pathname.startsWith('/schemas/')) {
      const bytes = await assets.read(url.pathname.slice(1));
      if (bytes !== null) return new Response(bytes as BodyInit, { headers: { 'content-type': 'application/schema+json', 'access-control-allow-origin': '*' } });
    }
    const badge = await badgeResponse(index, url.pathname);
    if (badge) return badge;
    site ??= existsSync(siteDir) ? createSiteFiles(siteDir) : null;
    const page = site ? await site.serve(url.pathname, request.method) : null;
    if (page) return page;
    if (url.pathname === '/' && site === null) {
      return new Response(`${config.name}: the API is at ${apiBase} (e.g. ${apiBase}/souls). The website is not built; run \`npm run site:build\`.\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    }
    const notFound = site ? await site.serve('/404.html', 'GET') : null;
    if (notFound) return new Response(notFound.body, { status: 404, headers: notFound.headers });
    return new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  };

  return {
    fetch: handle,
    config,
    state,
    dataDir,
    rebuild: async () => {
      const s = await rebuilder.request();
      index.invalidate();
      return s;
    },
    admin: {
      async createToken(username, opts = {}) {
        await state.ensureAccount(username);
        return (await state.createToken({ username, prefix: config.tokenPrefix, kind: opts.legacy ? 'legacy' : 'personal', name: 'admin' })).token;
      },
      async createScanKey(username, allowance) {
        await state.ensureAccount(username);
        return (await state.createScanKey({ username, prefix: config.scanKeyPrefix, monthlyAllowance: allowance ?? config.limits.freeScansPerMonth, name: 'admin' })).key;
      },
    },
    async settled() {
      while ((await state.pendingCount()) > 0) {
        await flusher.flush();
      }
      await rebuilder.idle();
      index.invalidate();
    },
    async close() {
      await flusher.stop();
      await rebuilder.idle();
      await siteBuilder?.idle();
      db.close();
    },
  };
}

/**
 * Start the embedded registry: seed, build, and serve it over HTTP on localhost.
 *
 * @example
 * const registry = await startLocalRegistry({ root: '.', port: 0 });
 * await fetch(`${registry.apiUrl}/souls`);
 * await registry.close();
 */
export async function startLocalRegistry(options: LocalRegistryOptions = {}): Promise<LocalRegistry> {
  const registry = await openLocalRegistry(options);
  const server = createServer(getRequestListener((request, env) => registry.fetch(request, env)));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', () => ok());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  return {
    ...registry,
    url,
    apiUrl: `${url}${registry.config.apiBase.replace(/\/+$/, '')}`,
    async close() {
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      await registry.close();
    },
  };
}
