// The OpenAPI 3.1 document of the whole interface: every endpoint (static and dynamic), every
// shape of DESIGN §3 as a component schema (JSON Schema 2020-12), the security schemes and the
// rate-limit headers. Built in code so it stays next to the shapes; emitted as
// `api/v1/openapi.json` by the build. Response schemas of what the build emits are strict
// (`additionalProperties: false`), so a test can validate every emitted file against them.
import { ERROR_CODES } from '../core/errors.ts';
import { LATEST_SPEC_VERSION, MANIFEST_SCHEMAS } from '../core/manifest/schemas.ts';
import { DEFAULT_PAGE_LIMIT, INDEX_FIELDS, INDEX_FORMAT, MAX_PAGE_LIMIT, SORTS } from '../core/registry-shapes.ts';
import { GRADES, SCAN_STATUSES, SEVERITIES, STAGES } from '../core/scan/types.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
const bool = (extra: Schema = {}): Schema => ({ type: 'boolean', ...extra });
const arr = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
const map = (values: Schema, extra: Schema = {}): Schema => ({ type: 'object', additionalProperties: values, ...extra });
const dateTime = (description: string): Schema => str({ format: 'date-time', description });

/** A closed object: `required` and `optional` properties, nothing else. */
function obj(required: Record<string, Schema>, optional: Record<string, Schema> = {}, extra: Schema = {}): Schema {
  return {
    type: 'object',
    properties: { ...required, ...optional },
    required: Object.keys(required),
    additionalProperties: false,
    ...extra,
  };
}

const VERSION_PATTERN = '^(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})\\.(0|[1-9][0-9]{0,8})$';
const OWNER_PATTERN = '^[a-z0-9][a-z0-9-]{0,38}$';
const NAME_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$';

const LIST_ITEM_PROPS: Record<string, Schema> = {
  name: str({ pattern: NAME_PATTERN, description: 'Soul name, unique within its owner.' }),
  owner: str({ pattern: OWNER_PATTERN, description: 'Owner namespace (a GitHub login, lower case).' }),
  fullName: str({ description: '`owner/name`.' }),
  displayName: str(),
  description: str(),
  version: str({ pattern: VERSION_PATTERN, description: 'Latest published version (of this version, in details with `?version=`).' }),
  category: str({ description: 'Slash-separated path `<group>/<subgroup>` or a single group; empty when none.' }),
  tags: arr(str()),
  downloads: int({ minimum: 0 }),
  rating: num({ minimum: 0, maximum: 5, description: 'Average review rating (same as avgRating); 0 without reviews.' }),
  avgRating: num({ minimum: 0, maximum: 5 }),
  reviewCount: int({ minimum: 0, description: 'Top-level reviews.' }),
  license: str(),
  author: str({ description: "The manifest's author as a display string." }),
  scanScore: int({ minimum: 0, maximum: 100 }),
  scanGrade: ref('Grade'),
  scanStatus: ref('ScanStatus'),
  updatedAt: dateTime('Last change of the soul on the main branch.'),
};

const VERSION_SUMMARY_PROPS: Record<string, Schema> = {
  version: str({ pattern: VERSION_PATTERN }),
  publishedAt: dateTime('Time of the commit that published the version.'),
  commit: str({ pattern: '^[0-9a-f]{40}$', description: 'Commit that published the version.' }),
  publisher: str({ description: 'The `Published-by:` trailer of that commit, else its author.' }),
  scan: ref('ScanSummary'),
};

function componentSchemas(): Record<string, Schema> {
  const manifest = { ...MANIFEST_SCHEMAS[LATEST_SPEC_VERSION] } as Schema;
  delete manifest['$schema'];
  return {
    Error: {
      type: 'object',
      description: 'Every error. `error` says what was wrong and how to fix it. Some errors add fields (e.g. the scan quota: limit, used).',
      properties: { error: str(), code: str({ enum: Object.keys(ERROR_CODES) }), details: {} },
      required: ['error'],
    },
    ScanQuotaError: obj({ error: str(), limit: int({ minimum: 0 }), used: int({ minimum: 0 }) }, { code: str(), details: {} }, { description: 'Monthly scan allowance used up (429 of POST /soulscan/scan).' }),
    Grade: str({ enum: [...GRADES] }),
    ScanStatus: str({ enum: [...SCAN_STATUSES] }),
    ScanIssue: obj(
      { code: str({ description: 'Rule code, e.g. SEC001.' }), message: str(), severity: str({ enum: [...SEVERITIES] }) },
      { file: str({ description: 'Omitted for issues not tied to a file.' }), line: int({ minimum: 1 }) },
    ),
    ScanResult: obj(
      {
        ok: bool({ description: 'True exactly when `errors` is empty.' }),
        status: ref('ScanStatus'),
        score: int({ minimum: 0, maximum: 100 }),
        grade: ref('Grade'),
        scannerVersion: str(),
        scanDurationMs: num({ minimum: 0, description: 'Milliseconds; 0 in results of the static build (deterministic).' }),
        errors: arr(ref('ScanIssue')),
        warnings: arr(ref('ScanIssue')),
        info: arr(ref('ScanIssue')),
      },
      { bonus: int({ minimum: 0, maximum: 10, description: 'Embodied bonus included in score.' }) },
    ),
    ScanSummary: obj({ score: int({ minimum: 0, maximum: 100 }), grade: ref('Grade'), status: ref('ScanStatus') }),
    SoulListItem: obj(LIST_ITEM_PROPS),
    SoulList: obj({ souls: arr(ref('SoulListItem')), total: int({ minimum: 0 }), page: int({ minimum: 1 }), limit: int({ minimum: 1, maximum: MAX_PAGE_LIMIT }) }),
    SearchResult: obj({ ...LIST_ITEM_PROPS, score: num({ description: 'Relevance.' }) }),
    SearchResponse: obj({
      query: obj({ q: { type: ['string', 'null'] }, tag: { type: ['string', 'null'] }, category: { type: ['string', 'null'] } }),
      results: arr(ref('SearchResult')),
      total: int({ minimum: 0 }),
    }),
    Manifest: { ...manifest, description: `soul.json (schema of specVersion ${LATEST_SPEC_VERSION}; older manifests are accepted with warnings).` },
    ManifestObject: { type: 'object', description: 'A soul.json as published (see Manifest; published manifests may carry warnings).' },
    FileMap: map(str(), { description: 'File name → content (UTF-8 text; base64 for the names listed in `encodings`).' }),
    Encodings: map(str({ enum: ['base64'] }), { description: 'File name → `base64` for files carried as base64 (images, non-UTF-8 files); absent when none.' }),
    VersionSummary: obj(VERSION_SUMMARY_PROPS),
    VersionFile: obj({ path: str(), size: int({ minimum: 0 }), sha256: str({ pattern: '^[0-9a-f]{64}$' }) }),
    VersionRecord: obj({ ...VERSION_SUMMARY_PROPS, files: arr(ref('VersionFile')) }),
    VersionList: obj({ owner: str({ pattern: OWNER_PATTERN }), name: str({ pattern: NAME_PATTERN }), versions: arr(ref('VersionRecord'), { description: 'Newest first.' }), total: int({ minimum: 0 }) }),
    SoulDetails: obj(
      {
        ...LIST_ITEM_PROPS,
        files: map(str(), { description: 'Role → file name (`soul` names the main persona file).' }),
        fileContents: ref('FileMap'),
        manifest: ref('ManifestObject'),
        scan: ref('ScanResult'),
        versions: arr(ref('VersionSummary'), { description: 'Every published version, newest first.' }),
        publishedAt: dateTime('When this version was published.'),
      },
      { encodings: ref('Encodings'), removed: { const: true, description: 'The soul was removed: not listed, versions still reachable.' } },
    ),
    SoulBundle: obj({ owner: str({ pattern: OWNER_PATTERN }), name: str({ pattern: NAME_PATTERN }), version: str({ pattern: VERSION_PATTERN }), manifest: ref('ManifestObject'), files: ref('FileMap') }, { encodings: ref('Encodings') }),
    Category: obj({ name: str(), count: int({ minimum: 0 }) }),
    CategoryList: obj({ categories: arr(ref('Category')) }),
    RuleInfo: obj({ id: str(), stage: str({ enum: [...STAGES] }), severity: str({ enum: [...SEVERITIES] }), category: str(), description: str() }),
    RuleTable: obj({ version: str(), scannerVersion: str(), rules: arr(ref('RuleInfo')) }),
    Review: obj({
      id: str(),
      rating: { type: ['integer', 'null'], minimum: 1, maximum: 5, description: '1..5 on a review; null on a reply.' },
      body: str({ minLength: 1, maxLength: 5000 }),
      author: obj({ username: str() }),
      createdAt: dateTime('Creation time.'),
      updatedAt: dateTime('Last edit.'),
      likes: int({ minimum: 0 }),
      replies: arr(ref('Review'), { description: 'Replies, oldest first.' }),
    }),
    ReviewList: obj({ reviews: arr(ref('Review'), { description: 'Top-level reviews, newest first.' }), total: int({ minimum: 0 }), limit: int({ minimum: 1, maximum: MAX_PAGE_LIMIT }), offset: int({ minimum: 0 }), avgRating: num({ minimum: 0, maximum: 5 }) }),
    ReviewCreate: obj({ body: str({ minLength: 1, maxLength: 5000 }) }, { rating: int({ minimum: 1, maximum: 5 }), parentId: str({ description: 'Makes this a reply (then without rating).' }) }),
    ReviewUpdate: obj({}, { rating: int({ minimum: 1, maximum: 5 }), body: str({ minLength: 1, maxLength: 5000 }) }),
    LikeResponse: obj({ ok: { const: true }, likes: int({ minimum: 0 }) }),
    OkResponse: obj({ ok: { const: true } }),
    DiffFile: obj({ path: str(), status: str({ enum: ['added', 'removed', 'modified'] }), additions: int({ minimum: 0 }), deletions: int({ minimum: 0 }), patch: str({ description: 'Unified diff.' }) }),
    Diff: obj({ owner: str(), name: str(), v1: str({ pattern: VERSION_PATTERN }), v2: str({ pattern: VERSION_PATTERN }), files: arr(ref('DiffFile')) }),
    ReportRequest: obj({ reason: str({ enum: ['harmful-content', 'prompt-injection', 'malware', 'impersonation', 'spam', 'copyright', 'other'] }) }, { details: str({ maxLength: 2000 }) }),
    ReportResponse: obj({ ok: { const: true }, id: str() }),
    PublishRequest: obj({ manifest: ref('ManifestObject'), files: map(str(), { description: 'File name → content (soul.json may be left out).' }) }),
    PublishResponse: obj({ ok: { const: true }, message: str({ description: 'Published owner/name vX.Y.Z' }), url: str({ format: 'uri' }) }, { warnings: arr(str()) }),
    ValidateRequest: obj({ manifest: ref('ManifestObject'), files: map(str()) }, { soulscan: bool({ description: 'Run the scan too (default true).' }) }),
    ValidationCheck: obj({ type: str({ enum: ['pass', 'fail', 'warn', 'info'] }), message: str() }, { code: str(), details: {} }),
    ValidateResponse: obj({ valid: bool(), checks: arr(ref('ValidationCheck')) }, { scan: ref('ScanResult') }),
    ScanRequest: obj({ files: map(str(), { description: 'File name → content; soul.json as a JSON string; images base64.' }) }),
    CurrentUser: obj({ username: str(), tier: str({ description: 'e.g. free' }), hasPaymentCustomer: bool(), user: obj({ username: str() }) }),
    Template: obj({ files: map(str()) }),
    RegistryIndex: obj({
      format: { const: INDEX_FORMAT },
      head: str({ pattern: '^[0-9a-f]{40}$' }),
      fields: { const: [...INDEX_FIELDS] },
      souls: arr(arr({}, { minItems: INDEX_FIELDS.length, maxItems: INDEX_FIELDS.length })),
    }, {}, { description: 'The compact query index of the static build (index/registry.json): one array of values per listed soul, in the order of `fields`. Not an endpoint.' }),
  };
}

const json = (schema: Schema): Schema => ({ 'application/json': { schema } });
const RATE_HEADERS = {
  'X-RateLimit-Limit': { $ref: '#/components/headers/X-RateLimit-Limit' },
  'X-RateLimit-Remaining': { $ref: '#/components/headers/X-RateLimit-Remaining' },
  'X-RateLimit-Reset': { $ref: '#/components/headers/X-RateLimit-Reset' },
};

function ok(description: string, schema: Schema, options: { markdown?: boolean; status?: string } = {}): Record<string, Schema> {
  const content: Schema = json(schema);
  if (options.markdown) content['text/markdown'] = { schema: str({ description: 'With `Accept: text/markdown`.' }) };
  return { [options.status ?? '200']: { description, headers: RATE_HEADERS, content } };
}

const err = (...codes: number[]): Record<string, Schema> => Object.fromEntries(codes.map((c) => [String(c), { $ref: `#/components/responses/E${c}` }]));

const P = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` });
const SOUL = [P('owner'), P('name')];
const AUTH = [{ bearerToken: [] }, { tokenHeader: [] }];

function op(summary: string, extra: Schema): Schema {
  return { summary, ...extra };
}

function paths(): Record<string, Schema> {
  return {
    '/souls': {
      get: op('List souls', {
        operationId: 'listSouls',
        description: 'Static (as `souls.json` / `souls.md`) without parameters; dynamic with any.',
        tags: ['souls'],
        parameters: [P('q'), P('category'), P('tag'), P('sort'), P('page'), P('limit')],
        responses: { ...ok('One page of souls.', ref('SoulList'), { markdown: true }), ...err(400, 429) },
      }),
    },
    '/search': {
      get: op('Search souls', {
        operationId: 'searchSouls',
        description: 'At least one of q, tag, category; none is 400.',
        tags: ['souls'],
        parameters: [P('q'), P('tag'), P('category')],
        responses: { ...ok('Matches with a relevance score.', ref('SearchResponse')), ...err(400, 429) },
      }),
    },
    '/souls/{owner}/{name}': {
      get: op('Soul details', {
        operationId: 'getSoul',
        description: 'Static: the latest as `souls/{owner}/{name}.json` / `.md`, a version as `souls/{owner}/{name}@{version}.json`.',
        tags: ['souls'],
        parameters: [...SOUL, P('versionQuery'), { name: 'files', in: 'query', required: false, description: 'Accepted for older clients; file contents are always included.', schema: str({ enum: ['true', 'false'] }) }],
        responses: { ...ok('Details with file contents, scan and versions.', ref('SoulDetails'), { markdown: true }), ...err(404, 429) },
      }),
    },
    '/souls/{owner}/{name}/download': {
      get: op('Download a version as ZIP', {
        operationId: 'downloadSoul',
        tags: ['souls'],
        security: AUTH,
        parameters: [...SOUL, P('versionQuery')],
        responses: {
          '200': { description: 'Deterministic ZIP (sorted entries, fixed timestamps). Counts one download.', headers: RATE_HEADERS, content: { 'application/zip': { schema: str({ contentMediaType: 'application/zip' }) } } },
          ...err(401, 403, 404, 429),
        },
      }),
    },
    '/souls/{owner}/{name}/publish': {
      put: op('Publish or update a soul', {
        operationId: 'publishSoul',
        description: "Only in the caller's namespace (403); the official namespace only for superusers; the version must be greater than the latest (409); any scan error blocks (422, findings in details).",
        tags: ['publish'],
        security: AUTH,
        parameters: SOUL,
        requestBody: { required: true, content: json(ref('PublishRequest')) },
        responses: { ...ok('Published.', ref('PublishResponse')), ...err(400, 401, 403, 409, 413, 422, 429) },
      }),
    },
    '/validate': {
      post: op('Validate a soul without publishing', {
        operationId: 'validateSoul',
        description: 'Public and rate-limited.',
        tags: ['publish'],
        requestBody: { required: true, content: json(ref('ValidateRequest')) },
        responses: { ...ok('Checks.', ref('ValidateResponse')), ...err(400, 413, 429) },
      }),
    },
    '/categories': {
      get: op('Categories with counts', {
        operationId: 'listCategories',
        description: 'Each group and each full path; a group counts its subgroups.',
        tags: ['souls'],
        responses: { ...ok('Categories.', ref('CategoryList')), ...err(429) },
      }),
    },
    '/souls/{owner}/{name}/scan': {
      get: op('Latest scan of a soul', { operationId: 'getSoulScan', tags: ['scan'], parameters: SOUL, responses: { ...ok('Full scan result of the latest version.', ref('ScanResult')), ...err(404, 429) } }),
    },
    '/souls/{owner}/{name}/versions': {
      get: op('List versions', { operationId: 'listVersions', tags: ['souls'], parameters: SOUL, responses: { ...ok('Versions, newest first.', ref('VersionList')), ...err(404, 429) } }),
    },
    '/souls/{owner}/{name}/versions/{version}': {
      get: op('One version', { operationId: 'getVersion', tags: ['souls'], parameters: [...SOUL, P('version')], responses: { ...ok('Version record.', ref('VersionRecord')), ...err(404, 429) } }),
    },
    '/bundle/{owner}/{name}': {
      get: op('Bundle for quick install', {
        operationId: 'getBundle',
        description: 'Public. Static: `bundle/{owner}/{name}.json`, a version as `bundle/{owner}/{name}@{version}.json`.',
        tags: ['souls'],
        parameters: [...SOUL, P('versionQuery')],
        responses: { ...ok('Manifest and every file (soul.json included).', ref('SoulBundle')), ...err(404, 429) },
      }),
    },
    '/auth/me': {
      get: op('Current user', {
        operationId: 'getCurrentUser',
        tags: ['auth'],
        security: [...AUTH, { sessionCookie: [] }],
        responses: { ...ok('The caller.', ref('CurrentUser')), ...err(401, 403, 429) },
      }),
    },
    '/me': {
      get: op('Current user (deprecated alias of /auth/me)', {
        operationId: 'getCurrentUserDeprecated',
        deprecated: true,
        tags: ['auth'],
        security: [...AUTH, { sessionCookie: [] }],
        responses: { ...ok('The caller; with Deprecation and Link headers.', ref('CurrentUser')), ...err(401, 403, 429) },
      }),
    },
    '/souls/{owner}/{name}/reviews': {
      get: op('List reviews', {
        operationId: 'listReviews',
        description: 'Static (first page) as `souls/{owner}/{name}/reviews.json`.',
        tags: ['reviews'],
        parameters: [...SOUL, P('reviewLimit'), P('offset')],
        responses: { ...ok('Reviews with nested replies.', ref('ReviewList')), ...err(400, 404, 429) },
      }),
      post: op('Create a review or a reply', {
        operationId: 'createReview',
        description: 'Not on your own soul (403); one top-level review per user and soul (409).',
        tags: ['reviews'],
        security: AUTH,
        parameters: SOUL,
        requestBody: { required: true, content: json(ref('ReviewCreate')) },
        responses: { ...ok('Created.', ref('Review'), { status: '201' }), ...err(400, 401, 403, 404, 409, 429) },
      }),
    },
    '/souls/{owner}/{name}/reviews/{reviewId}': {
      put: op('Update a review', {
        operationId: 'updateReview',
        description: 'By its author only.',
        tags: ['reviews'],
        security: AUTH,
        parameters: [...SOUL, P('reviewId')],
        requestBody: { required: true, content: json(ref('ReviewUpdate')) },
        responses: { ...ok('Updated.', ref('Review')), ...err(400, 401, 403, 404, 429) },
      }),
      delete: op('Delete a review', {
        operationId: 'deleteReview',
        description: 'By its author or a moderator.',
        tags: ['reviews'],
        security: AUTH,
        parameters: [...SOUL, P('reviewId')],
        responses: { ...ok('Deleted.', ref('OkResponse')), ...err(401, 403, 404, 429) },
      }),
    },
    '/souls/{owner}/{name}/reviews/{reviewId}/like': {
      post: op('Like a review', {
        operationId: 'likeReview',
        description: 'Idempotent per user.',
        tags: ['reviews'],
        security: AUTH,
        parameters: [...SOUL, P('reviewId')],
        responses: { ...ok('Liked.', ref('LikeResponse')), ...err(401, 403, 404, 429) },
      }),
    },
    '/souls/{owner}/{name}/diff': {
      get: op('Diff of two versions', {
        operationId: 'diffVersions',
        tags: ['souls'],
        parameters: [...SOUL, { name: 'v1', in: 'query', required: true, schema: str({ pattern: VERSION_PATTERN }) }, { name: 'v2', in: 'query', required: true, schema: str({ pattern: VERSION_PATTERN }) }],
        responses: { ...ok('File-by-file unified diff.', ref('Diff')), ...err(400, 404, 429) },
      }),
    },
    '/souls/{owner}/{name}/report': {
      post: op('Report a soul', {
        operationId: 'reportSoul',
        description: 'Reports are private.',
        tags: ['moderation'],
        security: AUTH,
        parameters: SOUL,
        requestBody: { required: true, content: json(ref('ReportRequest')) },
        responses: { ...ok('Reported.', ref('ReportResponse'), { status: '201' }), ...err(400, 401, 403, 404, 429) },
      }),
    },
    '/scan-rules': {
      get: op('Scan rule set', { operationId: 'getScanRules', tags: ['scan'], responses: { ...ok('Rules of the scanner.', ref('RuleTable')), ...err(429) } }),
    },
    '/soulscan/scan': {
      post: op('Scan a file set', {
        operationId: 'scanFiles',
        description: 'Needs a scan key (`cs_scan_…`) in X-API-Key. 100 scans a month on the free tier.',
        tags: ['scan'],
        security: [{ scanKey: [] }],
        requestBody: { required: true, content: json(ref('ScanRequest')) },
        responses: {
          '200': { description: 'Scan result.', content: json(ref('ScanResult')) },
          '400': { $ref: '#/components/responses/E400' },
          '401': { $ref: '#/components/responses/E401' },
          '413': { $ref: '#/components/responses/E413' },
          '429': { description: 'Monthly allowance used up.', content: json(ref('ScanQuotaError')) },
        },
      }),
    },
    '/template': {
      get: op('Template of a new soul', {
        operationId: 'getTemplate',
        description: 'Used by `soul init` of existing clients.',
        tags: ['publish'],
        parameters: [{ name: 'spec', in: 'query', required: false, schema: str({ enum: ['0.3', '0.4', '0.5'] }) }],
        responses: { ...ok('Template files.', ref('Template')), ...err(400, 429) },
      }),
    },
    '/openapi.json': {
      get: op('This document', { operationId: 'getOpenApi', tags: ['meta'], responses: { '200': { description: 'OpenAPI 3.1.', content: json({ type: 'object' }) } } }),
    },
  };
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: missing or invalid parameters or body.',
  401: 'Missing or invalid token.',
  403: 'Forbidden: wrong namespace, blocked account, or not allowed.',
  404: 'Not found.',
  409: 'Conflict: e.g. the version is already published.',
  413: 'Request body too large.',
  422: 'Blocked by the scan; the findings are in `details`.',
  429: 'Rate limited; see Retry-After.',
};

/**
 * The OpenAPI 3.1 document of the interface.
 *
 * @example buildOpenApiDocument().openapi // '3.1.0'
 */
export function buildOpenApiDocument(): Schema {
  const responses: Record<string, Schema> = {};
  for (const [code, description] of Object.entries(ERROR_DESCRIPTIONS)) {
    responses[`E${code}`] = { description, headers: code === '429' ? { ...RATE_HEADERS, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : RATE_HEADERS, content: json(ref('Error')) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Soul Registry API',
      version: '1.0.0',
      description: 'Registry of AI-agent persona packages (souls) and SoulScan. Every GET without query parameters is also a static file (see scripts/core/static-paths.ts).',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/api/v1' }],
    tags: ['souls', 'publish', 'reviews', 'scan', 'auth', 'moderation', 'meta'].map((name) => ({ name })),
    paths: paths(),
    components: {
      schemas: componentSchemas(),
      parameters: {
        owner: { name: 'owner', in: 'path', required: true, schema: str({ pattern: OWNER_PATTERN }) },
        name: { name: 'name', in: 'path', required: true, schema: str({ pattern: NAME_PATTERN }) },
        version: { name: 'version', in: 'path', required: true, schema: str({ pattern: VERSION_PATTERN }) },
        versionQuery: { name: 'version', in: 'query', required: false, description: 'A published version; default the latest; unknown → 404.', schema: str({ pattern: VERSION_PATTERN }) },
        reviewId: { name: 'reviewId', in: 'path', required: true, schema: str() },
        q: { name: 'q', in: 'query', required: false, description: 'Full-text search over name, description, tags, category.', schema: str() },
        category: { name: 'category', in: 'query', required: false, description: 'Category prefix.', schema: str() },
        tag: { name: 'tag', in: 'query', required: false, schema: str() },
        sort: { name: 'sort', in: 'query', required: false, schema: str({ enum: [...SORTS], default: 'name' }) },
        page: { name: 'page', in: 'query', required: false, schema: int({ minimum: 1, default: 1 }) },
        limit: { name: 'limit', in: 'query', required: false, schema: int({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_LIMIT }) },
        reviewLimit: { name: 'limit', in: 'query', required: false, schema: int({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: 20 }) },
        offset: { name: 'offset', in: 'query', required: false, schema: int({ minimum: 0, default: 0 }) },
      },
      responses,
      headers: {
        'X-RateLimit-Limit': { description: 'Requests allowed per minute for the caller.', schema: int() },
        'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: int() },
        'X-RateLimit-Reset': { description: 'Epoch seconds when the window resets.', schema: int() },
        'Retry-After': { description: 'Seconds to wait.', schema: int() },
      },
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'Personal access token `cs_…` (or a legacy token on /auth/me).' },
        tokenHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'The same personal access token in x-api-key.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Session of the website (GitHub sign-in).' },
        scanKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Scan key `cs_scan_…` (POST /soulscan/scan only).' },
      },
    },
  };
}
