import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalGitStore, seedLocalRegistry } from '../../../api-worker/src/content/local-git.ts';
import { ContentConflictError } from '../../../api-worker/src/content/types.ts';
import { isRegistryError } from '../../../scripts/core/errors.ts';
import { gitRepo } from '../../helpers/git-repo.ts';
import { defineContentStoreContract, request } from './contract.ts';

const STORE_MODULE = fileURLToPath(new URL('../../../api-worker/src/content/local-git.ts', import.meta.url));
const HAS_GIT = spawnSync('git', ['--version']).status === 0;
const temps: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soul-content-'));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** `git fsck` finds nothing wrong (skipped, with a note, when the git CLI is absent). */
function expectFsckClean(gitdir: string): void {
  if (!HAS_GIT) {
    console.warn('git CLI not found: skipping the git fsck assertion');
    return;
  }
  const result = spawnSync('git', ['--git-dir', gitdir, 'fsck', '--full', '--strict', '--no-dangling'], { encoding: 'utf8' });
  expect(`${result.stdout}${result.stderr}`.trim(), 'git fsck output').toBe('');
  expect(result.status).toBe(0);
}

defineContentStoreContract('local git', async () => {
  const dir = path.join(tempDir(), 'registry.git');
  return { store: createLocalGitStore({ dir, fsync: false }), other: createLocalGitStore({ dir, fsync: false }), close: async () => {} };
});

describe('local git store', () => {
  it('creates a bare repository that git fsck finds clean after commits', async () => {
    const dir = path.join(tempDir(), 'registry.git');
    const store = createLocalGitStore({ dir });
    let head: string | null = null;
    for (let i = 0; i < 5; i++) head = (await store.commit(request(head, { [`souls/o${i % 2}/n${i}/soul.json`]: `{"v":${i}}`, 'reviews/o/n/r.json': `${i}` }))).commit;
    expect(fs.existsSync(path.join(dir, 'HEAD'))).toBe(true);
    expect(fs.existsSync(path.join(dir, '.git'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'refs', 'heads', 'main'), 'utf8').trim()).toBe(head);
    expectFsckClean(dir);
    if (HAS_GIT) {
      const log = spawnSync('git', ['--git-dir', dir, 'log', '--format=%H', 'main'], { encoding: 'utf8' });
      expect(log.stdout.trim().split('\n')).toHaveLength(5);
    }
  });

  it('returns the head without committing when every change is already in place', async () => {
    const store = createLocalGitStore({ dir: path.join(tempDir(), 'r.git'), fsync: false });
    const first = await store.commit(request(null, { 'a/b.txt': 'same' }));
    const again = await store.commit(request(first.commit, { 'a/b.txt': 'same', 'a/absent.txt': null }));
    expect(again.commit).toBe(first.commit);
    expect(await store.head()).toBe(first.commit);
  });

  it('refuses a file where a folder is, and a folder below a file', async () => {
    const store = createLocalGitStore({ dir: path.join(tempDir(), 'r.git'), fsync: false });
    const first = await store.commit(request(null, { 'a/b.txt': '1', 'f.txt': '2' }));
    const cases: Record<string, string>[] = [{ a: 'x' }, { 'f.txt/inner.txt': 'y' }];
    for (const files of cases) {
      const error = await store.commit(request(first.commit, files)).catch((e: unknown) => e);
      expect(isRegistryError(error) && error.code).toBe('BAD_REQUEST');
    }
    expect(await store.head()).toBe(first.commit);
  });

  it('replaces a folder by a file of the same name when the commit deletes its files', async () => {
    const store = createLocalGitStore({ dir: path.join(tempDir(), 'r.git'), fsync: false });
    const first = await store.commit(request(null, { 'examples/a.md': 'a', 'keep.txt': 'k' }));
    const second = await store.commit(request(first.commit, { 'examples/a.md': null, examples: 'now a file' }));
    expect(await store.listFiles(second.commit, '')).toEqual(['examples', 'keep.txt']);
  });

  it('keeps an executable file mode when the file is modified', async () => {
    if (!HAS_GIT) return;
    const repo = await gitRepo({ commits: [{ files: { 'tool.sh': 'echo 1' } }] });
    temps.push(repo.dir);
    spawnSync('git', ['--git-dir', repo.gitdir, 'update-index', '--chmod=+x', 'tool.sh']);
    // Build the executable entry by hand with git itself.
    const blob = spawnSync('git', ['--git-dir', repo.gitdir, 'rev-parse', 'HEAD:tool.sh'], { encoding: 'utf8' }).stdout.trim();
    const tree = spawnSync('git', ['--git-dir', repo.gitdir, 'mktree'], { input: `100755 blob ${blob}\ttool.sh\n`, encoding: 'utf8' }).stdout.trim();
    const commit = spawnSync('git', ['--git-dir', repo.gitdir, 'commit-tree', tree, '-m', 'exec'], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@x', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@x' } }).stdout.trim();
    spawnSync('git', ['--git-dir', repo.gitdir, 'update-ref', 'refs/heads/main', commit]);
    const store = createLocalGitStore({ dir: repo.gitdir, fsync: false });
    const next = await store.commit(request(commit, { 'tool.sh': 'echo 2' }));
    const ls = spawnSync('git', ['--git-dir', repo.gitdir, 'ls-tree', next.commit], { encoding: 'utf8' }).stdout;
    expect(ls).toMatch(/^100755 blob /);
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = path.join(tempDir(), 'r.git');
    const store = createLocalGitStore({ dir, fsync: false });
    const first = await store.commit(request(null, { 'a.txt': '1' }));
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(child.stdout);
    fs.writeFileSync(path.join(dir, 'refs', 'heads', 'main.lock'), JSON.stringify({ pid: deadPid, host: os.hostname(), token: 'x', at: Date.now() }));
    const second = await store.commit(request(first.commit, { 'a.txt': '2' }));
    expect(await store.head()).toBe(second.commit);
    expect(fs.existsSync(path.join(dir, 'refs', 'heads', 'main.lock'))).toBe(false);
  });

  it('takes over an old lock of unknown owner (git left it) but waits for a fresh one', async () => {
    const dir = path.join(tempDir(), 'r.git');
    const store = createLocalGitStore({ dir, fsync: false, staleLockMs: 5_000, lockTimeoutMs: 300 });
    const first = await store.commit(request(null, { 'a.txt': '1' }));
    const lock = path.join(dir, 'refs', 'heads', 'main.lock');
    fs.writeFileSync(lock, `${first.commit}\n`);
    const fresh = await store.commit(request(first.commit, { 'a.txt': '2' })).catch((e: unknown) => e);
    expect(isRegistryError(fresh) && fresh.code).toBe('SERVICE_UNAVAILABLE');
    expect(await store.head()).toBe(first.commit);
    const old = (Date.now() - 60_000) / 1000;
    fs.utimesSync(lock, old, old);
    const second = await store.commit(request(first.commit, { 'a.txt': '2' }));
    expect(await store.head()).toBe(second.commit);
  });

  it('waits for a lock held by a live process', async () => {
    const dir = path.join(tempDir(), 'r.git');
    const store = createLocalGitStore({ dir, fsync: false, lockTimeoutMs: 300 });
    const first = await store.commit(request(null, { 'a.txt': '1' }));
    fs.writeFileSync(path.join(dir, 'refs', 'heads', 'main.lock'), JSON.stringify({ pid: process.ppid, host: os.hostname(), token: 'y', at: Date.now() }));
    const error = await store.commit(request(first.commit, { 'a.txt': '2' })).catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await store.head()).toBe(first.commit);
  });

  it('lets exactly one of several processes win a commit on the same head', async () => {
    const dir = path.join(tempDir(), 'r.git');
    const store = createLocalGitStore({ dir, fsync: false });
    const base = await store.commit(request(null, { 'seed.txt': 'seed' }));
    const script = `
      const { createLocalGitStore } = await import(${JSON.stringify(STORE_MODULE)});
      const store = createLocalGitStore({ dir: process.argv[1], fsync: false });
      const start = Number(process.argv[3]);
      while (Date.now() < start) await new Promise((r) => setTimeout(r, 1));
      try {
        const r = await store.commit({ expectedHead: process.argv[2], message: 'race', author: { name: 'a', email: 'a@x' }, changes: [{ path: 'p' + process.pid + '.txt', content: new TextEncoder().encode('x') }] });
        console.log('WON ' + r.commit);
      } catch (e) { console.log(e.name === 'ContentConflictError' ? 'LOST' : 'ERROR ' + e.message); }`;
    const start = Date.now() + 1500;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => runNode(['--input-type=module', '-e', script, dir, base.commit, String(start)])),
    );
    const won = outputs.filter((o) => o.startsWith('WON '));
    expect(outputs.filter((o) => o === 'LOST')).toHaveLength(3);
    expect(won).toHaveLength(1);
    expect(await store.head()).toBe(won[0]!.slice(4));
    expectFsckClean(dir);
  });

  it('leaves the old or the new head and a clean repository when killed mid-commit', async () => {
    const dir = path.join(tempDir(), 'r.git');
    const store = createLocalGitStore({ dir });
    await store.commit(request(null, { 'seed.txt': 'seed' }));
    const script = `
      const { createLocalGitStore } = await import(${JSON.stringify(STORE_MODULE)});
      const store = createLocalGitStore({ dir: process.argv[1] });
      console.log('READY');
      for (let i = 0; ; i++) {
        const head = await store.head();
        const r = await store.commit({ expectedHead: head, message: 'loop ' + i, author: { name: 'a', email: 'a@x' }, changes: [{ path: 'd' + (i % 7) + '/f' + (i % 13) + '.txt', content: new TextEncoder().encode('n' + i + ' ' + 'x'.repeat(i % 5000)) }] });
        console.log('C ' + r.commit);
      }`;
    for (let round = 0; round < 6; round++) {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (out.includes('READY')) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
      await new Promise((r) => setTimeout(r, 100 + round * 53));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const acknowledged = out.split('\n').filter((l) => l.startsWith('C ')).map((l) => l.slice(2));
      const head = await store.head();
      expect(head).not.toBeNull();
      // The head is the last acknowledged commit or the one being made when the kill came.
      if (acknowledged.length > 0) {
        const last = acknowledged[acknowledged.length - 1]!;
        const info = await store.readCommit!(head!);
        expect(head === last || info?.parents[0] === last).toBe(true);
      }
      expect((await store.listFiles(head!, '')).length).toBeGreaterThan(0);
      expectFsckClean(dir);
      // The store keeps working after the crash (a stale lock, if any, is taken over).
      await store.commit(request(head, { 'after-crash.txt': `round ${round}` }));
    }
  }, 60_000);
});

describe('seedLocalRegistry', () => {
  it('copies the history of a git repository and points the branch at its HEAD', async () => {
    const repo = await gitRepo({ commits: [{ files: { 'souls/acme/tutor/soul.json': '{"version":"1.0.0"}' } }, { files: { 'souls/acme/tutor/soul.json': '{"version":"1.1.0"}', 'README.md': 'x' } }] });
    temps.push(repo.dir);
    const before = fs.readdirSync(repo.dir).sort();
    const headFile = fs.readFileSync(path.join(repo.gitdir, 'HEAD'), 'utf8');
    const to = path.join(tempDir(), 'registry.git');
    const result = await seedLocalRegistry({ from: repo.dir, to });
    expect(result).toEqual({ created: true, head: repo.commits[1] });
    const store = createLocalGitStore({ dir: to });
    expect(await store.head()).toBe(repo.commits[1]);
    expect(new TextDecoder().decode((await store.readFile(repo.commits[0]!, 'souls/acme/tutor/soul.json'))!)).toBe('{"version":"1.0.0"}');
    expect(fs.readdirSync(repo.dir).sort()).toEqual(before);
    expect(fs.readFileSync(path.join(repo.gitdir, 'HEAD'), 'utf8')).toBe(headFile);
    expect(fs.existsSync(path.join(repo.gitdir, 'index'))).toBe(false);
    expectFsckClean(to);
  });

  it('does nothing when the target exists', async () => {
    const repo = await gitRepo({ commits: [{ files: { 'souls/a/b/soul.json': '1' } }] });
    temps.push(repo.dir);
    const to = path.join(tempDir(), 'registry.git');
    await seedLocalRegistry({ from: repo.dir, to });
    const store = createLocalGitStore({ dir: to, fsync: false });
    const next = await store.commit(request(repo.commits[0]!, { 'reviews/a/b/r.json': '{}' }));
    const again = await seedLocalRegistry({ from: repo.dir, to });
    expect(again).toEqual({ created: false, head: next.commit });
  });

  it('makes an initial commit of the souls folder of a plain folder', async () => {
    const from = tempDir();
    fs.mkdirSync(path.join(from, 'souls', 'acme', 'tutor'), { recursive: true });
    fs.writeFileSync(path.join(from, 'souls', 'acme', 'tutor', 'soul.json'), '{"name":"tutor"}');
    fs.writeFileSync(path.join(from, 'souls', 'acme', 'tutor', 'SOUL.md'), '# Tutor');
    fs.writeFileSync(path.join(from, 'not-a-soul.txt'), 'ignored');
    const to = path.join(tempDir(), 'registry.git');
    const result = await seedLocalRegistry({ from, to, timestamp: 1_700_000_000_000 });
    expect(result.created).toBe(true);
    const store = createLocalGitStore({ dir: to });
    expect(await store.listFiles(result.head!, '')).toEqual(['souls/acme/tutor/SOUL.md', 'souls/acme/tutor/soul.json']);
    expectFsckClean(to);
  });

  it('creates an empty repository when the folder has no souls', async () => {
    const to = path.join(tempDir(), 'registry.git');
    const result = await seedLocalRegistry({ from: tempDir(), to });
    expect(result).toEqual({ created: true, head: null });
    const store = createLocalGitStore({ dir: to, fsync: false });
    const first = await store.commit(request(null, { 'a.txt': '1' }));
    expect(await store.head()).toBe(first.commit);
  });

  it('refuses to commit on a conflict after seeding from a moving source', async () => {
    const repo = await gitRepo({ commits: [{ files: { 'a.txt': '1' } }, { files: { 'a.txt': '2' } }] });
    temps.push(repo.dir);
    const to = path.join(tempDir(), 'registry.git');
    await seedLocalRegistry({ from: repo.dir, to });
    const store = createLocalGitStore({ dir: to, fsync: false });
    const error = await store.commit(request(repo.commits[0]!, { 'a.txt': '3' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentConflictError);
  });
});

function runNode(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(out.trim() || `ERROR ${err.trim()}`));
  });
}
