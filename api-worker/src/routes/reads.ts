// The read endpoints: no-query GETs straight from the static tree, list and search from the
// in-memory query index, Markdown on `Accept: text/markdown`, diffs computed on request and cached,
// ZIP downloads (signed in, counted), and the template of `soul init`.
import type { Hono } from 'hono';
import { diffVersions } from '../../../scripts/core/diff.ts';
import type { SoulDiff } from '../../../scripts/core/diff.ts';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { checkOwner, checkSoulName } from '../../../scripts/core/paths.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../../scripts/core/registry-shapes.ts';
import type { SoulBundle, SoulDetails, SoulList } from '../../../scripts/core/registry-shapes.ts';
import { renderSoulListMarkdown, renderSoulMarkdown } from '../../../scripts/core/render/soul-markdown.ts';
import { API_DIR, CONTENT_TYPES, hasStaticFormat, staticPathFor, zipPathFor } from '../../../scripts/core/static-paths.ts';
import type { StaticFormat, StaticRoute } from '../../../scripts/core/static-paths.ts';
import { createTemplate, DEFAULT_TEMPLATE_SPEC } from '../../../scripts/core/template.ts';
import { SPEC_VERSIONS } from '../../../scripts/core/manifest/index.ts';
import type { SpecVersion } from '../../../scripts/core/manifest/index.ts';
import { requireUser } from '../auth.ts';
import type { AppDeps } from '../deps.ts';
import { bytesResponse, intParam, JSON_TYPE, jsonResponse, MARKDOWN_TYPE, wantsMarkdown } from '../http.ts';
import { parseListQuery } from '../query-index.ts';
import type { QueryIndex } from '../query-index.ts';

const VERSION_RE = /^(?:0|[1-9]\d{0,8})\.(?:0|[1-9]\d{0,8})\.(?:0|[1-9]\d{0,8})$/;
const DIFF_CACHE_ENTRIES = 500;
const utf8 = new TextDecoder();

/** Owner and name of a path, 400 with the fix when either is not a valid id (never a path outside the tree). */
export function soulId(owner: string, name: string): { owner: string; name: string } {
  const problem = checkOwner(owner) ?? checkSoulName(name);
  if (problem) throw new RegistryError('BAD_REQUEST', problem);
  return { owner, name };
}

function checkVersionParam(value: string, label = 'version'): string {
  if (!VERSION_RE.test(value)) throw new RegistryError('BAD_REQUEST', `"${label}" must be a version such as 1.2.0 (got ${JSON.stringify(value.slice(0, 40))})`);
  return value;
}

/** Query parameters without the ones every read ignores (`files=true` of older clients). */
function staticQuery(url: URL): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k !== 'files') q[k] = v;
  return q;
}

export function registerReads(api: Hono, deps: AppDeps): void {
  const diffCache = new Map<string, SoulDiff>();

  const readStatic = async (route: StaticRoute, format: StaticFormat): Promise<Uint8Array | null> => {
    const path = staticPathFor(route, format);
    return path === null ? null : deps.assets.read(`${API_DIR}/${path}`);
  };

  const readJson = async <T>(route: StaticRoute): Promise<T | null> => {
    const bytes = await readStatic(route, 'json');
    return bytes === null ? null : (JSON.parse(utf8.decode(bytes)) as T);
  };

  const notFoundSoul = (owner: string, name: string): RegistryError =>
    new RegistryError('NOT_FOUND', `soul ${owner}/${name} not found; check the owner and name, or search with GET /souls?q=${encodeURIComponent(name)}`);
  const notFoundVersion = (owner: string, name: string, version: string): RegistryError =>
    new RegistryError('NOT_FOUND', `version ${version} of ${owner}/${name} is not published; list the versions with GET /souls/${owner}/${name}/versions`);

  /** Serve a static route: the file as is, Markdown rendered from JSON when the tree holds no .md. */
  const serve = async (route: StaticRoute, request: Request, notFound: () => RegistryError, markdownCapable = false): Promise<Response> => {
    const md = markdownCapable && wantsMarkdown(request);
    const vary = markdownCapable ? { vary: 'Accept' } : undefined;
    if (md && !hasStaticFormat(route, 'md') && route.kind === 'soul') {
      const details = await readJson<SoulDetails>(route);
      if (details === null) throw notFound();
      return bytesResponse(renderSoulMarkdown(details), MARKDOWN_TYPE, { headers: vary });
    }
    const format: StaticFormat = md ? 'md' : 'json';
    const bytes = await readStatic(route, format);
    if (bytes === null) throw notFound();
    return bytesResponse(bytes, CONTENT_TYPES[format], { headers: vary });
  };

  const pageParams = (url: URL): { page: number; limit: number } => ({
    page: intParam(url.searchParams.get('page') ?? undefined, { name: 'page', def: 1, min: 1, max: 1_000_000 }),
    limit: intParam(url.searchParams.get('limit') ?? undefined, { name: 'limit', def: DEFAULT_PAGE_LIMIT, min: 1, max: MAX_PAGE_LIMIT }),
  });

  api.get('/souls', async (c) => {
    const url = new URL(c.req.url);
    const query = staticQuery(url);
    const md = wantsMarkdown(c.req.raw);
    if (Object.keys(query).length === 0) return serve({ kind: 'souls' }, c.req.raw, () => new RegistryError('SERVICE_UNAVAILABLE', 'the registry has not been built yet; retry shortly'), true);
    const index = await deps.index.current();
    const q = parseListQuery((k) => url.searchParams.get(k) ?? undefined, pageParams(url));
    const key = `list\n${q.q}\n${q.category}\n${q.tag}\n${q.owner}\n${q.sort}\n${q.page}\n${q.limit}`;
    if (md) return bytesResponse(renderSoulListMarkdown(index.list(q) as SoulList), MARKDOWN_TYPE, { headers: { vary: 'Accept' } });
    return bytesResponse(index.cached(key, () => index.list(q)), JSON_TYPE, { headers: { vary: 'Accept' } });
  });

  api.get('/search', async (c) => {
    const url = new URL(c.req.url);
    const index: QueryIndex = await deps.index.current();
    const q = parseListQuery((k) => url.searchParams.get(k) ?? undefined, pageParams(url));
    if (q.q === null && q.tag === null && q.category === null) {
      throw new RegistryError('BAD_REQUEST', 'give at least one of "q", "tag" or "category", e.g. GET /search?q=tutor');
    }
    const key = `search\n${q.q}\n${q.category}\n${q.tag}\n${q.owner}\n${q.sort}\n${q.page}\n${q.limit}`;
    return bytesResponse(index.cached(key, () => index.search(q)), JSON_TYPE);
  });

  api.get('/categories', (c) => serve({ kind: 'categories' }, c.req.raw, () => new RegistryError('SERVICE_UNAVAILABLE', 'the registry has not been built yet; retry shortly')));
  api.get('/scan-rules', (c) => serve({ kind: 'scan-rules' }, c.req.raw, () => new RegistryError('SERVICE_UNAVAILABLE', 'the registry has not been built yet; retry shortly')));
  api.get('/openapi.json', (c) => serve({ kind: 'openapi' }, c.req.raw, () => new RegistryError('SERVICE_UNAVAILABLE', 'the registry has not been built yet; retry shortly')));

  api.get('/template', (c) => {
    const spec = c.req.query('spec') ?? DEFAULT_TEMPLATE_SPEC;
    if (!(SPEC_VERSIONS as readonly string[]).includes(spec)) throw new RegistryError('BAD_REQUEST', `unknown spec "${spec.slice(0, 20)}"; use one of ${SPEC_VERSIONS.join(', ')}`);
    const name = c.req.query('name') ?? 'my-soul';
    const problem = checkSoulName(name);
    if (problem) throw new RegistryError('BAD_REQUEST', problem);
    return jsonResponse({ spec, files: createTemplate({ name, spec: spec as SpecVersion }) });
  });

  api.get('/souls/:owner/:name', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const version = c.req.query('version');
    if (version !== undefined) {
      checkVersionParam(version);
      return serve({ kind: 'soul', owner, name, version }, c.req.raw, () => notFoundVersion(owner, name, version), true);
    }
    return serve({ kind: 'soul', owner, name }, c.req.raw, () => notFoundSoul(owner, name), true);
  });

  api.get('/souls/:owner/:name/scan', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    return serve({ kind: 'scan', owner, name }, c.req.raw, () => notFoundSoul(owner, name));
  });

  api.get('/souls/:owner/:name/versions', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    return serve({ kind: 'versions', owner, name }, c.req.raw, () => notFoundSoul(owner, name));
  });

  api.get('/souls/:owner/:name/versions/:version', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const version = checkVersionParam(c.req.param('version'));
    return serve({ kind: 'version', owner, name, version }, c.req.raw, () => notFoundVersion(owner, name, version));
  });

  api.get('/bundle/:owner/:name', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const version = c.req.query('version');
    if (version !== undefined && version !== '') {
      checkVersionParam(version);
      return serve({ kind: 'bundle', owner, name, version }, c.req.raw, () => notFoundVersion(owner, name, version));
    }
    return serve({ kind: 'bundle', owner, name }, c.req.raw, () => notFoundSoul(owner, name));
  });

  api.get('/souls/:owner/:name/diff', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const v1 = c.req.query('v1');
    const v2 = c.req.query('v2');
    if (!v1 || !v2) throw new RegistryError('BAD_REQUEST', `give both versions, e.g. GET /souls/${owner}/${name}/diff?v1=1.0.0&v2=1.1.0`);
    checkVersionParam(v1, 'v1');
    checkVersionParam(v2, 'v2');
    const key = `${owner}/${name}/${v1}/${v2}`;
    let diff = diffCache.get(key);
    if (diff === undefined) {
      const [a, b] = await Promise.all([readJson<SoulBundle>({ kind: 'bundle', owner, name, version: v1 }), readJson<SoulBundle>({ kind: 'bundle', owner, name, version: v2 })]);
      if (a === null || b === null) {
        if ((await readStatic({ kind: 'versions', owner, name }, 'json')) === null) throw notFoundSoul(owner, name);
        throw notFoundVersion(owner, name, a === null ? v1 : v2);
      }
      diff = diffVersions({
        owner,
        name,
        from: { version: v1, files: a.files, ...(a.encodings ? { encodings: a.encodings } : {}) },
        to: { version: v2, files: b.files, ...(b.encodings ? { encodings: b.encodings } : {}) },
      });
      if (diffCache.size >= DIFF_CACHE_ENTRIES) diffCache.delete(diffCache.keys().next().value!);
      diffCache.set(key, diff);
    }
    return jsonResponse(diff);
  });

  api.get('/souls/:owner/:name/download', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    await requireUser(c.req.raw, deps);
    let version = c.req.query('version');
    if (version !== undefined && version !== '') checkVersionParam(version);
    else {
      const entry = (await deps.index.current()).get(owner, name);
      if (entry === null) throw notFoundSoul(owner, name);
      version = entry.version;
    }
    const zip = await deps.assets.read(zipPathFor(owner, name, version));
    if (zip === null) {
      if ((await deps.index.current()).get(owner, name) === null && (await readStatic({ kind: 'versions', owner, name }, 'json')) === null) throw notFoundSoul(owner, name);
      throw notFoundVersion(owner, name, version);
    }
    const counting = deps.state.addDownload(owner, name);
    if (deps.background) deps.background(counting);
    else await counting;
    return bytesResponse(zip, 'application/zip', { headers: { 'content-disposition': `attachment; filename="${owner}-${name}-${version}.zip"` } });
  });
}
