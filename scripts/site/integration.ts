// The Astro integration of the site: after the pages are built, write the non-page files
// (headers, client index, badges, package images) from the same static tree.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { siteData } from './data.ts';
import { emitSiteAssets } from './emit-assets.ts';

/** The integration `site/astro.config.mjs` installs. */
export function soulSiteIntegration(): AstroIntegration {
  return {
    name: 'soul-site-assets',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const started = performance.now();
        const summary = emitSiteAssets({ data: siteData(), out: fileURLToPath(dir) });
        logger.info(`wrote ${summary.badges} badges, ${summary.images} images, index ${Math.round(summary.indexBytes / 1024)} KB in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
