// The files of the site that are not pages, written after Astro's build from the same static
// tree: `_headers` (security headers), the client soul index, one badge per soul and the
// packages' raster images (content-addressed, so each distinct image is written once).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compareSouls } from '../core/registry-shapes.ts';
import { renderBadge } from '../core/render/badge.ts';
import type { SiteData } from './data.ts';
import { renderHeadersFile } from './headers.ts';
import { packageFiles } from './package-files.ts';
import { encodeSiteIndex, SITE_INDEX_PATH } from './client/souls-index.ts';

export interface EmitSummary {
  badges: number;
  images: number;
  indexBytes: number;
}

function write(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Where the badge of a soul lives under the site output. */
export function badgeFile(owner: string, name: string): string {
  return `badge/${owner}/${name}.svg`;
}

/**
 * Write `_headers`, `data/souls.json`, `badge/<owner>/<name>.svg` and `soul-files/<sha256>.<ext>`
 * into the site output `out`.
 */
export function emitSiteAssets(input: { data: SiteData; out: string }): EmitSummary {
  const { data, out } = input;
  write(join(out, '_headers'), renderHeadersFile(undefined, 'Security headers of the soul registry site (Cloudflare Pages / Workers static assets format).\nWritten by the site build (scripts/site/headers.ts); the Node server applies the same file.'));
  const entries = [...data.entries].sort(compareSouls('name'));
  const index = JSON.stringify(encodeSiteIndex(entries));
  write(join(out, SITE_INDEX_PATH.slice(1)), index);
  let images = 0;
  for (const e of entries) {
    // Reading the details first also checks owner and name (static-paths refuses anything else).
    const details = data.readDetails(e.owner, e.name);
    write(join(out, badgeFile(e.owner, e.name)), renderBadge({ grade: e.scanGrade, score: e.scanScore }));
    if (!details.encodings) continue;
    for (const f of packageFiles(details)) {
      if (!f.image) continue;
      const file = join(out, f.image.file);
      if (existsSync(file)) continue;
      write(file, f.image.bytes);
      images++;
    }
  }
  return { badges: entries.length, images, indexBytes: Buffer.byteLength(index) };
}
