// Writes build outputs: only when the bytes differ from what is on disk (so an incremental build
// touches only what changed), creating folders once, counting what it did. Synchronous on
// purpose: each build worker writes its own souls, and sync writes beat the libuv pool here.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface WriteStats {
  /** Files written (new or changed). */
  written: number;
  /** Files whose bytes were already on disk. */
  unchanged: number;
  bytesWritten: number;
}

export interface OutputWriter {
  readonly root: string;
  /** Write `data` to `path` (relative to the root) unless the file already holds these bytes. */
  write(path: string, data: string | Uint8Array): void;
  /** Delete a file (relative to the root) when it exists. */
  remove(path: string): void;
  stats(): WriteStats;
}

export interface WriterOptions {
  /** Output root (e.g. `dist`). */
  root: string;
  /** The root was empty when the build started: skip reading files back before writing. */
  fresh?: boolean;
}

const encoder = new TextEncoder();

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * A writer into `root` that skips files whose bytes are unchanged.
 *
 * @example
 * const out = createOutputWriter({ root: 'dist' });
 * out.write('api/v1/categories/index.json', '{"categories":[]}');
 */
export function createOutputWriter(options: WriterOptions): OutputWriter {
  const root = options.root;
  const made = new Set<string>();
  const stats: WriteStats = { written: 0, unchanged: 0, bytesWritten: 0 };
  const ensureDir = (dir: string): void => {
    if (made.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  };
  return {
    root,
    write(path, data) {
      const full = join(root, path);
      const bytes = typeof data === 'string' ? encoder.encode(data) : data;
      if (!options.fresh) {
        let existing: Buffer | null = null;
        try {
          existing = readFileSync(full);
        } catch {
          existing = null;
        }
        if (existing && sameBytes(existing, bytes)) {
          stats.unchanged++;
          return;
        }
      }
      ensureDir(dirname(full));
      writeFileSync(full, bytes);
      stats.written++;
      stats.bytesWritten += bytes.length;
    },
    remove(path) {
      rmSync(join(root, path), { force: true });
    },
    stats: () => ({ ...stats }),
  };
}
