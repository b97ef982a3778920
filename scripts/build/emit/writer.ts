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

function readOrNull(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}

/**
 * A writer into `root` that skips files whose bytes are unchanged.
 *
 * @example
 * const out = createOutputWriter({ root: 'dist' });
 * out.write('api/v1/categories.json', '{"categories":[]}');
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
      if (!options.fresh) {
        const bytes = typeof data === 'string' ? encoder.encode(data) : data;
        const existing = readOrNull(full);
        if (existing && existing.length === bytes.length && Buffer.compare(existing, bytes) === 0) {
          stats.unchanged++;
          return;
        }
      }
      ensureDir(dirname(full));
      // A string goes through node's one-call UTF-8 write path.
      writeFileSync(full, data);
      stats.written++;
      stats.bytesWritten += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    },
    remove(path) {
      rmSync(join(root, path), { force: true });
    },
    stats: () => ({ ...stats }),
  };
}
