// Serving the built website (and other public files of the build) from disk on the Node entry, with
// the headers of its `_headers` file (Cloudflare's format, so production and local agree).
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { headersForPath, parseHeadersFile } from '../../../scripts/site/headers.ts';
import type { HeaderRule } from '../../../scripts/site/headers.ts';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

export interface SiteFiles {
  /** The response for a GET/HEAD of a site path, or null when no file matches. */
  serve(pathname: string, method: string): Promise<Response | null>;
}

/**
 * Serve a folder as a static site: `/a/` → `a/index.html`, `/a` → `a`, `a.html` or `a/index.html`;
 * anything outside the folder is never read.
 */
export function createSiteFiles(dir: string): SiteFiles {
  const root = resolve(dir);
  let rules: HeaderRule[] = [];
  try {
    rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));
  } catch {
    rules = [];
  }
  const candidates = (pathname: string): string[] => {
    if (pathname.endsWith('/')) return [`${pathname}index.html`];
    return [pathname, `${pathname}.html`, `${pathname}/index.html`];
  };
  return {
    async serve(pathname, method) {
      if (method !== 'GET' && method !== 'HEAD') return null;
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return null;
      }
      if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..') || decoded === '/_headers') return null;
      for (const candidate of candidates(decoded)) {
        const full = resolve(join(root, candidate));
        if (!full.startsWith(root + sep)) continue;
        let body: Buffer;
        try {
          body = await readFile(full);
        } catch {
          continue;
        }
        const headers = new Headers({ 'content-type': TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' });
        for (const [k, v] of Object.entries(headersForPath(rules, pathname))) headers.set(k, v);
        return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
      }
      return null;
    },
  };
}
