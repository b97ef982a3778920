// Bundle the Workers entry (api-worker/src/worker.ts) into one ES module, the way wrangler does,
// for the workerd tests (miniflare) and for inspecting the deployed size.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Bundle the worker into `outfile`; returns its size in bytes.
 *
 * @example await bundleWorker('/tmp/worker.mjs')
 */
export async function bundleWorker(outfile: string): Promise<number> {
  const result = await build({
    entryPoints: [join(ROOT, 'api-worker/src/worker.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser', 'import'],
    mainFields: ['module', 'main'],
    metafile: true,
    logLevel: 'silent',
    minify: false,
  });
  return Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? join(ROOT, 'dist/worker/worker.mjs');
  const bytes = await bundleWorker(out);
  console.log(`${out}: ${(bytes / 1024).toFixed(0)} KB`);
}
