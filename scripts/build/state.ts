// The build's memory between runs, under `<out>/private/` (never public):
// - build-state.json: the last built commit, the serialized history walk, the review files seen,
//   and per soul a fingerprint of its inputs plus its index entry, so a rebuild re-emits only the
//   souls whose inputs changed and rebuilds the global files from the kept entries;
// - scan-cache/<scannerVersion>/<xx>.json: scan results keyed by the version folder's tree oid
//   and the name it is scanned under, sharded by the oid's first byte so an incremental build
//   loads and rewrites only the shards it touches. Results stay JSON text end to end.
// A state that cannot be read (missing, another format) means a full build, never an error.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { IndexEntry } from '../core/registry-shapes.ts';
import { PRIVATE_DIR } from '../core/static-paths.ts';
import type { HistoryJSON } from './history.ts';
import type { SoulHistory } from './model.ts';

export const STATE_FORMAT = 1;
/**
 * Version of what the build emits. Bump it when an output's shape or formatting changes: every
 * soul's fingerprint changes with it, so the next incremental build re-emits everything.
 */
export const OUTPUT_FORMAT = '1';

export const STATE_FILE = `${PRIVATE_DIR}/build-state.json`;
export const BUILD_INFO_FILE = `${PRIVATE_DIR}/build-info.json`;
export const SCAN_CACHE_DIR = `${PRIVATE_DIR}/scan-cache`;

/** Review files seen at the last build: owner → tree oid and, per soul, its tree oid and files. */
export interface ReviewTreeState {
  /** Oid of the reviews folder; null when the repository has none. */
  tree: string | null;
  owners: Record<string, { tree: string; souls: Record<string, { tree: string; files: Record<string, string> }> }>;
}

export interface SoulState {
  /** Fingerprint of everything the soul's outputs depend on. */
  fp: string;
  /** Its index entry; null when it is not listed (folder removed). */
  entry: IndexEntry | null;
  /** Versions emitted. */
  versions: number;
}

export interface BuildState {
  format: typeof STATE_FORMAT;
  outputFormat: string;
  ref: string;
  reviewsDir: string;
  head: string;
  history: HistoryJSON;
  reviews: ReviewTreeState;
  souls: Record<string, SoulState>;
}

/** Read the state of the last build in `out`, or null when there is none usable. */
export function loadState(out: string): BuildState | null {
  let text: string;
  try {
    text = readFileSync(join(out, STATE_FILE), 'utf8');
  } catch {
    return null;
  }
  try {
    const state = JSON.parse(text) as Partial<BuildState> | null;
    if (!state || state.format !== STATE_FORMAT || typeof state.head !== 'string' || !state.history || !state.souls || !state.reviews) return null;
    return state as BuildState;
  } catch {
    return null;
  }
}

/** Write a file atomically (a crash never leaves half a state). */
export function writeFileAtomic(path: string, data: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

export function saveState(out: string, state: BuildState): void {
  writeFileAtomic(join(out, STATE_FILE), JSON.stringify(state));
}

/**
 * Fingerprint of a soul's inputs: its versions (commits and trees), whether it is removed, its
 * last change, download count and review files, and the output format and scanner version.
 */
export function soulFingerprint(input: { soul: SoulHistory; downloads: number; reviewsTree: string | null; scannerVersion: string }): string {
  const { soul } = input;
  const hash = createHash('sha1');
  hash.update(`${OUTPUT_FORMAT}\n${input.scannerVersion}\n${soul.removed ? 1 : 0}\n${soul.lastCommitAt}\n${input.downloads}\n${input.reviewsTree ?? '-'}\n`);
  for (const v of soul.versions) hash.update(`${v.version} ${v.commit} ${v.tree} ${v.publishedAt} ${v.publisher}\n`);
  return hash.digest('hex');
}

export interface ScanCacheStats {
  shardsLoaded: number;
  shardsWritten: number;
  entries: number;
}

/** Scan results as JSON text: kept as text from worker to disk, parsed only where used. */
export interface ScanCache {
  /** The cached result's JSON, loading its shard on first use. */
  get(key: string): string | undefined;
  set(key: string, json: string): void;
  /** Write every shard that gained entries (lines sorted by key: deterministic bytes). */
  flush(): void;
  stats(): ScanCacheStats;
}

function shardOf(key: string): string {
  const id = key.slice(0, 2).toLowerCase();
  return /^[0-9a-f]{2}$/.test(id) ? id : '__';
}

/**
 * The scan cache of one scanner version under `out`: shard files of lines `<key>\t<result JSON>`.
 *
 * @example
 * const cache = openScanCache('dist', '1.0.0');
 * cache.get(`${treeOid}:tutor`) // '{"ok":true,...}' | undefined
 */
export function openScanCache(out: string, scannerVersion: string): ScanCache {
  const dir = join(out, SCAN_CACHE_DIR, scannerVersion.replace(/[^0-9A-Za-z.+-]/g, '_'));
  const shards = new Map<string, Map<string, string>>();
  const dirty = new Set<string>();
  const stats: ScanCacheStats = { shardsLoaded: 0, shardsWritten: 0, entries: 0 };
  const shard = (id: string): Map<string, string> => {
    let map = shards.get(id);
    if (map) return map;
    map = new Map();
    let text = '';
    try {
      text = readFileSync(join(dir, `${id}.tsv`), 'utf8');
      stats.shardsLoaded++;
    } catch {
      // no shard yet
    }
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) map.set(line.slice(0, tab), line.slice(tab + 1));
    }
    shards.set(id, map);
    return map;
  };
  return {
    get: (key) => shard(shardOf(key)).get(key),
    set(key, json) {
      const id = shardOf(key);
      shard(id).set(key, json);
      dirty.add(id);
    },
    flush() {
      for (const id of [...dirty].sort()) {
        const map = shards.get(id)!;
        const lines = [...map.keys()].sort().map((k) => `${k}\t${map.get(k)!}\n`);
        writeFileAtomic(join(dir, `${id}.tsv`), lines.join(''));
        stats.shardsWritten++;
      }
      dirty.clear();
    },
    stats: () => ({ ...stats, entries: [...shards.values()].reduce((n, m) => n + m.size, 0) }),
  };
}
