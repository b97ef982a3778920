// The server the browser tests run against. When the lead's Node server exists
// (api-worker/src/node/local-registry.ts: `startLocalRegistry({ root, dataDir, port: 0 })`), the
// tests use it: the site at `/`, the whole API at `/api/v1`, write flows included. Until then, a
// small read-only server on 127.0.0.1 serves the built site (with its `_headers`) and the static
// API tree, plus the diff endpoint computed from two versions' details; writes answer 405.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { diffVersions } from '../../scripts/core/diff.ts';
import type { SoulDetails } from '../../scripts/core/registry-shapes.ts';
import { API_DIR, parseStaticRoute, staticPathFor } from '../../scripts/core/static-paths.ts';
import { headersForPath, parseHeadersFile } from '../../scripts/site/headers.ts';
import type { SiteFixture } from './fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The lead's local registry server, once it exists. */
export const LOCAL_REGISTRY_MODULE = join(ROOT, 'api-worker', 'src', 'node', 'local-registry.ts');
/** Why write flows are skipped while only the static server is available. */
export const WRITE_FLOWS_SKIPPED = 'skipped: write flows need the registry API (startLocalRegistry in api-worker/src/node/local-registry.ts), which is missing or does not load yet; the read-only static server is in use';

export interface ServedSite {
  url: string;
  /** `registry`: the lead's server (API with writes); `static`: the read-only fallback. */
  mode: 'registry' | 'static';
  close(): Promise<void>;
  /** Present in `registry` mode: make a personal access token for a user. */
  admin?: { createToken(username: string): Promise<string> };
  /** In `static` mode: why the registry server was not used. */
  reason?: string;
}

interface LocalRegistry {
  url: string;
  close(): Promise<void> | void;
  admin: { createToken(username: string): Promise<string> };
}
type StartLocalRegistry = (options: Record<string, unknown>) => Promise<LocalRegistry>;

/** The lead's `startLocalRegistry`, or why it cannot be used (missing, does not load, or SOUL_SITE_SERVER=static). */
async function loadLocalRegistry(): Promise<{ start: StartLocalRegistry } | { reason: string }> {
  if (process.env['SOUL_SITE_SERVER'] === 'static') return { reason: 'SOUL_SITE_SERVER=static' };
  if (!existsSync(LOCAL_REGISTRY_MODULE)) return { reason: `${LOCAL_REGISTRY_MODULE} does not exist` };
  try {
    const mod = (await import(pathToFileURL(LOCAL_REGISTRY_MODULE).href)) as { startLocalRegistry?: StartLocalRegistry };
    if (typeof mod.startLocalRegistry !== 'function') return { reason: 'local-registry.ts has no startLocalRegistry export' };
    return { start: mod.startLocalRegistry };
  } catch (error) {
    if (process.env['SOUL_SITE_SERVER'] === 'registry') throw error;
    return { reason: `local-registry.ts does not load: ${(error as Error).message.split('\n')[0]}` };
  }
}

/**
 * Start the server for a fixture: the local registry when it loads, else the static server
 * (SOUL_SITE_SERVER=static forces the static one, =registry insists on the registry).
 */
export async function serveSite(fixture: SiteFixture): Promise<ServedSite> {
  const local = await loadLocalRegistry();
  if ('start' in local) {
    const dataDir = mkdtempSync(join(tmpdir(), 'soul-site-data-'));
    // root is the registry repository it seeds from; siteDir is this fixture's built site.
    const registry = await local.start({ root: fixture.repo, dataDir, port: 0, siteDir: fixture.site });
    return {
      url: registry.url.replace(/\/+$/, ''),
      mode: 'registry',
      admin: registry.admin,
      async close() {
        await registry.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  return { ...(await serveStatic(fixture)), reason: local.reason };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': TYPES['.json']!, 'X-Content-Type-Options': 'nosniff' });
  res.end(JSON.stringify(body));
}

/** A file under `root` for a URL path, or null (never outside `root`). */
function fileUnder(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').some((s) => s === '..')) return null;
  const file = normalize(join(root, decoded));
  if (file !== root && !file.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return file;
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function readDetails(api: string, owner: string, name: string, version: string): SoulDetails | null {
  const rel = staticPathFor({ kind: 'soul', owner, name, version });
  const file = rel ? join(api, rel) : '';
  return rel && isFile(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SoulDetails) : null;
}

function handleApi(api: string, req: IncomingMessage, res: ServerResponse, url: URL): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    json(res, 405, { error: 'this test server is read-only: it serves the static tree only', code: 'METHOD_NOT_ALLOWED' });
    return;
  }
  const path = url.pathname.slice('/api/v1'.length) || '/';
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  if (path === '/auth/providers') return json(res, 200, { github: false, token: false });
  if (path.startsWith('/auth/') || path === '/me') return json(res, 401, { error: 'not signed in (the static test server has no accounts)', code: 'UNAUTHORIZED' });
  const diff = /^\/souls\/([a-z0-9-]+)\/([a-z0-9-]+)\/diff$/.exec(path);
  if (diff) {
    const [, owner, name] = diff as unknown as [string, string, string];
    const v1 = query['v1'];
    const v2 = query['v2'];
    if (!v1 || !v2) return json(res, 400, { error: 'give both versions: ?v1=1.0.0&v2=1.1.0', code: 'BAD_REQUEST' });
    const a = readDetails(api, owner, name, v1);
    const b = readDetails(api, owner, name, v2);
    if (!a || !b) return json(res, 404, { error: `version ${!a ? v1 : v2} of ${owner}/${name} is not published`, code: 'NOT_FOUND' });
    const side = (d: SoulDetails) => ({ version: d.version, files: d.fileContents, ...(d.encodings ? { encodings: d.encodings } : {}) });
    return json(res, 200, diffVersions({ owner, name, from: side(a), to: side(b) }));
  }
  // Reviews beyond the first page are dynamic; the first page is the static file.
  if (/^\/souls\/[a-z0-9-]+\/[a-z0-9-]+\/reviews$/.test(path)) {
    delete query['limit'];
    if (query['offset'] === '0') delete query['offset'];
  }
  const route = parseStaticRoute(path, query);
  const rel = route ? staticPathFor(route, 'json') : null;
  const file = rel ? join(api, rel) : '';
  if (!rel || !isFile(file)) return json(res, 404, { error: `nothing at ${path} in the static tree`, code: 'NOT_FOUND' });
  res.writeHead(200, { 'Content-Type': TYPES['.json']!, 'X-Content-Type-Options': 'nosniff' });
  res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
}

/** The read-only fallback: the site with its `_headers`, and the static API tree. */
export async function serveStatic(fixture: Pick<SiteFixture, 'dist' | 'site'>): Promise<ServedSite> {
  const api = join(fixture.dist, API_DIR);
  const siteRoot = normalize(fixture.site);
  const rules = parseHeadersFile(readFileSync(join(siteRoot, '_headers'), 'utf8'));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/api/v1' || url.pathname.startsWith('/api/v1/')) {
      handleApi(api, req, res, url);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let file = url.pathname === '/_headers' ? null : fileUnder(siteRoot, url.pathname);
    if (file && !isFile(file)) file = isFile(join(file, 'index.html')) ? join(file, 'index.html') : null;
    let status = 200;
    if (!file) {
      status = 404;
      file = join(siteRoot, '404.html');
    }
    const headers = headersForPath(rules, url.pathname);
    res.writeHead(status, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    mode: 'static',
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
