// The whole build on git repositories made at test time (fixed timestamps): publishing, updates,
// warnings, removal, renames, binary files, reviews, stats, a thousand commits, determinism and
// incremental builds equal to full ones.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fs from 'node:fs';
import git from 'isomorphic-git';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRegistry } from '../../scripts/build/build.ts';
import type { BuildOptions, BuildSummary } from '../../scripts/build/build.ts';
import { decodeIndex } from '../../scripts/core/registry-shapes.ts';
import type { CategoryList, ReviewList, SoulBundle, SoulDetails, SoulList, VersionList, VersionRecord } from '../../scripts/core/registry-shapes.ts';
import { addCommit, BASE_TIME, gitRepo } from '../helpers/git-repo.ts';
import type { GitCommitSpec, GitRepo } from '../helpers/git-repo.ts';
import { BENIGN_SOUL, validManifest } from '../helpers/soul.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'soul-build-'));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

async function repo(commits: GitCommitSpec[]): Promise<GitRepo> {
  const r = await gitRepo({ commits });
  cleanups.push(r.cleanup);
  return r;
}

/** The files of a soul folder at a version. */
function soul(owner: string, name: string, version: string, extra: Record<string, string | Uint8Array | null> = {}, manifest: Record<string, unknown> = {}): Record<string, string | Uint8Array | null> {
  const dir = `souls/${owner}/${name}`;
  const files: Record<string, string | Uint8Array | null> = {
    [`${dir}/soul.json`]: `${JSON.stringify(validManifest({ name, version, displayName: name.toUpperCase(), category: 'education/tutoring', ...manifest }), null, 2)}\n`,
    [`${dir}/SOUL.md`]: BENIGN_SOUL.replace('Test Soul', name),
    [`${dir}/IDENTITY.md`]: `# Identity\n\n- **Name:** ${name}\n`,
  };
  for (const [p, c] of Object.entries(extra)) files[`${dir}/${p}`] = c;
  return files;
}

function publish(owner: string, name: string, version: string, extra: Record<string, string | Uint8Array | null> = {}, manifest: Record<string, unknown> = {}): GitCommitSpec {
  return { files: soul(owner, name, version, extra, manifest), message: `Publish ${owner}/${name} v${version}\n\nPublished-by: ${owner}\n`, author: 'Registry Bot' };
}

async function build(r: GitRepo, out: string, options: Partial<BuildOptions> = {}): Promise<BuildSummary> {
  return buildRegistry({ repo: r.dir, out, progress: 'none', concurrency: 0, ...options });
}

const read = <T>(out: string, path: string): T => JSON.parse(readFileSync(join(out, path), 'utf8')) as T;
const api = (out: string, path: string) => read(out, `api/v1/${path}`);

/** Every file under `root` (except the build-info file, which holds the build's time) → sha256. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const rel = relative(root, p);
        if (rel !== 'private/build-info.json') out[rel] = createHash('sha256').update(readFileSync(p)).digest('hex');
      }
    }
  };
  walk(root);
  return out;
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xfe]);

describe('buildRegistry', () => {
  it('publishes a soul: details, versions, bundle, scan, ZIP and list entry', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0')]);
    const out = tmp();
    const summary = await build(r, out);
    expect(summary).toMatchObject({ mode: 'full', souls: 1, versions: 1, scansRun: 1, scansCached: 0, commitsWalked: 1 });
    const details = api(out, 'souls/acme/tutor.json') as SoulDetails;
    expect(details).toMatchObject({ fullName: 'acme/tutor', version: '1.0.0', publishedAt: new Date(BASE_TIME * 1000).toISOString(), downloads: 0, rating: 0 });
    expect(details.versions).toEqual([expect.objectContaining({ version: '1.0.0', publisher: 'acme', commit: r.commits[0] })]);
    expect((api(out, 'souls/acme/tutor/versions/1.0.0.json') as VersionRecord).files.map((f) => f.path)).toEqual(['IDENTITY.md', 'SOUL.md', 'soul.json']);
    expect((api(out, 'bundle/acme/tutor.json') as SoulBundle).files['SOUL.md']).toBe(BENIGN_SOUL.replace('Test Soul', 'tutor'));
    expect(api(out, 'souls/acme/tutor/scan.json')).toEqual(details.scan);
    expect(existsSync(join(out, 'private/zips/acme/tutor/1.0.0.zip'))).toBe(true);
    expect((api(out, 'souls.json') as SoulList).souls.map((s) => s.fullName)).toEqual(['acme/tutor']);
    expect(readFileSync(join(out, 'api/v1/souls/acme/tutor.md'), 'utf8')).toContain('# TUTOR');
    for (const f of ['categories.json', 'scan-rules.json', 'openapi.json', 'souls.md']) expect(existsSync(join(out, 'api/v1', f)), f).toBe(true);
    expect(existsSync(join(out, 'schemas/soul-0.5.schema.json'))).toBe(true);
    expect(decodeIndex(read(out, 'index/registry.json')).head).toBe(r.commits[0]);
  });

  it('adds a version on a bump and keeps the earlier one as it was', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('acme', 'tutor', '1.1.0', { 'SOUL.md': `${BENIGN_SOUL}\nNew section.\n` })]);
    const out = tmp();
    await build(r, out);
    expect((api(out, 'souls/acme/tutor/versions.json') as VersionList).versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect((api(out, 'souls/acme/tutor.json') as SoulDetails).fileContents['SOUL.md']).toContain('New section.');
    expect((api(out, 'bundle/acme/tutor@1.0.0.json') as SoulBundle).files['SOUL.md']).not.toContain('New section.');
    expect((api(out, 'souls/acme/tutor@1.0.0.json') as SoulDetails).version).toBe('1.0.0');
  });

  it('warns about a change without a bump and never alters the published version', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0')]);
    const out = tmp();
    await build(r, out);
    const before = snapshot(out);
    await addCommit(r.dir, { files: { 'souls/acme/tutor/SOUL.md': 'Sneaky edit' } });
    const summary = await build(r, out);
    expect(summary.warnings.map((w) => w.code)).toEqual(['CHANGED_WITHOUT_BUMP']);
    const after = snapshot(out);
    for (const path of ['api/v1/souls/acme/tutor/versions/1.0.0.json', 'api/v1/bundle/acme/tutor@1.0.0.json', 'api/v1/bundle/acme/tutor.json', 'private/zips/acme/tutor/1.0.0.zip', 'api/v1/souls/acme/tutor/scan.json']) {
      expect(after[path], path).toBe(before[path]);
    }
    expect((api(out, 'souls/acme/tutor.json') as SoulDetails).fileContents['SOUL.md']).not.toContain('Sneaky');
  });

  it('warns about a lowered version and publishes nothing', async () => {
    const r = await repo([publish('acme', 'tutor', '1.2.0'), publish('acme', 'tutor', '1.1.0')]);
    const out = tmp();
    const summary = await build(r, out);
    expect(summary.warnings.map((w) => w.code)).toEqual(['VERSION_LOWERED']);
    expect((api(out, 'souls/acme/tutor/versions.json') as VersionList).total).toBe(1);
    expect(existsSync(join(out, 'api/v1/souls/acme/tutor/versions/1.1.0.json'))).toBe(false);
  });

  it('drops a removed soul from listings and keeps its versions reachable', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('acme', 'other', '1.0.0'), { files: { 'souls/acme/tutor': null }, message: 'Remove acme/tutor\n' }]);
    const out = tmp();
    const summary = await build(r, out);
    expect(summary).toMatchObject({ souls: 1, removedSouls: 1 });
    expect((api(out, 'souls.json') as SoulList).souls.map((s) => s.fullName)).toEqual(['acme/other']);
    expect(decodeIndex(read(out, 'index/registry.json')).entries.map((e) => e.fullName)).toEqual(['acme/other']);
    expect((api(out, 'categories.json') as CategoryList).categories).toEqual([
      { name: 'education', count: 1 },
      { name: 'education/tutoring', count: 1 },
    ]);
    expect(api(out, 'souls/acme/tutor.json')).toMatchObject({ removed: true, version: '1.0.0' });
    expect(api(out, 'bundle/acme/tutor@1.0.0.json')).toMatchObject({ version: '1.0.0' });
    expect(existsSync(join(out, 'private/zips/acme/tutor/1.0.0.zip'))).toBe(true);
  });

  it('follows a renamed file into the next version only', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('acme', 'tutor', '1.1.0', { 'IDENTITY.md': null, 'PERSONA.md': '# Persona\n' })]);
    const out = tmp();
    await build(r, out);
    expect((api(out, 'souls/acme/tutor/versions/1.0.0.json') as VersionRecord).files.map((f) => f.path)).toEqual(['IDENTITY.md', 'SOUL.md', 'soul.json']);
    expect((api(out, 'souls/acme/tutor/versions/1.1.0.json') as VersionRecord).files.map((f) => f.path)).toEqual(['PERSONA.md', 'SOUL.md', 'soul.json']);
  });

  it('carries binary files as base64 with their real size and hash', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0', { 'avatar.png': PNG })]);
    const out = tmp();
    await build(r, out);
    const bundle = api(out, 'bundle/acme/tutor.json') as SoulBundle;
    expect(bundle.files['avatar.png']).toBe(Buffer.from(PNG).toString('base64'));
    expect(bundle.encodings).toEqual({ 'avatar.png': 'base64' });
    const record = api(out, 'souls/acme/tutor/versions/1.0.0.json') as VersionRecord;
    expect(record.files.find((f) => f.path === 'avatar.png')).toEqual({ path: 'avatar.png', size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
    expect(readFileSync(join(out, 'private/zips/acme/tutor/1.0.0.zip')).includes(Buffer.from(PNG))).toBe(false); // deflated, not stored raw
  });

  it('reads reviews from the repository and downloads from the stats file', async () => {
    const review = (id: string, rating: number) => JSON.stringify({ id, rating, body: `Review ${id}`, author: { username: `user-${id}` }, createdAt: '2024-01-01T00:00:00Z' });
    const r = await repo([publish('acme', 'tutor', '1.0.0'), { files: { 'reviews/acme/tutor/a1.json': review('a1', 5), 'reviews/acme/tutor/b2.json': review('b2', 4) } }]);
    const out = tmp();
    const stats = join(tmp(), 'stats.json');
    writeFileSync(stats, JSON.stringify({ downloads: { 'acme/tutor': 42 } }));
    await build(r, out, { statsFile: stats });
    expect((api(out, 'souls/acme/tutor/reviews.json') as ReviewList)).toMatchObject({ total: 2, avgRating: 4.5, limit: 20, offset: 0 });
    expect((api(out, 'souls.json') as SoulList).souls[0]).toMatchObject({ downloads: 42, rating: 4.5, reviewCount: 2 });
  });

  it('counts zero downloads and ratings when the optional inputs are absent', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0')]);
    const out = tmp();
    const summary = await build(r, out, { statsFile: join(tmp(), 'missing.json') });
    expect(summary.warnings).toEqual([]);
    expect((api(out, 'souls.json') as SoulList).souls[0]).toMatchObject({ downloads: 0, rating: 0, avgRating: 0, reviewCount: 0 });
    expect(api(out, 'souls/acme/tutor/reviews.json')).toEqual({ reviews: [], total: 0, limit: 20, offset: 0, avgRating: 0 });
  });

  it('warns about an unreadable stats file and counts zero', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0')]);
    const stats = join(tmp(), 'stats.json');
    writeFileSync(stats, '{ nope');
    const summary = await build(r, tmp(), { statsFile: stats });
    expect(summary.warnings.map((w) => w.code)).toEqual(['INVALID_STATS']);
  });

  it('produces identical bytes in two builds of one commit', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0', { 'avatar.png': PNG }), publish('bob', 'coach', '2.0.0'), publish('acme', 'tutor', '1.1.0')]);
    const a = tmp();
    const b = tmp();
    await build(r, a);
    await build(r, b);
    expect(snapshot(b)).toEqual(snapshot(a));
  });

  it('produces the same tree with worker threads as in the main thread', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0', { 'avatar.png': PNG }), publish('bob', 'coach', '2.0.0'), publish('acme', 'tutor', '1.1.0'), publish('carol', 'muse', '0.1.0')]);
    const inline = tmp();
    const threaded = tmp();
    await build(r, inline, { concurrency: 0 });
    await build(r, threaded, { concurrency: 2 });
    expect(snapshot(threaded)).toEqual(snapshot(inline));
  });

  it('rebuilds only the souls changed since the last build', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('bob', 'coach', '1.0.0'), publish('carol', 'muse', '1.0.0')]);
    const out = tmp();
    await build(r, out);
    const nothing = await build(r, out);
    expect(nothing).toMatchObject({ mode: 'incremental', commitsWalked: 0, soulsBuilt: 0, scansRun: 0, filesWritten: 0 });
    await addCommit(r.dir, publish('bob', 'coach', '1.1.0'));
    const one = await build(r, out);
    expect(one).toMatchObject({ mode: 'incremental', commitsWalked: 1, soulsBuilt: 1, scansRun: 1, scansCached: 1 });
    expect(one.filesWritten).toBeLessThan(20);
  });

  it('rebuilds a soul whose reviews changed, and only that soul', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('bob', 'coach', '1.0.0')]);
    const out = tmp();
    await build(r, out);
    await addCommit(r.dir, { files: { 'reviews/bob/coach/x1.json': JSON.stringify({ id: 'x1', rating: 3, body: 'ok', author: { username: 'zed' }, createdAt: '2024-01-01T00:00:00Z' }) } });
    const summary = await build(r, out);
    expect(summary).toMatchObject({ soulsBuilt: 1, scansRun: 0 });
    expect((api(out, 'souls/bob/coach/reviews.json') as ReviewList).total).toBe(1);
  });

  it('gives an incremental build the same tree as a full build of the same commit', async () => {
    const steps: GitCommitSpec[] = [
      publish('acme', 'tutor', '1.0.0'),
      publish('bob', 'coach', '1.0.0', { 'avatar.png': PNG }),
      publish('acme', 'tutor', '1.1.0'),
      { files: { 'souls/acme/tutor/SOUL.md': 'changed without bump' } },
      { files: { 'reviews/acme/tutor/r1.json': JSON.stringify({ id: 'r1', rating: 4, body: 'good', author: { username: 'zed' }, createdAt: '2024-01-01T00:00:00Z' }) } },
      publish('carol', 'muse', '0.1.0'),
      { files: { 'souls/bob/coach': null } },
      publish('acme', 'tutor', '1.0.5'),
    ];
    const r = await repo([steps[0]!]);
    const incremental = tmp();
    await build(r, incremental);
    for (const step of steps.slice(1)) {
      await addCommit(r.dir, step);
      await build(r, incremental);
    }
    const full = tmp();
    const summary = await build(r, full);
    expect(summary.warnings.map((w) => w.code)).toEqual(['CHANGED_WITHOUT_BUMP', 'VERSION_LOWERED']);
    expect(snapshot(incremental)).toEqual(snapshot(full));
  });

  it('builds a thousand commits, then one more incrementally, equal to a full build', async () => {
    const commits: GitCommitSpec[] = [];
    for (let i = 0; i < 1000; i++) {
      const n = i % 50;
      commits.push(publish(`owner-${n % 7}`, `soul-${n}`, `1.${Math.floor(i / 50)}.0`));
    }
    const r = await repo(commits);
    const out = tmp();
    const first = await build(r, out, { concurrency: 2 });
    expect(first).toMatchObject({ commitsWalked: 1000, souls: 50, versions: 1000, scansRun: 1000 });
    await addCommit(r.dir, publish('owner-3', 'soul-3', '2.0.0'));
    const second = await build(r, out);
    expect(second).toMatchObject({ mode: 'incremental', commitsWalked: 1, soulsBuilt: 1, scansRun: 1 });
    const full = tmp();
    await build(r, full, { concurrency: 2 });
    expect(snapshot(out)).toEqual(snapshot(full));
  }, 240_000);

  it('starts the outputs over when the branch was force-pushed', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('acme', 'tutor', '1.1.0')]);
    const out = tmp();
    await build(r, out);
    await git.writeRef({ fs, gitdir: r.gitdir, ref: 'refs/heads/main', value: r.commits[0]!, force: true });
    await addCommit(r.dir, publish('bob', 'coach', '1.0.0'));
    const summary = await build(r, out);
    expect(summary.warnings.map((w) => w.code)).toEqual(['HISTORY_REWRITTEN']);
    expect(existsSync(join(out, 'api/v1/souls/acme/tutor/versions/1.1.0.json'))).toBe(false);
    const full = tmp();
    await build(r, full);
    // the same tree as a full build, apart from the scan cache (it keeps the old version's scan)
    const outputs = (root: string) => Object.fromEntries(Object.entries(snapshot(root)).filter(([k]) => !k.startsWith('private/scan-cache/')));
    expect(outputs(out)).toEqual(outputs(full));
  });

  it('rebuilds everything with full but reuses the scan cache', async () => {
    const r = await repo([publish('acme', 'tutor', '1.0.0'), publish('bob', 'coach', '1.0.0')]);
    const out = tmp();
    await build(r, out);
    const again = await build(r, out, { full: true });
    expect(again).toMatchObject({ mode: 'full', soulsBuilt: 2, scansRun: 0, scansCached: 2, filesWritten: 0 });
  });
});
