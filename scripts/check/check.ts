// `soul check`: whether a pull request may merge. Reads two commits of one repository (base and
// head; a fork's head only needs to be fetched into it), finds the souls the change touches, and
// runs the publish gate on each against the published versions of the base branch.
//
// PR-level check codes (CheckResult.checks), besides the per-soul gate codes of core/gate.ts:
//   MIXED_CHANGE (400)         souls and code in one pull request
//   REVIEWS_READ_ONLY (403)    a file under reviews/ changed (reviews are written by the registry)
//   SOUL_DELETED (403)         a soul folder was removed (removal is done by maintainers)
//   SOUL_PATH_INVALID (400)    a file under souls/ outside a souls/<owner>/<name>/ folder
//   OWNERS_FILE_INVALID (warn) an entry of OWNERS.json at the base was skipped
//   NO_SOULS_CHANGED (info)    a code-only pull request: the code checks (CI) apply
// Per soul, on top of the gate (SoulCheck.checks):
//   SOUL_FILES_INVALID (400)   a symbolic link, submodule or folder nested two levels deep
//   VERSION_NOT_BUMPED (409)   the latest published version with changed files
//   PUBLISHED_VERSION_CHANGED (409)  an older published version with changed files
//   VERSION_UNCHANGED (info)   the folder is exactly its latest published version again
//
// Decisions:
// - What changed is the diff from the merge base to the head (what the PR adds); what is
//   published is the history of the base tip (what the PR would merge into).
// - The owners file and registry.config.json are read at the base tip, never from the PR.
// - Gate codes are kept as they are (one vocabulary for the PR check and the publish endpoint);
//   the gate's VERSION_EXISTS is replaced by the finer codes above when the history says more.
import fs from 'node:fs';
import git from 'isomorphic-git';
import type { GitReader } from '../build/git/reader.ts';
import type { HistoryResult, VersionEntry } from '../build/model.ts';
import { DEFAULT_REGISTRY_CONFIG, readRegistryConfig } from '../core/config.ts';
import type { RegistryConfig } from '../core/config.ts';
import { OWNERS_FILE, gateStatus, parseOwnersFile, runGate } from '../core/gate.ts';
import type { GateCheck, GateStatus } from '../core/gate.ts';
import { MANIFEST_FILE } from '../core/package.ts';
import { quoteName } from '../core/paths.ts';
import type { ScanResult } from '../core/scan/types.ts';
import { SCANNER_VERSION } from '../core/version.ts';
import { diffTrees, findMergeBase, readFolderFiles, readTextAt, treeAt } from './git-trees.ts';
import type { ChangedPath } from './git-trees.ts';
import { loadPublishedHistory } from './published.ts';

export const SOULS_DIR = 'souls';
export const REVIEWS_DIR = 'reviews';
export const CONFIG_FILE = 'registry.config.json';
/** Format version of the JSON report (CheckResult). */
export const CHECK_REPORT_FORMAT = 1;
/** Code paths listed in a report at most (the count is always exact). */
const MAX_LISTED_PATHS = 20;

/** A check about the pull request as a whole; `path` is the repository path it is about, when one. */
export interface PrCheck extends GateCheck {
  path?: string;
}

export type SoulChange = 'added' | 'updated' | 'deleted';

export interface SoulCheck {
  /** `owner/name`. */
  id: string;
  owner: string;
  name: string;
  /** Repository folder: `souls/<owner>/<name>`. */
  path: string;
  change: SoulChange;
  /** Version at the head (null when missing or malformed, or the soul was deleted). */
  version: string | null;
  /** Latest published version at the base, null for a new soul. */
  latestVersion: string | null;
  publishedVersions: string[];
  ok: boolean;
  /** HTTP status the publish endpoint would answer with (null when it would publish). */
  status: GateStatus | null;
  checks: GateCheck[];
  scan: ScanResult | null;
}

export interface CheckResult {
  format: typeof CHECK_REPORT_FORMAT;
  tool: { name: 'soul check'; scannerVersion: string };
  /** True when the pull request may merge. */
  ok: boolean;
  base: string;
  head: string;
  mergeBase: string | null;
  author: string;
  /** Set by the caller (the PR workflow) so the comment job knows where to post. */
  pullRequest?: { number: number };
  changed: { souls: number; soulFiles: number; code: number; codePaths: string[]; reviews: string[] };
  checks: PrCheck[];
  souls: SoulCheck[];
  summary: { souls: number; passed: number; failed: number; errors: number; warnings: number };
  /** How the published versions were read; null when no soul was touched. */
  history: { source: 'full' | 'incremental' | 'saved'; commitsWalked: number } | null;
}

export interface CheckOptions {
  reader: GitReader;
  /** Base branch tip (ref or oid). */
  base: string;
  /** PR head (ref or oid). */
  head: string;
  /** PR author (GitHub login). */
  author: string;
  /** A saved history to continue from (see published.ts). */
  savedHistory?: HistoryResult | null;
  /** Write the base's history here for the next run. */
  saveHistoryTo?: string;
}

/** A problem with the inputs of the check itself (unknown ref, missing history): exit 2, not a verdict. */
export class CheckInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CheckInputError';
  }
}

async function resolveCommit(reader: GitReader, ref: string, what: string): Promise<string> {
  try {
    let oid: string;
    try {
      oid = await reader.resolveRef(ref);
    } catch (error) {
      // An abbreviated SHA (git log --oneline) is not a ref: expand it.
      if (!/^[0-9a-f]{4,39}$/i.test(ref)) throw error;
      oid = await git.expandOid({ fs, gitdir: reader.gitdir, oid: ref.toLowerCase() });
    }
    await reader.readCommit(oid);
    return oid;
  } catch (cause) {
    throw new CheckInputError(`--${what} ${quoteName(ref)} is not a commit of this repository; fetch it first (for a pull request: git fetch origin pull/<number>/head), or pass a full commit SHA`, { cause });
  }
}

async function readConfig(reader: GitReader, rootTree: string): Promise<RegistryConfig> {
  const text = await readTextAt(reader, rootTree, CONFIG_FILE);
  if (text === null) return structuredClone(DEFAULT_REGISTRY_CONFIG) as RegistryConfig;
  try {
    return readRegistryConfig(JSON.parse(text));
  } catch (cause) {
    throw new CheckInputError(`${CONFIG_FILE} at the base is invalid: ${(cause as Error).message}`, { cause });
  }
}

/** Sort changed paths into the souls they touch, code, reviews and misplaced soul-area files. */
function classify(paths: readonly ChangedPath[]): { souls: Map<string, ChangedPath[]>; code: string[]; reviews: string[]; misplaced: string[] } {
  const souls = new Map<string, ChangedPath[]>();
  const code: string[] = [];
  const reviews: string[] = [];
  const misplaced: string[] = [];
  for (const p of paths) {
    const parts = p.path.split('/');
    if (parts[0] === SOULS_DIR) {
      if (parts.length < 4) misplaced.push(p.path);
      else {
        const key = `${parts[1]}/${parts[2]}`;
        const list = souls.get(key) ?? [];
        list.push(p);
        souls.set(key, list);
      }
    } else if (parts[0] === REVIEWS_DIR) reviews.push(p.path);
    else code.push(p.path);
  }
  return { souls, code, reviews, misplaced };
}

function listPaths(paths: readonly string[], max = 3): string {
  const shown = paths.slice(0, max).map((p) => quoteName(p, 100)).join(', ');
  return paths.length > max ? `${shown} and ${paths.length - max} more` : shown;
}

/** Replace the gate's version verdict with what the published history says exactly. */
async function refineVersion(reader: GitReader, checks: GateCheck[], input: { version: string | null; headTree: string; published: readonly VersionEntry[]; path: string }): Promise<GateCheck[]> {
  const { version, headTree, published } = input;
  const latest = published[published.length - 1];
  const same = version === null ? undefined : published.find((p) => p.version === version);
  if (!same || !latest) return checks;
  const rest = checks.filter((c) => c.code !== 'VERSION_EXISTS');
  if (same.tree === headTree) {
    if (same === latest) return [...rest, { type: 'info', code: 'VERSION_UNCHANGED', message: `${input.path} is exactly the published version ${version}; nothing new is published` }];
    return [...rest, { type: 'fail', code: 'VERSION_EXISTS', status: 409, message: `version ${version} is already published; bump "version" in soul.json above ${latest.version} to publish this content again`, details: { version, latest: latest.version } }];
  }
  const changed = (await diffTrees(reader, same.tree, headTree)).map((c) => c.path);
  const files = changed.length > 0 ? ` (changed: ${listPaths(changed, 5)})` : '';
  if (same === latest) {
    return [
      ...rest,
      {
        type: 'fail',
        code: 'VERSION_NOT_BUMPED',
        status: 409,
        message: `version ${version} is already published; bump "version" in soul.json above ${version} to publish the changes${files}`,
        details: { version, latest: latest.version, changedFiles: changed },
      },
    ];
  }
  return [
    ...rest,
    {
      type: 'fail',
      code: 'PUBLISHED_VERSION_CHANGED',
      status: 409,
      message: `version ${version} is already published and published versions never change; set "version" in soul.json above the latest ${latest.version}${files}`,
      details: { version, latest: latest.version, changedFiles: changed },
    },
  ];
}

function parseManifestText(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return text; // the gate reports the syntax error (SCHEMA002)
  }
}

/**
 * Decide whether a pull request may merge (see the module header for every check).
 *
 * @example
 * const result = await runCheck({ reader: createGitReader({ dir: '.' }), base: 'origin/main', head: 'HEAD', author: 'alice' });
 * result.ok // false when it must not merge
 */
export async function runCheck(options: CheckOptions): Promise<CheckResult> {
  const { reader, author } = options;
  const base = await resolveCommit(reader, options.base, 'base');
  const head = await resolveCommit(reader, options.head, 'head');
  let mergeBase: string | null;
  try {
    mergeBase = await findMergeBase(reader, base, head);
  } catch (cause) {
    throw new CheckInputError('the history between --base and --head is incomplete (a shallow clone?); fetch the full history, e.g. actions/checkout with fetch-depth: 0', { cause });
  }
  const baseTree = (await reader.readCommit(base)).tree;
  const headTree = (await reader.readCommit(head)).tree;
  const forkTree = mergeBase ? (await reader.readCommit(mergeBase)).tree : null;

  const config = await readConfig(reader, baseTree);
  const owners = parseOwnersFile(await readTextAt(reader, baseTree, OWNERS_FILE), { officialNamespace: config.officialNamespace });

  const changedPaths = await diffTrees(reader, forkTree, headTree);
  const { souls: touched, code, reviews, misplaced } = classify(changedPaths);

  const checks: PrCheck[] = [];
  for (const problem of owners.problems) checks.push({ type: 'warn', code: 'OWNERS_FILE_INVALID', message: problem, path: OWNERS_FILE });
  if (touched.size > 0 && code.length > 0) {
    checks.push({
      type: 'fail',
      code: 'MIXED_CHANGE',
      status: 400,
      path: code[0]!,
      message: `this pull request changes souls and code (${listPaths(code)}); a soul pull request may only change souls/<owner>/<name>/ folders: move the code changes to a separate pull request`,
      details: { code: code.slice(0, MAX_LISTED_PATHS) },
    });
  }
  for (const path of reviews) {
    checks.push({ type: 'fail', code: 'REVIEWS_READ_ONLY', status: 403, path, message: `${quoteName(path)} is a review file; reviews are written by the registry (POST /souls/{owner}/{name}/reviews), never by pull requests: revert the change` });
  }
  for (const path of misplaced) {
    checks.push({ type: 'fail', code: 'SOUL_PATH_INVALID', status: 400, path, message: `${quoteName(path)} is not inside a soul folder; souls live in ${SOULS_DIR}/<owner>/<name>/: move or remove it` });
  }
  if (touched.size === 0 && code.length > 0 && reviews.length === 0 && misplaced.length === 0) {
    checks.push({ type: 'info', code: 'NO_SOULS_CHANGED', message: `no souls changed (${code.length} other file${code.length === 1 ? '' : 's'}); the code checks (CI) apply to this pull request` });
  }

  const published = touched.size > 0 ? await loadPublishedHistory({ reader, base, saved: options.savedHistory ?? null, ...(options.saveHistoryTo !== undefined ? { saveTo: options.saveHistoryTo } : {}) }) : null;
  const souls: SoulCheck[] = [];
  for (const key of [...touched.keys()].sort()) {
    const [owner = '', name = ''] = key.split('/');
    const path = `${SOULS_DIR}/${key}`;
    const history = published?.history.souls.get(key);
    const versions = history?.versions ?? [];
    const latestVersion = versions[versions.length - 1]?.version ?? null;
    const publishedVersions = versions.map((v) => v.version);
    const folder = await treeAt(reader, headTree, path);
    if (folder === null) {
      const gone: GateCheck = {
        type: 'fail',
        code: 'SOUL_DELETED',
        status: 403,
        message: `${path} was deleted; souls are removed by the maintainers, not by pull requests: restore the folder, and open an issue to ask for the removal`,
      };
      souls.push({ id: key, owner, name, path, change: 'deleted', version: null, latestVersion, publishedVersions, ok: false, status: 403, checks: [gone], scan: null });
      continue;
    }
    const wasThere = forkTree !== null && (await treeAt(reader, forkTree, path)) !== null;
    const { files, problems } = await readFolderFiles(reader, folder);
    const { [MANIFEST_FILE]: manifestText, ...others } = files;
    const gate = runGate({
      owner,
      name,
      actor: author,
      config,
      namespaceMembers: owners.owners.get(owner.toLowerCase()) ?? [],
      manifest: parseManifestText(manifestText),
      files: others,
      latestVersion,
      publishedVersions,
    });
    let soulChecks: GateCheck[] = [...gate.checks];
    for (const problem of problems) soulChecks.push({ type: 'fail', code: 'SOUL_FILES_INVALID', status: 400, message: `${path}: ${problem}` });
    soulChecks = await refineVersion(reader, soulChecks, { version: gate.version, headTree: folder, published: versions, path });
    const ok = !soulChecks.some((c) => c.type === 'fail');
    const status = ok ? null : gateStatus({ ok, checks: soulChecks, scan: gate.scan, version: gate.version });
    souls.push({
      id: key,
      owner,
      name,
      path,
      change: wasThere || latestVersion !== null ? 'updated' : 'added',
      version: gate.version,
      latestVersion,
      publishedVersions,
      ok,
      status,
      checks: soulChecks,
      scan: gate.scan,
    });
  }

  const ok = !checks.some((c) => c.type === 'fail') && souls.every((s) => s.ok);
  return {
    format: CHECK_REPORT_FORMAT,
    tool: { name: 'soul check', scannerVersion: SCANNER_VERSION },
    ok,
    base,
    head,
    mergeBase,
    author,
    changed: {
      souls: touched.size,
      soulFiles: [...touched.values()].reduce((n, list) => n + list.length, 0),
      code: code.length,
      codePaths: code.slice(0, MAX_LISTED_PATHS),
      reviews: reviews.slice(0, MAX_LISTED_PATHS),
    },
    checks,
    souls,
    summary: {
      souls: souls.length,
      passed: souls.filter((s) => s.ok).length,
      failed: souls.filter((s) => !s.ok).length,
      // SCAN_BLOCKED summarises the scan's errors, which are counted one by one.
      errors: checks.filter((c) => c.type === 'fail').length + souls.reduce((n, s) => n + s.checks.filter((c) => c.type === 'fail' && c.code !== 'SCAN_BLOCKED').length, 0),
      warnings: checks.filter((c) => c.type === 'warn').length + souls.reduce((n, s) => n + s.checks.filter((c) => c.type === 'warn').length, 0),
    },
    history: published ? { source: published.source, commitsWalked: published.commitsWalked } : null,
  };
}
