// Where every static read of the interface lives in the built tree: the mapping from an endpoint
// (and a format) to a file, shared by the build (which writes the files) and the worker (which
// serves them). Pure.
//
// Layout of the build output (`dist/` by default):
//   api/v1/…                    the public static tree: one file per endpoint path, the path plus
//                               `.json` and, where the interface offers Markdown, `.md`; e.g.
//                               /souls/acme/tutor → souls/acme/tutor.json and souls/acme/tutor.md,
//                               /souls/acme/tutor/versions → souls/acme/tutor/versions.json
//   api/v1/openapi.json         the OpenAPI 3.1 document
//   schemas/soul-<v>.schema.json  manifest JSON Schemas (their `$id` is https://<site>/schemas/…)
//   index/registry.json         the compact query index (worker and site)
//   private/zips/<o>/<n>/<v>.zip   per-version ZIPs (downloads need authentication: never public)
//   private/…                   build state, scan cache, build info (never public)
//
// `?version=` variants (details and bundle) add `@<version>` to the path:
// /souls/acme/tutor?version=1.2.0 → souls/acme/tutor@1.2.0.json, /bundle/acme/tutor?version=1.2.0
// → bundle/acme/tutor@1.2.0.json. Names and versions never contain `@`, so these never collide
// with a real path. Only JSON is stored for the per-version details: the worker renders its
// Markdown with `renderSoulMarkdown` from the JSON. Every other query (pages, filters, sorts,
// reviews beyond the first page, diffs) is dynamic.
//
// Why files named after the path rather than `<path>/index.json`: a folder per file doubles the
// file-system work of a build that writes a quarter of a million files (one folder per soul
// instead of one per version and endpoint).
import { trimLeading, trimTrailing } from './strings.ts';

/** Folder of the public API tree inside the build output. */
export const API_DIR = 'api/v1';
/** Folder of the manifest JSON Schemas inside the build output. */
export const SCHEMAS_DIR = 'schemas';
/** The compact query index inside the build output. */
export const INDEX_FILE = 'index/registry.json';
/** Folder of everything that must not be served publicly. */
export const PRIVATE_DIR = 'private';
/** Folder of the per-version ZIPs inside the build output. */
export const ZIPS_DIR = 'private/zips';
/** The OpenAPI document, relative to the API tree. */
export const OPENAPI_FILE = 'openapi.json';

export type StaticFormat = 'json' | 'md';

/** A GET of the interface that the static tree answers. */
export type StaticRoute =
  | { kind: 'souls' }
  | { kind: 'soul'; owner: string; name: string; version?: string }
  | { kind: 'scan'; owner: string; name: string }
  | { kind: 'versions'; owner: string; name: string }
  | { kind: 'version'; owner: string; name: string; version: string }
  | { kind: 'bundle'; owner: string; name: string; version?: string }
  | { kind: 'reviews'; owner: string; name: string }
  | { kind: 'categories' }
  | { kind: 'scan-rules' }
  | { kind: 'openapi' };

export const CONTENT_TYPES: Readonly<Record<StaticFormat, string>> = {
  json: 'application/json; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
};

const OWNER_RE = /^[a-z0-9][a-z0-9-]{0,38}$/;
const NAME_RE = /^[a-z0-9][a-z0-9-]{0,63}$/;
const VERSION_RE = /^(?:0|[1-9][0-9]{0,8})\.(?:0|[1-9][0-9]{0,8})\.(?:0|[1-9][0-9]{0,8})$/;

function checkId(owner: string, name: string): void {
  if (!OWNER_RE.test(owner)) throw new Error(`not a valid owner for a static path: ${JSON.stringify(owner)}`);
  if (!NAME_RE.test(name)) throw new Error(`not a valid soul name for a static path: ${JSON.stringify(name)}`);
}

function checkVersion(version: string): void {
  if (!VERSION_RE.test(version)) throw new Error(`not a valid version for a static path: ${JSON.stringify(version)}`);
}

/** Whether the static tree holds this route in this format. */
export function hasStaticFormat(route: StaticRoute, format: StaticFormat): boolean {
  if (format === 'json') return true;
  return route.kind === 'souls' || (route.kind === 'soul' && route.version === undefined);
}

/**
 * The path of a route in the API tree without its extension (no leading slash).
 *
 * @example staticBaseFor({ kind: 'soul', owner: 'acme', name: 'tutor', version: '1.2.0' }) // 'souls/acme/tutor@1.2.0'
 */
export function staticBaseFor(route: StaticRoute): string {
  switch (route.kind) {
    case 'souls':
      return 'souls';
    case 'categories':
      return 'categories';
    case 'scan-rules':
      return 'scan-rules';
    case 'openapi':
      return 'openapi';
    case 'soul':
    case 'bundle': {
      checkId(route.owner, route.name);
      const base = `${route.kind === 'soul' ? 'souls' : 'bundle'}/${route.owner}/${route.name}`;
      if (route.version === undefined) return base;
      checkVersion(route.version);
      return `${base}@${route.version}`;
    }
    case 'scan':
    case 'versions':
    case 'reviews':
      checkId(route.owner, route.name);
      return `souls/${route.owner}/${route.name}/${route.kind}`;
    case 'version':
      checkId(route.owner, route.name);
      checkVersion(route.version);
      return `souls/${route.owner}/${route.name}/versions/${route.version}`;
  }
}

/**
 * The file of a route in a format, relative to the API tree; null when the tree does not hold
 * that format (the worker renders it, e.g. Markdown of a `?version=` details).
 * Throws on an owner, name or version that is not a valid id (never a path outside the tree).
 *
 * @example staticPathFor({ kind: 'soul', owner: 'acme', name: 'tutor' }, 'md') // 'souls/acme/tutor.md'
 * @example staticPathFor({ kind: 'souls' }, 'json') // 'souls.json'
 */
export function staticPathFor(route: StaticRoute, format: StaticFormat = 'json'): string | null {
  if (!hasStaticFormat(route, format)) return null;
  return `${staticBaseFor(route)}.${format}`;
}

/**
 * The ZIP of one version, relative to the build output (outside the public tree).
 *
 * @example zipPathFor('acme', 'tutor', '1.2.0') // 'private/zips/acme/tutor/1.2.0.zip'
 */
export function zipPathFor(owner: string, name: string, version: string): string {
  checkId(owner, name);
  checkVersion(version);
  return `${ZIPS_DIR}/${owner}/${name}/${version}.zip`;
}

/**
 * Parse a request of the interface into the static route that answers it, or null when the
 * request is dynamic (unknown path, or a query the static tree does not hold). `path` is relative
 * to the API base (`/souls/acme/tutor`); `query` holds the request's query parameters. A
 * `version` parameter is allowed on details and bundles; an empty or invalid one is dynamic (the
 * worker answers 404 / 400).
 *
 * @example parseStaticRoute('/souls/acme/tutor', { version: '1.0.0' }) // { kind: 'soul', owner: 'acme', name: 'tutor', version: '1.0.0' }
 * @example parseStaticRoute('/souls', { page: '2' }) // null
 */
export function parseStaticRoute(path: string, query: Readonly<Record<string, string>> = {}): StaticRoute | null {
  const keys = Object.keys(query);
  const trimmed = trimTrailing(trimLeading(path, '/'), '/');
  const parts = trimmed === '' ? [] : trimmed.split('/');
  const version = query['version'];
  const onlyVersion = keys.length === 1 && version !== undefined;
  if (keys.length > 0 && !onlyVersion) return null;
  if (version !== undefined && !VERSION_RE.test(version)) return null;
  const [a, b, c, d, e] = parts;
  const idOk = (o: string | undefined, n: string | undefined): boolean => o !== undefined && n !== undefined && OWNER_RE.test(o) && NAME_RE.test(n);
  if (parts.length === 1) {
    if (onlyVersion) return null;
    if (a === 'souls') return { kind: 'souls' };
    if (a === 'categories') return { kind: 'categories' };
    if (a === 'scan-rules') return { kind: 'scan-rules' };
    if (a === 'openapi.json') return { kind: 'openapi' };
    return null;
  }
  if (a === 'bundle' && parts.length === 3 && idOk(b, c)) {
    return version !== undefined ? { kind: 'bundle', owner: b!, name: c!, version } : { kind: 'bundle', owner: b!, name: c! };
  }
  if (a !== 'souls' || !idOk(b, c)) return null;
  const owner = b!;
  const name = c!;
  if (parts.length === 3) return version !== undefined ? { kind: 'soul', owner, name, version } : { kind: 'soul', owner, name };
  if (onlyVersion) return null;
  if (parts.length === 4) {
    if (d === 'scan' || d === 'versions' || d === 'reviews') return { kind: d, owner, name };
    return null;
  }
  if (parts.length === 5 && d === 'versions' && e !== undefined && VERSION_RE.test(e)) return { kind: 'version', owner, name, version: e };
  return null;
}

/**
 * The route and format of a file of the API tree (the inverse of `staticPathFor`), or null when
 * the path is not one the build writes.
 *
 * @example parseStaticFile('souls/acme/tutor@1.2.0.json') // { route: { kind: 'soul', owner: 'acme', name: 'tutor', version: '1.2.0' }, format: 'json' }
 */
export function parseStaticFile(path: string): { route: StaticRoute; format: StaticFormat } | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = path.slice(dot + 1);
  if (ext !== 'json' && ext !== 'md') return null;
  const format: StaticFormat = ext;
  let base = path.slice(0, dot);
  let version: string | undefined;
  const at = base.lastIndexOf('@');
  if (at >= 0) {
    version = base.slice(at + 1);
    base = base.slice(0, at);
  }
  const route = parseStaticRoute(base === 'openapi' ? 'openapi.json' : base, version !== undefined ? { version } : {});
  if (!route || !hasStaticFormat(route, format) || staticPathFor(route, format) !== path) return null;
  return { route, format };
}
