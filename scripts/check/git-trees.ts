// Git reads the PR check needs, on the build's fast reader: the merge base of two commits, the
// paths that differ between two trees, a subtree by path, and a soul folder's files.
import { IMAGE_EXTENSIONS } from '../core/package.ts';
import { quoteName } from '../core/paths.ts';
import type { GitReader, GitTreeEntry } from '../build/git/reader.ts';

export type PathStatus = 'added' | 'deleted' | 'modified';

/** One file (blob, link or submodule) that differs between two trees. */
export interface ChangedPath {
  path: string;
  status: PathStatus;
}

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

function isTree(entry: GitTreeEntry | undefined): entry is GitTreeEntry {
  return entry !== undefined && entry.type === 'tree';
}

/**
 * Every file path that differs between two trees (null: the empty tree), recursing only into
 * subtrees whose oids differ, so the cost follows the size of the change, not of the repository.
 */
export async function diffTrees(reader: GitReader, before: string | null, after: string | null, prefix = ''): Promise<ChangedPath[]> {
  if (before === after) return [];
  const a = new Map((before ? await reader.readTree(before) : []).map((e) => [e.path, e]));
  const b = new Map((after ? await reader.readTree(after) : []).map((e) => [e.path, e]));
  const out: ChangedPath[] = [];
  const names = [...new Set([...a.keys(), ...b.keys()])].sort();
  for (const name of names) {
    const x = a.get(name);
    const y = b.get(name);
    if (x && y && x.oid === y.oid && x.mode === y.mode) continue;
    const path = `${prefix}${name}`;
    if (isTree(x) || isTree(y)) {
      // A folder on either side: recurse; a file replaced by a folder (or back) is a deletion plus additions.
      if (x && !isTree(x)) out.push({ path, status: 'deleted' });
      out.push(...(await diffTrees(reader, isTree(x) ? x.oid : null, isTree(y) ? y.oid : null, `${path}/`)));
      if (y && !isTree(y)) out.push({ path, status: 'added' });
    } else {
      out.push({ path, status: x && y ? 'modified' : x ? 'deleted' : 'added' });
    }
  }
  return out;
}

/** The oid of the tree at `path` ("a/b/c") under the tree `root`, or null when there is none. */
export async function treeAt(reader: GitReader, root: string, path: string): Promise<string | null> {
  let oid = root;
  for (const part of path.split('/').filter((p) => p !== '')) {
    const entry = (await reader.readTree(oid)).find((e) => e.path === part);
    if (!isTree(entry)) return null;
    oid = entry.oid;
  }
  return oid;
}

/** The content of the blob at `path` under the tree `root` as UTF-8 text, or null. */
export async function readTextAt(reader: GitReader, root: string, path: string): Promise<string | null> {
  const slash = path.lastIndexOf('/');
  const dir = slash < 0 ? root : await treeAt(reader, root, path.slice(0, slash));
  if (dir === null) return null;
  const entry = (await reader.readTree(dir)).find((e) => e.path === path.slice(slash + 1));
  if (!entry || entry.type !== 'blob' || entry.mode === '120000') return null;
  return utf8.decode(await reader.readBlob(entry.oid));
}

/** A soul folder read from git: file name → content (images as base64) and the structural problems. */
export interface FolderFiles {
  files: Record<string, string>;
  problems: string[];
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The files of a soul folder: the top level plus one folder level (`examples/good.md`), as the
 * registry stores them. Symbolic links, submodules and deeper folders are problems, never read.
 */
export async function readFolderFiles(reader: GitReader, tree: string): Promise<FolderFiles> {
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  const problems: string[] = [];
  const take = async (entry: GitTreeEntry, path: string, depth: number): Promise<void> => {
    if (entry.type === 'tree') {
      if (depth > 0) {
        problems.push(`${quoteName(path)} is a folder inside a folder; use at most one folder level, e.g. "examples/good.md"`);
        return;
      }
      for (const inner of await reader.readTree(entry.oid)) await take(inner, `${path}/${inner.path}`, depth + 1);
    } else if (entry.type === 'commit') {
      problems.push(`${quoteName(path)} is a git submodule; add the files themselves`);
    } else if (entry.mode === '120000') {
      problems.push(`${quoteName(path)} is a symbolic link; add a regular file instead`);
    } else {
      const bytes = await reader.readBlob(entry.oid);
      files[path] = IMAGE_EXTENSIONS.has(extensionOf(path)) ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') : utf8.decode(bytes);
    }
  };
  for (const entry of await reader.readTree(tree)) await take(entry, entry.path, 0);
  return { files, problems };
}

/**
 * The merge base of two commits: the newest commit (by committer time) reachable from both, as
 * `git merge-base` finds for ordinary histories. Null when they share no history.
 * Commits are visited newest first from both sides at once, so only the commits since the fork
 * point are read, not the whole history.
 */
export async function findMergeBase(reader: GitReader, a: string, b: string): Promise<string | null> {
  if (a === b) return a;
  const FROM_A = 1;
  const FROM_B = 2;
  const flags = new Map<string, number>();
  const times = new Map<string, number>();
  const queue: string[] = [];
  const push = async (oid: string, flag: number): Promise<void> => {
    const had = flags.get(oid) ?? 0;
    if ((had & flag) === flag) return;
    flags.set(oid, had | flag);
    if (!times.has(oid)) {
      times.set(oid, (await reader.readCommit(oid)).committer.timestamp);
      queue.push(oid);
    }
  };
  await push(a, FROM_A);
  await push(b, FROM_B);
  while (queue.length > 0) {
    // Newest first; queues stay small (the two frontiers), so a linear scan beats a heap here.
    let best = 0;
    for (let i = 1; i < queue.length; i++) if (times.get(queue[i]!)! > times.get(queue[best]!)!) best = i;
    const oid = queue.splice(best, 1)[0]!;
    const flag = flags.get(oid)!;
    if (flag === (FROM_A | FROM_B)) return oid;
    for (const parent of (await reader.readCommit(oid)).parents) {
      await push(parent, flag);
      // A commit reached again from the other side after it was queued: its flag grew in place.
      if (flags.get(parent) === (FROM_A | FROM_B) && !queue.includes(parent)) queue.push(parent);
    }
  }
  return null;
}
