// One published version's data for the emitters: blobs read once per build task (a file shared
// by several versions is read, decoded and hashed once), decoded as the interface carries them
// (images and non-UTF-8 files as base64, text as UTF-8), and scanned unless the scan cache
// already holds the result for this content and scanner version.
import { createHash } from 'node:crypto';
import { scanPackage } from '../../core/index.ts';
import { isImageFileName } from '../../core/package.ts';
import type { ScanResult } from '../../core/index.ts';
import type { FileEncoding, VersionData } from '../../core/registry-shapes.ts';
import type { VersionEntry } from '../model.ts';

export interface DecodedBlob {
  bytes: Uint8Array;
  content: string;
  encoding: FileEncoding;
  sha256: string;
}

export interface VersionLoadContext {
  readBlob(oid: string): Promise<Uint8Array>;
  /** Blob oid → decoded blob, shared by the versions of one task. */
  blobs: Map<string, DecodedBlob>;
  /** Scan cache entries known for this task (key → result JSON). */
  cachedScans: Readonly<Record<string, string>>;
}

export interface LoadedVersion {
  data: VersionData;
  /** Path → bytes, for the ZIP. */
  bytes: Map<string, Uint8Array>;
  /** JSON of the scan when it was run now (undefined: it came from the cache). */
  scanJson?: string;
  scanKey: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The scan cache key of a version: its folder's tree oid and the name it is scanned under. */
export function scanCacheKey(entry: Pick<VersionEntry, 'tree' | 'name'>): string {
  return `${entry.tree}:${entry.name}`;
}

/** Decode a file as the interface carries it: images as base64, UTF-8 text as is, anything else base64. */
export function decodeFile(path: string, bytes: Uint8Array): { content: string; encoding: FileEncoding } {
  if (!isImageFileName(path)) {
    try {
      return { content: utf8.decode(bytes), encoding: 'utf8' };
    } catch {
      // not UTF-8: carried as base64 like an image
    }
  }
  return { content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64'), encoding: 'base64' };
}

async function blobOf(ctx: VersionLoadContext, path: string, oid: string): Promise<DecodedBlob> {
  const key = `${oid}:${isImageFileName(path) ? 'i' : 't'}`;
  const hit = ctx.blobs.get(key);
  if (hit) return hit;
  const bytes = await ctx.readBlob(oid);
  const { content, encoding } = decodeFile(path, bytes);
  const decoded: DecodedBlob = { bytes, content, encoding, sha256: createHash('sha256').update(bytes).digest('hex') };
  ctx.blobs.set(key, decoded);
  return decoded;
}

function parseManifest(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined) return null;
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Read, decode, hash and scan one version. */
export async function loadVersion(entry: VersionEntry, ctx: VersionLoadContext): Promise<LoadedVersion> {
  const paths = Object.keys(entry.blobs).sort(cmp);
  const files: VersionData['files'] = [];
  const scanInput: Record<string, string> = {};
  const bytes = new Map<string, Uint8Array>();
  for (const path of paths) {
    const blob = await blobOf(ctx, path, entry.blobs[path]!);
    files.push({ path, content: blob.content, encoding: blob.encoding, size: blob.bytes.length, sha256: blob.sha256 });
    scanInput[path] = blob.content;
    bytes.set(path, blob.bytes);
  }
  const key = scanCacheKey(entry);
  const cached = ctx.cachedScans[key];
  let scan: ScanResult;
  let scanJson: string | undefined;
  if (cached !== undefined) scan = JSON.parse(cached) as ScanResult;
  else {
    // A fixed clock: scanDurationMs is 0, so the same content always gives the same bytes.
    scan = scanPackage(scanInput, { name: entry.name, now: () => 0 });
    scanJson = JSON.stringify(scan);
  }
  return {
    data: {
      owner: entry.owner,
      name: entry.name,
      version: entry.version,
      commit: entry.commit,
      publishedAt: entry.publishedAt,
      publisher: entry.publisher,
      manifest: parseManifest(scanInput['soul.json']) ?? {},
      files,
      scan,
    },
    bytes,
    ...(scanJson !== undefined ? { scanJson } : {}),
    scanKey: key,
  };
}
