// Diff of two versions of one git tree without parsing either whole: the common prefix and suffix
// of the raw buffers are found with memcmp (Buffer.compare, binary search), and only the entries in
// the differing middle are parsed. Entry boundaries of the new tree are derived from the old one's,
// so a caller walking history keeps them from commit to commit (the 2,000-entry `souls/` tree).
import { parseTreeEntryAt } from './objects.ts';
import type { GitTreeEntry } from './objects.ts';

/** A tree's content plus the start offset of every entry and, last, the content length. */
export interface RawTree {
  data: Uint8Array;
  bounds: Int32Array;
}

/** One entry that differs between two trees; `before`/`after` is null when it was added/removed. */
export interface TreeChange {
  path: string;
  before: GitTreeEntry | null;
  after: GitTreeEntry | null;
}

const EMPTY = new Uint8Array(0);
/** Boundary arrays longer than this are off-heap and worth reusing. */
const REUSE_MIN = 16;
const EMPTY_TREE: RawTree = { data: EMPTY, bounds: Int32Array.of(0) };

function asBuffer(a: Uint8Array): Buffer {
  return Buffer.isBuffer(a) ? a : Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** Entry boundaries of a tree (each entry's start, then the length). */
export function treeBounds(data: Uint8Array): Int32Array {
  const starts: number[] = [];
  let pos = 0;
  while (pos < data.length) {
    starts.push(pos);
    const nul = data.indexOf(0, pos);
    if (nul < 0 || nul + 21 > data.length) throw new Error('malformed tree');
    pos = nul + 21;
  }
  starts.push(data.length);
  return Int32Array.from(starts);
}

/** A tree with its boundaries computed. */
export function rawTree(data: Uint8Array): RawTree {
  return { data, bounds: treeBounds(data) };
}

/** Length of the common prefix of a and b. */
function commonPrefix(a: Buffer, b: Buffer): number {
  let lo = 0;
  let hi = Math.min(a.length, b.length);
  // Invariant: a[0, lo) == b[0, lo); the answer is in [lo, hi]. Each probe compares only [lo, mid).
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (a.compare(b, lo, mid, lo, mid) === 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Length of the common suffix of a and b, at most `max`. */
function commonSuffix(a: Buffer, b: Buffer, max: number): number {
  let lo = 0;
  let hi = max;
  const la = a.length;
  const lb = b.length;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (a.compare(b, lb - mid, lb - lo, la - mid, la - lo) === 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Index of the last bound ≤ pos. */
function boundAtOrBefore(bounds: Int32Array, pos: number): number {
  let lo = 0;
  let hi = bounds.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (bounds[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function sameEntry(a: GitTreeEntry, b: GitTreeEntry): boolean {
  return a.oid === b.oid && a.mode === b.mode;
}

export interface DiffOptions {
  /** `before` is not used again: its boundary array may be rewritten for the result. */
  reuse?: boolean;
}

/**
 * Changes from `before` (null: an empty tree) to `after`, plus `after` with its boundaries.
 * Changes come in `after`'s entry order, then removed entries in `before`'s order.
 *
 * @example
 * let prev = null;
 * for (const data of treesOldestFirst) ({ changes, tree: prev } = diffRawTrees(prev, data));
 */
export function diffRawTrees(before: RawTree | null, after: Uint8Array, options: DiffOptions = {}): { changes: TreeChange[]; tree: RawTree } {
  const a = before ?? EMPTY_TREE;
  const A = asBuffer(a.data);
  const B = asBuffer(after);
  const la = A.length;
  const lb = B.length;
  const prefix = commonPrefix(A, B);
  if (prefix === la && la === lb) return { changes: [], tree: { data: after, bounds: a.bounds } };
  const suffix = commonSuffix(A, B, Math.min(la, lb) - prefix);
  const delta = lb - la;
  // First entry that is not entirely inside the common prefix: boundaries before it are shared.
  const i0 = boundAtOrBefore(a.bounds, prefix);
  const start = a.bounds[i0]!;
  // Walk `after` from `start` until a boundary that is inside the common suffix and maps onto a
  // boundary of `before`: from there on both parse identically.
  const added: GitTreeEntry[] = [];
  const newStarts: number[] = [];
  let j = i0;
  let y = start;
  for (;;) {
    if (y >= lb - suffix) {
      const x = y - delta;
      while (j < a.bounds.length && a.bounds[j]! < x) j++;
      if (j < a.bounds.length && a.bounds[j] === x) break;
    }
    if (y >= lb) throw new Error('malformed tree: entries do not line up with the previous version');
    const { entry, next } = parseTreeEntryAt(B, y);
    newStarts.push(y);
    added.push(entry);
    y = next;
  }
  const removed = new Map<string, GitTreeEntry>();
  for (let k = i0; k < j; k++) {
    const { entry } = parseTreeEntryAt(A, a.bounds[k]!);
    removed.set(entry.path, entry);
  }
  const changes: TreeChange[] = [];
  for (const entry of added) {
    const old = removed.get(entry.path);
    if (old) {
      removed.delete(entry.path);
      if (!sameEntry(old, entry)) changes.push({ path: entry.path, before: old, after: entry });
    } else {
      changes.push({ path: entry.path, before: null, after: entry });
    }
  }
  for (const old of removed.values()) changes.push({ path: old.path, before: old, after: null });
  const tail = a.bounds.length - j;
  const m = newStarts.length;
  const needed = i0 + m + tail;
  // Large boundary arrays are reused in place when the caller allows it: a fresh off-heap typed
  // array per commit costs more than the whole diff. Small ones live on the V8 heap, where
  // allocating is cheap and touching `.buffer` is not (it moves them off-heap).
  let full: Int32Array | null = null;
  if (options.reuse && a !== EMPTY_TREE && a.bounds.length > REUSE_MIN) {
    const capacity = (a.bounds.buffer.byteLength - a.bounds.byteOffset) >> 2;
    if (needed <= capacity) {
      full = new Int32Array(a.bounds.buffer, a.bounds.byteOffset, capacity);
      full.copyWithin(i0 + m, j, j + tail);
    }
  }
  if (!full) {
    // Plain loops: `subarray` of an on-heap array would move it off-heap too.
    full = new Int32Array(needed > REUSE_MIN ? needed + (needed >> 3) + 8 : needed);
    const from = a.bounds;
    for (let k = 0; k < i0; k++) full[k] = from[k]!;
    for (let k = 0; k < tail; k++) full[i0 + m + k] = from[j + k]!;
  }
  if (delta !== 0) for (let k = i0 + m; k < needed; k++) full[k] = full[k]! + delta;
  for (let k = 0; k < m; k++) full[i0 + k] = newStarts[k]!;
  const bounds = full.length === needed ? full : full.subarray(0, needed);
  return { changes, tree: { data: after, bounds } };
}

/** Find one entry by name in a raw tree (linear; for small trees such as the repository root). */
export function findEntry(data: Uint8Array, name: string): GitTreeEntry | null {
  let pos = 0;
  while (pos < data.length) {
    const { entry, next } = parseTreeEntryAt(data, pos);
    if (entry.path === name) return entry;
    pos = next;
  }
  return null;
}
