// The per-soul emitter with hand-built history entries and an in-memory blob store (no git).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSoulOutputs } from '../../scripts/build/emit/soul.ts';
import type { SoulTask } from '../../scripts/build/emit/soul.ts';
import { createOutputWriter } from '../../scripts/build/emit/writer.ts';
import { emitSoulList } from '../../scripts/build/emit/list.ts';
import { emitCategories } from '../../scripts/build/emit/categories.ts';
import { emitIndex } from '../../scripts/build/emit/index-file.ts';
import { decodeIndex } from '../../scripts/core/registry-shapes.ts';
import type { SoulBundle, SoulDetails, VersionList, ReviewList, SoulList } from '../../scripts/core/registry-shapes.ts';
import type { VersionEntry } from '../../scripts/build/model.ts';
import { validManifest, BENIGN_SOUL } from '../helpers/soul.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const enc = new TextEncoder();

function store() {
  const blobs = new Map<string, Uint8Array>();
  let reads = 0;
  return {
    put(content: string | Uint8Array): string {
      const bytes = typeof content === 'string' ? enc.encode(content) : content;
      const oid = createHash('sha1').update(bytes).digest('hex');
      blobs.set(oid, bytes);
      return oid;
    },
    readBlob: async (oid: string): Promise<Uint8Array> => {
      reads++;
      const b = blobs.get(oid);
      if (!b) throw new Error(`no blob ${oid}`);
      return b;
    },
    reads: () => reads,
  };
}

const dirs: string[] = [];
function outDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'soul-emit-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function version(s: ReturnType<typeof store>, v: string, extra: Record<string, string | Uint8Array> = {}): VersionEntry {
  const files: Record<string, string | Uint8Array> = { 'soul.json': JSON.stringify(validManifest({ name: 'tutor', version: v, displayName: 'Tutor' }), null, 2), 'SOUL.md': BENIGN_SOUL.replace('Test Soul', 'Tutor'), ...extra };
  const blobs: Record<string, string> = {};
  for (const [p, c] of Object.entries(files)) blobs[p] = s.put(c);
  return { owner: 'acme', name: 'tutor', version: v, commit: createHash('sha1').update(v).digest('hex'), publishedAt: `2024-01-0${v[2]}T00:00:00.000Z`, publisher: 'ada', tree: createHash('sha1').update(JSON.stringify(blobs)).digest('hex'), blobs };
}

function task(s: ReturnType<typeof store>, overrides: Partial<SoulTask> = {}): SoulTask {
  return {
    owner: 'acme',
    name: 'tutor',
    versions: [version(s, '1.1.0'), version(s, '1.2.0', { 'avatar.png': PNG })],
    removed: false,
    lastCommitAt: '2024-01-05T00:00:00.000Z',
    downloads: 7,
    reviewFiles: {
      'r1.json': s.put(JSON.stringify({ id: 'r1', rating: 5, body: 'Great tutor', author: { username: 'bob' }, createdAt: '2024-01-06T00:00:00Z' })),
      'r2.json': s.put(JSON.stringify({ id: 'r2', parentId: 'r1', body: 'Thanks!', author: { username: 'ada' }, createdAt: '2024-01-07T00:00:00Z' })),
      'bad.json': s.put('{ not json'),
    },
    cachedScans: {},
    ...overrides,
  };
}

const read = <T>(root: string, path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

describe('buildSoulOutputs', () => {
  it('writes every static file of the soul', async () => {
    const s = store();
    const root = outDir();
    await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    for (const path of [
      'api/v1/souls/acme/tutor.json',
      'api/v1/souls/acme/tutor.md',
      'api/v1/souls/acme/tutor@1.1.0.json',
      'api/v1/souls/acme/tutor@1.2.0.json',
      'api/v1/souls/acme/tutor/scan.json',
      'api/v1/souls/acme/tutor/versions.json',
      'api/v1/souls/acme/tutor/versions/1.1.0.json',
      'api/v1/souls/acme/tutor/versions/1.2.0.json',
      'api/v1/souls/acme/tutor/reviews.json',
      'api/v1/bundle/acme/tutor.json',
      'api/v1/bundle/acme/tutor@1.1.0.json',
      'api/v1/bundle/acme/tutor@1.2.0.json',
      'private/zips/acme/tutor/1.1.0.zip',
      'private/zips/acme/tutor/1.2.0.zip',
    ]) {
      expect(existsSync(join(root, path)), path).toBe(true);
    }
  });

  it('shows the latest version in the details and every version in the versions list', async () => {
    const s = store();
    const root = outDir();
    await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    const details = read<SoulDetails>(root, 'api/v1/souls/acme/tutor.json');
    expect(details.version).toBe('1.2.0');
    expect(details.versions.map((v) => v.version)).toEqual(['1.2.0', '1.1.0']);
    expect(details).toMatchObject({ downloads: 7, reviewCount: 1, avgRating: 5, updatedAt: '2024-01-05T00:00:00.000Z', publishedAt: '2024-01-02T00:00:00.000Z' });
    expect(read<SoulDetails>(root, 'api/v1/souls/acme/tutor@1.1.0.json').version).toBe('1.1.0');
    const versions = read<VersionList>(root, 'api/v1/souls/acme/tutor/versions.json');
    expect(versions.versions.map((v) => v.version)).toEqual(['1.2.0', '1.1.0']);
    expect(versions.versions[0]!.files.map((f) => f.path)).toEqual(['SOUL.md', 'avatar.png', 'soul.json']);
    expect(versions.versions[0]!.files[1]).toEqual({ path: 'avatar.png', size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
  });

  it('carries an image as base64 in the bundle and as bytes in the ZIP', async () => {
    const s = store();
    const root = outDir();
    await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    const bundle = read<SoulBundle>(root, 'api/v1/bundle/acme/tutor.json');
    expect(bundle.files['avatar.png']).toBe(Buffer.from(PNG).toString('base64'));
    expect(bundle.encodings).toEqual({ 'avatar.png': 'base64' });
    expect(read<SoulBundle>(root, 'api/v1/bundle/acme/tutor@1.1.0.json').encodings).toBeUndefined();
    const zip = readFileSync(join(root, 'private/zips/acme/tutor/1.2.0.zip'));
    expect(zip.includes(Buffer.from('avatar.png'))).toBe(true);
  });

  it('nests review replies and reports an invalid review file', async () => {
    const s = store();
    const root = outDir();
    const result = await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    const reviews = read<ReviewList>(root, 'api/v1/souls/acme/tutor/reviews.json');
    expect(reviews.reviews.map((r) => [r.id, r.replies.map((x) => x.id)])).toEqual([['r1', ['r2']]]);
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'INVALID_REVIEW', message: expect.stringContaining('reviews/acme/tutor/bad.json') })]);
  });

  it('returns the index entry of a listed soul and none for a removed one', async () => {
    const s = store();
    const listed = await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root: outDir() }), reviewsDir: 'reviews' });
    expect(listed.entry).toMatchObject({ fullName: 'acme/tutor', version: '1.2.0', createdAt: '2024-01-01T00:00:00.000Z' });
    const root = outDir();
    const removed = await buildSoulOutputs(task(s, { removed: true }), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    expect(removed.entry).toBeNull();
    expect(read<SoulDetails>(root, 'api/v1/souls/acme/tutor.json').removed).toBe(true);
  });

  it('reads a blob shared by two versions once', async () => {
    const s = store();
    await buildSoulOutputs(task(s, { reviewFiles: {} }), { readBlob: s.readBlob, out: createOutputWriter({ root: outDir() }), reviewsDir: 'reviews' });
    // soul.json ×2 (versions differ), SOUL.md once (shared), avatar.png once
    expect(s.reads()).toBe(4);
  });

  it('uses cached scans and reports new ones', async () => {
    const s = store();
    const first = await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root: outDir() }), reviewsDir: 'reviews' });
    expect(first.scansRun).toBe(2);
    const cachedScans = Object.fromEntries(first.newScans);
    const root = outDir();
    const second = await buildSoulOutputs(task(s, { cachedScans }), { readBlob: s.readBlob, out: createOutputWriter({ root }), reviewsDir: 'reviews' });
    expect(second).toMatchObject({ scansRun: 0, scansCached: 2, newScans: [] });
    expect(read<SoulDetails>(root, 'api/v1/souls/acme/tutor.json').scan).toEqual(JSON.parse(first.newScans[1]![1]));
  });

  it('rewrites nothing when the same soul is built again', async () => {
    const s = store();
    const root = outDir();
    const firstWriter = createOutputWriter({ root, fresh: true });
    await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: firstWriter, reviewsDir: 'reviews' });
    const again = createOutputWriter({ root });
    await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: again, reviewsDir: 'reviews' });
    expect(again.stats()).toEqual({ written: 0, unchanged: firstWriter.stats().written, bytesWritten: 0 });
  });
});

describe('global emitters', () => {
  it('writes the default list page, categories and the index from entries', async () => {
    const s = store();
    const { entry } = await buildSoulOutputs(task(s), { readBlob: s.readBlob, out: createOutputWriter({ root: outDir() }), reviewsDir: 'reviews' });
    const root = outDir();
    const out = createOutputWriter({ root });
    emitSoulList(out, [entry!]);
    emitCategories(out, [entry!]);
    emitIndex(out, 'a'.repeat(40), [entry!]);
    expect(read<SoulList>(root, 'api/v1/souls.json')).toMatchObject({ total: 1, page: 1, limit: 20, souls: [{ fullName: 'acme/tutor' }] });
    expect(readFileSync(join(root, 'api/v1/souls.md'), 'utf8')).toContain('| acme/tutor | Tutor | 1.2.0 |');
    expect(read(root, 'api/v1/categories.json')).toEqual({ categories: [{ name: 'general', count: 1 }, { name: 'general/assistant', count: 1 }] });
    expect(decodeIndex(read(root, 'index/registry.json')).entries).toEqual([entry]);
  });
});
