// The pure response builders of scripts/core/registry-shapes.ts (shared by the build and the worker).
import { describe, expect, it } from 'vitest';
import {
  authorName,
  buildBundle,
  buildCategories,
  buildIndexEntry,
  buildListItem,
  buildReviewList,
  buildSoulDetails,
  buildSoulList,
  buildVersionList,
  buildVersionRecord,
  decodeIndex,
  encodeIndex,
  fileRoles,
  filterSouls,
  parseReviewFile,
  reviewStats,
} from '../../scripts/core/registry-shapes.ts';
import type { IndexEntry, ReviewFile, VersionData } from '../../scripts/core/registry-shapes.ts';
import { scanPackage } from '../../scripts/core/index.ts';
import { validManifest } from '../helpers/soul.ts';

const scan = scanPackage({}, { now: () => 0 });

function version(v: string, overrides: Partial<VersionData> = {}): VersionData {
  return {
    owner: 'acme',
    name: 'tutor',
    version: v,
    commit: v.replace(/\./g, '').padEnd(40, '0'),
    publishedAt: `2024-01-0${v[2] ?? '1'}T00:00:00.000Z`,
    publisher: 'ada',
    manifest: validManifest({ name: 'tutor', version: v, displayName: 'Tutor' }),
    files: [
      { path: 'SOUL.md', content: '# Tutor', encoding: 'utf8', size: 7, sha256: 'a'.repeat(64) },
      { path: 'avatar.png', content: 'iVBORw0KGgo=', encoding: 'base64', size: 8, sha256: 'b'.repeat(64) },
      { path: 'soul.json', content: '{}', encoding: 'utf8', size: 2, sha256: 'c'.repeat(64) },
    ],
    scan,
    ...overrides,
  };
}

const stats = { downloads: 12, avgRating: 4.333333, reviewCount: 3, updatedAt: '2024-02-01T00:00:00.000Z' };

function entry(name: string, overrides: Partial<IndexEntry> = {}): IndexEntry {
  return { ...buildIndexEntry(buildListItem(version('1.0.0', { name }), stats), '2024-01-01T00:00:00.000Z'), ...overrides };
}

describe('list items and details', () => {
  it('builds a list item with the documented and the extra fields', () => {
    const item = buildListItem(version('1.2.0'), stats);
    expect(item).toMatchObject({ fullName: 'acme/tutor', version: '1.2.0', downloads: 12, rating: 4.33, avgRating: 4.33, reviewCount: 3, license: 'MIT', author: 'Test Author', scanScore: scan.score, updatedAt: stats.updatedAt });
  });

  it('shows an author string, an author object name, or the owner', () => {
    expect(authorName({ author: 'Grace' }, 'acme')).toBe('Grace');
    expect(authorName({ author: { github: 'grace' } }, 'acme')).toBe('grace');
    expect(authorName({}, 'acme')).toBe('acme');
  });

  it('falls back to the name when a manifest has no display name', () => {
    expect(buildListItem(version('1.0.0', { manifest: { version: '1.0.0' } }), stats).displayName).toBe('tutor');
  });

  it('infers roles from well-known file names when the manifest has no files', () => {
    expect(fileRoles({}, ['IDENTITY.md', 'SOUL.md', 'soul.json'])).toEqual({ soul: 'SOUL.md', identity: 'IDENTITY.md' });
    expect(fileRoles({ files: { soul: 'persona.md', tools: 'TOOLS.md' } }, ['SOUL.md'])).toEqual({ soul: 'persona.md', tools: 'TOOLS.md' });
  });

  it('puts file contents by file name and marks base64 files', () => {
    const d = buildSoulDetails({ version: version('1.0.0'), records: [buildVersionRecord(version('1.0.0'))], stats });
    expect(Object.keys(d.fileContents)).toEqual(['SOUL.md', 'avatar.png', 'soul.json']);
    expect(d.encodings).toEqual({ 'avatar.png': 'base64' });
    expect(d.removed).toBeUndefined();
  });

  it('lists versions newest first in details and in the versions list', () => {
    const records = ['1.0.0', '1.1.0', '2.0.0'].map((v) => buildVersionRecord(version(v)));
    const d = buildSoulDetails({ version: version('1.1.0'), records, stats, removed: true });
    expect(d.versions.map((v) => v.version)).toEqual(['2.0.0', '1.1.0', '1.0.0']);
    expect(d.version).toBe('1.1.0');
    expect(d.removed).toBe(true);
    const list = buildVersionList('acme', 'tutor', records);
    expect(list.versions.map((v) => v.version)).toEqual(['2.0.0', '1.1.0', '1.0.0']);
    expect(list.total).toBe(3);
  });

  it('records the files of a version with size and hash', () => {
    const r = buildVersionRecord(version('1.0.0'));
    expect(r.files[0]).toEqual({ path: 'SOUL.md', size: 7, sha256: 'a'.repeat(64) });
    expect(r.scan).toEqual({ score: scan.score, grade: scan.grade, status: scan.status });
  });

  it('bundles the manifest and every file, soul.json included', () => {
    const b = buildBundle(version('1.0.0'));
    expect(Object.keys(b.files)).toContain('soul.json');
    expect(b.version).toBe('1.0.0');
  });
});

describe('categories', () => {
  it('counts each group and each full path, a group counting its subgroups once per soul', () => {
    expect(buildCategories([{ category: 'work/devops' }, { category: 'work/writing' }, { category: 'work' }, { category: 'general' }, { category: '' }])).toEqual({
      categories: [
        { name: 'general', count: 1 },
        { name: 'work', count: 3 },
        { name: 'work/devops', count: 1 },
        { name: 'work/writing', count: 1 },
      ],
    });
  });
});

describe('reviews', () => {
  const review = (id: string, createdAt: string, extra: Partial<ReviewFile> = {}): ReviewFile => ({ id, rating: 4, body: `review ${id}`, author: { username: `u-${id}` }, createdAt, ...extra });

  it('accepts a valid review file and a valid reply', () => {
    expect(parseReviewFile({ id: 'r1', rating: 5, body: 'Great', author: { username: 'ada' }, createdAt: '2024-01-01T00:00:00Z' }, 'r1').ok).toBe(true);
    expect(parseReviewFile({ id: 'r2', parentId: 'r1', body: 'Thanks', author: { username: 'bob' }, createdAt: '2024-01-02T00:00:00Z' }, 'r2').ok).toBe(true);
  });

  it('rejects a rating outside 1..5, a rated reply, an id unlike its file name', () => {
    const base = { id: 'r1', body: 'x', author: { username: 'ada' }, createdAt: '2024-01-01T00:00:00Z' };
    expect(parseReviewFile({ ...base, rating: 6 }, 'r1')).toMatchObject({ ok: false, message: expect.stringMatching(/rating/) });
    expect(parseReviewFile({ ...base, rating: 3, parentId: 'r0' }, 'r1')).toMatchObject({ ok: false, message: expect.stringMatching(/reply/) });
    expect(parseReviewFile({ ...base, rating: 3 }, 'other')).toMatchObject({ ok: false, message: expect.stringMatching(/file name/) });
    expect(parseReviewFile({ ...base, rating: 3, body: '' }, 'r1').ok).toBe(false);
  });

  it('nests replies under their parent, oldest first, and pages top-level reviews newest first', () => {
    const list = buildReviewList([
      review('a', '2024-01-01T00:00:00Z', { rating: 5 }),
      review('b', '2024-01-03T00:00:00Z', { rating: 2 }),
      review('c', '2024-01-04T00:00:00Z', { rating: undefined, parentId: 'a' }),
      review('d', '2024-01-02T00:00:00Z', { rating: undefined, parentId: 'a' }),
      review('e', '2024-01-05T00:00:00Z', { rating: undefined, parentId: 'd' }),
      review('f', '2024-01-05T00:00:00Z', { rating: undefined, parentId: 'missing' }),
    ]);
    expect(list.reviews.map((r) => r.id)).toEqual(['b', 'a']);
    expect(list.reviews[1]!.replies.map((r) => r.id)).toEqual(['d', 'c']);
    expect(list.reviews[1]!.replies[0]!.replies.map((r) => r.id)).toEqual(['e']);
    expect(list.reviews[1]!.replies[0]!.rating).toBeNull();
    expect(list).toMatchObject({ total: 2, limit: 20, offset: 0, avgRating: 3.5 });
  });

  it('counts only top-level ratings', () => {
    expect(reviewStats([review('a', '2024-01-01T00:00:00Z', { rating: 5 }), review('b', '2024-01-01T00:00:00Z', { rating: undefined, parentId: 'a' })])).toEqual({ avgRating: 5, reviewCount: 1 });
    expect(reviewStats([])).toEqual({ avgRating: 0, reviewCount: 0 });
  });
});

describe('soul list and index', () => {
  const entries = [entry('zeta', { downloads: 5 }), entry('alpha', { downloads: 1 }), entry('mid', { downloads: 9, tags: ['rust'], category: 'work/devops' })];

  it('sorts by name by default, page 1, 20 per page', () => {
    const list = buildSoulList(entries);
    expect(list.souls.map((s) => s.name)).toEqual(['alpha', 'mid', 'zeta']);
    expect(list).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(list.souls[0]).not.toHaveProperty('search');
  });

  it('sorts by downloads and pages', () => {
    const list = buildSoulList(entries, { sort: 'downloads', limit: 1, page: 2 });
    expect(list.souls.map((s) => s.name)).toEqual(['zeta']);
  });

  it('filters by words, category prefix and tag', () => {
    expect(filterSouls(entries, { category: 'work' }).map((e) => e.name)).toEqual(['mid']);
    expect(filterSouls(entries, { category: 'wor' })).toEqual([]);
    expect(filterSouls(entries, { tag: 'RUST' }).map((e) => e.name)).toEqual(['mid']);
    expect(filterSouls(entries, { q: 'ALPHA acme' }).map((e) => e.name)).toEqual(['alpha']);
  });

  it('round-trips the compact index', () => {
    const file = encodeIndex('f'.repeat(40), entries);
    expect(file.souls[0]).toHaveLength(file.fields.length);
    const back = decodeIndex(JSON.parse(JSON.stringify(file)));
    expect(back.entries.map((e) => e.name)).toEqual(['alpha', 'mid', 'zeta']);
    expect(back.entries[1]).toEqual(entries[2]);
  });

  it('rejects an index of another format', () => {
    expect(() => decodeIndex({ format: 99 })).toThrow(/format/);
  });
});
