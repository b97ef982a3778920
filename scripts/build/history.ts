// The history walk: the main branch's first-parent history → the published versions of every soul.
//
// A version is the folder `souls/<owner>/<name>/` at the commit where soul.json's `version` first
// took a value greater than every published one. Later commits never alter what was published:
// changing files without a bump, lowering or reusing a version, a bad manifest or a bad path is a
// warning. Commits are diffed top-down by oid (root → souls → owner → name), and the large
// `souls/` tree is diffed on its raw bytes (see git/tree-diff.ts), so a commit costs in proportion
// to what it changes, not to the size of the registry.
//
// Decisions:
// - Only souls with at least one published version appear in `souls`.
// - `lastCommit` is the last commit that touched the folder, whatever it did (publish, warning,
//   removal).
// - A folder whose owner or name is not a valid soul id is skipped with an INVALID_PATH warning.
// - File paths are checked with `checkFileNames` (unsafe names and case collisions); symbolic
//   links, submodules and folders nested two levels deep are INVALID_PATH too. Any of them keeps
//   the commit's version unpublished; a later commit that fixes them publishes it.
// - VERSION_REUSED wins over VERSION_LOWERED when the lower version was published before.
import { compareVersion } from '../core/version-order.ts';
import { checkFileNames, quoteName, validateSoulId } from '../core/paths.ts';
import { VERSION_RE } from '../core/manifest/schemas.ts';
import type { GitReader } from './git/reader.ts';
import type { GitTreeEntry } from './git/objects.ts';
import { diffRawTrees, findEntry, rawTree } from './git/tree-diff.ts';
import type { RawTree } from './git/tree-diff.ts';
import type { BuildWarning, HistoryResult, SoulHistory, VersionEntry } from './model.ts';

/** Folder of the repository that holds `<owner>/<name>/` soul folders. */
export const SOULS_DIR = 'souls';
/** Version of the `historyToJSON` format. */
export const HISTORY_FORMAT = 1;

export interface WalkHistoryOptions {
  reader: GitReader;
  /** Branch (or any ref) to walk; default `main`. */
  ref?: string;
  /** The result of an earlier walk: only the commits after its head are walked. */
  previous?: HistoryResult | null;
  /** Called every 1,000 commits and at the end with (commits processed, commits to process). */
  onProgress?: (done: number, total: number) => void;
}

interface CommitMeta {
  oid: string;
  time: string;
  publisher: string;
}

interface FolderChange {
  owner: string;
  name: string;
  /** Tree oid of the folder after the commit; null when it is gone. */
  after: string | null;
}

const EMPTY = new Uint8Array(0);
const utf8 = new TextDecoder('utf-8');
const PUBLISHED_BY_RE = /^published-by:[ \t]*([^\n]{0,200})$/i;
const EMAIL_TAIL_RE = /[ \t]*<[^<>\n]{0,200}>$/;
const MAX_PROBLEMS_LISTED = 3;

/** Compare two MAJOR.MINOR.PATCH versions numerically (both must match VERSION_RE). */
export const compareVersions = compareVersion;

/** The last `Published-by:` trailer of a commit message (its last paragraph), without an e-mail part. */
export function publishedBy(message: string): string | null {
  const paragraphs = message.replace(/\r/g, '').trim().split(/\n[ \t]*\n/);
  if (paragraphs.length < 2) return null;
  let found: string | null = null;
  for (const line of paragraphs[paragraphs.length - 1]!.split('\n')) {
    const m = PUBLISHED_BY_RE.exec(line.trim());
    const value = m?.[1]?.replace(EMAIL_TAIL_RE, '').trim();
    if (value) found = value;
  }
  return found;
}

function short(oid: string): string {
  return oid.slice(0, 7);
}

/** Copies that the walk may update (version entries themselves are never modified, so they are shared). */
function copySouls(souls: Map<string, SoulHistory> | undefined): Map<string, SoulHistory> {
  const out = new Map<string, SoulHistory>();
  for (const [key, soul] of souls ?? []) out.set(key, { ...soul, versions: [...soul.versions] });
  return out;
}

function sortedSouls(souls: Map<string, SoulHistory>): Map<string, SoulHistory> {
  return new Map([...souls].sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0)));
}

/**
 * Walk the first-parent history of `ref` and return every soul's published versions.
 * With `previous`, only the commits since `previous.head` are walked, and the result equals a
 * full walk's (warnings included); when `previous.head` is not on the first-parent history (a
 * force-push), the walk starts over and says why in `restartReason`.
 *
 * @example
 * const reader = createGitReader({ dir: '.' });
 * const history = await walkHistory({ reader });
 * history.souls.get('tomleelive/senior-devops')?.versions.at(-1)?.version // '1.2.0'
 */
export async function walkHistory(options: WalkHistoryOptions): Promise<HistoryResult> {
  const { reader, onProgress } = options;
  const ref = options.ref ?? 'main';
  const head = await reader.resolveRef(ref);
  let previous = options.previous ?? null;
  if (previous && previous.head === head) {
    return { head, souls: sortedSouls(copySouls(previous.souls)), warnings: [...previous.warnings], commitsWalked: 0, walk: 'incremental' };
  }

  // The first-parent chain, newest first, down to the previous head or the root.
  // Commit facts are kept from this one read (a history walk is dominated by object reads).
  const oids: string[] = [];
  const trees: string[] = [];
  const times: string[] = [];
  const publishers: string[] = [];
  let baseTree: string | null = null;
  let restartReason: string | undefined;
  let cursor: string | undefined = head;
  while (cursor !== undefined) {
    if (previous && cursor === previous.head) break;
    let commit;
    try {
      commit = await reader.readCommit(cursor);
    } catch (error) {
      const child = oids.length > 0 ? ` (first parent of ${short(oids[oids.length - 1]!)})` : '';
      throw new Error(`cannot read commit ${cursor}${child}: the history is incomplete; a shallow clone? fetch the full history (e.g. actions/checkout with fetch-depth: 0)`, { cause: error });
    }
    oids.push(cursor);
    trees.push(commit.tree);
    times.push(new Date(commit.committer.timestamp * 1000).toISOString());
    publishers.push(publishedBy(commit.message) ?? commit.author.name);
    cursor = commit.parents[0];
  }
  if (previous) {
    if (cursor === previous.head) {
      baseTree = (await reader.readCommit(previous.head)).tree;
    } else {
      restartReason = `the previous build's head ${short(previous.head)} is not on the first-parent history of ${ref} (was the branch force-pushed?); walked the whole history`;
      previous = null;
    }
  }

  const souls = copySouls(previous?.souls);
  const warnings: BuildWarning[] = [...(previous?.warnings ?? [])];

  // Tree state of the last processed commit.
  let rootOid: string | null = baseTree;
  let soulsOid: string | null = null;
  let soulsTree: RawTree | null = null;
  if (baseTree) {
    const entry = findEntry(await reader.readTreeRaw(baseTree), SOULS_DIR);
    if (entry?.type === 'tree') {
      soulsOid = entry.oid;
      ({ tree: soulsTree } = diffRawTrees(null, await reader.readTreeRaw(entry.oid)));
    }
  }

  const total = oids.length;
  const warn = (code: BuildWarning['code'], owner: string, name: string, commit: string, message: string) => {
    warnings.push({ code, owner, name, commit, message });
  };

  async function applyFolder(change: FolderChange, { oid, time, publisher }: CommitMeta): Promise<void> {
    const { owner, name, after } = change;
    const where = `${SOULS_DIR}/${owner}/${name}`;
    const idProblem = validateSoulId(owner, name);
    if (idProblem) {
      if (after) warn('INVALID_PATH', owner, name, oid, `folder ${quoteName(where)} is skipped: ${idProblem}; move the soul to ${SOULS_DIR}/<owner>/<name>/`);
      return;
    }
    const key = `${owner}/${name}`;
    const soul = souls.get(key);
    if (soul) {
      soul.lastCommit = oid;
      soul.lastCommitAt = time;
      soul.removed = after === null;
    }
    if (!after) return;

    let folder: { blobs: [string, string][]; problems: string[] };
    let manifest: Uint8Array | null = null;
    try {
      folder = await readFolder(reader, after);
      const manifestOid = folder.blobs.find(([p]) => p === 'soul.json')?.[1];
      if (manifestOid) manifest = await reader.readBlob(manifestOid);
    } catch (error) {
      warn('UNREADABLE', owner, name, oid, `${where} could not be read at ${short(oid)} (${error instanceof Error ? error.message : String(error)}); nothing was published; check the repository with git fsck`);
      return;
    }
    const problems = [...folder.problems, ...checkFileNames(folder.blobs.map(([p]) => p)).map((p) => `${quoteName(p.name)} ${p.problem}`)];
    if (problems.length > 0) {
      const more = problems.length > MAX_PROBLEMS_LISTED ? `; and ${problems.length - MAX_PROBLEMS_LISTED} more` : '';
      warn('INVALID_PATH', owner, name, oid, `${where} has unsafe file names at ${short(oid)}, so nothing was published: ${problems.slice(0, MAX_PROBLEMS_LISTED).join('; ')}${more}`);
      return;
    }
    const version = manifest ? parseVersion(manifest) : { problem: 'soul.json is missing; add a soul.json manifest' };
    if ('problem' in version) {
      warn('INVALID_MANIFEST', owner, name, oid, `${where} at ${short(oid)}: ${version.problem}; nothing was published`);
      return;
    }
    const published = soul?.versions ?? [];
    const latest = published[published.length - 1];
    const v = version.version;
    if (!latest || compareVersions(v, latest.version) > 0) {
      const entry: VersionEntry = {
        owner,
        name,
        version: v,
        commit: oid,
        publishedAt: time,
        publisher,
        tree: after,
        blobs: Object.fromEntries(folder.blobs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))),
      };
      if (soul) soul.versions.push(entry);
      else souls.set(key, { owner, name, versions: [entry], removed: false, lastCommit: oid, lastCommitAt: time });
    } else if (v === latest.version) {
      if (after !== latest.tree) {
        warn('CHANGED_WITHOUT_BUMP', owner, name, oid, `${where} changed at ${short(oid)} without a version bump: ${v} was published at ${short(latest.commit)} and stays as it was; bump "version" in soul.json above ${v} to publish the change`);
      }
    } else {
      const earlier = published.find((p) => p.version === v);
      if (earlier) {
        warn('VERSION_REUSED', owner, name, oid, `${where} at ${short(oid)} sets version ${v}, which was already published at ${short(earlier.commit)}; published versions never change; set "version" above ${latest.version}`);
      } else {
        warn('VERSION_LOWERED', owner, name, oid, `${where} at ${short(oid)} sets version ${v}, lower than the latest published ${latest.version}; nothing was published; set "version" above ${latest.version}`);
      }
    }
  }

  for (let i = total - 1; i >= 0; i--) {
    const oid = oids[i]!;
    const tree = trees[i]!;
    if (tree !== rootOid) {
      rootOid = tree;
      const entry = findEntry(await reader.readTreeRaw(tree), SOULS_DIR);
      const nextSouls = entry?.type === 'tree' ? entry.oid : null;
      if (nextSouls !== soulsOid) {
        const old = soulsTree?.data;
        const diff = diffRawTrees(soulsTree, nextSouls ? await reader.readTreeRaw(nextSouls) : EMPTY, { reuse: true });
        soulsOid = nextSouls;
        soulsTree = diff.tree;
        if (old && old !== soulsTree.data) reader.release(old);
        const folders: FolderChange[] = [];
        for (const ownerChange of diff.changes) {
          const before = treeOid(ownerChange.before);
          const after = treeOid(ownerChange.after);
          if (!before && !after) continue;
          const inner = diffRawTrees(before ? rawTree(await reader.readTreeRaw(before)) : null, after ? await reader.readTreeRaw(after) : EMPTY, { reuse: true });
          for (const c of inner.changes) {
            const b = treeOid(c.before);
            const a = treeOid(c.after);
            if (b !== a) folders.push({ owner: ownerChange.path, name: c.path, after: a });
          }
        }
        folders.sort((x, y) => (x.owner < y.owner ? -1 : x.owner > y.owner ? 1 : x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
        const meta: CommitMeta = { oid, time: times[i]!, publisher: publishers[i]! };
        for (const folder of folders) await applyFolder(folder, meta);
      }
    }
    const done = total - i;
    if (onProgress && (done % 1000 === 0 || done === total)) onProgress(done, total);
  }

  return {
    head,
    souls: sortedSouls(souls),
    warnings,
    commitsWalked: total,
    walk: previous ? 'incremental' : 'full',
    ...(restartReason ? { restartReason } : {}),
  };
}

function treeOid(entry: GitTreeEntry | null): string | null {
  return entry?.type === 'tree' ? entry.oid : null;
}

/** The files of a soul folder (at most one folder level) and the structural problems found. */
async function readFolder(reader: GitReader, oid: string): Promise<{ blobs: [string, string][]; problems: string[] }> {
  const blobs: [string, string][] = [];
  const problems: string[] = [];
  const visit = (entry: GitTreeEntry, path: string): boolean => {
    if (entry.type === 'blob' && (entry.mode === '100644' || entry.mode === '100755')) {
      blobs.push([path, entry.oid]);
    } else if (entry.type === 'commit') {
      problems.push(`${quoteName(path)} is a git submodule; add the files themselves`);
    } else if (entry.type === 'blob') {
      problems.push(`${quoteName(path)} is a symbolic link; add a regular file instead`);
    } else {
      return true;
    }
    return false;
  };
  for (const entry of await reader.readTree(oid)) {
    if (!visit(entry, entry.path)) continue;
    for (const inner of await reader.readTree(entry.oid)) {
      const path = `${entry.path}/${inner.path}`;
      if (visit(inner, path)) problems.push(`${quoteName(path)} is a folder inside a folder; use at most one folder level, e.g. "examples/good.md"`);
    }
  }
  return { blobs, problems };
}

/** `version` of a soul.json blob, or what is wrong with it. */
function parseVersion(bytes: Uint8Array): { version: string } | { problem: string } {
  let manifest: unknown;
  try {
    manifest = JSON.parse(utf8.decode(bytes).replace(/^\uFEFF/, ''));
  } catch {
    return { problem: 'soul.json is not valid JSON; fix its syntax' };
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return { problem: 'soul.json is not a JSON object; write the manifest as { ... }' };
  const version = (manifest as Record<string, unknown>).version;
  if (typeof version !== 'string') return { problem: 'soul.json has no "version"; add one such as "1.0.0"' };
  if (!VERSION_RE.test(version)) return { problem: `soul.json "version" ${quoteName(version, 40)} is not MAJOR.MINOR.PATCH; use a version such as "1.0.0"` };
  return { version };
}

/** The JSON form of a HistoryResult (see `historyToJSON`). */
export interface HistoryJSON {
  format: typeof HISTORY_FORMAT;
  head: string;
  souls: {
    owner: string;
    name: string;
    removed: boolean;
    lastCommit: string;
    lastCommitAt: string;
    versions: { version: string; commit: string; publishedAt: string; publisher: string; tree: string; blobs: Record<string, string> }[];
  }[];
  warnings: BuildWarning[];
}

function sortedRecord(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(record).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))) out[key] = record[key]!;
  return out;
}

/**
 * A plain, deterministic JSON form of a result for the build state file: souls sorted by id, keys
 * in a fixed order, blobs sorted by path. `commitsWalked`, `walk` and `restartReason` describe a
 * run, not the history, and are not kept.
 */
export function historyToJSON(result: HistoryResult): HistoryJSON {
  const souls = [...result.souls.values()]
    .map((s) => ({
      owner: s.owner,
      name: s.name,
      removed: s.removed,
      lastCommit: s.lastCommit,
      lastCommitAt: s.lastCommitAt,
      versions: s.versions.map((v) => ({ version: v.version, commit: v.commit, publishedAt: v.publishedAt, publisher: v.publisher, tree: v.tree, blobs: sortedRecord(v.blobs) })),
    }))
    .sort((x, y) => {
      const a = `${x.owner}/${x.name}`;
      const b = `${y.owner}/${y.name}`;
      return a < b ? -1 : a > b ? 1 : 0;
    });
  return {
    format: HISTORY_FORMAT,
    head: result.head,
    souls,
    warnings: result.warnings.map((w) => ({ code: w.code, owner: w.owner, name: w.name, commit: w.commit, message: w.message })),
  };
}

/**
 * Read back `historyToJSON`'s output (the object, or its JSON text). Throws when the input is
 * not that format (e.g. an older build state): the caller then walks the whole history.
 */
export function historyFromJSON(json: unknown): HistoryResult {
  const data = (typeof json === 'string' ? JSON.parse(json) : json) as Partial<HistoryJSON> | null;
  if (!data || typeof data !== 'object' || data.format !== HISTORY_FORMAT || typeof data.head !== 'string' || !Array.isArray(data.souls) || !Array.isArray(data.warnings)) {
    throw new Error(`not a build history of format ${HISTORY_FORMAT}; rebuild from scratch`);
  }
  const souls = new Map<string, SoulHistory>();
  for (const s of data.souls) {
    souls.set(`${s.owner}/${s.name}`, {
      owner: s.owner,
      name: s.name,
      versions: s.versions.map((v) => ({ owner: s.owner, name: s.name, ...v, blobs: { ...v.blobs } })),
      removed: s.removed,
      lastCommit: s.lastCommit,
      lastCommitAt: s.lastCommitAt,
    });
  }
  return { head: data.head, souls, warnings: data.warnings.map((w) => ({ ...w })), commitsWalked: 0 };
}
