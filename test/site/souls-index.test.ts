// The client soul index and the list query: the browser's list finds and orders what
// `GET /souls` does (the core's buildSoulList), and the URL round-trips.
import { describe, expect, it } from 'vitest';
import { buildIndexEntry, buildSoulList, listItemOf } from '../../scripts/core/registry-shapes.ts';
import type { IndexEntry, SoulListItem } from '../../scripts/core/registry-shapes.ts';
import { decodeSiteIndex, encodeSiteIndex, formatListQuery, isFiltered, parseListQuery, queryIndex } from '../../scripts/site/client/souls-index.ts';

function entry(owner: string, name: string, fields: Partial<SoulListItem> & { createdAt?: string } = {}): IndexEntry {
  const item: SoulListItem = {
    name, owner, fullName: `${owner}/${name}`, displayName: name, description: `About ${name}`, version: '1.0.0', category: 'education/tutoring', tags: ['a'],
    downloads: 0, rating: 0, avgRating: 0, reviewCount: 0, license: 'MIT', author: owner, scanScore: 100, scanGrade: 'Verified', scanStatus: 'pass', updatedAt: '2024-01-01T00:00:00Z', ...fields,
  };
  return buildIndexEntry(item, fields.createdAt ?? '2024-01-01T00:00:00Z');
}

const entries = [
  entry('ada', 'tutor', { downloads: 50, rating: 4.5, avgRating: 4.5, reviewCount: 2, tags: ['maths', 'Tutoring'], createdAt: '2024-01-03T00:00:00Z', updatedAt: '2024-02-01T00:00:00Z' }),
  entry('ben', 'planner', { category: 'productivity/planning', description: 'Plans your WEEK', downloads: 10, createdAt: '2024-01-02T00:00:00Z' }),
  entry('cy', 'coach', { category: 'productivity', displayName: 'Coach Zoë', tags: ['fitness'], downloads: 99, updatedAt: '2024-03-01T00:00:00Z' }),
  ...Array.from({ length: 30 }, (_, i) => entry('filler', `f-${String(i).padStart(2, '0')}`, { category: 'data/analysis' })),
];
const decoded = decodeSiteIndex(JSON.parse(JSON.stringify(encodeSiteIndex(entries))));

describe('the client index', () => {
  it('decodes to entries whose list items equal the originals on the fields it carries', () => {
    expect(decoded).toHaveLength(entries.length);
    const a = decoded[0]!;
    expect({ owner: a.owner, name: a.name, fullName: a.fullName, tags: a.tags, downloads: a.downloads, avgRating: a.avgRating, createdAt: a.createdAt, search: a.search }).toEqual({
      owner: 'ada', name: 'tutor', fullName: 'ada/tutor', tags: ['maths', 'Tutoring'], downloads: 50, avgRating: 4.5, createdAt: '2024-01-03T00:00:00Z', search: entries[0]!.search,
    });
  });

  it('refuses a file of another format', () => {
    expect(() => decodeSiteIndex({ format: 99, fields: [], souls: [] })).toThrow(/unknown format/);
  });

  it.each([
    { q: 'plans week' },
    { q: 'zoë' },
    { category: 'productivity' },
    { category: 'productivity/planning' },
    { category: 'product' },
    { tag: 'tutoring' },
    { q: 'f-1', sort: 'downloads' as const },
    { sort: 'downloads' as const },
    { sort: 'rating' as const },
    { sort: 'newest' as const },
    { sort: 'updated' as const },
    { page: 2 },
  ])('finds and orders what GET /souls does for %o', (query) => {
    const q = { ...parseListQuery(new URLSearchParams()), ...query };
    const mine = queryIndex(decoded, q);
    const api = buildSoulList(entries, { ...q, limit: 20 });
    expect(mine.items.map((e) => listItemOf(e).fullName)).toEqual(api.souls.map((s) => s.fullName));
    expect(mine.total).toBe(api.total);
  });

  it('clamps a page beyond the last to the last page', () => {
    const r = queryIndex(decoded, { ...parseListQuery(new URLSearchParams()), page: 99 });
    expect(r.pages).toBe(2);
    expect(r.page).toBe(2);
    expect(r.items.length).toBe(entries.length - 20);
  });
});

describe('the list query in the URL', () => {
  it('reads every parameter and falls back to defaults for bad ones', () => {
    expect(parseListQuery(new URLSearchParams('q=%20tutor%20&category=a/b&tag=x&sort=rating&page=3'))).toEqual({ q: 'tutor', category: 'a/b', tag: 'x', sort: 'rating', page: 3 });
    expect(parseListQuery(new URLSearchParams('sort=evil&page=-2'))).toEqual({ q: '', category: '', tag: '', sort: 'name', page: 1 });
    expect(parseListQuery(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(200);
  });

  it('writes only what differs from the plain list, and round-trips', () => {
    const q = { q: 'a b', category: 'c/d', tag: '', sort: 'updated' as const, page: 2 };
    expect(formatListQuery(q)).toBe('?q=a+b&category=c%2Fd&sort=updated&page=2');
    expect(parseListQuery(new URLSearchParams(formatListQuery(q)))).toEqual(q);
    expect(formatListQuery(parseListQuery(new URLSearchParams()))).toBe('');
  });

  it('tells a filtered list from the plain one', () => {
    expect(isFiltered(parseListQuery(new URLSearchParams('page=2')))).toBe(false);
    expect(isFiltered(parseListQuery(new URLSearchParams('tag=x')))).toBe(true);
  });
});
