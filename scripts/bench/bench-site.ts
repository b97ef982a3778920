// Benchmark of the website: `node scripts/bench/bench-site.ts [--repo .cache/registry-10000]`.
// Reports, in one run:
// - the site build (Astro, from an empty output folder) over the 10,000-soul static tree: time;
// - JavaScript and total bytes (HTML, CSS, scripts with their imports, images) of the home page
//   and of a soul page;
// - time to first render of a soul page in Chromium: first-contentful-paint from the performance
//   API, median of 5 cold loads (a fresh browser context each) from a local static server.
// Goals: build < 3 min, < 50 KB of JavaScript on a soul page, first render < 300 ms.
// The static tree is built first when missing (`soul build`, about a minute); the repository is
// made with `npm run gen:registry -- --souls 10000 --versions 5` when missing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeIndex } from '../core/registry-shapes.ts';
import { INDEX_FILE } from '../core/static-paths.ts';
import { headersForPath, parseHeadersFile } from '../site/headers.ts';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '.cache/registry-10000' },
    dist: { type: 'string', default: '.cache/bench-site/dist' },
    out: { type: 'string', default: '.cache/bench-site/site' },
    runs: { type: 'string', default: '5' },
    'skip-build': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

const GOALS = { buildMs: 180_000, soulPageJsBytes: 50 * 1024, firstRenderMs: 300 };
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = process.execPath;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function log(line: string): void {
  if (!values.json) process.stderr.write(`${line}\n`);
}

/** The bytes a page loads from the built site: HTML, stylesheets, scripts (with their static imports) and images. */
export function pageBytes(site: string, pagePath: string): { html: number; css: number; js: number; images: number; total: number } {
  const read = (p: string): Buffer => readFileSync(join(site, p));
  const html = read(pagePath);
  const text = html.toString('utf8');
  const attr = (re: RegExp): string[] => [...text.matchAll(re)].map((m) => m[1]!).filter((u) => u.startsWith('/'));
  const css = attr(/<link[^>]*\shref="([^"]+)"/g).reduce((n, p) => n + read(p).length, 0);
  const seen = new Set<string>();
  const queue = attr(/<script[^>]*\ssrc="([^"]+)"/g);
  let js = 0;
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = read(src);
    js += code.length;
    for (const m of code.toString('utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(src.slice(0, src.lastIndexOf('/') + 1) + m[1]!);
  }
  const images = [...new Set(attr(/<img[^>]*\ssrc="([^"]+)"/g))].reduce((n, p) => n + read(p).length, 0);
  return { html: html.length, css, js, images, total: html.length + css + js + images };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** A static server of the site with its `_headers` (what a CDN does), for the browser measurement. */
async function serve(site: string): Promise<{ url: string; close(): void }> {
  const root = normalize(site);
  const rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) return void res.writeHead(404).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { ...headersForPath(rules, path), 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function chromiumPath(): Promise<{ executablePath: string; args: string[] }> {
  const extra = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  if (process.env['CHROMIUM_PATH']) return { executablePath: process.env['CHROMIUM_PATH'], args: extra };
  try {
    const sparticuz = (await import('@sparticuz/chromium')).default;
    const dropped = new Set(['--single-process', '--disable-web-security']);
    return { executablePath: await sparticuz.executablePath(), args: [...sparticuz.args.filter((a) => !dropped.has(a)), ...extra] };
  } catch {
    if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium', args: extra };
    throw new Error('no Chromium: install @sparticuz/chromium or set CHROMIUM_PATH');
  }
}

/** first-contentful-paint of cold loads of a page, each in a fresh context. */
async function firstRender(url: string, runs: number): Promise<number[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ ...(await chromiumPath()), headless: true });
  const times: number[] = [];
  try {
    // One warm-up load: the browser's own start-up is not the page's.
    const warm = await browser.newContext();
    await (await warm.newPage()).goto(url, { waitUntil: 'load' });
    await warm.close();
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolveFcp) => {
            const entry = performance.getEntriesByName('first-contentful-paint')[0];
            if (entry) return resolveFcp(entry.startTime);
            new PerformanceObserver((list) => resolveFcp(list.getEntries()[0]!.startTime)).observe({ type: 'paint', buffered: true });
          }),
      );
      times.push(fcp);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

const repo = resolve(values.repo!);
const dist = resolve(values.dist!);
const out = resolve(values.out!);

if (!existsSync(join(dist, INDEX_FILE))) {
  if (!existsSync(repo)) {
    log(`Generating ${repo} (10,000 souls, 5 versions each)…`);
    execFileSync(NODE, [join(ROOT, 'scripts/bench/gen-registry.ts'), '--souls', '10000', '--versions', '5', '--out', repo], { stdio: 'inherit' });
  }
  log(`Building the static tree of ${repo} into ${dist}…`);
  execFileSync(NODE, [join(ROOT, 'scripts/cli/soul.ts'), 'build', repo, '--out', dist, '--progress', 'none'], { stdio: values.json ? 'ignore' : 'inherit' });
}

const souls = decodeIndex(JSON.parse(readFileSync(join(dist, INDEX_FILE), 'utf8'))).entries.length;
let buildMs: number | null = null;
if (!values['skip-build'] || !existsSync(join(out, 'index.html'))) {
  log(`Building the site of ${souls} souls into ${out}…`);
  // In a child process, so the measurement includes loading Astro, as `npm run site:build` does.
  const started = performance.now();
  execFileSync(NODE, [join(ROOT, 'scripts/site/build-site.ts'), '--dist', dist, '--out', out], { stdio: values.json ? 'ignore' : 'inherit' });
  buildMs = performance.now() - started;
}

const sample = decodeIndex(JSON.parse(readFileSync(join(dist, INDEX_FILE), 'utf8'))).entries[Math.floor(souls / 2)]!;
const soulPage = `souls/${sample.owner}/${sample.name}/index.html`;
const home = pageBytes(out, 'index.html');
const soul = pageBytes(out, soulPage);

const server = await serve(out);
let fcp: number[];
try {
  fcp = await firstRender(`${server.url}/souls/${sample.owner}/${sample.name}/`, Number(values.runs));
} finally {
  server.close();
}

const result = {
  souls,
  buildMs,
  home,
  soulPage: { path: `/${soulPage.replace(/index\.html$/, '')}`, ...soul },
  firstRenderMs: { median: median(fcp), runs: fcp },
  goals: GOALS,
  met: {
    build: buildMs === null ? null : buildMs < GOALS.buildMs,
    soulPageJs: soul.js < GOALS.soulPageJsBytes,
    firstRender: median(fcp) < GOALS.firstRenderMs,
  },
};

if (values.json) {
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} else {
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  const lines = [
    `Site of ${souls} souls`,
    `  build          ${buildMs === null ? 'skipped' : `${(buildMs / 1000).toFixed(1)} s`} (goal < ${GOALS.buildMs / 1000} s)`,
    `  home page      JS ${kb(home.js)}, total ${kb(home.total)} (HTML ${kb(home.html)}, CSS ${kb(home.css)}, images ${kb(home.images)})`,
    `  soul page      JS ${kb(soul.js)} (goal < 50 KB), total ${kb(soul.total)} (HTML ${kb(soul.html)}, CSS ${kb(soul.css)}, images ${kb(soul.images)}) ${result.soulPage.path}`,
    `  first render   ${median(fcp).toFixed(0)} ms median first-contentful-paint of ${fcp.length} cold loads (${fcp.map((t) => t.toFixed(0)).join(', ')}) (goal < ${GOALS.firstRenderMs} ms)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
