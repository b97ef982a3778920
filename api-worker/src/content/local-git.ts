// The local content store: the registry repository as a bare git repository on disk. Objects are
// written by isomorphic-git through a file system whose writes are atomic (temp file + rename), and
// the branch moves (a temp file renamed over the ref) only under git's own ref lock
// (`refs/heads/<branch>.lock`, shared with other processes and the git CLI) and an in-process
// mutex, and only while it still points at the expected head. Also seeds that repository from the
// project's own history.
import nodeFs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import git from 'isomorphic-git';
import type { PromiseFsClient } from 'isomorphic-git';
import { createGitReader } from '../../../scripts/build/git/reader.ts';
import type { GitReader } from '../../../scripts/build/git/reader.ts';
import { parseCommit, parseTree } from '../../../scripts/build/git/objects.ts';
import type { GitTreeEntry } from '../../../scripts/build/git/objects.ts';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { checkCommitRequest, normalizeDir, OID_RE, pathProblem, sortPaths } from './changes.ts';
import { ContentConflictError } from './types.ts';
import type { CommitInfo, CommitRequest, ContentStore, FileChange } from './types.ts';

/** The file system the store works on (node:fs, or a wrapper of it in tests). */
export type LocalFs = typeof nodeFs;

export interface LocalGitStoreOptions {
  /** The bare repository; created (empty) on the first commit when missing. */
  dir: string;
  /** Default `main`. */
  branch?: string;
  /** Default node:fs. */
  fs?: LocalFs;
  /** fsync objects and the ref before the ref moves, so a commit also survives power loss. Default true. */
  fsync?: boolean;
  /** A lock whose owner cannot be checked (another host, or git's own lock) is taken over after this long. Default 30 s. */
  staleLockMs?: number;
  /** Give up waiting for the branch lock after this long (503). Default 20 s. */
  lockTimeoutMs?: number;
}

export interface SeedLocalRegistryOptions {
  /** The project folder: a git working tree (or bare repository), or a plain folder holding `souls/`. */
  from: string;
  /** The bare repository to create; nothing happens when it already exists. */
  to: string;
  /** Default `main`. */
  branch?: string;
  /** Commit time of the initial commit made from a plain folder (ms); default now. */
  timestamp?: number;
}

interface TreeSpec {
  files: Map<string, Uint8Array | null>;
  dirs: Map<string, TreeSpec>;
}

type TreeWriteEntry = { mode: string; path: string; oid: string; type: 'blob' | 'tree' | 'commit' };

const SEED_AUTHOR = { name: 'soul-registry', email: 'registry@localhost' };
const TREE_CACHE_LIMIT = 4096;
// Lock holders in this process, by lock path: one commit at a time per branch, whatever the store object.
const mutexes = new Map<string, Promise<void>>();

// git check-ref-format, in short: no empty or dot-led segments, no `..`, no special characters.
const BAD_BRANCH_RE = /(^|\/)\.|\.\.|[\u0000-\u0020\u007f~^:?*[\\]|@\{|\.lock(\/|$)|\/$|^\/|\/\/|\.$/;

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'NotFoundError' || code === 'ENOENT' || code === 'ENOTDIR';
}

function errnoCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** An fs for isomorphic-git whose file writes are atomic: a killed process leaves no half-written object. */
function createAtomicFs(base: LocalFs, fsync: boolean): PromiseFsClient {
  const p = base.promises;
  return {
    promises: {
      readFile: p.readFile.bind(p),
      mkdir: p.mkdir.bind(p),
      rmdir: p.rmdir.bind(p),
      unlink: p.unlink.bind(p),
      stat: p.stat.bind(p),
      lstat: p.lstat.bind(p),
      readdir: p.readdir.bind(p),
      readlink: p.readlink.bind(p),
      symlink: p.symlink.bind(p),
      async writeFile(file: string, data: Uint8Array | string, options?: unknown): Promise<void> {
        // git's own temp-object name: fsck ignores it and gc prunes it if a kill leaves it behind.
        const tmp = path.join(path.dirname(file), `tmp_obj_${process.pid}_${randomBytes(6).toString('hex')}`);
        const handle = await p.open(tmp, 'wx');
        try {
          await handle.writeFile(data, typeof options === 'string' ? (options as BufferEncoding) : undefined);
          if (fsync) await handle.sync();
        } finally {
          await handle.close();
        }
        try {
          await p.rename(tmp, file);
        } catch (error) {
          await p.unlink(tmp).catch(() => undefined);
          throw error;
        }
      },
    },
  };
}

async function withMutex<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const previous = mutexes.get(key) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const chained = previous.then(() => mine);
  mutexes.set(key, chained);
  await previous;
  try {
    return await fn();
  } finally {
    release();
    if (mutexes.get(key) === chained) mutexes.delete(key);
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errnoCode(error) === 'EPERM';
  }
}

interface HeldLock {
  handle: FileHandle;
  token: string;
}

/**
 * Git's ref lock, shared with the git CLI: `<ref>.lock` created exclusively, holding our pid and
 * host while held, removed on release. A lock left by a killed process is taken over: at once
 * when its pid is dead on this host, else once it is old.
 */
async function acquireRefLock(fs: LocalFs, lockPath: string, options: { staleMs: number; timeoutMs: number; tmpDir: string }): Promise<HeldLock> {
  const p = fs.promises;
  const token = randomBytes(9).toString('hex');
  const owner = JSON.stringify({ pid: process.pid, host: os.hostname(), token, at: Date.now() });
  const deadline = Date.now() + options.timeoutMs;
  let wait = 2;
  for (;;) {
    // The lock appears with its owner already in it (written aside, then hard-linked into place,
    // which fails if the lock exists): a kill can never leave an empty lock nobody can judge.
    const pending = path.join(options.tmpDir, `tmp_lock_${process.pid}_${token}`);
    try {
      await p.writeFile(pending, owner);
      try {
        await p.link(pending, lockPath);
      } finally {
        await p.unlink(pending).catch(() => undefined);
      }
      return { handle: await p.open(lockPath, 'r'), token };
    } catch (error) {
      const code = errnoCode(error);
      if (code === 'ENOENT') {
        await p.mkdir(path.dirname(lockPath), { recursive: true });
        continue;
      }
      if (code !== 'EEXIST') throw error;
    }
    if (await removeStaleLock(fs, lockPath, options.staleMs)) continue;
    if (Date.now() > deadline) {
      throw new RegistryError('SERVICE_UNAVAILABLE', `the registry repository is locked (${lockPath}); retry shortly, or delete that file if no other registry or git process is running`);
    }
    await sleep(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 50);
  }
}

/** Remove the lock at `lockPath` if its holder is gone; true when it was removed (or vanished). */
async function removeStaleLock(fs: LocalFs, lockPath: string, staleMs: number): Promise<boolean> {
  const p = fs.promises;
  let content: string;
  let mtime: number;
  try {
    content = await p.readFile(lockPath, 'utf8');
    mtime = (await p.stat(lockPath)).mtimeMs;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return true;
    throw error;
  }
  let stale = Date.now() - mtime > staleMs;
  try {
    const holder = JSON.parse(content) as { pid?: unknown; host?: unknown };
    if (typeof holder.pid === 'number' && holder.host === os.hostname() && holder.pid !== process.pid) stale = !isProcessAlive(holder.pid);
  } catch {
    // Not ours (git's own lock): only its age tells.
  }
  if (!stale) return false;
  // Move it aside first, then check we moved the lock we judged: another process may have
  // replaced it in between, and that one must be put back.
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await p.rename(lockPath, aside);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return true;
    throw error;
  }
  const moved = await p.readFile(aside, 'utf8').catch(() => content);
  if (moved !== content) {
    await p.link(aside, lockPath).catch(() => undefined);
    await p.unlink(aside).catch(() => undefined);
    return false;
  }
  await p.unlink(aside).catch(() => undefined);
  return true;
}

function checkBranch(branch: string): void {
  if (branch === '' || BAD_BRANCH_RE.test(branch)) throw new RegistryError('BAD_REQUEST', `branch name ${JSON.stringify(branch)} is not a valid git branch name`);
}

function emptySpec(): TreeSpec {
  return { files: new Map(), dirs: new Map() };
}

/** The changes as a folder tree: each folder's file changes and subfolders. */
function specOf(changes: readonly FileChange[]): TreeSpec {
  const root = emptySpec();
  for (const change of changes) {
    const parts = change.path.split('/');
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const name = parts[i]!;
      let child = node.dirs.get(name);
      if (!child) {
        child = emptySpec();
        node.dirs.set(name, child);
      }
      node = child;
    }
    node.files.set(parts[parts.length - 1]!, change.content);
  }
  return root;
}

/**
 * Open the bare repository at `dir` as a content store.
 *
 * @example
 * const store = createLocalGitStore({ dir: '.registry/repo.git' });
 * const head = await store.head();
 * await store.commit({ expectedHead: head, message: 'Add a review', author: { name: 'registry', email: 'registry@localhost' }, changes: [{ path: 'reviews/acme/tutor/r1.json', content: bytes }] });
 */
export function createLocalGitStore(options: LocalGitStoreOptions): ContentStore {
  const fs = options.fs ?? nodeFs;
  const branch = options.branch ?? 'main';
  checkBranch(branch);
  const gitdir = path.resolve(options.dir);
  const refName = `refs/heads/${branch}`;
  const refPath = path.join(gitdir, ...refName.split('/'));
  const lockPath = `${refPath}.lock`;
  const fsync = options.fsync ?? true;
  const staleMs = options.staleLockMs ?? 30_000;
  const timeoutMs = options.lockTimeoutMs ?? 20_000;
  const writeFs = createAtomicFs(fs, fsync);
  const igCache = {};
  const trees = new Map<string, GitTreeEntry[]>();
  let reader: GitReader | null = null;
  let initialized: Promise<void> | null = null;

  async function readRaw(oid: string): Promise<{ type: string; data: Uint8Array } | null> {
    if (!OID_RE.test(oid)) return null;
    if (fs !== nodeFs) {
      try {
        const result = await git.readObject({ fs, gitdir, oid, format: 'content', cache: igCache });
        return { type: result.type, data: result.object as Uint8Array };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    }
    // Our pack reader is fast on big histories; its pack index is taken on first use, so a
    // miss re-opens it once in case packs changed underneath (a `git gc` by the operator).
    for (let attempt = 0; attempt < 2; attempt++) {
      reader ??= createGitReader({ gitdir });
      try {
        return await reader.readObject(oid);
      } catch (error) {
        if (!isNotFound(error)) throw error;
        reader.close();
        reader = null;
      }
    }
    return null;
  }

  async function readTyped(oid: string, type: 'commit' | 'tree' | 'blob'): Promise<Uint8Array | null> {
    const object = await readRaw(oid);
    return object && object.type === type ? object.data : null;
  }

  async function readTreeEntries(oid: string): Promise<GitTreeEntry[]> {
    const cached = trees.get(oid);
    if (cached) return cached;
    const data = await readTyped(oid, 'tree');
    if (!data) throw new Error(`tree ${oid} is missing from the registry repository ${gitdir}`);
    const entries = parseTree(data);
    if (trees.size >= TREE_CACHE_LIMIT) trees.delete(trees.keys().next().value!);
    trees.set(oid, entries);
    return entries;
  }

  async function commitTree(commit: string): Promise<string | null> {
    const data = await readTyped(commit, 'commit');
    return data ? parseCommit(data).tree : null;
  }

  /** The entry at `filepath` under a root tree, or null. */
  async function entryAt(rootTree: string, filepath: string): Promise<GitTreeEntry | null> {
    const parts = filepath.split('/');
    let treeOid = rootTree;
    for (let i = 0; i < parts.length; i++) {
      const entry = (await readTreeEntries(treeOid)).find((e) => e.path === parts[i]);
      if (!entry) return null;
      if (i === parts.length - 1) return entry;
      if (entry.type !== 'tree') return null;
      treeOid = entry.oid;
    }
    return null;
  }

  async function readHead(): Promise<string | null> {
    try {
      return await git.resolveRef({ fs, gitdir, ref: refName });
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function ensureRepository(): Promise<void> {
    initialized ??= (async () => {
      if (fs.existsSync(path.join(gitdir, 'HEAD'))) return;
      await createBareRepository(fs, gitdir, branch);
    })();
    try {
      await initialized;
    } catch (error) {
      initialized = null;
      throw error;
    }
  }

  /** Write the tree of `base` with `spec` applied; null when it ends up empty. Unchanged trees keep their oid. */
  async function writeTreeWith(base: string | null, spec: TreeSpec, prefix: string): Promise<string | null> {
    const entries = new Map<string, TreeWriteEntry>();
    if (base) for (const e of await readTreeEntries(base)) entries.set(e.path, { mode: e.mode, path: e.path, oid: e.oid, type: e.type });
    let changed = false;
    // Deletions first, then folders, then additions: a commit may replace a file by a folder of
    // the same name (or the reverse) when it deletes the old one in the same change list.
    for (const [name, content] of spec.files) {
      const existing = entries.get(name);
      // Deleting what is not a file (absent, or a folder) changes nothing.
      if (content === null && existing && existing.type === 'blob') {
        entries.delete(name);
        changed = true;
      }
    }
    await Promise.all(
      [...spec.dirs].map(async ([name, sub]) => {
        const existing = entries.get(name);
        const where = prefix + name;
        if (existing && existing.type !== 'tree') {
          // Only deletions below a file: nothing to delete.
          if ([...allContents(sub)].every((c) => c === null)) return;
          throw new RegistryError('BAD_REQUEST', `cannot write below ${JSON.stringify(where)}: it is a file; delete it first`);
        }
        const next = await writeTreeWith(existing?.oid ?? null, sub, `${where}/`);
        if (next === (existing?.oid ?? null)) return;
        changed = true;
        if (next === null) entries.delete(name);
        else entries.set(name, { mode: '040000', path: name, oid: next, type: 'tree' });
      }),
    );
    await Promise.all(
      [...spec.files].map(async ([name, content]) => {
        if (content === null) return;
        const existing = entries.get(name);
        if (existing && existing.type !== 'blob') throw new RegistryError('BAD_REQUEST', `cannot write file ${JSON.stringify(prefix + name)}: a folder of that name exists; delete its files first`);
        const oid = await git.writeBlob({ fs: writeFs, gitdir, blob: content });
        if (existing?.oid === oid) return;
        entries.set(name, { mode: existing?.mode ?? '100644', path: name, oid, type: 'blob' });
        changed = true;
      }),
    );
    if (!changed) return base;
    if (entries.size === 0 && prefix !== '') return null;
    return git.writeTree({ fs: writeFs, gitdir, tree: [...entries.values()] });
  }

  async function updateRef(expectedHead: string | null, commitOid: string): Promise<void> {
    await withMutex(lockPath, async () => {
      const lock = await acquireRefLock(fs, lockPath, { staleMs, timeoutMs, tmpDir: gitdir });
      // The new value goes to a temp file renamed over the ref (atomic); the lock keeps naming
      // its holder until released, so a lock left by a killed process is taken over at once.
      const tmp = path.join(gitdir, `tmp_ref_${process.pid}_${randomBytes(6).toString('hex')}`);
      try {
        const current = await readHead();
        if (current !== expectedHead) throw new ContentConflictError(expectedHead, current);
        const handle = await fs.promises.open(tmp, 'wx');
        try {
          await handle.writeFile(`${commitOid}\n`);
          if (fsync) await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.promises.rename(tmp, refPath);
      } finally {
        await fs.promises.unlink(tmp).catch(() => undefined);
        await lock.handle.close().catch(() => undefined);
        await fs.promises.unlink(lockPath).catch(() => undefined);
      }
    });
  }

  return {
    head: readHead,

    async readFile(commit, filepath) {
      if (pathProblem(filepath) !== null) return null;
      const root = await commitTree(commit);
      if (!root) throw new RegistryError('NOT_FOUND', `commit ${commit.slice(0, 40)} is not in the registry repository; read head() again`);
      const entry = await entryAt(root, filepath);
      if (!entry || entry.type !== 'blob') return null;
      const data = await readTyped(entry.oid, 'blob');
      return data ? new Uint8Array(data) : null;
    },

    async listFiles(commit, dir) {
      const folder = normalizeDir(dir);
      const root = await commitTree(commit);
      if (!root) throw new RegistryError('NOT_FOUND', `commit ${commit.slice(0, 40)} is not in the registry repository; read head() again`);
      if (folder === null) return [];
      let treeOid = root;
      if (folder !== '') {
        const entry = await entryAt(root, folder);
        if (!entry || entry.type !== 'tree') return [];
        treeOid = entry.oid;
      }
      const out: string[] = [];
      const walk = async (oid: string, prefix: string): Promise<void> => {
        const entries = await readTreeEntries(oid);
        await Promise.all(
          entries.map(async (e) => {
            if (e.type === 'tree') await walk(e.oid, `${prefix}${e.path}/`);
            else if (e.type === 'blob') out.push(prefix + e.path);
          }),
        );
      };
      await walk(treeOid, folder === '' ? '' : `${folder}/`);
      return sortPaths(out);
    },

    async commit(request: CommitRequest) {
      checkCommitRequest(request);
      const { expectedHead } = request;
      await ensureRepository();
      const current = await readHead();
      if (current !== expectedHead) throw new ContentConflictError(expectedHead, current);
      const baseTree = expectedHead ? await commitTree(expectedHead) : null;
      if (expectedHead && !baseTree) throw new ContentConflictError(expectedHead, current);
      // Objects first (content-addressed, harmless if the compare-and-swap then fails), the ref last.
      const tree = (await writeTreeWith(baseTree, specOf(request.changes), '')) ?? (await git.writeTree({ fs: writeFs, gitdir, tree: [] }));
      if (expectedHead && tree === baseTree) {
        // Every change is already in place: no empty commit, the head stays (if it still is the head).
        const now = await readHead();
        if (now !== expectedHead) throw new ContentConflictError(expectedHead, now);
        return { commit: expectedHead };
      }
      const seconds = Math.floor((request.timestamp ?? Date.now()) / 1000);
      const person = { name: request.author.name, email: request.author.email, timestamp: seconds, timezoneOffset: 0 };
      const message = request.message.endsWith('\n') ? request.message : `${request.message}\n`;
      const commitOid = await git.writeCommit({
        fs: writeFs,
        gitdir,
        commit: { tree, parent: expectedHead ? [expectedHead] : [], author: person, committer: person, message },
      });
      await updateRef(expectedHead, commitOid);
      return { commit: commitOid };
    },

    async readCommit(commit): Promise<CommitInfo | null> {
      const data = await readTyped(commit, 'commit');
      if (!data) return null;
      const parsed = parseCommit(data);
      return { oid: commit, parents: parsed.parents, message: parsed.message, time: parsed.committer.timestamp * 1000 };
    },
  };
}

function* allContents(spec: TreeSpec): Generator<Uint8Array | null> {
  yield* spec.files.values();
  for (const sub of spec.dirs.values()) yield* allContents(sub);
}

/** Create an empty bare repository at `gitdir` atomically (built beside it, then renamed into place). */
async function createBareRepository(fs: LocalFs, gitdir: string, branch: string): Promise<void> {
  const exists = fs.existsSync(gitdir);
  if (exists && fs.readdirSync(gitdir).length > 0) {
    if (fs.existsSync(path.join(gitdir, 'HEAD'))) return;
    throw new RegistryError('SERVICE_UNAVAILABLE', `${gitdir} exists and is not a git repository; point the registry at an empty or missing folder`);
  }
  const tmp = `${gitdir}.init-${process.pid}-${randomBytes(6).toString('hex')}`;
  await git.init({ fs, dir: tmp, bare: true, defaultBranch: branch });
  try {
    if (exists) await fs.promises.rmdir(gitdir);
    await fs.promises.rename(tmp, gitdir);
  } catch (error) {
    await fs.promises.rm(tmp, { recursive: true, force: true });
    // Another process created it first: use theirs.
    if (!fs.existsSync(path.join(gitdir, 'HEAD'))) throw error;
  }
}

/** The git directory of a working tree or bare repository at `dir`, or null when it is neither. */
function findGitdir(fs: LocalFs, dir: string): string | null {
  const dotGit = path.join(dir, '.git');
  let stat: nodeFs.Stats | null;
  try {
    stat = fs.statSync(dotGit);
  } catch {
    stat = null;
  }
  if (stat?.isDirectory()) return dotGit;
  if (stat?.isFile()) {
    const match = /^gitdir: (.+)$/m.exec(fs.readFileSync(dotGit, 'utf8'));
    if (match) return path.resolve(dir, match[1]!.trim());
  }
  if (fs.existsSync(path.join(dir, 'HEAD')) && fs.existsSync(path.join(dir, 'objects')) && fs.existsSync(path.join(dir, 'refs'))) return dir;
  return null;
}

/** Regular files under `root` (repository-relative to `base`), skipping symlinks and `.git`. */
function collectFiles(fs: LocalFs, root: string, base: string, out: string[]): void {
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.name === '.git') continue;
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) collectFiles(fs, full, base, out);
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
}

/**
 * Create the bare registry repository at `to` from the project at `from`: the object database and
 * `from`'s HEAD commit as `refs/heads/<branch>` when `from` is a git repository, else one initial
 * commit of its `souls/` folder. `from` is only read (never its index or working tree). A no-op when
 * `to` exists. The repository appears at `to` complete or not at all.
 *
 * @example
 * const { created, head } = await seedLocalRegistry({ from: process.cwd(), to: '.registry/repo.git' });
 */
export async function seedLocalRegistry(options: SeedLocalRegistryOptions): Promise<{ created: boolean; head: string | null }> {
  const fs = nodeFs;
  const branch = options.branch ?? 'main';
  checkBranch(branch);
  const to = path.resolve(options.to);
  const from = path.resolve(options.from);
  if (fs.existsSync(to)) return { created: false, head: await createLocalGitStore({ dir: to, branch }).head() };
  await fs.promises.mkdir(path.dirname(to), { recursive: true });
  const tmp = `${to}.seed-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await git.init({ fs, dir: tmp, bare: true, defaultBranch: branch });
    let head: string | null = null;
    const source = findGitdir(fs, from);
    if (source) head = await copyHistory(fs, source, tmp, branch);
    if (!head) head = await commitSoulsFolder(from, tmp, branch, options.timestamp ?? Date.now());
    try {
      await fs.promises.rename(tmp, to);
    } catch (error) {
      if (fs.existsSync(to)) return { created: false, head: await createLocalGitStore({ dir: to, branch }).head() };
      throw error;
    }
    return { created: true, head };
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}

/** Copy the object database of `source` into `target` and point the branch at source's HEAD; null when source has no commit. */
async function copyHistory(fs: LocalFs, source: string, target: string, branch: string): Promise<string | null> {
  let head: string;
  try {
    head = await git.resolveRef({ fs, gitdir: source, ref: 'HEAD' });
  } catch {
    return null;
  }
  // A linked worktree keeps its objects in the common directory.
  const commondirFile = path.join(source, 'commondir');
  const common = fs.existsSync(commondirFile) ? path.resolve(source, fs.readFileSync(commondirFile, 'utf8').trim()) : source;
  const objects = path.join(target, 'objects');
  await fs.promises.cp(path.join(common, 'objects'), objects, { recursive: true, force: true });
  // Alternates are paths relative to the objects folder they were written for: make them absolute.
  const alternates = path.join(objects, 'info', 'alternates');
  if (fs.existsSync(alternates)) {
    const lines = fs.readFileSync(alternates, 'utf8').split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
    fs.writeFileSync(alternates, lines.map((l) => path.resolve(common, 'objects', l.trim())).join('\n') + '\n');
  }
  // A shallow clone (CI) lists the commits whose parents are absent; without it fsck reports them missing.
  const shallow = path.join(common, 'shallow');
  if (fs.existsSync(shallow)) await fs.promises.copyFile(shallow, path.join(target, 'shallow'));
  await fs.promises.mkdir(path.join(target, 'refs', 'heads', ...branch.split('/').slice(0, -1)), { recursive: true });
  await fs.promises.writeFile(path.join(target, 'refs', 'heads', ...branch.split('/')), `${head}\n`);
  return head;
}

/** One initial commit of `<from>/souls/` in `target`; null when there is no such folder or it is empty. */
async function commitSoulsFolder(from: string, target: string, branch: string, timestamp: number): Promise<string | null> {
  const souls = path.join(from, 'souls');
  if (!nodeFs.existsSync(souls)) return null;
  const files: string[] = [];
  collectFiles(nodeFs, souls, from, files);
  const changes: FileChange[] = files.filter((f) => pathProblem(f) === null).map((f) => ({ path: f, content: nodeFs.readFileSync(path.join(from, f)) }));
  if (changes.length === 0) return null;
  const store = createLocalGitStore({ dir: target, branch, fsync: false });
  const { commit } = await store.commit({
    expectedHead: null,
    message: `Seed the registry from ${path.basename(from)}/souls\n`,
    author: SEED_AUTHOR,
    changes,
    timestamp,
  });
  return commit;
}
