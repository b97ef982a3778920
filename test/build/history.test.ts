import { describe, it, expect, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGitReader } from '../../scripts/build/git/reader.ts';
import { compareVersions, historyFromJSON, historyToJSON, publishedBy, walkHistory } from '../../scripts/build/history.ts';
import type { HistoryResult } from '../../scripts/build/model.ts';
import { addCommit, BASE_TIME, gitRepo } from '../helpers/git-repo.ts';
import type { GitCommitSpec, GitFileChange, GitRepo } from '../helpers/git-repo.ts';

const repos: GitRepo[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});

async function repoOf(commits: GitCommitSpec[]): Promise<GitRepo> {
  const repo = await gitRepo({ commits });
  repos.push(repo);
  return repo;
}

async function walk(repo: { dir: string }, previous?: HistoryResult): Promise<HistoryResult> {
  return walkHistory({ reader: createGitReader({ dir: repo.dir }), previous });
}

/** The files of a soul folder, as repository paths: soul.json with `version` plus SOUL.md. */
function soul(id: string, version: string, files: Record<string, GitFileChange> = {}): Record<string, GitFileChange> {
  const [, name] = id.split('/');
  const out: Record<string, GitFileChange> = {
    [`souls/${id}/soul.json`]: JSON.stringify({ name, displayName: name, version, description: 'A test soul.', license: 'MIT' }, null, 2),
    [`souls/${id}/SOUL.md`]: `# ${name}\n\nYou are a patient helper.\n`,
  };
  for (const [file, content] of Object.entries(files)) out[`souls/${id}/${file}`] = content;
  return out;
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const versionsOf = (h: HistoryResult, id: string) => h.souls.get(id)?.versions.map((v) => v.version) ?? [];
const codes = (h: HistoryResult) => h.warnings.map((w) => w.code);

function hashObject(content: Uint8Array): string {
  return execFileSync('git', ['hash-object', '--stdin'], { input: content, encoding: 'utf8' }).trim();
}

describe('walkHistory: publishing', () => {
  it('publishes the first version with its files, commit, time and publisher', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0'), author: 'Ada Lovelace', time: BASE_TIME }]);
    const h = await walk(repo);
    const s = h.souls.get('ada/helper')!;
    expect(s.versions).toHaveLength(1);
    const v = s.versions[0]!;
    expect(v).toMatchObject({ owner: 'ada', name: 'helper', version: '1.0.0', commit: repo.commits[0], publishedAt: iso(BASE_TIME), publisher: 'Ada Lovelace' });
    expect(Object.keys(v.blobs)).toEqual(['SOUL.md', 'soul.json']);
    expect(v.blobs['SOUL.md']).toBe(hashObject(Buffer.from('# helper\n\nYou are a patient helper.\n')));
    expect(v.tree).toBe(execFileSync('git', ['-C', repo.dir, 'rev-parse', `${repo.commits[0]}:souls/ada/helper`], { encoding: 'utf8' }).trim());
    expect(s).toMatchObject({ removed: false, lastCommit: repo.commits[0], lastCommitAt: iso(BASE_TIME) });
    expect(h).toMatchObject({ head: repo.commits[0], commitsWalked: 1, walk: 'full', warnings: [] });
  });

  it('publishes a new version when the version is bumped, keeping the old one as it was', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { files: soul('ada/helper', '1.1.0', { 'SOUL.md': '# helper\n\nNow stricter.\n' }) },
    ]);
    const h = await walk(repo);
    const [v1, v2] = h.souls.get('ada/helper')!.versions;
    expect([v1!.version, v1!.commit, v2!.version, v2!.commit]).toEqual(['1.0.0', repo.commits[0], '1.1.0', repo.commits[1]]);
    expect(v1!.blobs['SOUL.md']).not.toBe(v2!.blobs['SOUL.md']);
    expect(v2!.publishedAt).toBe(iso(BASE_TIME + 60));
    expect(h.warnings).toEqual([]);
  });

  it('orders versions numerically, not as text (1.10.0 is above 1.9.0)', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.9.0') }, { files: soul('ada/helper', '1.10.0') }, { files: soul('ada/helper', '1.2.0') }]);
    const h = await walk(repo);
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.9.0', '1.10.0']);
    expect(codes(h)).toEqual(['VERSION_LOWERED']);
  });

  it('keeps souls apart and sorts them by id', async () => {
    const repo = await repoOf([{ files: { ...soul('zed/one', '1.0.0'), ...soul('ada/two', '2.0.0') } }, { files: soul('ada/one', '0.1.0') }]);
    const h = await walk(repo);
    expect([...h.souls.keys()]).toEqual(['ada/one', 'ada/two', 'zed/one']);
    expect(h.souls.get('ada/two')!.versions[0]!.commit).toBe(repo.commits[0]);
  });

  it('ignores commits that do not touch souls/', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: { 'README.md': '# Registry\n' } }, { files: { 'souls/README.md': 'about\n' } }]);
    const h = await walk(repo);
    expect(h.souls.get('ada/helper')).toMatchObject({ lastCommit: repo.commits[0], versions: [{ version: '1.0.0' }] });
    expect(h.warnings).toEqual([]);
    expect(h.commitsWalked).toBe(3);
  });
});

describe('walkHistory: published versions never change', () => {
  it('warns about a change without a bump and keeps the published content', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: { 'souls/ada/helper/SOUL.md': '# helper\n\nSneaky edit.\n' } }]);
    const h = await walk(repo);
    const published = (await walk({ dir: repo.dir })).souls.get('ada/helper')!.versions;
    expect(published).toHaveLength(1);
    expect(published[0]!.commit).toBe(repo.commits[0]);
    expect(published[0]!.blobs['SOUL.md']).toBe(hashObject(Buffer.from('# helper\n\nYou are a patient helper.\n')));
    expect(h.warnings).toEqual([
      expect.objectContaining({ code: 'CHANGED_WITHOUT_BUMP', owner: 'ada', name: 'helper', commit: repo.commits[1], message: expect.stringMatching(/without a version bump.*bump "version"/) }),
    ]);
    expect(h.souls.get('ada/helper')!.lastCommit).toBe(repo.commits[1]);
  });

  it('does not warn when a change is reverted to the published content', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { files: { 'souls/ada/helper/SOUL.md': 'edit\n' } },
      { files: soul('ada/helper', '1.0.0') },
    ]);
    const h = await walk(repo);
    expect(codes(h)).toEqual(['CHANGED_WITHOUT_BUMP']);
    expect(h.warnings[0]!.commit).toBe(repo.commits[1]);
  });

  it('warns about a lowered version and publishes nothing until the version rises again', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.2.0') }, { files: soul('ada/helper', '1.1.5') }, { files: soul('ada/helper', '1.3.0') }]);
    const h = await walk(repo);
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.2.0', '1.3.0']);
    expect(h.warnings).toEqual([expect.objectContaining({ code: 'VERSION_LOWERED', commit: repo.commits[1], message: expect.stringContaining('above 1.2.0') })]);
  });

  it('warns about a reused version (1.0.0 → 1.1.0 → 1.0.0)', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: soul('ada/helper', '1.1.0') }, { files: soul('ada/helper', '1.0.0') }]);
    const h = await walk(repo);
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.0.0', '1.1.0']);
    expect(h.warnings).toEqual([expect.objectContaining({ code: 'VERSION_REUSED', commit: repo.commits[2], message: expect.stringContaining('already published') })]);
  });

  it('drops a removed soul from listings but keeps its versions, and a re-add clears it', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { files: { 'souls/ada/helper': null } },
      { files: soul('ada/helper', '1.1.0') },
    ]);
    const mid = await walkHistory({ reader: createGitReader({ dir: repo.dir }), ref: repo.commits[1]! });
    expect(mid.souls.get('ada/helper')).toMatchObject({ removed: true, lastCommit: repo.commits[1], versions: [{ version: '1.0.0' }] });
    const h = await walk(repo);
    expect(h.souls.get('ada/helper')).toMatchObject({ removed: false, lastCommit: repo.commits[2] });
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.0.0', '1.1.0']);
  });

  it('warns when a removed soul comes back with its old version and other files', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { files: { 'souls/ada/helper': null } },
      { files: soul('ada/helper', '1.0.0', { 'SOUL.md': 'different\n' }) },
    ]);
    const h = await walk(repo);
    expect(codes(h)).toEqual(['CHANGED_WITHOUT_BUMP']);
    expect(h.souls.get('ada/helper')!.removed).toBe(false);
  });

  it('marks every soul removed when souls/ itself is deleted', async () => {
    const repo = await repoOf([{ files: { ...soul('ada/one', '1.0.0'), ...soul('bob/two', '1.0.0') } }, { files: { souls: null, 'README.md': 'empty\n' } }]);
    const h = await walk(repo);
    expect([...h.souls.values()].map((s) => [s.name, s.removed])).toEqual([['one', true], ['two', true]]);
  });

  it('records a renamed file in the next version and keeps the old name in the old one', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0', { 'IDENTITY.md': 'me\n' }) },
      { files: { ...soul('ada/helper', '1.1.0'), 'souls/ada/helper/IDENTITY.md': null, 'souls/ada/helper/identity.md': 'me\n' } },
      { files: { 'souls/ada/helper/identity.md': null, 'souls/ada/helper/who.md': 'me\n' } },
    ]);
    const h = await walk(repo);
    const [v1, v2] = h.souls.get('ada/helper')!.versions;
    expect(Object.keys(v1!.blobs)).toEqual(['IDENTITY.md', 'SOUL.md', 'soul.json']);
    expect(Object.keys(v2!.blobs)).toEqual(['SOUL.md', 'identity.md', 'soul.json']);
    expect(v2!.blobs['identity.md']).toBe(v1!.blobs['IDENTITY.md']);
    expect(codes(h)).toEqual(['CHANGED_WITHOUT_BUMP']);
  });
});

describe('walkHistory: folder contents', () => {
  it('publishes binary files byte for byte', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0xff, 0xfe, 0x00]);
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0', { 'avatar.png': png }) }]);
    const h = await walk(repo);
    const v = h.souls.get('ada/helper')!.versions[0]!;
    expect(v.blobs['avatar.png']).toBe(hashObject(png));
    const reader = createGitReader({ dir: repo.dir });
    expect(Buffer.from(await reader.readBlob(v.blobs['avatar.png']!)).equals(Buffer.from(png))).toBe(true);
  });

  it('publishes files one folder level deep', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0', { 'examples/good.md': 'good\n', 'examples/bad.md': 'bad\n' }) }]);
    const h = await walk(repo);
    expect(Object.keys(h.souls.get('ada/helper')!.versions[0]!.blobs)).toEqual(['SOUL.md', 'examples/bad.md', 'examples/good.md', 'soul.json']);
    expect(h.warnings).toEqual([]);
  });

  it('refuses a path two folders deep, then publishes once it is fixed', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0', { 'examples/deep/x.md': 'x\n' }) },
      { files: { 'souls/ada/helper/examples/deep/x.md': null, 'souls/ada/helper/examples/x.md': 'x\n' } },
    ]);
    const h = await walk(repo);
    expect(h.warnings).toEqual([expect.objectContaining({ code: 'INVALID_PATH', commit: repo.commits[0], message: expect.stringContaining('"examples/deep" is a folder inside a folder') })]);
    expect(h.souls.get('ada/helper')!.versions).toMatchObject([{ version: '1.0.0', commit: repo.commits[1] }]);
  });

  it('refuses unsafe names and names equal ignoring case', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0', { 'CON.md': 'x\n', 'soul.JSON': '{}' }) }]);
    const h = await walk(repo);
    expect(h.souls.has('ada/helper')).toBe(false);
    expect(codes(h)).toEqual(['INVALID_PATH']);
    expect(h.warnings[0]!.message).toMatch(/"CON\.md" uses .*reserves/);
    expect(h.warnings[0]!.message).toMatch(/"soul\.json" is the same as "soul\.JSON"|"soul\.JSON" is the same as/);
  });

  it('skips a folder whose owner or name is not a valid soul id', async () => {
    const repo = await repoOf([{ files: { ...soul('Ada/helper', '1.0.0'), ...soul('ada/My Soul', '1.0.0') } }]);
    const h = await walk(repo);
    expect(h.souls.size).toBe(0);
    expect(h.warnings.map((w) => [w.code, w.owner, w.name])).toEqual([
      ['INVALID_PATH', 'Ada', 'helper'],
      ['INVALID_PATH', 'ada', 'My Soul'],
    ]);
    expect(h.warnings[0]!.message).toContain('must be lower case');
  });

  it('warns about a manifest that is not JSON, has no version or a malformed one, or is missing', async () => {
    const repo = await repoOf([
      { files: { 'souls/ada/a/soul.json': '{ nope', 'souls/ada/a/SOUL.md': 'x\n' } },
      { files: { 'souls/ada/b/soul.json': '{"name":"b"}', 'souls/ada/b/SOUL.md': 'x\n' } },
      { files: { 'souls/ada/c/soul.json': '{"version":"1.0"}', 'souls/ada/c/SOUL.md': 'x\n' } },
      { files: { 'souls/ada/d/SOUL.md': 'x\n' } },
      { files: { 'souls/ada/e/soul.json': '["1.0.0"]' } },
    ]);
    const h = await walk(repo);
    expect(h.souls.size).toBe(0);
    expect(h.warnings.map((w) => [w.code, w.name])).toEqual([
      ['INVALID_MANIFEST', 'a'],
      ['INVALID_MANIFEST', 'b'],
      ['INVALID_MANIFEST', 'c'],
      ['INVALID_MANIFEST', 'd'],
      ['INVALID_MANIFEST', 'e'],
    ]);
    expect(h.warnings.map((w) => w.message.split(': ').slice(1).join(': '))).toEqual([
      expect.stringContaining('not valid JSON'),
      expect.stringContaining('no "version"'),
      expect.stringContaining('"1.0" is not MAJOR.MINOR.PATCH'),
      expect.stringContaining('soul.json is missing'),
      expect.stringContaining('not a JSON object'),
    ]);
  });

  it('warns about a folder whose objects cannot be read and publishes nothing from it', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: soul('ada/helper', '1.1.0') }]);
    const blob = execFileSync('git', ['-C', repo.dir, 'rev-parse', `${repo.commits[1]}:souls/ada/helper/soul.json`], { encoding: 'utf8' }).trim();
    fs.rmSync(path.join(repo.gitdir, 'objects', blob.slice(0, 2), blob.slice(2)));
    const h = await walk(repo);
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.0.0']);
    expect(h.warnings).toEqual([expect.objectContaining({ code: 'UNREADABLE', commit: repo.commits[1], message: expect.stringContaining('git fsck') })]);
  });

  it('publishes a version once a broken manifest is fixed', async () => {
    const repo = await repoOf([{ files: { ...soul('ada/helper', '1.0.0'), 'souls/ada/helper/soul.json': '{' } }, { files: soul('ada/helper', '1.0.0') }]);
    const h = await walk(repo);
    expect(codes(h)).toEqual(['INVALID_MANIFEST']);
    expect(h.souls.get('ada/helper')!.versions).toMatchObject([{ version: '1.0.0', commit: repo.commits[1] }]);
  });
});

describe('walkHistory: publisher and time', () => {
  it('takes the publisher from the last Published-by trailer, else from the author', async () => {
    const repo = await repoOf([
      { files: soul('ada/a', '1.0.0'), author: 'Merge Bot', message: 'Publish ada/a\n\nReviewed-by: someone\nPublished-by: first\nPublished-by: ada-lovelace <ada@example.com>\n' },
      { files: soul('ada/b', '1.0.0'), author: 'Ada Lovelace', message: 'Publish ada/b\n' },
      { files: soul('ada/c', '1.0.0'), author: 'Ada Lovelace', message: 'Published-by: not-a-trailer\n' },
    ]);
    const h = await walk(repo);
    expect(['ada/a', 'ada/b', 'ada/c'].map((id) => h.souls.get(id)!.versions[0]!.publisher)).toEqual(['ada-lovelace', 'Ada Lovelace', 'Ada Lovelace']);
  });

  it('reads trailers only from the last paragraph', () => {
    expect(publishedBy('Subject\n\nPublished-by: early\n\nBody text.\n')).toBeNull();
    expect(publishedBy('Subject\n\nBody.\n\npublished-by:  late \n')).toBe('late');
    expect(publishedBy('Subject only')).toBeNull();
  });

  it('uses the committer time for publishedAt', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0'), time: 1_750_000_000 }]);
    const h = await walk(repo);
    expect(h.souls.get('ada/helper')!.versions[0]!.publishedAt).toBe('2025-06-15T15:06:40.000Z');
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0', '10.0.0')).toBe(-1);
    expect(compareVersions('1.2.3', '1.2.3')).toBe(0);
  });
});

describe('walkHistory: history shape', () => {
  it('follows the first parent only: a merged branch\'s intermediate versions are not published', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { branch: 'feature', files: soul('ada/helper', '1.1.0') },
      { branch: 'feature', files: soul('ada/helper', '1.2.0') },
      { files: soul('bob/other', '1.0.0') },
      { merge: 'feature', files: soul('ada/helper', '1.2.0'), message: 'Merge feature\n\nPublished-by: ada\n' },
    ]);
    const h = await walk(repo);
    expect(h.souls.get('ada/helper')!.versions.map((v) => [v.version, v.commit, v.publisher])).toEqual([
      ['1.0.0', repo.commits[0], 'Test Author'],
      ['1.2.0', repo.commits[4], 'ada'],
    ]);
    expect(h.commitsWalked).toBe(3);
  });

  it('walks a thousand commits quickly', async () => {
    const commits: GitCommitSpec[] = [];
    for (let i = 0; i < 1000; i++) commits.push({ files: soul(`owner-${(i % 250) % 40}/soul-${i % 250}`, `1.${Math.floor(i / 250)}.0`) });
    const started = performance.now();
    const repo = await repoOf(commits);
    const built = performance.now() - started;
    const t = performance.now();
    const h = await walk(repo);
    const walked = performance.now() - t;
    expect(h.souls.size).toBe(250);
    expect([...h.souls.values()].every((s) => s.versions.length === 4)).toBe(true);
    expect(h.warnings).toEqual([]);
    // Loose objects through isomorphic-git; generous bounds for a loaded machine.
    expect(walked).toBeLessThan(10_000);
    expect(built).toBeLessThan(40_000);
  }, 90_000);

  it('gives the same result on a packed repository as on loose objects', async () => {
    const repo = await repoOf([
      { files: soul('ada/helper', '1.0.0') },
      { files: soul('ada/helper', '1.1.0', { 'examples/a.md': 'a\n' }) },
      { files: { 'souls/ada/helper/SOUL.md': 'edit\n' } },
      { files: soul('bob/x', '0.1.0') },
    ]);
    const loose = await walk(repo);
    execFileSync('git', ['-C', repo.dir, 'gc', '--quiet', '--prune=now']);
    const reader = createGitReader({ dir: repo.dir });
    const packed = await walkHistory({ reader });
    expect(reader.stats().fallbackReads).toBe(0);
    expect(packed).toEqual(loose);
  });

  it('reports progress up to the total', async () => {
    const repo = await repoOf([{ files: soul('ada/a', '1.0.0') }, { files: soul('ada/a', '1.0.1') }]);
    const calls: [number, number][] = [];
    await walkHistory({ reader: createGitReader({ dir: repo.dir }), onProgress: (d, t) => calls.push([d, t]) });
    expect(calls[calls.length - 1]).toEqual([2, 2]);
  });

  it('says the history is incomplete when a first parent is missing (a shallow clone)', async () => {
    const repo = await repoOf([{ files: soul('ada/a', '1.0.0') }, { files: soul('ada/a', '1.0.1') }]);
    const first = repo.commits[0]!;
    fs.rmSync(path.join(repo.gitdir, 'objects', first.slice(0, 2), first.slice(2)));
    await expect(walk(repo)).rejects.toThrow(/history is incomplete.*fetch-depth: 0/);
  });
});

describe('walkHistory: incremental', () => {
  const events = (): GitCommitSpec[][] => [
    [{ files: soul('ada/helper', '1.0.0') }, { files: soul('bob/tool', '0.1.0', { 'examples/x.md': 'x\n' }) }],
    [{ files: { 'souls/ada/helper/SOUL.md': 'edit without bump\n' } }, { files: soul('ada/helper', '1.1.0') }],
    [{ files: { 'souls/bob/tool': null } }, { files: soul('ada/helper', '1.0.0') }, { files: soul('cyd/new', '3.0.0') }],
    [{ files: soul('bob/tool', '0.2.0') }, { files: { 'README.md': 'hi\n' } }],
  ];

  it('continues from a previous result and equals a full walk', async () => {
    const batches = events();
    const repo = await repoOf(batches[0]!);
    let previous = await walk(repo);
    for (const batch of batches.slice(1)) {
      for (const spec of batch) await addCommit(repo.dir, spec);
      // Through the build state file's JSON, as a real rebuild would.
      const restored = historyFromJSON(JSON.parse(JSON.stringify(historyToJSON(previous))));
      const incremental = await walk(repo, restored);
      expect(incremental.commitsWalked).toBe(batch.length);
      expect(incremental.walk).toBe('incremental');
      const full = await walk(repo);
      expect({ ...incremental, commitsWalked: 0, walk: 'x' }).toEqual({ ...full, commitsWalked: 0, walk: 'x' });
      expect(JSON.stringify(historyToJSON(incremental))).toBe(JSON.stringify(historyToJSON(full)));
      previous = incremental;
    }
    expect(codes(previous)).toEqual(['CHANGED_WITHOUT_BUMP', 'VERSION_REUSED']);
    expect(previous.souls.get('bob/tool')).toMatchObject({ removed: false });
    expect(versionsOf(previous, 'bob/tool')).toEqual(['0.1.0', '0.2.0']);
  });

  it('walks nothing when the head has not moved', async () => {
    const repo = await repoOf(events()[0]!);
    const first = await walk(repo);
    const again = await walk(repo, first);
    expect(again.commitsWalked).toBe(0);
    expect({ ...again, commitsWalked: first.commitsWalked, walk: 'full' }).toEqual(first);
  });

  it('walks the whole history again when the previous head was force-pushed away', async () => {
    const repo = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: soul('ada/helper', '1.1.0') }]);
    const before = await walk(repo);
    // Rewrite main: a different second commit on top of the first.
    execFileSync('git', ['-C', repo.dir, 'update-ref', 'refs/heads/main', repo.commits[0]!]);
    const rewritten = await addCommit(repo.dir, { files: soul('ada/helper', '2.0.0'), message: 'Rewritten\n' });
    const h = await walk(repo, before);
    expect(h.walk).toBe('full');
    expect(h.restartReason).toMatch(new RegExp(`${before.head.slice(0, 7)} is not on the first-parent history of main`));
    expect(h.commitsWalked).toBe(2);
    expect(h.head).toBe(rewritten);
    expect(versionsOf(h, 'ada/helper')).toEqual(['1.0.0', '2.0.0']);
  });
});

describe('history JSON', () => {
  it('round-trips and is deterministic', async () => {
    const repo = await repoOf([{ files: { ...soul('zed/b', '1.0.0', { 'z.md': 'z\n', 'a.md': 'a\n' }), ...soul('ada/a', '1.0.0') } }, { files: soul('zed/b', '0.9.0') }]);
    const h = await walk(repo);
    const json = historyToJSON(h);
    expect(json.souls.map((s) => `${s.owner}/${s.name}`)).toEqual(['ada/a', 'zed/b']);
    expect(Object.keys(json.souls[1]!.versions[0]!.blobs)).toEqual(['SOUL.md', 'a.md', 'soul.json', 'z.md']);
    const back = historyFromJSON(JSON.stringify(json));
    expect({ ...back, walk: 'full', commitsWalked: h.commitsWalked }).toEqual(h);
    expect(JSON.stringify(historyToJSON(back))).toBe(JSON.stringify(json));
    expect(Object.keys(json)).toEqual(['format', 'head', 'souls', 'warnings']);
  });

  it('refuses a file of another format', () => {
    expect(() => historyFromJSON({ format: 99, head: 'x', souls: [], warnings: [] })).toThrow(/rebuild from scratch/);
    expect(() => historyFromJSON('null')).toThrow();
  });
});

describe('the test helper', () => {
  it('builds the same commit hashes every time', async () => {
    const a = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: soul('ada/helper', '1.1.0') }]);
    const b = await repoOf([{ files: soul('ada/helper', '1.0.0') }, { files: soul('ada/helper', '1.1.0') }]);
    expect(a.commits).toEqual(b.commits);
    expect(execFileSync('git', ['-C', a.dir, 'fsck', '--strict'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    expect(fs.realpathSync(a.dir).startsWith(fs.realpathSync(os.tmpdir()))).toBe(true);
  });
});
