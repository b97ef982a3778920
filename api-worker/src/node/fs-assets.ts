// The build output on disk as the app's StaticAssets (Node entry).
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { StaticAssets } from '../deps.ts';

/**
 * Read files of the build output folder; a path that would leave the folder reads as absent.
 *
 * @example const assets = createFsAssets('.registry/dist'); await assets.read('api/v1/souls.json');
 */
export function createFsAssets(dir: string): StaticAssets & { mtime(path: string): Promise<string | null> } {
  const root = resolve(dir);
  const inside = (path: string): string | null => {
    if (path.includes('\0') || path.includes('\\')) return null;
    const full = resolve(join(root, path));
    return full.startsWith(root + sep) ? full : null;
  };
  return {
    async read(path) {
      const full = inside(path);
      if (full === null) return null;
      try {
        return new Uint8Array(await readFile(full));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
        throw err;
      }
    },
    async mtime(path) {
      const full = inside(path);
      if (full === null) return null;
      try {
        const s = await stat(full);
        return `${s.mtimeMs}:${s.size}`;
      } catch {
        return null;
      }
    },
  };
}
