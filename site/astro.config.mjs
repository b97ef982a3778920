// The registry website: a static Astro build from the static tree (SOUL_DIST, default dist) into
// SITE_OUT (default dist/site). Scripts and styles are always emitted as files (never inlined) so
// the Content-Security-Policy needs no 'unsafe-inline'. Build it with scripts/site/build-site.ts.
import { resolve } from 'node:path';
import { defineConfig } from 'astro/config';
import { soulSiteIntegration } from '../scripts/site/integration.ts';

const siteOut = resolve(process.env.SITE_OUT ?? 'dist/site');

export default defineConfig({
  output: 'static',
  outDir: siteOut,
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'never', concurrency: 2 },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  integrations: [soulSiteIntegration()],
  vite: {
    build: { assetsInlineLimit: 0 },
    logLevel: 'warn',
  },
});
