// The client-side soul index (`/data/souls.json`), written by the site build from the registry's
// query index and read by the souls list in the browser; and the list's query (search, category,
// tag, sort, page) to and from the page's URL. Filtering and sorting are the core's own
// (`filterSouls`, `compareSouls`), so the list finds what `GET /souls` finds.
import { compareSouls, filterSouls, searchTextOf, SORTS } from '../../core/registry-shapes.ts';
import type { IndexEntry, SoulSort } from '../../core/registry-shapes.ts';

/** Site path of the client index. */
export const SITE_INDEX_PATH = '/data/souls.json';
export const SITE_INDEX_FORMAT = 1;
/** Souls per page of the list (with and without JavaScript). */
export const LIST_PAGE_SIZE = 20;

/** Fields of an entry of the client index, in order (the query index without its bulky `search`). */
export const SITE_INDEX_FIELDS = [
  'owner', 'name', 'displayName', 'description', 'version', 'category', 'tags', 'downloads', 'rating', 'reviewCount', 'scanScore', 'scanGrade', 'updatedAt', 'createdAt',
] as const satisfies readonly (keyof IndexEntry)[];

export interface SiteIndexFile {
  format: typeof SITE_INDEX_FORMAT;
  fields: readonly string[];
  souls: unknown[][];
}

/** Encode index entries (already in the order to keep) as the client index. */
export function encodeSiteIndex(entries: readonly IndexEntry[]): SiteIndexFile {
  return { format: SITE_INDEX_FORMAT, fields: SITE_INDEX_FIELDS, souls: entries.map((e) => SITE_INDEX_FIELDS.map((f) => e[f])) };
}

/** Decode the client index into entries the core's filters accept; throws on another format. */
export function decodeSiteIndex(file: unknown): IndexEntry[] {
  const f = file as Partial<SiteIndexFile> | null;
  if (!f || f.format !== SITE_INDEX_FORMAT || !Array.isArray(f.fields) || !Array.isArray(f.souls)) throw new Error('the soul index has an unknown format; reload the page');
  const fields = f.fields;
  return f.souls.map((row) => {
    const e: Record<string, unknown> = {};
    fields.forEach((name, i) => {
      e[name] = row[i];
    });
    const owner = String(e['owner'] ?? '');
    const name = String(e['name'] ?? '');
    const entry = {
      owner,
      name,
      fullName: `${owner}/${name}`,
      displayName: String(e['displayName'] ?? name),
      description: String(e['description'] ?? ''),
      version: String(e['version'] ?? ''),
      category: String(e['category'] ?? ''),
      tags: Array.isArray(e['tags']) ? (e['tags'] as unknown[]).filter((t): t is string => typeof t === 'string') : [],
      downloads: Number(e['downloads'] ?? 0),
      rating: Number(e['rating'] ?? 0),
      avgRating: Number(e['rating'] ?? 0),
      reviewCount: Number(e['reviewCount'] ?? 0),
      license: '',
      author: '',
      scanScore: Number(e['scanScore'] ?? 0),
      scanGrade: e['scanGrade'] as IndexEntry['scanGrade'],
      scanStatus: 'pass' as IndexEntry['scanStatus'],
      updatedAt: String(e['updatedAt'] ?? ''),
      createdAt: String(e['createdAt'] ?? ''),
      search: '',
    } satisfies IndexEntry;
    entry.search = searchTextOf(entry);
    return entry;
  });
}

/** The list's query as read from (and written to) the page URL. */
export interface ListQuery {
  q: string;
  category: string;
  tag: string;
  sort: SoulSort;
  page: number;
}

export const DEFAULT_LIST_QUERY: Readonly<ListQuery> = { q: '', category: '', tag: '', sort: 'name', page: 1 };

const MAX_QUERY_LENGTH = 200;

/**
 * Read the list query from URL parameters; unknown sorts and bad pages fall back to the defaults.
 *
 * @example parseListQuery(new URLSearchParams('q=tutor&sort=rating&page=2')) // { q: 'tutor', category: '', tag: '', sort: 'rating', page: 2 }
 */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const text = (key: string): string => (params.get(key) ?? '').slice(0, MAX_QUERY_LENGTH).trim();
  const sort = text('sort');
  const page = Number.parseInt(text('page'), 10);
  return {
    q: text('q'),
    category: text('category'),
    tag: text('tag'),
    sort: (SORTS as readonly string[]).includes(sort) ? (sort as SoulSort) : 'name',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 1_000_000) : 1,
  };
}

/** URL parameters of a list query, leaving out defaults (`''` for the plain list). */
export function formatListQuery(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.tag) params.set('tag', query.tag);
  if (query.sort !== 'name') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** Whether a query differs from the plain list (page 1 by name, no filters). */
export function isFiltered(query: ListQuery): boolean {
  return query.q !== '' || query.category !== '' || query.tag !== '' || query.sort !== 'name';
}

/** One page of results of a query over the entries. */
export function queryIndex(entries: readonly IndexEntry[], query: ListQuery, pageSize = LIST_PAGE_SIZE): { items: IndexEntry[]; total: number; page: number; pages: number } {
  const matches = query.q || query.category || query.tag ? filterSouls(entries, query) : [...entries];
  matches.sort(compareSouls(query.sort));
  const pages = Math.max(1, Math.ceil(matches.length / pageSize));
  const page = Math.min(query.page, pages);
  const start = (page - 1) * pageSize;
  return { items: matches.slice(start, start + pageSize), total: matches.length, page, pages };
}
