// Test fixture: real git repositories built at test time with isomorphic-git (fixed timestamps, so
// hashes are stable). Objects are written directly (writeBlob/writeTree/writeCommit, no checkout),
// only the subtrees a commit touches are rewritten, so a thousand commits take a few seconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import git from 'isomorphic-git';

/** File content, or null to delete the path (a file or a whole folder). */
export type GitFileChange = string | Uint8Array | null;

export interface GitPerson {
  name: string;
  email?: string;
}

export interface GitCommitSpec {
  /** Repository path → new content (null deletes), applied on top of the branch's current tree. */
  files?: Record<string, GitFileChange>;
  /** Commit message; defaults to `Update <paths>`. */
  message?: string;
  /** Author (a name or a person); defaults to `Test Author <author@example.com>`. */
  author?: string | GitPerson;
  /** Committer; defaults to the author. */
  committer?: string | GitPerson;
  /** Commit time in epoch seconds (author and committer); defaults to 60 s after the previous commit. */
  time?: number;
  /** Branch to commit on (default `main`); a branch that does not exist yet starts at `main`'s head. */
  branch?: string;
  /**
   * Make a merge commit: the named branch's head becomes the second parent. The merge's tree is the
   * current branch's tree with `files` applied (state the merged content explicitly in `files`).
   */
  merge?: string;
}

export interface GitRepoOptions {
  commits: GitCommitSpec[];
  /** Directory to create the repository in (created if missing); defaults to a fresh temp dir. */
  dir?: string;
}

export interface GitRepo {
  /** Working-tree directory (the repository is `<dir>/.git`; the working tree is left empty). */
  dir: string;
  gitdir: string;
  /** Oid of each commit, in the order of `commits`. */
  commits: string[];
  /** Delete the repository directory. */
  cleanup: () => void;
}

/** First commit time of a repository built by `gitRepo` (2023-11-14T22:13:20Z). */
export const BASE_TIME = 1_700_000_000;
const DEFAULT_AUTHOR: Required<GitPerson> = { name: 'Test Author', email: 'author@example.com' };

interface TreeNode {
  kind: 'tree';
  /** Oid when the node is unchanged since written or loaded; null when dirty. */
  oid: string | null;
  /** Children once loaded; null while only the oid is known. */
  entries: Map<string, Node> | null;
}
interface BlobNode {
  kind: 'blob';
  oid: string;
  mode: string;
}
type Node = TreeNode | BlobNode;

interface Branch {
  head: string | null;
  root: TreeNode;
  time: number;
}

interface Ctx {
  gitdir: string;
  cache: object;
}

const encoder = new TextEncoder();

function person(p: string | GitPerson | undefined, fallback: Required<GitPerson>): Required<GitPerson> {
  if (p === undefined) return fallback;
  if (typeof p === 'string') return { name: p, email: `${p.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'user'}@example.com` };
  return { name: p.name, email: p.email ?? `${p.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'user'}@example.com` };
}

async function loadTree(ctx: Ctx, node: TreeNode): Promise<Map<string, Node>> {
  if (node.entries) return node.entries;
  const entries = new Map<string, Node>();
  if (node.oid) {
    const { tree } = await git.readTree({ fs, gitdir: ctx.gitdir, oid: node.oid, cache: ctx.cache });
    for (const e of tree) {
      entries.set(e.path, e.type === 'tree' ? { kind: 'tree', oid: e.oid, entries: null } : { kind: 'blob', oid: e.oid, mode: e.mode });
    }
  }
  node.entries = entries;
  return entries;
}

/** Set `filepath` to a blob oid (or delete it when null), marking the path's trees dirty. */
async function applyChange(ctx: Ctx, root: TreeNode, filepath: string, change: string | null): Promise<void> {
  const parts = filepath.split('/');
  if (parts.some((p) => p === '')) throw new Error(`gitRepo: bad path ${JSON.stringify(filepath)}`);
  const trail: TreeNode[] = [root];
  let node = root;
  for (let i = 0; i < parts.length - 1; i++) {
    const entries = await loadTree(ctx, node);
    const part = parts[i]!;
    let child = entries.get(part);
    if (!child || child.kind !== 'tree') {
      if (change === null) return; // deleting something that does not exist
      child = { kind: 'tree', oid: null, entries: new Map() };
      entries.set(part, child);
    }
    node = child;
    trail.push(node);
  }
  const entries = await loadTree(ctx, node);
  const last = parts[parts.length - 1]!;
  if (change === null) {
    if (!entries.delete(last)) return;
    // Git stores no empty folders: drop every ancestor the deletion emptied.
    for (let i = trail.length - 1; i > 0; i--) {
      if (trail[i]!.entries!.size > 0) break;
      trail[i - 1]!.entries!.delete(parts[i - 1]!);
    }
  } else {
    entries.set(last, { kind: 'blob', oid: change, mode: '100644' });
  }
  for (const t of trail) t.oid = null;
}

async function writeNode(ctx: Ctx, node: TreeNode): Promise<string> {
  if (node.oid) return node.oid;
  // Sibling subtrees are written concurrently: the cost is file-system latency, not CPU.
  const tree = await Promise.all(
    [...(node.entries ?? new Map<string, Node>())].map(async ([name, child]) =>
      child.kind === 'tree'
        ? { mode: '040000', path: name, oid: await writeNode(ctx, child), type: 'tree' as const }
        : { mode: child.mode, path: name, oid: child.oid, type: 'blob' as const },
    ),
  );
  node.oid = await git.writeTree({ fs, gitdir: ctx.gitdir, tree });
  return node.oid;
}

async function loadBranch(ctx: Ctx, name: string): Promise<Branch | null> {
  let head: string;
  try {
    head = await git.resolveRef({ fs, gitdir: ctx.gitdir, ref: `refs/heads/${name}` });
  } catch {
    return null;
  }
  const { commit } = await git.readCommit({ fs, gitdir: ctx.gitdir, oid: head, cache: ctx.cache });
  return { head, root: { kind: 'tree', oid: commit.tree, entries: null }, time: commit.committer.timestamp };
}

async function commitOn(ctx: Ctx, branches: Map<string, Branch>, spec: GitCommitSpec, defaultTime: (b: Branch) => number): Promise<string> {
  const branchName = spec.branch ?? 'main';
  let branch = branches.get(branchName) ?? (await loadBranch(ctx, branchName));
  if (!branch) {
    const main = branchName === 'main' ? null : branches.get('main') ?? (await loadBranch(ctx, 'main'));
    branch = main
      ? { head: main.head, root: { kind: 'tree', oid: await writeNode(ctx, main.root), entries: null }, time: main.time }
      : { head: null, root: { kind: 'tree', oid: null, entries: new Map() }, time: BASE_TIME - 60 };
  }
  branches.set(branchName, branch);
  const files = spec.files ?? {};
  // Blobs are written concurrently up front; the tree edits then run in order.
  const blobs = await Promise.all(
    Object.values(files).map((c) => (c === null ? null : git.writeBlob({ fs, gitdir: ctx.gitdir, blob: typeof c === 'string' ? encoder.encode(c) : c }))),
  );
  let k = 0;
  for (const filepath of Object.keys(files)) await applyChange(ctx, branch.root, filepath, blobs[k++] ?? null);
  const tree = await writeNode(ctx, branch.root);
  const parent: string[] = branch.head ? [branch.head] : [];
  if (spec.merge !== undefined) {
    const other = branches.get(spec.merge) ?? (await loadBranch(ctx, spec.merge));
    if (!other?.head) throw new Error(`gitRepo: cannot merge unknown branch ${spec.merge}`);
    parent.push(other.head);
  }
  const time = spec.time ?? defaultTime(branch);
  const author = person(spec.author, DEFAULT_AUTHOR);
  const committer = person(spec.committer, author);
  const message = spec.message ?? `Update ${Object.keys(files).join(', ') || 'nothing'}\n`;
  const oid = await git.writeCommit({
    fs,
    gitdir: ctx.gitdir,
    commit: {
      tree,
      parent,
      author: { ...author, timestamp: time, timezoneOffset: 0 },
      committer: { ...committer, timestamp: time, timezoneOffset: 0 },
      message: message.endsWith('\n') ? message : `${message}\n`,
    },
  });
  await git.writeRef({ fs, gitdir: ctx.gitdir, ref: `refs/heads/${branchName}`, value: oid, force: true });
  branch.head = oid;
  branch.time = Math.max(branch.time, time);
  return oid;
}

/**
 * Build a repository: each commit applies its file changes on top of its branch's previous tree.
 *
 * @example
 * const repo = await gitRepo({ commits: [{ files: { 'souls/a/b/soul.json': '{"version":"1.0.0"}' } }] });
 * // repo.dir, repo.commits[0]
 */
export async function gitRepo(options: GitRepoOptions): Promise<GitRepo> {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'soul-git-'));
  fs.mkdirSync(dir, { recursive: true });
  const gitdir = path.join(dir, '.git');
  await git.init({ fs, dir, defaultBranch: 'main' });
  const ctx: Ctx = { gitdir, cache: {} };
  const branches = new Map<string, Branch>();
  const commits: string[] = [];
  let clock = BASE_TIME - 60;
  for (const spec of options.commits) {
    const oid = await commitOn(ctx, branches, spec, () => clock + 60);
    clock = Math.max(clock + 60, spec.time ?? 0);
    commits.push(oid);
  }
  return { dir, gitdir, commits, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Add one commit to a repository (made by `gitRepo` or any other), on top of its branch's head;
 * the default time is 60 s after that head's committer time. Returns the new commit's oid.
 */
export async function addCommit(dir: string, spec: GitCommitSpec): Promise<string> {
  const gitdir = fs.existsSync(path.join(dir, '.git')) ? path.join(dir, '.git') : dir;
  const ctx: Ctx = { gitdir, cache: {} };
  return commitOn(ctx, new Map(), spec, (b) => b.time + 60);
}
