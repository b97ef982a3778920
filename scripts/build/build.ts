// The static registry build: registry repository (git history) → static tree.
//
// 1. Walk the main branch's first-parent history (incrementally from the last build's state).
// 2. Read the review files at the head and the optional stats file.
// 3. Fingerprint every soul's inputs; re-emit only souls whose fingerprint changed (all of them
//    for a full build), in worker threads (one per core): read blobs, scan (cached by content and
//    scanner version), write the soul's files and ZIPs, only where the bytes changed.
// 4. Rebuild the global files from every soul's index entry: the default list page, categories,
//    the query index, scan rules, manifest schemas, the OpenAPI document.
// 5. Save the scan cache and the state; write a build-info file (the only file with the time of
//    the build, outside the public tree).
// An incremental build and a full build of the same commit produce the same files.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { SCANNER_VERSION } from '../core/version.ts';
import { trimLeading, trimTrailing } from '../core/strings.ts';
import type { IndexEntry } from '../core/registry-shapes.ts';
import { API_DIR, INDEX_FILE, SCHEMAS_DIR, ZIPS_DIR } from '../core/static-paths.ts';
import { createGitReader } from './git/reader.ts';
import { historyFromJSON, historyToJSON, walkHistory } from './history.ts';
import type { BuildWarning, HistoryResult } from './model.ts';
import { createProgress } from './progress.ts';
import type { ProgressMode } from './progress.ts';
import { BUILD_INFO_FILE, loadState, openScanCache, saveState, soulFingerprint, STATE_FORMAT, OUTPUT_FORMAT, writeFileAtomic } from './state.ts';
import type { BuildState, SoulState } from './state.ts';
import { emitCategories } from './emit/categories.ts';
import { emitIndex } from './emit/index-file.ts';
import { emitSoulList } from './emit/list.ts';
import { emitOpenApi } from './emit/openapi.ts';
import { createSoulPool } from './emit/pool.ts';
import type { SoulPool } from './emit/pool.ts';
import { readReviewTree } from './emit/review-tree.ts';
import { emitSchemas } from './emit/schemas.ts';
import { emitScanRules } from './emit/scan-rules.ts';
import { buildSoulOutputs } from './emit/soul.ts';
import type { SoulTask, SoulTaskResult } from './emit/soul.ts';
import { scanCacheKey } from './emit/version-data.ts';
import { createOutputWriter } from './emit/writer.ts';
import type { WriteStats } from './emit/writer.ts';

export interface BuildOptions {
  /** The registry repository (a working tree or a bare repository); default the current folder. */
  repo?: string;
  /** Output folder; default `dist`. */
  out?: string;
  /** Branch to build; default `main`. */
  ref?: string;
  /** Ignore the previous build's state: walk the whole history and re-emit every soul (the scan cache is still used). */
  full?: boolean;
  /** Optional JSON file `{ "downloads": { "owner/name": n } }`; absent means zero downloads. */
  statsFile?: string;
  /** Folder of the review files in the registry repository; default `reviews`. */
  reviewsDir?: string;
  /** Progress display; default `auto` (a bar on a terminal, plain lines in CI). */
  progress?: ProgressMode;
  /** Worker threads for building souls; 0 builds in the main thread; default one per core when at least 64 souls need building. */
  concurrency?: number;
  /** Where progress goes (default process.stderr). */
  progressStream?: { write(text: string): unknown; isTTY?: boolean; columns?: number };
}

/** A warning of the build: the history walk's, or a review or stats file that could not be used. */
export interface BuildIssue {
  code: BuildWarning['code'] | 'INVALID_REVIEW' | 'INVALID_STATS' | 'HISTORY_REWRITTEN';
  owner?: string;
  name?: string;
  commit?: string;
  message: string;
}

export interface BuildSummary {
  head: string;
  /** `full` when every soul was considered from scratch, else `incremental`. */
  mode: 'full' | 'incremental';
  commitsWalked: number;
  /** Souls listed (not removed). */
  souls: number;
  removedSouls: number;
  versions: number;
  /** Souls whose outputs were rebuilt in this run. */
  soulsBuilt: number;
  scansRun: number;
  scansCached: number;
  filesWritten: number;
  filesUnchanged: number;
  bytesWritten: number;
  warnings: BuildIssue[];
  durationMs: number;
  /** Milliseconds per phase. */
  timings: Record<'state' | 'history' | 'inputs' | 'souls' | 'globals' | 'save', number>;
}

const REVIEWS_DIR = 'reviews';
/** A first build of a repository whose packs are at least this large starts its workers before the walk. */
const EARLY_POOL_PACK_BYTES = 16 * 1024 * 1024;

/** Total size of the repository's pack files. */
function packBytes(gitdir: string): number {
  try {
    const dir = join(gitdir, 'objects', 'pack');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.pack'))
      .reduce((n, f) => n + statSync(join(dir, f)).size, 0);
  } catch {
    return 0;
  }
}
/** Below this many souls to build, workers cost more to start than they save. */
const MIN_SOULS_FOR_WORKERS = 64;

function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/** Download counts from the stats file; absent → none; unreadable → none and a warning. */
export function readStatsFile(path: string | undefined): { downloads: Map<string, number>; warning?: BuildIssue } {
  const downloads = new Map<string, number>();
  if (path === undefined || !existsSync(path)) return { downloads };
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as { downloads?: Record<string, unknown> };
    const table = data && typeof data === 'object' ? data.downloads : undefined;
    if (table && typeof table === 'object') {
      for (const [key, n] of Object.entries(table)) if (typeof n === 'number' && Number.isFinite(n) && n >= 0) downloads.set(key, Math.floor(n));
    }
    return { downloads };
  } catch (error) {
    return { downloads, warning: { code: 'INVALID_STATS', message: `stats file ${path} is not valid JSON (${(error as Error).message}); downloads count as 0` } };
  }
}

/** Every blob a task needs (its versions' files and review files), copied out of the reader's cache. */
async function readTaskBlobs(reader: { readBlob(oid: string): Promise<Uint8Array> }, task: SoulTask): Promise<Record<string, Uint8Array>> {
  const blobs: Record<string, Uint8Array> = {};
  const add = async (oid: string): Promise<void> => {
    if (blobs[oid] === undefined) blobs[oid] = (await reader.readBlob(oid)).slice();
  };
  for (const v of task.versions) for (const oid of Object.values(v.blobs)) await add(oid);
  for (const oid of Object.values(task.reviewFiles)) await add(oid);
  return blobs;
}

/**
 * Build the static registry from a repository's history.
 *
 * @example
 * const summary = await buildRegistry({ repo: '.', out: 'dist' });
 * summary.souls // 1234
 */
export async function buildRegistry(options: BuildOptions = {}): Promise<BuildSummary> {
  const started = performance.now();
  const repo = resolve(options.repo ?? '.');
  const out = resolve(options.out ?? 'dist');
  const ref = options.ref ?? 'main';
  const reviewsDir = trimTrailing(trimLeading(options.reviewsDir ?? REVIEWS_DIR, '/'), '/');
  const progress = createProgress({ mode: options.progress ?? 'auto', ...(options.progressStream ? { stream: options.progressStream } : {}) });
  const timings: BuildSummary['timings'] = { state: 0, history: 0, inputs: 0, souls: 0, globals: 0, save: 0 };
  let mark = performance.now();
  const lap = (phase: keyof BuildSummary['timings']): void => {
    const t = performance.now();
    timings[phase] += t - mark;
    mark = t;
  };

  let fresh = isEmptyDir(out);
  let state = options.full ? null : loadState(out);
  if (state && (state.ref !== ref || state.reviewsDir !== reviewsDir)) state = null;
  let previous: HistoryResult | null = null;
  if (state) {
    try {
      previous = historyFromJSON(state.history);
    } catch {
      state = null;
    }
  }
  // An incremental build reads few objects: reading them one by one beats loading the whole pack.
  const reader = createGitReader({ dir: repo, ...(state ? { maxInMemoryPackBytes: 0 } : {}) });
  lap('state');

  // A first build of a large repository will need the workers: start them now, so they load
  // their modules while the main thread walks the history.
  let pool: SoulPool | null = null;
  if (!state && options.concurrency !== 0 && packBytes(reader.gitdir) >= EARLY_POOL_PACK_BYTES) pool = createSoulPool(options.concurrency ?? availableParallelism(), { out, fresh, reviewsDir });
  try {
    return await buildWithPool();
  } finally {
    await pool?.close();
    reader.close();
  }

  async function buildWithPool(): Promise<BuildSummary> {
    const restartWarnings: BuildIssue[] = [];
    progress.phase('history');
    const history = await walkHistory({ reader, ref, previous, onProgress: (done, total) => progress.update(done, total) });
    progress.done();
    if (history.restartReason) {
      // The branch was rewritten: versions of the old history may be gone, so their files must
      // go too. Start the outputs over (the scan cache stays valid: it is keyed by content).
      state = null;
      for (const dir of [API_DIR, SCHEMAS_DIR, dirname(INDEX_FILE), ZIPS_DIR]) rmSync(join(out, dir), { recursive: true, force: true });
      fresh = false;
      restartWarnings.push({ code: 'HISTORY_REWRITTEN', message: `${history.restartReason}; the outputs were rebuilt from scratch` });
    }
    lap('history');

    const headCommit = await reader.readCommit(history.head);
    const reviews = await readReviewTree({ reader, rootTree: headCommit.tree, dir: reviewsDir, previous: state?.reviews ?? null });
    const stats = readStatsFile(options.statsFile);
    const warnings: BuildIssue[] = [...restartWarnings, ...history.warnings.map((w) => ({ ...w }))];
    if (stats.warning) warnings.push(stats.warning);

    const cache = openScanCache(out, SCANNER_VERSION);
    const soulStates: Record<string, SoulState> = {};
    const tasks: SoulTask[] = [];
    let versions = 0;
    for (const [key, soul] of history.souls) {
      versions += soul.versions.length;
      const downloads = stats.downloads.get(key) ?? 0;
      const reviewSoul = reviews.owners[soul.owner]?.souls[soul.name];
      const fp = soulFingerprint({ soul, downloads, reviewsTree: reviewSoul?.tree ?? null, scannerVersion: SCANNER_VERSION });
      const before = state?.souls[key];
      if (before && before.fp === fp) {
        soulStates[key] = before;
        continue;
      }
      const cachedScans: SoulTask['cachedScans'] = {};
      for (const v of soul.versions) {
        const scanKey = scanCacheKey(v);
        const hit = cache.get(scanKey);
        if (hit) cachedScans[scanKey] = hit;
      }
      soulStates[key] = { fp, entry: null, versions: soul.versions.length };
      tasks.push({
        owner: soul.owner,
        name: soul.name,
        versions: soul.versions,
        removed: soul.removed,
        lastCommitAt: soul.lastCommitAt,
        downloads,
        reviewFiles: reviewSoul?.files ?? {},
        cachedScans,
      });
    }
    lap('inputs');

    // Souls: in workers when there are enough of them, else inline.
    const writer = createOutputWriter({ root: out, fresh });
    let scansRun = 0;
    let scansCached = 0;
    const collect = (r: SoulTaskResult): void => {
      soulStates[r.key]!.entry = r.entry;
      scansRun += r.scansRun;
      scansCached += r.scansCached;
      for (const [k, scan] of r.newScans) cache.set(k, scan);
      for (const w of r.warnings) warnings.push(w);
      progress.tick();
    };
    progress.phase('souls', tasks.length);
    // Explicit concurrency is obeyed; by default workers start only when there is enough to do.
    if (!pool && tasks.length > 0) {
      const requested = options.concurrency ?? (tasks.length >= MIN_SOULS_FOR_WORKERS ? availableParallelism() : 0);
      const workers = Math.max(0, Math.min(requested, tasks.length));
      if (workers > 0) pool = createSoulPool(workers, { out, fresh, reviewsDir });
    }
    let workerStats: WriteStats = { written: 0, unchanged: 0, bytesWritten: 0 };
    // Many souls to build after an incremental walk (e.g. a new scanner version): read the blobs
    // from the pack in memory rather than object by object.
    const blobReader = state && tasks.length >= MIN_SOULS_FOR_WORKERS ? createGitReader({ gitdir: reader.gitdir }) : reader;
    if (pool) {
      // The main thread reads each task's blobs (the pack is in its memory) and sends them along;
      // a bounded window of tasks in flight keeps memory flat.
      const active = pool;
      let next = 0;
      const window = active.size * 4;
      await Promise.all(
        Array.from({ length: Math.min(window, tasks.length) }, async () => {
          while (next < tasks.length) {
            const task = tasks[next++]!;
            task.blobs = await readTaskBlobs(blobReader, task);
            collect(await active.run(task));
            delete task.blobs;
          }
        }),
      );
      workerStats = active.stats();
    } else {
      for (const task of tasks) collect(await buildSoulOutputs(task, { readBlob: (oid) => blobReader.readBlob(oid), out: writer, reviewsDir }));
    }
    progress.done();
    if (blobReader !== reader) blobReader.close();
    lap('souls');

    // Global files from every soul's entry (kept ones and rebuilt ones alike).
    const entries: IndexEntry[] = [];
    let removedSouls = 0;
    for (const key of Object.keys(soulStates)) {
      const entry = soulStates[key]!.entry;
      if (entry) entries.push(entry);
      else if (history.souls.get(key)?.removed) removedSouls++;
    }
    emitSoulList(writer, entries);
    emitCategories(writer, entries);
    emitIndex(writer, history.head, entries);
    emitScanRules(writer);
    emitSchemas(writer);
    emitOpenApi(writer);
    lap('globals');

    cache.flush();
    const next: BuildState = {
      format: STATE_FORMAT,
      outputFormat: OUTPUT_FORMAT,
      ref,
      reviewsDir,
      head: history.head,
      history: historyToJSON(history),
      reviews,
      souls: soulStates,
    };
    saveState(out, next);
    const own = writer.stats();
    const summary: BuildSummary = {
      head: history.head,
      mode: previous && !history.restartReason ? 'incremental' : 'full',
      commitsWalked: history.commitsWalked,
      souls: entries.length,
      removedSouls,
      versions,
      soulsBuilt: tasks.length,
      scansRun,
      scansCached,
      filesWritten: own.written + workerStats.written,
      filesUnchanged: own.unchanged + workerStats.unchanged,
      bytesWritten: own.bytesWritten + workerStats.bytesWritten,
      warnings,
      durationMs: 0,
      timings,
    };
    lap('save');
    summary.durationMs = Math.round(performance.now() - started);
    for (const k of Object.keys(timings) as (keyof BuildSummary['timings'])[]) timings[k] = Math.round(timings[k]);
    writeFileAtomic(join(out, BUILD_INFO_FILE), `${JSON.stringify({ builtAt: new Date().toISOString(), repo, ref, ...summary, warnings: summary.warnings.length }, null, 2)}\n`);
    return summary;
  }
}

/** The summary as the lines the CLI prints. */
export function formatSummary(s: BuildSummary): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const mb = (s.bytesWritten / 1024 / 1024).toFixed(1);
  return [
    `Built ${s.head.slice(0, 12)} (${s.mode}, ${n(s.commitsWalked)} commits walked) in ${(s.durationMs / 1000).toFixed(1)} s`,
    `  souls     ${n(s.souls)} listed, ${n(s.removedSouls)} removed, ${n(s.soulsBuilt)} rebuilt`,
    `  versions  ${n(s.versions)}`,
    `  scans     ${n(s.scansRun)} run, ${n(s.scansCached)} cached`,
    `  files     ${n(s.filesWritten)} written (${mb} MB), ${n(s.filesUnchanged)} unchanged`,
    `  warnings  ${n(s.warnings.length)}`,
    `  time      ${Object.entries(s.timings)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', ')}`,
  ].join('\n');
}
