// The query index held in memory: the build's compact index (dist/index/registry.json) decoded
// once, pre-sorted in every sort order, answering list and search queries by one linear pass over a
// pre-sorted array, with the serialized answers of repeated queries cached until the index changes.
import { RegistryError } from '../../scripts/core/errors.ts';
import { compareSouls, decodeIndex, filterSouls, listItemOf, SORTS } from '../../scripts/core/registry-shapes.ts';
import type { IndexEntry, SoulListItem, SoulSort } from '../../scripts/core/registry-shapes.ts';
import { trimTrailing } from '../../scripts/core/strings.ts';

export interface ListQuery {
  q: string | null;
  category: string | null;
  tag: string | null;
  owner: string | null;
  sort: SoulSort;
  page: number;
  limit: number;
}

export interface SearchItem extends SoulListItem {
  /** Relevance: higher is better. */
  score: number;
}

const CACHE_ENTRIES = 2000;

/** Relevance of an entry for the query words: name and tag hits count most, then display name, then the rest. */
function relevance(e: IndexEntry, words: readonly string[]): number {
  if (words.length === 0) return 1;
  let score = 0;
  const name = e.name;
  const display = e.displayName.toLowerCase();
  for (const w of words) {
    if (name === w) score += 10;
    else if (name.includes(w)) score += 6;
    if (e.tags.some((t) => t.toLowerCase() === w)) score += 5;
    if (display.includes(w)) score += 4;
    if (e.category.toLowerCase().includes(w)) score += 2;
    if (e.description.toLowerCase().includes(w)) score += 1;
  }
  return Math.round((score / words.length) * 100) / 100;
}

function splitWords(q: string | null): string[] {
  return (q ?? '').normalize('NFKC').toLowerCase().split(/\s+/).filter((w) => w !== '').slice(0, 16);
}

/** One loaded index. */
export class QueryIndex {
  readonly head: string;
  readonly entries: readonly IndexEntry[];
  private readonly byId = new Map<string, IndexEntry>();
  private readonly sorted = new Map<SoulSort, IndexEntry[]>();
  private readonly cache = new Map<string, string>();

  constructor(head: string, entries: readonly IndexEntry[]) {
    this.head = head;
    this.entries = entries;
    for (const e of entries) this.byId.set(`${e.owner}/${e.name}`, e);
    for (const sort of SORTS) this.sorted.set(sort, [...entries].sort(compareSouls(sort)));
  }

  /** Decode the compact index file's text. */
  static fromJson(text: string): QueryIndex {
    const { head, entries } = decodeIndex(JSON.parse(text));
    return new QueryIndex(head, entries);
  }

  get(owner: string, name: string): IndexEntry | null {
    return this.byId.get(`${owner}/${name}`) ?? null;
  }

  /** Serialized result of `fn` for `key`, computed once per index. */
  cached(key: string, fn: () => unknown): string {
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const text = JSON.stringify(fn());
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, text);
    return text;
  }

  private matches(query: Pick<ListQuery, 'q' | 'category' | 'tag' | 'owner' | 'sort'>): IndexEntry[] {
    const ordered = this.sorted.get(query.sort)!;
    const owner = query.owner?.toLowerCase() ?? null;
    if (!query.q && !query.category && !query.tag && !owner) return ordered;
    const filtered = query.q || query.category || query.tag ? filterSouls(ordered, query) : ordered;
    return owner === null ? filtered : filtered.filter((e) => e.owner === owner);
  }

  /** `GET /souls` with any query. */
  list(query: ListQuery): { souls: SoulListItem[]; total: number; page: number; limit: number } {
    const matches = this.matches(query);
    const start = (query.page - 1) * query.limit;
    return { souls: matches.slice(start, start + query.limit).map(listItemOf), total: matches.length, page: query.page, limit: query.limit };
  }

  /** `GET /search`: list items plus a relevance score, best first (ties in `sort` order). */
  search(query: ListQuery): { query: { q: string | null; tag: string | null; category: string | null }; results: SearchItem[]; total: number; page: number; limit: number } {
    const words = splitWords(query.q);
    const matches = this.matches(query);
    const scored = matches.map((e, i) => ({ e, i, score: relevance(e, words) }));
    if (words.length > 0) scored.sort((a, b) => b.score - a.score || a.i - b.i);
    const start = (query.page - 1) * query.limit;
    return {
      query: { q: query.q, tag: query.tag, category: query.category },
      results: scored.slice(start, start + query.limit).map(({ e, score }) => ({ ...listItemOf(e), score })),
      total: matches.length,
      page: query.page,
      limit: query.limit,
    };
  }
}

/** Normalize the list/search query parameters (400 on an unknown sort). */
export function parseListQuery(get: (name: string) => string | undefined, input: { page: number; limit: number }): ListQuery {
  const text = (name: string, max: number): string | null => {
    const v = get(name);
    if (v === undefined || v.trim() === '') return null;
    if (v.length > max) throw new RegistryError('BAD_REQUEST', `"${name}" is ${v.length} characters long; keep it at most ${max}`);
    return v.trim();
  };
  const sortParam = get('sort');
  let sort: SoulSort = 'name';
  if (sortParam !== undefined && sortParam !== '') {
    if (!(SORTS as readonly string[]).includes(sortParam)) throw new RegistryError('BAD_REQUEST', `unknown sort "${sortParam.slice(0, 40)}"; use one of ${SORTS.join(', ')}`);
    sort = sortParam as SoulSort;
  }
  const category = text('category', 200);
  return { q: text('q', 200), category: category === null ? null : trimTrailing(category, '/'), tag: text('tag', 100), owner: text('owner', 60), sort, page: input.page, limit: input.limit };
}

/** Hands out the current index, reloading it when the build changed. */
export interface IndexProvider {
  current(): Promise<QueryIndex>;
}

/**
 * An index provider over a loader of the index text and a cheap "version" probe (e.g. the file's
 * modification time), probed at most once per `probeMs`.
 */
export function createIndexProvider(input: { load: () => Promise<string | null>; version?: () => Promise<string | null>; probeMs?: number; now?: () => number }): IndexProvider & { invalidate(): void } {
  const probeMs = input.probeMs ?? 1000;
  const now = input.now ?? Date.now;
  let current: QueryIndex | null = null;
  let version: string | null = null;
  let probedAt = -Infinity;
  let loading: Promise<QueryIndex> | null = null;
  const load = async (): Promise<QueryIndex> => {
    const v = input.version ? await input.version() : null;
    if (current && input.version && v === version) return current;
    const text = await input.load();
    if (text === null) throw new RegistryError('SERVICE_UNAVAILABLE', 'the registry has not been built yet; run `soul build` (or `npm start`) and retry');
    current = QueryIndex.fromJson(text);
    version = v;
    return current;
  };
  return {
    async current() {
      const t = now();
      if (current && (!input.version || t - probedAt < probeMs)) return current;
      probedAt = t;
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    invalidate() {
      probedAt = -Infinity;
      version = null;
    },
  };
}
