import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import git from 'isomorphic-git';
import { createGitReader } from '../../scripts/build/git/reader.ts';
import { createInflate } from '../../scripts/build/git/inflate.ts';
import { applyDelta } from '../../scripts/build/git/pack-store.ts';
import { diffRawTrees, rawTree } from '../../scripts/build/git/tree-diff.ts';
import { addCommit, gitRepo } from '../helpers/git-repo.ts';
import type { GitCommitSpec, GitRepo } from '../helpers/git-repo.ts';

// A repository whose objects exercise the reader: versions of text files that pack as deltas,
// binary bytes, a nested folder, and a large file (recycled memory, big deltas).
function fixtureCommits(): GitCommitSpec[] {
  const commits: GitCommitSpec[] = [];
  const paragraph = (i: number) => `Paragraph ${i}: you explain your reasoning step by step and check assumptions before answering.\n`;
  const large = (v: number) => Array.from({ length: 700 }, (_, i) => `line ${i} of a long knowledge file, revision ${i % 97 === 0 ? v : 0}\n`).join('');
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0xff, 0x00, 0x20]);
  for (let v = 0; v < 12; v++) {
    const files: Record<string, string | Uint8Array | null> = {};
    for (const owner of ['ada', 'bob', 'cyd']) {
      const dir = `souls/${owner}/helper`;
      files[`${dir}/soul.json`] = JSON.stringify({ name: 'helper', version: `1.${v}.0` }, null, 2);
      files[`${dir}/SOUL.md`] = `# Helper ${owner}\n\n` + Array.from({ length: 40 }, (_, i) => paragraph(i + (i === v ? 1000 : 0))).join('');
    }
    files['souls/ada/helper/examples/good.md'] = `Example ${v}\n`;
    files['souls/bob/helper/avatar.png'] = png.map((b, i) => (i === 19 ? v : b));
    files['souls/cyd/helper/KNOWLEDGE.md'] = large(v);
    if (v === 6) files['souls/ada/helper/examples/good.md'] = null;
    commits.push({ files, message: `Version 1.${v}.0\n\nPublished-by: release-bot\n`, author: { name: 'Ada Example', email: 'ada@example.com' } });
  }
  return commits;
}

function listObjects(dir: string): string[] {
  return execFileSync('git', ['-C', dir, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)'], { encoding: 'utf8' }).trim().split('\n').sort();
}

function copyRepo(from: string): string {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), 'soul-git-copy-'));
  fs.cpSync(from, to, { recursive: true });
  return to;
}

function runGit(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'gc.auto=0', ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function packFiles(dir: string): string[] {
  return fs.readdirSync(path.join(dir, '.git/objects/pack')).filter((f) => f.endsWith('.pack'));
}

function looseCount(dir: string): number {
  const objects = path.join(dir, '.git/objects');
  return fs.readdirSync(objects).filter((d) => /^[0-9a-f]{2}$/.test(d)).reduce((n, d) => n + fs.readdirSync(path.join(objects, d)).length, 0);
}

/** Rewrite the index of a repository's single pack with `git index-pack` options. */
function reindex(dir: string, ...options: string[]): void {
  const packDir = path.join(dir, '.git/objects/pack');
  const [pack] = packFiles(dir);
  const idx = path.join(packDir, pack!.replace(/\.pack$/, '.idx'));
  fs.chmodSync(idx, 0o644);
  fs.rmSync(idx);
  execFileSync('git', ['index-pack', ...options, '-o', idx, path.join(packDir, pack!)], { stdio: 'ignore' });
}

describe('git reader', () => {
  let repo: GitRepo;
  const expected = new Map<string, { type: string; data: Buffer }>();
  const dirs: string[] = [];

  beforeAll(async () => {
    repo = await gitRepo({ commits: fixtureCommits() });
    // The reference: isomorphic-git on the loose objects as written.
    for (const oid of listObjects(repo.dir)) {
      const obj = await git.readObject({ fs, gitdir: repo.gitdir, oid, format: 'content' });
      expected.set(oid, { type: obj.type, data: Buffer.from(obj.object as Uint8Array) });
    }
  });

  afterAll(() => {
    repo?.cleanup();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  function variant(setup: (dir: string) => void): string {
    const dir = copyRepo(repo.dir);
    dirs.push(dir);
    setup(dir);
    return dir;
  }

  async function expectEveryObject(dir: string, options: Parameters<typeof createGitReader>[0] = {}): Promise<ReturnType<ReturnType<typeof createGitReader>['stats']>> {
    const reader = createGitReader({ dir, ...options });
    expect(listObjects(dir)).toEqual([...expected.keys()]);
    for (const [oid, want] of expected) {
      const got = await reader.readObject(oid);
      expect({ oid, type: got.type }).toEqual({ oid, type: want.type });
      expect(Buffer.from(got.data).equals(want.data), `content of ${oid}`).toBe(true);
    }
    const stats = reader.stats();
    reader.close();
    return stats;
  }

  it('has a fixture with loose objects only, of every type the registry uses', () => {
    expect(looseCount(repo.dir)).toBe(expected.size);
    expect(new Set([...expected.values()].map((o) => o.type))).toEqual(new Set(['commit', 'tree', 'blob']));
  });

  it('reads every loose object exactly as isomorphic-git does', async () => {
    const stats = await expectEveryObject(repo.dir);
    expect(stats.fallbackReads).toBe(expected.size);
  });

  it('reads every object of a repository packed by git gc from the pack, as isomorphic-git reads it', async () => {
    const dir = variant((d) => runGit(d, 'gc', '--quiet', '--prune=now'));
    expect(looseCount(dir)).toBe(0);
    const stats = await expectEveryObject(dir);
    expect(stats.fallbackReads).toBe(0);
    expect(stats.deltas).toBeGreaterThan(0);
    // isomorphic-git's own packed reads agree on every object too.
    const reader = createGitReader({ dir });
    for (const oid of expected.keys()) {
      const iso = await git.readObject({ fs, gitdir: path.join(dir, '.git'), oid, format: 'content' });
      expect(Buffer.from(iso.object as Uint8Array).equals(Buffer.from((await reader.readObject(oid)).data))).toBe(true);
    }
  });

  it('resolves deep ofs-delta chains of an aggressive repack', async () => {
    const dir = variant((d) => {
      runGit(d, 'repack', '-adf', '--depth=50', '--window=250');
      runGit(d, 'prune-packed');
    });
    const stats = await expectEveryObject(dir);
    expect(stats.fallbackReads).toBe(0);
    expect(stats.deltas).toBeGreaterThan(10);
  });

  it('resolves ref-deltas', async () => {
    const dir = variant((d) => {
      runGit(d, '-c', 'repack.useDeltaBaseOffset=false', 'repack', '-adf', '--depth=50', '--window=250');
      runGit(d, 'prune-packed');
    });
    const verify = runGit(dir, 'verify-pack', '-v', path.join(dir, '.git/objects/pack', packFiles(dir)[0]!.replace('.pack', '.idx')));
    expect(verify).toMatch(/\b[0-9a-f]{40}\n/); // some objects are deltas (line ends with the base oid)
    const stats = await expectEveryObject(dir);
    expect(stats.fallbackReads).toBe(0);
    expect(stats.deltas).toBeGreaterThan(0);
  });

  it('reads objects spread over several packs', async () => {
    const dir = variant((d) => runGit(d, 'repack', '-adf'));
    await addCommit(dir, { files: { 'souls/ada/helper/NOTES.md': 'new notes\n' } });
    runGit(dir, 'repack', '-d');
    expect(packFiles(dir).length).toBe(2);
    const reader = createGitReader({ dir });
    const head = await reader.resolveRef('main');
    const commit = await reader.readCommit(head);
    expect(commit.parents).toEqual([repo.commits[repo.commits.length - 1]]);
    for (const [oid, want] of expected) expect(Buffer.from((await reader.readObject(oid)).data).equals(want.data)).toBe(true);
    let oid = commit.tree;
    for (const part of ['souls', 'ada', 'helper', 'NOTES.md']) oid = (await reader.readTree(oid)).find((e) => e.path === part)!.oid;
    expect(Buffer.from(await reader.readBlob(oid)).toString()).toBe('new notes\n');
    expect(reader.stats()).toMatchObject({ packs: 2, fallbackReads: 0 });
  });

  it('reads a pack whose index is version 1', async () => {
    const dir = variant((d) => {
      runGit(d, 'repack', '-adf');
      runGit(d, 'prune-packed');
      reindex(d, '--index-version=1');
    });
    const idxFile = fs.readdirSync(path.join(dir, '.git/objects/pack')).find((f) => f.endsWith('.idx'))!;
    expect(fs.readFileSync(path.join(dir, '.git/objects/pack', idxFile)).readUInt32BE(0)).not.toBe(0xff744f63);
    const stats = await expectEveryObject(dir);
    expect(stats.fallbackReads).toBe(0);
  });

  it('reads 64-bit offsets from a version 2 index', async () => {
    // `--index-version=2,12` puts every object after the first (at offset 12) in the 64-bit table.
    const dir = variant((d) => {
      runGit(d, 'repack', '-adf');
      runGit(d, 'prune-packed');
      reindex(d, '--index-version=2,12');
    });
    const idx = fs.readFileSync(path.join(dir, '.git/objects/pack', packFiles(dir)[0]!.replace('.pack', '.idx')));
    expect(idx.length).toBe(8 + 1024 + expected.size * 28 + (expected.size - 1) * 8 + 40);
    const stats = await expectEveryObject(dir);
    expect(stats.fallbackReads).toBe(0);
  });

  it('reads a pack object by object from the file when the pack is too large to hold in memory', async () => {
    const dir = variant((d) => {
      runGit(d, 'repack', '-adf', '--depth=50');
      runGit(d, 'prune-packed');
    });
    const stats = await expectEveryObject(dir, { maxInMemoryPackBytes: 0, cacheBytes: 64 * 1024 });
    expect(stats.fallbackReads).toBe(0);
  });

  it('parses commits as isomorphic-git does, with the message as stored', async () => {
    const reader = createGitReader({ dir: repo.dir });
    for (const oid of repo.commits) {
      const ours = await reader.readCommit(oid);
      const { commit: theirs } = await git.readCommit({ fs, gitdir: repo.gitdir, oid });
      expect({ ...ours, message: ours.message.trim() }).toEqual({ tree: theirs.tree, parents: theirs.parent, author: theirs.author, committer: theirs.committer, message: theirs.message.trim() });
    }
    expect((await reader.readCommit(repo.commits[0]!)).message).toBe('Version 1.0.0\n\nPublished-by: release-bot\n');
  });

  it('parses trees as isomorphic-git does', async () => {
    const reader = createGitReader({ dir: repo.dir });
    const trees = [...expected].filter(([, o]) => o.type === 'tree').map(([oid]) => oid);
    expect(trees.length).toBeGreaterThan(20);
    for (const oid of trees) {
      const { tree } = await git.readTree({ fs, gitdir: repo.gitdir, oid });
      expect(await reader.readTree(oid)).toEqual(tree);
    }
  });

  it('parses a signed commit and a time zone east and west of UTC', async () => {
    const dir = variant(() => {});
    const gitdir = path.join(dir, '.git');
    const tree = (await git.readCommit({ fs, gitdir, oid: repo.commits[0]! })).commit.tree;
    const raw = `tree ${tree}\nparent ${repo.commits[0]}\nauthor Zoë Ünïcode <z@example.com> 1700000000 +0530\ncommitter Bot <bot@example.com> 1700000100 -0800\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz\n -----END PGP SIGNATURE-----\n\nSigned\n\nPublished-by: zoe\n`;
    const oid = await git.writeObject({ fs, gitdir, type: 'commit', object: Buffer.from(raw), format: 'content' });
    const commit = await createGitReader({ gitdir }).readCommit(oid);
    expect(commit.author).toEqual({ name: 'Zoë Ünïcode', email: 'z@example.com', timestamp: 1700000000, timezoneOffset: -330 });
    expect(commit.committer).toEqual({ name: 'Bot', email: 'bot@example.com', timestamp: 1700000100, timezoneOffset: 480 });
    expect(commit.parents).toEqual([repo.commits[0]]);
    expect(commit.message).toBe('Signed\n\nPublished-by: zoe\n');
  });

  it('resolves branch names, full refs, HEAD and packed refs', async () => {
    const dir = variant((d) => runGit(d, 'pack-refs', '--all'));
    expect(fs.existsSync(path.join(dir, '.git/refs/heads/main'))).toBe(false);
    const reader = createGitReader({ dir });
    const head = repo.commits[repo.commits.length - 1];
    expect(await reader.resolveRef('main')).toBe(head);
    expect(await reader.resolveRef('refs/heads/main')).toBe(head);
    expect(await reader.resolveRef('HEAD')).toBe(head);
    await expect(reader.resolveRef('no-such-branch')).rejects.toThrow();
  });

  it('rejects an object that does not exist, and an object of the wrong type', async () => {
    const reader = createGitReader({ dir: repo.dir });
    await expect(reader.readObject('0123456789abcdef0123456789abcdef01234567')).rejects.toThrow();
    await expect(reader.readBlob(repo.commits[0]!)).rejects.toThrow(/is a commit, expected a blob/);
  });

  it('never reuses the memory of a large object the caller did not release', async () => {
    const dir = variant((d) => {
      runGit(d, 'repack', '-adf', '--depth=50');
      runGit(d, 'prune-packed');
    });
    const reader = createGitReader({ dir, cacheBytes: 256 * 1024 });
    const large = [...expected].filter(([, o]) => o.data.length >= 16 * 1024).map(([oid]) => oid);
    expect(large.length).toBeGreaterThan(5);
    const kept = await reader.readObject(large[0]!);
    for (let round = 0; round < 3; round++) {
      for (const oid of large) reader.release((await reader.readObject(oid)).data);
    }
    expect(Buffer.from(kept.data).equals(expected.get(large[0]!)!.data)).toBe(true);
    // Released memory is reused, and what comes back is still right.
    for (const oid of large) expect(Buffer.from((await reader.readObject(oid)).data).equals(expected.get(oid)!.data)).toBe(true);
  });
});

describe('inflate', () => {
  const inflate = createInflate();

  it('inflates a stream of exactly the stated size', () => {
    const data = Buffer.from('hello, soul registry '.repeat(100));
    expect(inflate(zlib.deflateSync(data), data.length).equals(data)).toBe(true);
  });

  it('rejects a stream longer or shorter than stated, and bytes that are not zlib', () => {
    const packed = zlib.deflateSync(Buffer.from('0123456789'));
    expect(() => inflate(packed, 9)).toThrow(/corrupt/);
    expect(() => inflate(packed, 11)).toThrow(/corrupt/);
    expect(() => inflate(Buffer.from('definitely not zlib'), 5)).toThrow(/corrupt/);
    expect(inflate(packed, 10).toString()).toBe('0123456789');
  });
});

describe('applyDelta', () => {
  it('copies from the base and inserts literal bytes', () => {
    const base = Buffer.from('abcdefghij');
    // base size 10, result size 8: copy offset 2 length 3 ("cde"), insert "XYZ", copy offset 8 length 2 ("ij").
    const delta = Buffer.from([10, 8, 0x91, 2, 3, 3, 0x58, 0x59, 0x5a, 0x91, 8, 2]);
    expect(applyDelta(delta, base).toString()).toBe('cdeXYZij');
  });

  it('rejects a delta for a base of another size', () => {
    expect(() => applyDelta(Buffer.from([11, 1, 1, 0x41]), Buffer.from('abcdefghij'))).toThrow(/base is 10 bytes/);
  });
});

describe('diffRawTrees', () => {
  const entry = (mode: string, name: string, fill: number) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.alloc(20, fill)]);
  const tree = (...entries: Buffer[]) => Buffer.concat(entries);

  it('finds the one entry that changed among many', () => {
    const names = Array.from({ length: 500 }, (_, i) => `owner-${String(i).padStart(4, '0')}`);
    const before = tree(...names.map((n) => entry('40000', n, 1)));
    const after = tree(...names.map((n, i) => entry('40000', n, i === 250 ? 2 : 1)));
    const { changes, tree: next } = diffRawTrees(rawTree(before), after);
    expect(changes.map((c) => [c.path, c.before?.oid.slice(0, 2), c.after?.oid.slice(0, 2)])).toEqual([['owner-0250', '01', '02']]);
    expect(Array.from(next.bounds)).toEqual(Array.from(rawTree(after).bounds));
  });

  it('finds added and removed entries and keeps the boundaries right', () => {
    const before = tree(entry('40000', 'a', 1), entry('40000', 'b', 2), entry('40000', 'd', 4));
    const after = tree(entry('40000', 'a', 1), entry('40000', 'c', 3), entry('40000', 'd', 4), entry('100644', 'e', 5));
    const { changes, tree: next } = diffRawTrees(rawTree(before), after, { reuse: true });
    expect(changes.map((c) => [c.path, c.before ? 'had' : 'new', c.after ? 'has' : 'gone'])).toEqual([
      ['c', 'new', 'has'],
      ['e', 'new', 'has'],
      ['b', 'had', 'gone'],
    ]);
    expect(Array.from(next.bounds)).toEqual(Array.from(rawTree(after).bounds));
  });

  it('diffs from nothing and to nothing', () => {
    const t = tree(entry('40000', 'a', 1), entry('100644', 'b', 2));
    expect(diffRawTrees(null, t).changes.map((c) => c.path)).toEqual(['a', 'b']);
    expect(diffRawTrees(rawTree(t), new Uint8Array(0)).changes.map((c) => [c.path, c.after])).toEqual([['a', null], ['b', null]]);
  });

  it('agrees with a full parse on random trees whose oids are made of header-like bytes', () => {
    // Oids drawn from the bytes of entry headers ("40000 a\0") make the common prefix and suffix
    // end mid-entry and line up with false boundaries; a naive full parse is the reference.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const bytes = [0x34, 0x30, 0x20, 0x61, 0x62, 0x00];
    const names = ['a', 'b', 'ab', 'ba', 'a0', '0a', 'b 4', '40000'];
    const randomOid = () => Buffer.from(Array.from({ length: 20 }, () => bytes[rand(bytes.length)]!));
    const build = (entries: Map<string, Buffer>) => tree(...[...entries].sort(([x], [y]) => (x < y ? -1 : 1)).map(([n, oid]) => Buffer.concat([Buffer.from(`40000 ${n}\0`), oid])));
    const naive = (a: Map<string, Buffer>, b: Map<string, Buffer>) =>
      [...new Set([...a.keys(), ...b.keys()])]
        .filter((n) => !a.get(n)?.equals(b.get(n) ?? Buffer.alloc(0)))
        .map((n) => `${n}:${a.get(n)?.toString('hex') ?? '-'}>${b.get(n)?.toString('hex') ?? '-'}`)
        .sort();
    let state = new Map<string, Buffer>();
    let prev: ReturnType<typeof rawTree> | null = null;
    for (let i = 0; i < 3000; i++) {
      const next = new Map(state);
      for (let k = rand(3) + 1; k > 0; k--) {
        const name = names[rand(names.length)]!;
        if (rand(4) === 0) next.delete(name);
        else if (next.has(name) && rand(2) === 0) {
          const oid = Buffer.from(next.get(name)!);
          oid[rand(20)] = bytes[rand(bytes.length)]!;
          next.set(name, oid);
        } else next.set(name, randomOid());
      }
      const data = build(next);
      const { changes, tree: got } = diffRawTrees(prev, data, { reuse: true });
      expect(changes.map((c) => `${c.path}:${c.before?.oid ?? '-'}>${c.after?.oid ?? '-'}`).sort()).toEqual(naive(state, next));
      expect(Array.from(got.bounds)).toEqual(Array.from(rawTree(data).bounds));
      prev = got;
      state = next;
    }
  });

  it('does not stop at a boundary of the new tree that falls inside an old entry', () => {
    // The old tree's bytes from inside entry "a" also parse as entries ("q", then a long name), so
    // the new tree, which is "zz" followed by those bytes, shares a long suffix that is misaligned.
    const old = Buffer.concat([
      Buffer.from('40000 a\0'),
      Buffer.from('40000 q\0'), Buffer.alloc(12, 'L'),
      Buffer.from('40000 c\0'), Buffer.from('40000 '), Buffer.alloc(14, 'M'),
      Buffer.from('40000 d\0'), Buffer.alloc(20, 'N'),
    ]);
    const next = Buffer.concat([Buffer.from('40000 zz\0'), Buffer.alloc(19, 'Y'), Buffer.from('Z'), old.subarray(8)]);
    expect(Array.from(rawTree(old).bounds)).toEqual([0, 28, 56, 84]);
    expect(Array.from(rawTree(next).bounds)).toEqual([0, 29, 57, 105]);
    const { changes, tree: got } = diffRawTrees(rawTree(old), next);
    expect(Array.from(got.bounds)).toEqual([0, 29, 57, 105]);
    expect(changes.map((c) => `${c.before ? '-' : '+'}${c.path}`)).toEqual(['+zz', '+q', '+MMMMMMMMMMMMMM40000 d', '-a', '-c', '-d']);
  });

  it('agrees with a full parse when oids share bytes with neighbouring names', () => {
    // Oid bytes that look like names and separators must not confuse the prefix/suffix logic.
    const tricky = (fill: number) => Buffer.concat([Buffer.from('40000 x\0'), Buffer.from('40000 y\0 40000 z\0abc'.padEnd(20, String.fromCharCode(fill)))]);
    let prev = rawTree(tree(tricky(1), entry('40000', 'y', 9)));
    for (let i = 0; i < 30; i++) {
      const parts = [tricky(1 + (i % 3)), entry('40000', 'y', i % 5), ...(i % 4 === 0 ? [entry('40000', 'yy', i)] : [])];
      const next = tree(...parts);
      const { tree: got } = diffRawTrees(prev, next, { reuse: true });
      expect(Array.from(got.bounds)).toEqual(Array.from(rawTree(next).bounds));
      prev = got;
    }
  });
});
