// The response shapes of the registry (DESIGN §3) and pure builders from version data and scan
// results to them: list items, details, version records, version lists, bundles, categories,
// the rule table, review lists, the default list page and the compact query index. The static
// build and the worker both build every body through these functions, so a static file and a
// dynamic answer to the same request are the same bytes.
//
// Decisions:
// - `author` in list items is a display string: the manifest's author string, or its `name`,
//   or the owner when the manifest names none (clients print it).
// - `rating` and `avgRating` are the mean of top-level review ratings rounded to 2 decimals, 0
//   without reviews; `reviewCount` counts top-level reviews (replies carry no rating).
// - `fileContents` maps file name → content; images (and any file that is not valid UTF-8) are
//   base64, listed in `encodings` (present only when some file is base64).
// - `files` (role → file name) is the manifest's `files`; when a manifest has none, roles are
//   inferred from the well-known file names present (SOUL.md → soul, IDENTITY.md → identity, …).
// - Orders: versions newest first; files by path (code-unit order); categories by name; reviews
//   newest first with replies oldest first beneath their parent.
import { RECOMMENDED_FILES } from './package.ts';
import { trimTrailing } from './strings.ts';
import { buildRuleTable } from './render/rules.ts';
import type { RuleTable } from './render/rules.ts';
import type { Grade, RuleInfo, ScanResult, ScanStatus } from './scan/types.ts';

export { buildRuleTable };
export type { RuleTable };

/** Score, grade and status of a scan: what lists and version records carry. */
export interface ScanSummary {
  score: number;
  grade: Grade;
  status: ScanStatus;
}

/** One soul in `GET /souls` (and, with a relevance score, in `/search`). */
export interface SoulListItem {
  name: string;
  owner: string;
  fullName: string;
  displayName: string;
  description: string;
  version: string;
  category: string;
  tags: string[];
  downloads: number;
  rating: number;
  avgRating: number;
  reviewCount: number;
  license: string;
  author: string;
  scanScore: number;
  scanGrade: Grade;
  scanStatus: ScanStatus;
  updatedAt: string;
}

/** `GET /souls`. */
export interface SoulList {
  souls: SoulListItem[];
  total: number;
  page: number;
  limit: number;
}

/** One file of a published version. */
export interface VersionFile {
  path: string;
  size: number;
  sha256: string;
}

/** `GET /souls/{owner}/{name}/versions/{version}` and an item of the versions list. */
export interface VersionRecord {
  version: string;
  publishedAt: string;
  commit: string;
  publisher: string;
  files: VersionFile[];
  scan: ScanSummary;
}

/** `GET /souls/{owner}/{name}/versions`. */
export interface VersionList {
  owner: string;
  name: string;
  versions: VersionRecord[];
  total: number;
}

/** A version as listed inside the details. */
export interface VersionSummary {
  version: string;
  publishedAt: string;
  commit: string;
  publisher: string;
  scan: ScanSummary;
}

export type FileEncoding = 'utf8' | 'base64';

/** `GET /souls/{owner}/{name}[?version=]`. */
export interface SoulDetails extends SoulListItem {
  /** Role → file name. */
  files: Record<string, string>;
  /** File name → content (UTF-8 text, or base64 for the names in `encodings`). */
  fileContents: Record<string, string>;
  /** File name → `base64` for every file whose content is base64; absent when there is none. */
  encodings?: Record<string, 'base64'>;
  /** soul.json of this version as published. */
  manifest: Record<string, unknown>;
  /** Full scan result of this version. */
  scan: ScanResult;
  /** Every published version, newest first. */
  versions: VersionSummary[];
  /** When this version was published. */
  publishedAt: string;
  /** Present (true) when the soul's folder was removed: it is no longer listed, its versions stay reachable. */
  removed?: boolean;
}

/** `GET /bundle/{owner}/{name}[?version=]`. */
export interface SoulBundle {
  owner: string;
  name: string;
  version: string;
  manifest: Record<string, unknown>;
  /** File name → content, soul.json included. */
  files: Record<string, string>;
  encodings?: Record<string, 'base64'>;
}

export interface CategoryCount {
  name: string;
  count: number;
}

/** `GET /categories`. */
export interface CategoryList {
  categories: CategoryCount[];
}

/** One review in responses. */
export interface Review {
  id: string;
  /** 1..5 on a top-level review; null on a reply. */
  rating: number | null;
  body: string;
  author: { username: string };
  createdAt: string;
  updatedAt: string;
  likes: number;
  replies: Review[];
}

/** `GET /souls/{owner}/{name}/reviews`. */
export interface ReviewList {
  reviews: Review[];
  total: number;
  limit: number;
  offset: number;
  avgRating: number;
}

/**
 * A review file of the registry repository, `reviews/<owner>/<name>/<id>.json`: the Review record
 * without `replies` (a reply names its parent in `parentId` and has no rating).
 */
export interface ReviewFile {
  id: string;
  rating?: number | null;
  body: string;
  author: { username: string };
  createdAt: string;
  updatedAt?: string;
  likes?: number;
  parentId?: string;
}

/** One file of a version as the builders need it. */
export interface VersionFileData {
  path: string;
  /** UTF-8 text, or base64 when `encoding` is base64. */
  content: string;
  encoding: FileEncoding;
  /** Size in bytes of the file as stored. */
  size: number;
  /** Hex SHA-256 of the file as stored. */
  sha256: string;
}

/** Everything known about one published version. */
export interface VersionData {
  owner: string;
  name: string;
  version: string;
  commit: string;
  publishedAt: string;
  publisher: string;
  /** soul.json parsed (an object; the history walk publishes only versions with a JSON object manifest). */
  manifest: Record<string, unknown>;
  /** Every file of the folder, soul.json included, sorted by path. */
  files: VersionFileData[];
  scan: ScanResult;
}

/** Per-soul figures that do not come from a version. */
export interface SoulStats {
  downloads: number;
  avgRating: number;
  reviewCount: number;
  /** Last change of the soul's folder (ISO 8601). */
  updatedAt: string;
}

export const SORTS = ['name', 'downloads', 'rating', 'newest', 'updated'] as const;
export type SoulSort = (typeof SORTS)[number];

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_REVIEW_LIMIT = 20;

/** One soul of the query index: the list item plus what queries need. */
export interface IndexEntry extends SoulListItem {
  /** First publication of the soul (ISO 8601), for `sort=newest`. */
  createdAt: string;
  /** Lower-cased text the `q` filter matches: name, display name, description, tags, category. */
  search: string;
}

/** The compact query index file: one array of values per soul, in the order of `fields`. */
export interface RegistryIndexFile {
  format: typeof INDEX_FORMAT;
  /** Commit the index was built from. */
  head: string;
  fields: readonly (keyof IndexEntry)[];
  souls: unknown[][];
}

export const INDEX_FORMAT = 1;

/** Field order of the compact index. */
export const INDEX_FIELDS = [
  'owner',
  'name',
  'fullName',
  'displayName',
  'description',
  'version',
  'category',
  'tags',
  'downloads',
  'rating',
  'avgRating',
  'reviewCount',
  'license',
  'author',
  'scanScore',
  'scanGrade',
  'scanStatus',
  'updatedAt',
  'createdAt',
  'search',
] as const satisfies readonly (keyof IndexEntry)[];

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Score, grade and status of a scan result. */
export function summarizeScan(scan: ScanResult): ScanSummary {
  return { score: scan.score, grade: scan.grade, status: scan.status };
}

/**
 * The author of a manifest as one display string.
 *
 * @example authorName({ author: { name: 'Ada', github: 'ada' } }, 'acme') // 'Ada'
 */
export function authorName(manifest: Record<string, unknown>, owner: string): string {
  const author = manifest['author'];
  if (typeof author === 'string' && author.trim() !== '') return author.trim();
  if (author !== null && typeof author === 'object' && !Array.isArray(author)) {
    const a = author as Record<string, unknown>;
    for (const key of ['name', 'github']) {
      const v = a[key];
      if (typeof v === 'string' && v.trim() !== '') return v.trim();
    }
  }
  return owner;
}

function tagsOf(manifest: Record<string, unknown>): string[] {
  const tags = manifest['tags'];
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Role → file name: the manifest's `files` (string values only), else roles inferred from the
 * well-known file names present.
 *
 * @example fileRoles({}, ['SOUL.md', 'soul.json']) // { soul: 'SOUL.md' }
 */
export function fileRoles(manifest: Record<string, unknown>, paths: readonly string[]): Record<string, string> {
  const declared = manifest['files'];
  const out: Record<string, string> = {};
  if (declared !== null && typeof declared === 'object' && !Array.isArray(declared)) {
    for (const [role, file] of Object.entries(declared as Record<string, unknown>)) if (typeof file === 'string') out[role] = file;
    if (Object.keys(out).length > 0) return out;
  }
  const present = new Set(paths);
  for (const f of RECOMMENDED_FILES) if (present.has(f.name)) out[f.role] = f.name;
  return out;
}

/**
 * A list item from the version it shows (the latest) and the soul's figures.
 *
 * @example buildListItem(latest, { downloads: 3, avgRating: 4.5, reviewCount: 2, updatedAt }).fullName // 'acme/tutor'
 */
export function buildListItem(v: VersionData, stats: SoulStats): SoulListItem {
  const m = v.manifest;
  return {
    name: v.name,
    owner: v.owner,
    fullName: `${v.owner}/${v.name}`,
    displayName: str(m['displayName']).trim() || v.name,
    description: str(m['description']),
    version: v.version,
    category: str(m['category']),
    tags: tagsOf(m),
    downloads: stats.downloads,
    rating: round2(stats.avgRating),
    avgRating: round2(stats.avgRating),
    reviewCount: stats.reviewCount,
    license: str(m['license']),
    author: authorName(m, v.owner),
    scanScore: v.scan.score,
    scanGrade: v.scan.grade,
    scanStatus: v.scan.status,
    updatedAt: stats.updatedAt,
  };
}

/** The version record of a version. */
export function buildVersionRecord(v: VersionData): VersionRecord {
  return {
    version: v.version,
    publishedAt: v.publishedAt,
    commit: v.commit,
    publisher: v.publisher,
    files: v.files.map((f) => ({ path: f.path, size: f.size, sha256: f.sha256 })),
    scan: summarizeScan(v.scan),
  };
}

/** A version record without its files, as listed in the details. */
export function summarizeVersion(r: VersionRecord): VersionSummary {
  return { version: r.version, publishedAt: r.publishedAt, commit: r.commit, publisher: r.publisher, scan: r.scan };
}

/** The versions list from the records (any order in; newest first out, by publication order). */
export function buildVersionList(owner: string, name: string, recordsOldestFirst: readonly VersionRecord[]): VersionList {
  const versions = [...recordsOldestFirst].reverse();
  return { owner, name, versions, total: versions.length };
}

function contentsOf(files: readonly VersionFileData[]): { contents: Record<string, string>; encodings?: Record<string, 'base64'> } {
  const contents: Record<string, string> = {};
  const encodings: Record<string, 'base64'> = {};
  let binary = false;
  for (const f of [...files].sort((a, b) => cmp(a.path, b.path))) {
    contents[f.path] = f.content;
    if (f.encoding === 'base64') {
      encodings[f.path] = 'base64';
      binary = true;
    }
  }
  return binary ? { contents, encodings } : { contents };
}

/**
 * The details of one version of a soul.
 *
 * @param input.version the version shown (its files, manifest and scan)
 * @param input.records every published version's record, oldest first
 */
export function buildSoulDetails(input: { version: VersionData; records: readonly VersionRecord[]; stats: SoulStats; removed?: boolean }): SoulDetails {
  const v = input.version;
  const { contents, encodings } = contentsOf(v.files);
  const details: SoulDetails = {
    ...buildListItem(v, input.stats),
    files: fileRoles(v.manifest, v.files.map((f) => f.path)),
    fileContents: contents,
    ...(encodings ? { encodings } : {}),
    manifest: v.manifest,
    scan: v.scan,
    versions: [...input.records].reverse().map(summarizeVersion),
    publishedAt: v.publishedAt,
  };
  if (input.removed) details.removed = true;
  return details;
}

/** The bundle of one version: manifest and every file (soul.json included). */
export function buildBundle(v: VersionData): SoulBundle {
  const { contents, encodings } = contentsOf(v.files);
  return { owner: v.owner, name: v.name, version: v.version, manifest: v.manifest, files: contents, ...(encodings ? { encodings } : {}) };
}

/**
 * Categories with counts: each group and each full path, a group counting its subgroups' souls
 * (each soul once). Souls without a category are not counted.
 *
 * @example buildCategories([{ category: 'work/devops' }, { category: 'work' }]).categories
 * // [{ name: 'work', count: 2 }, { name: 'work/devops', count: 1 }]
 */
export function buildCategories(items: Iterable<{ category: string }>): CategoryList {
  const counts = new Map<string, number>();
  const add = (name: string): void => {
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  for (const { category } of items) {
    const path = category.trim();
    if (path === '') continue;
    const slash = path.indexOf('/');
    const group = slash < 0 ? path : path.slice(0, slash);
    if (group === '') continue;
    add(group);
    if (slash >= 0 && path !== group) add(path);
  }
  return { categories: [...counts].sort((a, b) => cmp(a[0], b[0])).map(([name, count]) => ({ name, count })) };
}

/** The body of `GET /scan-rules`. */
export function buildScanRules(input: { rules: readonly RuleInfo[]; version: string; scannerVersion: string }): RuleTable {
  return buildRuleTable(input);
}

const REVIEW_ID_RE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const MAX_REVIEW_BODY = 5000;

/**
 * Check a review file's parsed JSON: the review, or a message saying what is wrong. `id` must
 * equal the file's base name when given.
 *
 * @example parseReviewFile({ id: 'r1', rating: 5, body: 'Great', author: { username: 'ada' }, createdAt: '2024-01-01T00:00:00Z' }, 'r1').ok // true
 */
export function parseReviewFile(value: unknown, fileId?: string): { ok: true; review: ReviewFile } | { ok: false; message: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'a review file must hold a JSON object' };
  const r = value as Record<string, unknown>;
  const id = r['id'];
  if (typeof id !== 'string' || !REVIEW_ID_RE.test(id)) return { ok: false, message: '"id" must be 1-64 letters, digits, "_" or "-"' };
  if (fileId !== undefined && id !== fileId) return { ok: false, message: `"id" ${JSON.stringify(id)} must equal the file name ${JSON.stringify(fileId)}` };
  const parentId = r['parentId'];
  if (parentId !== undefined && parentId !== null && (typeof parentId !== 'string' || !REVIEW_ID_RE.test(parentId))) return { ok: false, message: '"parentId" must be the id of another review' };
  const isReply = typeof parentId === 'string';
  const rating = r['rating'];
  if (isReply) {
    if (rating !== undefined && rating !== null) return { ok: false, message: 'a reply (with "parentId") has no "rating"' };
  } else if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    return { ok: false, message: '"rating" must be an integer from 1 to 5' };
  }
  const body = r['body'];
  if (typeof body !== 'string' || body.length === 0 || body.length > MAX_REVIEW_BODY) return { ok: false, message: `"body" must be 1 to ${MAX_REVIEW_BODY} characters` };
  const author = r['author'];
  const username = author !== null && typeof author === 'object' ? (author as Record<string, unknown>)['username'] : undefined;
  if (typeof username !== 'string' || username === '') return { ok: false, message: '"author.username" must be a non-empty string' };
  const createdAt = r['createdAt'];
  if (typeof createdAt !== 'string' || !ISO_RE.test(createdAt)) return { ok: false, message: '"createdAt" must be an ISO 8601 time' };
  const updatedAt = r['updatedAt'];
  if (updatedAt !== undefined && (typeof updatedAt !== 'string' || !ISO_RE.test(updatedAt))) return { ok: false, message: '"updatedAt" must be an ISO 8601 time' };
  const likes = r['likes'];
  if (likes !== undefined && (typeof likes !== 'number' || !Number.isInteger(likes) || likes < 0)) return { ok: false, message: '"likes" must be a whole number ≥ 0' };
  const review: ReviewFile = { id, body, author: { username }, createdAt };
  if (!isReply) review.rating = rating as number;
  if (typeof updatedAt === 'string') review.updatedAt = updatedAt;
  if (typeof likes === 'number') review.likes = likes;
  if (isReply) review.parentId = parentId;
  return { ok: true, review };
}

/** Average rating and count of the top-level reviews. */
export function reviewStats(reviews: readonly ReviewFile[]): { avgRating: number; reviewCount: number } {
  let sum = 0;
  let count = 0;
  for (const r of reviews) {
    if (r.parentId !== undefined || typeof r.rating !== 'number') continue;
    sum += r.rating;
    count++;
  }
  return { avgRating: count === 0 ? 0 : round2(sum / count), reviewCount: count };
}

/**
 * The reviews list: top-level reviews newest first (paged by `limit` / `offset`), each with its
 * replies (oldest first, nested to any depth). Replies whose parent does not exist are left out.
 */
export function buildReviewList(reviews: readonly ReviewFile[], page: { limit?: number; offset?: number } = {}): ReviewList {
  const limit = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(page.limit ?? DEFAULT_REVIEW_LIMIT)));
  const offset = Math.max(0, Math.floor(page.offset ?? 0));
  const children = new Map<string, ReviewFile[]>();
  const top: ReviewFile[] = [];
  for (const r of reviews) {
    if (r.parentId === undefined) top.push(r);
    else {
      const list = children.get(r.parentId) ?? [];
      list.push(r);
      children.set(r.parentId, list);
    }
  }
  const newestFirst = (a: ReviewFile, b: ReviewFile): number => cmp(b.createdAt, a.createdAt) || cmp(a.id, b.id);
  const oldestFirst = (a: ReviewFile, b: ReviewFile): number => cmp(a.createdAt, b.createdAt) || cmp(a.id, b.id);
  const seen = new Set<string>();
  const toReview = (r: ReviewFile): Review => {
    seen.add(r.id);
    const replies = (children.get(r.id) ?? []).filter((c) => !seen.has(c.id)).sort(oldestFirst);
    return {
      id: r.id,
      rating: r.parentId === undefined && typeof r.rating === 'number' ? r.rating : null,
      body: r.body,
      author: { username: r.author.username },
      createdAt: r.createdAt,
      updatedAt: r.updatedAt ?? r.createdAt,
      likes: r.likes ?? 0,
      replies: replies.map(toReview),
    };
  };
  top.sort(newestFirst);
  return { reviews: top.slice(offset, offset + limit).map(toReview), total: top.length, limit, offset, avgRating: reviewStats(reviews).avgRating };
}

/** The search text of a list item (lower case, NFKC). */
export function searchTextOf(item: Pick<SoulListItem, 'owner' | 'name' | 'displayName' | 'description' | 'tags' | 'category'>): string {
  return [item.owner, item.name, item.displayName, item.description, item.tags.join(' '), item.category].join('\n').normalize('NFKC').toLowerCase();
}

/** The index entry of a list item. */
export function buildIndexEntry(item: SoulListItem, createdAt: string): IndexEntry {
  return { ...item, createdAt, search: searchTextOf(item) };
}

/** Strip an index entry back to the list item (what responses carry). */
export function listItemOf(entry: IndexEntry): SoulListItem {
  const { createdAt: _c, search: _s, ...item } = entry;
  return item;
}

/** Encode index entries (in any order; sorted by full name here) as the compact index file. */
export function encodeIndex(head: string, entries: Iterable<IndexEntry>): RegistryIndexFile {
  const sorted = [...entries].sort((a, b) => cmp(a.fullName, b.fullName));
  return { format: INDEX_FORMAT, head, fields: INDEX_FIELDS, souls: sorted.map((e) => INDEX_FIELDS.map((f) => e[f])) };
}

/** Decode the compact index file (throws when it is not this format). */
export function decodeIndex(file: unknown): { head: string; entries: IndexEntry[] } {
  const f = file as Partial<RegistryIndexFile> | null;
  if (!f || f.format !== INDEX_FORMAT || !Array.isArray(f.fields) || !Array.isArray(f.souls) || typeof f.head !== 'string') {
    throw new Error(`not a registry index of format ${INDEX_FORMAT}; rebuild the registry`);
  }
  const fields = f.fields;
  const entries = f.souls.map((row) => {
    const e: Record<string, unknown> = {};
    fields.forEach((name, i) => {
      e[name] = row[i];
    });
    return e as unknown as IndexEntry;
  });
  return { head: f.head, entries };
}

/** Compare two list items in a sort order; ties fall back to name, then owner. */
export function compareSouls(sort: SoulSort): (a: IndexEntry, b: IndexEntry) => number {
  const byName = (a: IndexEntry, b: IndexEntry): number => cmp(a.name, b.name) || cmp(a.owner, b.owner);
  switch (sort) {
    case 'name':
      return byName;
    case 'downloads':
      return (a, b) => b.downloads - a.downloads || byName(a, b);
    case 'rating':
      return (a, b) => b.avgRating - a.avgRating || b.reviewCount - a.reviewCount || byName(a, b);
    case 'newest':
      return (a, b) => cmp(b.createdAt, a.createdAt) || byName(a, b);
    case 'updated':
      return (a, b) => cmp(b.updatedAt, a.updatedAt) || byName(a, b);
  }
}

export interface SoulQuery {
  q?: string | null;
  category?: string | null;
  tag?: string | null;
  sort?: SoulSort;
  page?: number;
  limit?: number;
}

/**
 * Filter index entries: every word of `q` must occur in the search text, `category` is a prefix
 * of the category path (whole segments), `tag` one of the tags (case-insensitive).
 */
export function filterSouls(entries: readonly IndexEntry[], query: Pick<SoulQuery, 'q' | 'category' | 'tag'>): IndexEntry[] {
  const words = (query.q ?? '').normalize('NFKC').toLowerCase().split(/\s+/).filter((w) => w !== '');
  const category = trimTrailing((query.category ?? '').trim().toLowerCase(), '/');
  const tag = (query.tag ?? '').trim().toLowerCase();
  return entries.filter((e) => {
    if (category !== '') {
      const c = e.category.toLowerCase();
      if (c !== category && !c.startsWith(`${category}/`)) return false;
    }
    if (tag !== '' && !e.tags.some((t) => t.toLowerCase() === tag)) return false;
    for (const w of words) if (!e.search.includes(w)) return false;
    return true;
  });
}

/**
 * One page of the soul list: filtered, sorted, paged. `GET /souls` without parameters is
 * `buildSoulList(entries)` (page 1, 20 per page, by name).
 */
export function buildSoulList(entries: readonly IndexEntry[], query: SoulQuery = {}): SoulList {
  const limit = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_PAGE_LIMIT)));
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const matches = query.q || query.category || query.tag ? filterSouls(entries, query) : [...entries];
  matches.sort(compareSouls(query.sort ?? 'name'));
  const start = (page - 1) * limit;
  return { souls: matches.slice(start, start + limit).map(listItemOf), total: matches.length, page, limit };
}
