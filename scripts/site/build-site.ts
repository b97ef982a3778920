// Build the website: Astro's programmatic build of site/ from the static tree into the site output.
// Usage: node scripts/site/build-site.ts [--dist dist] [--out dist/site] [--config registry.config.json]
// (or the env SOUL_DIST, SITE_OUT, SOUL_CONFIG). Prints the time it took.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { INDEX_FILE } from '../core/static-paths.ts';

/** The Astro project of the site. */
export const SITE_ROOT = fileURLToPath(new URL('../../site/', import.meta.url));
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BuildSiteOptions {
  /** The static tree (`soul build` output); default env SOUL_DIST, else `dist`. */
  dist?: string;
  /** Output folder of the site; default env SITE_OUT, else `<dist>/site`. */
  out?: string;
  /** registry.config.json to read the registry's name and public URL from; default env SOUL_CONFIG, else the working folder's. */
  config?: string;
  /** Astro's log level; default `warn`. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export interface BuildSiteResult {
  dist: string;
  out: string;
  durationMs: number;
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Build the site with Astro's programmatic `build()`. The output folder is emptied first, so it
 * must not be (or contain) the static tree or this package.
 *
 * @example await buildSite({ dist: 'dist', out: 'dist/site' }) // { dist, out, durationMs }
 */
export async function buildSite(options: BuildSiteOptions = {}): Promise<BuildSiteResult> {
  const started = performance.now();
  const dist = resolve(options.dist ?? process.env['SOUL_DIST'] ?? 'dist');
  const out = resolve(options.out ?? process.env['SITE_OUT'] ?? join(dist, 'site'));
  if (!existsSync(join(dist, INDEX_FILE))) throw new Error(`${join(dist, INDEX_FILE)} is missing; run "soul build" (npm run build) first, or pass the build output as --dist`);
  if (isInside(dist, out)) throw new Error(`the site output ${out} would hold the static tree ${dist}, and Astro empties its output; use a folder such as ${join(dist, 'site')}`);
  if (isInside(PACKAGE_ROOT, out) || isInside(SITE_ROOT, out)) throw new Error(`the site output ${out} must not be the project or site folder; use a folder such as ${join(dist, 'site')}`);
  const config = options.config ?? process.env['SOUL_CONFIG'] ?? join(process.cwd(), 'registry.config.json');

  // The pages read these while Astro renders them in this process.
  process.env['SOUL_DIST'] = dist;
  process.env['SITE_OUT'] = out;
  if (existsSync(config)) process.env['SOUL_CONFIG'] = resolve(config);
  process.env['ASTRO_TELEMETRY_DISABLED'] = '1';

  // One cache per output, so two builds at once (a test and a bench) never share one, and none
  // lands in site/node_modules.
  const cacheDir = join(PACKAGE_ROOT, '.cache', 'astro', createHash('sha256').update(out).digest('hex').slice(0, 16));
  const { build } = await import('astro');
  await build({
    root: SITE_ROOT,
    outDir: out,
    mode: 'production',
    logLevel: options.logLevel ?? 'warn',
    cacheDir,
    vite: { cacheDir: join(cacheDir, 'vite') },
  });
  return { dist, out, durationMs: performance.now() - started };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string' },
      out: { type: 'string', short: 'o' },
      config: { type: 'string' },
      verbose: { type: 'boolean', short: 'v' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write('Usage: node scripts/site/build-site.ts [--dist <static tree>] [--out <site folder>] [--config registry.config.json] [--verbose]\n\nBuilds the website with Astro from the static tree (default: env SOUL_DIST or dist) into the site folder (default: env SITE_OUT or <dist>/site).\n');
    return;
  }
  const options: BuildSiteOptions = { logLevel: values.verbose ? 'info' : 'warn' };
  if (values.dist !== undefined) options.dist = values.dist;
  if (values.out !== undefined) options.out = values.out;
  if (values.config !== undefined) options.config = values.config;
  const result = await buildSite(options);
  process.stdout.write(`Built the site from ${relative(process.cwd(), result.dist) || '.'} into ${relative(process.cwd(), result.out)} in ${(result.durationMs / 1000).toFixed(1)} s\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`soul site: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
