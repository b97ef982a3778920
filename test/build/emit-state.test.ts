import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadState, openScanCache, saveState, soulFingerprint, STATE_FILE, STATE_FORMAT } from '../../scripts/build/state.ts';
import type { BuildState } from '../../scripts/build/state.ts';
import type { SoulHistory } from '../../scripts/build/model.ts';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'soul-state-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const soul: SoulHistory = {
  owner: 'acme',
  name: 'tutor',
  removed: false,
  lastCommit: 'c'.repeat(40),
  lastCommitAt: '2024-01-01T00:00:00.000Z',
  versions: [{ owner: 'acme', name: 'tutor', version: '1.0.0', commit: 'c'.repeat(40), publishedAt: '2024-01-01T00:00:00.000Z', publisher: 'ada', tree: 't'.repeat(40), blobs: { 'SOUL.md': 'b'.repeat(40) } }],
};

describe('soulFingerprint', () => {
  const fp = (over: Partial<Parameters<typeof soulFingerprint>[0]> = {}) => soulFingerprint({ soul, downloads: 0, reviewsTree: null, scannerVersion: '1.0.0', ...over });

  it('is stable for the same inputs', () => {
    expect(fp()).toBe(fp());
  });

  it('changes with downloads, reviews, removal, versions and scanner version', () => {
    const base = fp();
    expect(fp({ downloads: 1 })).not.toBe(base);
    expect(fp({ reviewsTree: 'r'.repeat(40) })).not.toBe(base);
    expect(fp({ soul: { ...soul, removed: true } })).not.toBe(base);
    expect(fp({ soul: { ...soul, versions: [...soul.versions, { ...soul.versions[0]!, version: '1.1.0' }] } })).not.toBe(base);
    expect(fp({ scannerVersion: '2.0.0' })).not.toBe(base);
  });
});

describe('build state', () => {
  it('reads back what it saved', () => {
    const out = tmp();
    const state: BuildState = { format: STATE_FORMAT, outputFormat: '1', ref: 'main', reviewsDir: 'reviews', head: 'h'.repeat(40), history: { format: 1, head: 'h'.repeat(40), souls: [], warnings: [] }, reviews: { tree: null, owners: {} }, souls: {} };
    saveState(out, state);
    expect(loadState(out)).toEqual(state);
  });

  it('treats a missing or foreign state as no state', () => {
    const out = tmp();
    expect(loadState(out)).toBeNull();
    mkdirSync(join(out, 'private'), { recursive: true });
    writeFileSync(join(out, STATE_FILE), '{"format":0}');
    expect(loadState(out)).toBeNull();
    writeFileSync(join(out, STATE_FILE), 'not json');
    expect(loadState(out)).toBeNull();
  });
});

describe('scan cache', () => {
  it('keeps results across opens, per scanner version', () => {
    const out = tmp();
    const a = openScanCache(out, '1.0.0');
    a.set(`${'ab'.repeat(20)}:tutor`, '{"score":100}');
    a.flush();
    expect(openScanCache(out, '1.0.0').get(`${'ab'.repeat(20)}:tutor`)).toBe('{"score":100}');
    expect(openScanCache(out, '2.0.0').get(`${'ab'.repeat(20)}:tutor`)).toBeUndefined();
  });

  it('writes shards sorted by key whatever the insertion order', () => {
    const one = tmp();
    const two = tmp();
    const keys = [`${'a1'.repeat(20)}:x`, `${'a0'.repeat(20)}:y`, `${'a1'.repeat(20)}:a`];
    const c1 = openScanCache(one, '1');
    for (const k of keys) c1.set(k, `"${k}"`);
    c1.flush();
    const c2 = openScanCache(two, '1');
    for (const k of [...keys].reverse()) c2.set(k, `"${k}"`);
    c2.flush();
    const shard = (root: string) => readFileSync(join(root, 'private/scan-cache/1/a1.tsv'), 'utf8');
    expect(shard(one)).toBe(shard(two));
    expect(shard(one).split('\n')[0]!.endsWith(':a\t"' + `${'a1'.repeat(20)}:a"`)).toBe(true);
  });

  it('loads only the shards it is asked about', () => {
    const out = tmp();
    const c = openScanCache(out, '1');
    c.set(`${'00'.repeat(20)}:x`, '1');
    c.set(`${'ff'.repeat(20)}:x`, '2');
    c.flush();
    const again = openScanCache(out, '1');
    again.get(`${'00'.repeat(20)}:x`);
    expect(again.stats().shardsLoaded).toBe(1);
  });
});
