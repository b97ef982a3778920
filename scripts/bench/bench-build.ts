// Benchmark of the static build: `npm run bench:build [-- --repo .cache/registry-10000]`.
// Reports, in one run:
// - the full build (from an empty output folder): time and peak memory (measured in a child
//   process: its max RSS covers the worker threads);
// - incremental builds after one soul changes (a commit added to a COPY of the repository): median;
// - the history walk alone, and native `git log --first-parent --name-only` over the same
//   repository as its floor.
// Goals (2-core machine): full < 60 s and < 1.5 GB, incremental < 2 s, walk within 3x of git.
// Create the repository first with `npm run gen:registry -- --souls 10000 --versions 5`.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '.cache/registry-10000' },
    work: { type: 'string', default: '.cache/bench-build' },
    incremental: { type: 'string', default: '3' },
    'walk-runs': { type: 'string', default: '1' },
    concurrency: { type: 'string' },
    child: { type: 'string' },
    out: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const GOALS = { fullMs: 60_000, fullRssMb: 1536, incrementalMs: 2000, walkRatio: 3 };

interface ChildResult {
  ms: number;
  maxRssMb: number;
  summary?: unknown;
  commits?: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// Child modes: run one measured thing in a fresh process and print its result as the last line.
if (values.child) {
  const started = performance.now();
  let result: ChildResult;
  if (values.child === 'build') {
    const { buildRegistry } = await import('../build/build.ts');
    const summary = await buildRegistry({
      repo: values.repo!,
      out: values.out!,
      progress: 'none',
      ...(values.concurrency !== undefined ? { concurrency: Number(values.concurrency) } : {}),
    });
    result = { ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024, summary: { ...summary, warnings: summary.warnings.length } };
  } else if (values.child === 'walk') {
    const { createGitReader } = await import('../build/git/reader.ts');
    const { walkHistory } = await import('../build/history.ts');
    const reader = createGitReader({ dir: values.repo! });
    const history = await walkHistory({ reader });
    result = { ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024, commits: history.commitsWalked };
  } else {
    throw new Error(`unknown child mode ${values.child}`);
  }
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
const SELF = fileURLToPath(import.meta.url);
const repo = resolve(values.repo!);
const work = resolve(values.work!);
if (!existsSync(repo)) {
  console.error(`${repo} does not exist; create it with: npm run gen:registry -- --souls 10000 --versions 5`);
  process.exit(2);
}

function runChild(args: string[]): Promise<ChildResult> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', rej);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
      if (code !== 0 || !line) return rej(new Error(`benchmark child ${args.join(' ')} exited ${code}\n${out}`));
      res(JSON.parse(line.slice('BENCH_RESULT '.length)) as ChildResult);
    });
  });
}

function gitLogMs(dir: string): number {
  const started = performance.now();
  execFileSync('git', ['-C', dir, 'log', '--first-parent', '--name-only', '--format=%H', 'main'], { maxBuffer: 1 << 30, stdio: ['ignore', 'ignore', 'inherit'] });
  return performance.now() - started;
}

/** Add a commit to `dir` that bumps one soul (the n-th folder of the head tree) and edits its SOUL.md. */
function bumpOneSoul(dir: string, n: number): string {
  const folders = execFileSync('git', ['-C', dir, 'ls-tree', '-d', '--name-only', 'main', 'souls/'], { maxBuffer: 1 << 26 }).toString().trim().split('\n');
  const owner = folders[n % folders.length]!;
  const soulDir = execFileSync('git', ['-C', dir, 'ls-tree', '-d', '--name-only', 'main', `${owner}/`]).toString().trim().split('\n')[0]!;
  const manifest = JSON.parse(execFileSync('git', ['-C', dir, 'show', `main:${soulDir}/soul.json`]).toString()) as { version: string };
  const [major, minor] = manifest.version.split('.').map(Number) as [number, number];
  manifest.version = `${major}.${minor + 1}.0`;
  const soulMd = `${execFileSync('git', ['-C', dir, 'show', `main:${soulDir}/SOUL.md`]).toString()}\nBenchmark edit ${n}.\n`;
  const time = Number(execFileSync('git', ['-C', dir, 'log', '-1', '--format=%ct', 'main']).toString().trim()) + 60;
  const data = (s: string): string => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const stream =
    `commit refs/heads/main\ncommitter Bench <bench@example.invalid> ${time} +0000\n${data(`Publish ${soulDir} v${manifest.version}\n\nPublished-by: bench\n`)}from refs/heads/main^0\n` +
    `M 100644 inline ${soulDir}/soul.json\n${data(`${JSON.stringify(manifest, null, 2)}\n`)}M 100644 inline ${soulDir}/SOUL.md\n${data(soulMd)}\ndone\n`;
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet', '--done'], { input: stream });
  return soulDir;
}

const fmt = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mark = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

mkdirSync(work, { recursive: true });
console.log(`Benchmark of the static build on ${repo}`);

// 1. The history walk and its floor, native git.
const walkRuns = Math.max(1, Number(values['walk-runs']));
const gitTimes: number[] = [];
const walkTimes: number[] = [];
for (let i = 0; i < walkRuns; i++) {
  gitTimes.push(gitLogMs(repo));
  walkTimes.push((await runChild(['--child', 'walk', '--repo', repo])).ms);
}
const gitMs = median(gitTimes);
const walkMs = median(walkTimes);
console.log(`history walk      ${fmt(walkMs)} (git log --first-parent --name-only: ${fmt(gitMs)}, ratio ${(walkMs / gitMs).toFixed(2)})`);

// 2. The full build, from an empty output folder.
const fullOut = join(work, 'dist');
rmSync(fullOut, { recursive: true, force: true });
const full = await runChild(['--child', 'build', '--repo', repo, '--out', fullOut, ...(values.concurrency !== undefined ? ['--concurrency', values.concurrency] : [])]);
const fullSummary = full.summary as { versions: number; souls: number; filesWritten: number; bytesWritten: number; scansRun: number; timings: Record<string, number> };
console.log(`full build        ${fmt(full.ms)}, peak RSS ${full.maxRssMb.toFixed(0)} MB (${fullSummary.souls} souls, ${fullSummary.versions} versions, ${fullSummary.scansRun} scans, ${fullSummary.filesWritten} files, ${(fullSummary.bytesWritten / 1048576).toFixed(0)} MB)`);
console.log(`  phases          ${Object.entries(fullSummary.timings).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')}`);

// 3. Incremental builds after one soul changes, on a copy of the repository.
const copy = join(work, 'repo-copy');
rmSync(copy, { recursive: true, force: true });
cpSync(repo, copy, { recursive: true });
const incOut = join(work, 'dist-incremental');
rmSync(incOut, { recursive: true, force: true });
cpSync(fullOut, incOut, { recursive: true });
const incTimes: number[] = [];
for (let i = 0; i < Math.max(1, Number(values.incremental)); i++) {
  const soul = bumpOneSoul(copy, i * 97 + 1);
  const inc = await runChild(['--child', 'build', '--repo', copy, '--out', incOut]);
  const s = inc.summary as { soulsBuilt: number; filesWritten: number; timings: Record<string, number> };
  incTimes.push(inc.ms);
  console.log(`incremental #${i + 1}    ${fmt(inc.ms)} (${soul}: ${s.soulsBuilt} soul rebuilt, ${s.filesWritten} files written; ${Object.entries(s.timings).map(([k, v]) => `${k} ${fmt(v)}`).join(', ')})`);
}
const incMs = median(incTimes);

console.log('');
console.log(`goal full build < ${GOALS.fullMs / 1000} s            ${fmt(full.ms)}  ${mark(full.ms < GOALS.fullMs)}`);
console.log(`goal peak memory < ${GOALS.fullRssMb} MB        ${full.maxRssMb.toFixed(0)} MB  ${mark(full.maxRssMb < GOALS.fullRssMb)}`);
console.log(`goal incremental < ${GOALS.incrementalMs / 1000} s (median)    ${fmt(incMs)}  ${mark(incMs < GOALS.incrementalMs)}`);
console.log(`goal walk within ${GOALS.walkRatio}x of git          ${(walkMs / gitMs).toFixed(2)}x  ${mark(walkMs / gitMs <= GOALS.walkRatio)}`);
if (values.json) console.log(JSON.stringify({ fullMs: full.ms, fullRssMb: full.maxRssMb, incrementalMs: incMs, incrementalRuns: incTimes, walkMs, gitLogMs: gitMs, summary: fullSummary }));
