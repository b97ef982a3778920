// Fast, synchronous reads of packed git objects: pack index v2 and v1 (binary search over the
// sorted oid table, 64-bit offsets), zlib inflate (one reused handle), ofs-delta
// and ref-delta chains resolved iteratively, a byte-bounded LRU of resolved objects keyed by pack
// offset, and recycled memory for large objects.
//
// Why our own: isomorphic-git inflates each packed object from a slice of the whole remaining pack
// and caches delta bases only deep in a chain; a tree diff over a 50,000-commit history took 355 s
// with it. What this module does not handle (an unknown index version, a ref-delta base outside
// every pack) is reported as "not here" or a PackFallback error, and the caller reads the object
// with isomorphic-git.
import fs from 'node:fs';
import path from 'node:path';
import { createInflate } from './inflate.ts';
import type { GitObject, GitObjectType } from './objects.ts';

export interface PackStoreOptions {
  /** Byte budget of the resolved-object cache (default 64 MiB). */
  cacheBytes?: number;
  /**
   * Packs up to this size are read into memory once they serve more than a few thousand objects;
   * larger ones are always read object by object (default 1 GiB).
   */
  maxInMemoryPackBytes?: number;
}

export interface PackStoreStats {
  packs: number;
  /** Pack files left to the fallback (an index version this reader does not know). */
  skippedPacks: string[];
  objects: number;
  reads: number;
  cacheHits: number;
  inflates: number;
  deltas: number;
  cachedBytes: number;
}

export interface PackStore {
  /** The object, or null when no pack read by this store holds it. */
  read(oid: string): GitObject | null;
  has(oid: string): boolean;
  /**
   * The caller will not touch this result of `read` again: its memory may be reused. Optional;
   * call it at most once per read, after the last use.
   */
  release(data: Uint8Array): void;
  stats(): PackStoreStats;
  /** Close file descriptors of packs read per object. */
  close(): void;
}

/** Thrown when a packed object needs something this reader leaves to isomorphic-git. */
export class PackFallback extends Error {
  override name = 'PackFallback';
}

interface Pack {
  file: string;
  idx: Buffer;
  count: number;
  /** Layout of the index: version 2 has separate tables, version 1 interleaves offset and oid. */
  fanoutBase: number;
  shaBase: number;
  shaStride: number;
  offBase: number;
  offStride: number;
  largeBase: number;
  /** Whole pack in memory, or null when read per object through `fd`. */
  data: Buffer | null;
  fd: number | null;
  /** Offset of the trailing checksum: the end of the last object. */
  dataEnd: number;
  /** Whether the pack may be read into memory (it is not larger than `maxInMemoryPackBytes`). */
  inMemoryAllowed: boolean;
  /** Objects read from the file one by one so far. */
  reads: number;
  /** Added to offsets to make cache keys unique across packs. */
  keyBase: number;
}

interface Resolved {
  type: number;
  data: Buffer;
}

const TYPE_NAMES: Record<number, GitObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OID_RE = /^[0-9a-f]{40}$/;
const MAX_CHAIN = 10_000;
/** Objects read one by one from a pack before it is read into memory whole. */
const LOAD_AFTER_READS = 2000;
/** Longest object header: type and size (10 bytes), then an ofs-delta offset (10) or a ref-delta oid (20). */
const HEADER_MAX = 32;
/** Objects up to this size go to the small-object LRU. */
const SMALL_OBJECT = 8 * 1024;
/** Objects from this size on get recyclable buffers. */
const LARGE_OBJECT = 16 * 1024;
/** Capacity step of recyclable buffers. */
const POOL_GRAIN = 4 * 1024;
/** Bookkeeping bytes counted per cached object. */
const ENTRY_OVERHEAD = 64;

interface Lru {
  get(key: number): Resolved | undefined;
  set(key: number, value: Resolved): boolean;
  bytes(): number;
}

interface LruNode {
  key: number;
  value: Resolved;
  older: LruNode | null;
  newer: LruNode | null;
}

/**
 * A byte-bounded LRU: a Map for lookups and a linked list for the order. (A Map alone, re-inserting
 * on each hit and evicting its first entry, slows down badly: the deleted slots pile up at the
 * front of V8's table and every `keys().next()` walks over them.)
 */
function createLru(limit: number, onEvict: (value: Resolved) => void): Lru {
  const map = new Map<number, LruNode>();
  let oldest: LruNode | null = null;
  let newest: LruNode | null = null;
  let bytes = 0;
  const unlink = (node: LruNode) => {
    if (node.older) node.older.newer = node.newer;
    else oldest = node.newer;
    if (node.newer) node.newer.older = node.older;
    else newest = node.older;
    node.older = node.newer = null;
  };
  const append = (node: LruNode) => {
    node.older = newest;
    node.newer = null;
    if (newest) newest.newer = node;
    else oldest = node;
    newest = node;
  };
  return {
    get(key) {
      const node = map.get(key);
      if (!node) return undefined;
      if (node !== newest) {
        unlink(node);
        append(node);
      }
      return node.value;
    },
    set(key, value) {
      if (map.has(key)) return false;
      const node: LruNode = { key, value, older: null, newer: null };
      map.set(key, node);
      append(node);
      bytes += value.data.length + ENTRY_OVERHEAD;
      while (bytes > limit && oldest) {
        const evicted: LruNode = oldest;
        unlink(evicted);
        map.delete(evicted.key);
        bytes -= evicted.value.data.length + ENTRY_OVERHEAD;
        onEvict(evicted.value);
      }
      return true;
    },
    bytes: () => bytes,
  };
}

interface BufferPool {
  /** A buffer of exactly `size` bytes; large ones come from recycled memory when possible. */
  alloc(size: number): Buffer;
  /** One more holder (the cache, or a caller) of a large buffer. */
  retain(data: Uint8Array): void;
  /** One holder fewer; a large buffer nobody holds is recycled. */
  release(data: Uint8Array): void;
}

/**
 * Recycles the memory of large resolved objects (a 64 KB `souls/` tree per commit otherwise means
 * an off-heap allocation per commit, and V8 answers the external-memory churn with full GCs).
 * Only buffers whose every holder is known are recycled: the cache, and callers that `release`.
 * A buffer handed out and never released is simply left to the garbage collector.
 */
function createBufferPool(freeLimit: number): BufferPool {
  const holders = new WeakMap<ArrayBufferLike, number>();
  const free = new Map<number, ArrayBuffer[]>();
  let freeBytes = 0;
  const classOf = (size: number) => Math.ceil(size / POOL_GRAIN) * POOL_GRAIN;
  return {
    alloc(size) {
      if (size < LARGE_OBJECT) return Buffer.allocUnsafe(size);
      const cap = classOf(size);
      const list = free.get(cap);
      const ab = list?.pop();
      if (ab) {
        freeBytes -= cap;
        holders.set(ab, 0);
        return Buffer.from(ab, 0, size);
      }
      const fresh = Buffer.allocUnsafeSlow(cap).buffer;
      holders.set(fresh, 0);
      return Buffer.from(fresh, 0, size);
    },
    retain(data) {
      const n = holders.get(data.buffer);
      if (n !== undefined) holders.set(data.buffer, n + 1);
    },
    release(data) {
      const ab = data.buffer;
      const n = holders.get(ab);
      if (n === undefined) return;
      if (n > 1) {
        holders.set(ab, n - 1);
        return;
      }
      holders.delete(ab);
      if (!(ab instanceof ArrayBuffer) || ab.byteLength > freeLimit) return;
      // Over the limit, drop buffers of the size classes seen first (a growing tree leaves its
      // smaller classes behind). Classes are never deleted from the Map, so iterating it is cheap.
      for (const [cap, stale] of free) {
        while (stale.length > 0 && freeBytes + ab.byteLength > freeLimit) {
          stale.shift();
          freeBytes -= cap;
        }
        if (freeBytes + ab.byteLength <= freeLimit) break;
      }
      const list = free.get(ab.byteLength);
      if (list) list.push(ab);
      else free.set(ab.byteLength, [ab]);
      freeBytes += ab.byteLength;
    },
  };
}

interface IndexLayout {
  idx: Buffer;
  count: number;
  fanoutBase: number;
  shaBase: number;
  shaStride: number;
  offBase: number;
  offStride: number;
  largeBase: number;
}

function loadIndex(file: string): IndexLayout | null {
  const idx = fs.readFileSync(file);
  if (idx.length >= 8 && idx.readUInt32BE(0) === 0xff744f63) {
    // Version 2: magic, version, fanout, oids, CRCs, 31-bit offsets, 64-bit offsets.
    if (idx.readUInt32BE(4) !== 2 || idx.length < 8 + 256 * 4 + 40) return null;
    const count = idx.readUInt32BE(8 + 255 * 4);
    const shaBase = 8 + 256 * 4;
    const offBase = shaBase + count * 24;
    return { idx, count, fanoutBase: 8, shaBase, shaStride: 20, offBase, offStride: 4, largeBase: offBase + count * 4 };
  }
  // Version 1: fanout, then (4-byte offset, 20-byte oid) per object.
  if (idx.length < 256 * 4 + 40) return null;
  const count = idx.readUInt32BE(255 * 4);
  if (idx.length < 256 * 4 + count * 24 + 40) return null;
  return { idx, count, fanoutBase: 0, shaBase: 256 * 4 + 4, shaStride: 24, offBase: 256 * 4, offStride: 24, largeBase: -1 };
}

/**
 * Open every pack of a repository whose index this reader understands.
 *
 * @example
 * const packs = openPackStore('/repo/.git');
 * packs.read('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391') // { type: 'blob', data } or null
 */
export function openPackStore(gitdir: string, options: PackStoreOptions = {}): PackStore {
  const cacheLimit = options.cacheBytes ?? 64 * 1024 * 1024;
  const entryLimit = Math.max(1024, Math.floor(cacheLimit / 8));
  const maxInMemory = options.maxInMemoryPackBytes ?? 1024 * 1024 * 1024;
  const packDir = path.join(gitdir, 'objects', 'pack');
  const packs: Pack[] = [];
  const skippedPacks: string[] = [];
  let keyBase = 0;
  let names: string[];
  try {
    names = fs.readdirSync(packDir).filter((f) => f.endsWith('.idx')).sort();
  } catch {
    names = [];
  }
  for (const name of names) {
    const packFile = path.join(packDir, name.slice(0, -4) + '.pack');
    if (!fs.existsSync(packFile)) continue;
    const index = loadIndex(path.join(packDir, name));
    if (!index) {
      skippedPacks.push(name);
      continue;
    }
    const size = fs.statSync(packFile).size;
    packs.push({
      file: packFile,
      ...index,
      data: null,
      fd: null,
      dataEnd: size - 20,
      inMemoryAllowed: size <= maxInMemory,
      reads: 0,
      keyBase,
    });
    keyBase += size;
  }

  // Two LRUs: small objects (commits, most trees, manifests) and large ones (a registry's big
  // `souls/` tree, images). One shared LRU let each 64 KB `souls/` tree evict hundreds of small
  // delta bases, and every eviction costs a whole chain re-inflated later.
  const smallLimit = Math.floor(cacheLimit / 2);
  const pool = createBufferPool(Math.max(4 * 1024 * 1024, Math.floor(cacheLimit / 4)));
  const evicted = (value: Resolved) => pool.release(value.data);
  const small = createLru(smallLimit, evicted);
  const large = createLru(cacheLimit - smallLimit, evicted);
  let reads = 0;
  let cacheHits = 0;
  let inflates = 0;
  let deltas = 0;

  function cacheGet(key: number): Resolved | undefined {
    return small.get(key) ?? large.get(key);
  }

  function cacheSet(key: number, value: Resolved): void {
    if (value.data.length > entryLimit) return;
    // Retained before insertion: inserting may evict (and release) older entries.
    pool.retain(value.data);
    if (!(value.data.length <= SMALL_OBJECT ? small : large).set(key, value)) pool.release(value.data);
  }

  function offsetAt(pack: Pack, i: number): number {
    const word = pack.idx.readUInt32BE(pack.offBase + i * pack.offStride);
    if (word < 0x80000000 || pack.largeBase < 0) return word;
    const at = pack.largeBase + (word & 0x7fffffff) * 8;
    return pack.idx.readUInt32BE(at) * 0x100000000 + pack.idx.readUInt32BE(at + 4);
  }

  // Binary search over the sorted oid table, comparing 32-bit words in JavaScript: a native
  // Buffer.compare per probe costs more than the whole search otherwise.
  function findIn(pack: Pack, oid: Buffer): number {
    const idx = pack.idx;
    const w0 = oid.readUInt32BE(0);
    const first = oid[0]!;
    let lo = first === 0 ? 0 : idx.readUInt32BE(pack.fanoutBase + (first - 1) * 4);
    let hi = idx.readUInt32BE(pack.fanoutBase + first * 4) - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = pack.shaBase + mid * pack.shaStride;
      let cmp = idx.readUInt32BE(at) - w0;
      for (let k = 4; cmp === 0 && k < 20; k += 4) cmp = idx.readUInt32BE(at + k) - oid.readUInt32BE(k);
      if (cmp === 0) return offsetAt(pack, mid);
      if (cmp < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  function locate(oid: Buffer): { pack: Pack; offset: number } | null {
    for (const pack of packs) {
      const offset = findIn(pack, oid);
      if (offset >= 0) return { pack, offset };
    }
    return null;
  }

  function readAt(pack: Pack, position: number, length: number): Buffer {
    pack.fd ??= fs.openSync(pack.file, 'r');
    const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, pack.dataEnd - position)));
    let done = 0;
    while (done < buf.length) {
      const n = fs.readSync(pack.fd, buf, done, buf.length - done, position + done);
      if (n <= 0) throw new Error(`${path.basename(pack.file)}: unexpected end of pack`);
      done += n;
    }
    return buf;
  }

  /**
   * The object's bytes from `offset`: its header, then its zlib stream and whatever follows (zlib
   * stops at the end of the stream, and the inflated size is checked against the header).
   * A pack is read object by object at first, which is what an incremental build needs, and
   * read into memory once enough objects were asked for to make that pay.
   */
  function entryBytes(pack: Pack, offset: number): Buffer {
    if (!pack.data && pack.inMemoryAllowed && ++pack.reads > LOAD_AFTER_READS) {
      pack.data = fs.readFileSync(pack.file);
      if (pack.fd !== null) fs.closeSync(pack.fd);
      pack.fd = null;
    }
    if (pack.data) return pack.data.subarray(offset, pack.dataEnd);
    const head = readAt(pack, offset, HEADER_MAX);
    let p = 0;
    let c = head[p++]!;
    let size = c & 15;
    let shift = 4;
    while (c & 0x80 && p < head.length) {
      c = head[p++]!;
      size += (c & 0x7f) * 2 ** shift;
      shift += 7;
    }
    const type = (head[0]! >> 4) & 7;
    if (type === 6) while (p < head.length && head[p++]! & 0x80);
    else if (type === 7) p += 20;
    // zlib's worst case for `size` bytes (deflateBound) plus its header and checksum.
    const bound = size + (size >> 12) + (size >> 14) + (size >> 25) + 64;
    return p + bound <= head.length ? head : readAt(pack, offset, p + bound);
  }

  const inflateExact = createInflate();
  function inflate(src: Buffer, size: number): Buffer {
    inflates++;
    return inflateExact(src, size, pool.alloc);
  }

  function resolve(startPack: Pack, startOffset: number): Resolved {
    const chain: { key: number; raw: Buffer; pos: number; size: number }[] = [];
    let pack = startPack;
    let offset = startOffset;
    let base: Resolved | undefined;
    for (;;) {
      const key = pack.keyBase + offset;
      base = cacheGet(key);
      if (base) {
        cacheHits++;
        break;
      }
      const raw = entryBytes(pack, offset);
      let p = 0;
      let c = raw[p++]!;
      const type = (c >> 4) & 7;
      let size = c & 15;
      let shift = 4;
      while (c & 0x80) {
        c = raw[p++]!;
        size += (c & 0x7f) * 2 ** shift;
        shift += 7;
      }
      if (type >= 1 && type <= 4) {
        base = { type, data: inflate(raw.subarray(p), size) };
        cacheSet(key, base);
        break;
      }
      if (chain.length >= MAX_CHAIN) throw new Error(`${path.basename(pack.file)}: delta chain longer than ${MAX_CHAIN}`);
      if (type === 6) {
        c = raw[p++]!;
        let rel = c & 0x7f;
        while (c & 0x80) {
          c = raw[p++]!;
          rel = (rel + 1) * 128 + (c & 0x7f);
        }
        chain.push({ key, raw, pos: p, size });
        offset -= rel;
        if (offset < 12) throw new Error(`${path.basename(pack.file)}: delta base before the start of the pack`);
      } else if (type === 7) {
        const baseOid = raw.subarray(p, p + 20);
        chain.push({ key, raw, pos: p + 20, size });
        const at = locate(baseOid);
        if (!at) throw new PackFallback(`ref-delta base ${baseOid.toString('hex')} is not in a pack`);
        pack = at.pack;
        offset = at.offset;
      } else {
        throw new Error(`${path.basename(pack.file)}: unknown object type ${type} at offset ${offset}`);
      }
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const link = chain[i]!;
      deltas++;
      const delta = inflate(link.raw.subarray(link.pos), link.size);
      base = { type: base.type, data: applyDelta(delta, base.data, pool.alloc) };
      cacheSet(link.key, base);
    }
    return base;
  }

  function read(oid: string): GitObject | null {
    if (!OID_RE.test(oid)) return null;
    const at = locate(Buffer.from(oid, 'hex'));
    if (!at) return null;
    reads++;
    const obj = resolve(at.pack, at.offset);
    const type = TYPE_NAMES[obj.type];
    if (!type) throw new Error(`object ${oid} has unknown type ${obj.type}`);
    pool.retain(obj.data);
    return { type, data: obj.data };
  }

  return {
    read,
    has: (oid) => OID_RE.test(oid) && locate(Buffer.from(oid, 'hex')) !== null,
    release: (data) => pool.release(data),
    stats: () => ({
      packs: packs.length,
      skippedPacks: [...skippedPacks],
      objects: packs.reduce((n, p) => n + p.count, 0),
      reads,
      cacheHits,
      inflates,
      deltas,
      cachedBytes: small.bytes() + large.bytes(),
    }),
    close: () => {
      for (const pack of packs) {
        if (pack.fd !== null) fs.closeSync(pack.fd);
        pack.fd = null;
      }
    },
  };
}

function readVarint(buf: Buffer, state: { p: number }): number {
  let result = 0;
  let shift = 0;
  let c: number;
  do {
    c = buf[state.p++]!;
    result += (c & 0x7f) * 2 ** shift;
    shift += 7;
  } while (c & 0x80);
  return result;
}

/** Apply a git delta (copy/insert instructions) to its base. */
export function applyDelta(delta: Buffer, base: Buffer, alloc: (size: number) => Buffer = Buffer.allocUnsafe): Buffer {
  const state = { p: 0 };
  const baseSize = readVarint(delta, state);
  if (baseSize !== base.length) throw new Error(`corrupt delta: base is ${base.length} bytes, delta expects ${baseSize}`);
  const size = readVarint(delta, state);
  const out = alloc(size);
  let p = state.p;
  let o = 0;
  while (p < delta.length) {
    const op = delta[p++]!;
    if (op & 0x80) {
      let off = 0;
      let len = 0;
      if (op & 0x01) off = delta[p++]!;
      if (op & 0x02) off |= delta[p++]! << 8;
      if (op & 0x04) off |= delta[p++]! << 16;
      if (op & 0x08) off += delta[p++]! * 0x1000000;
      if (op & 0x10) len = delta[p++]!;
      if (op & 0x20) len |= delta[p++]! << 8;
      if (op & 0x40) len |= delta[p++]! << 16;
      if (len === 0) len = 0x10000;
      if (off + len > base.length || o + len > size) throw new Error('corrupt delta: copy out of range');
      out.set(base.subarray(off, off + len), o);
      o += len;
    } else if (op !== 0) {
      if (p + op > delta.length || o + op > size) throw new Error('corrupt delta: insert out of range');
      for (let k = 0; k < op; k++) out[o + k] = delta[p + k]!;
      p += op;
      o += op;
    } else {
      throw new Error('corrupt delta: reserved instruction 0');
    }
  }
  if (o !== size) throw new Error(`corrupt delta: produced ${o} bytes, expected ${size}`);
  return out;
}
