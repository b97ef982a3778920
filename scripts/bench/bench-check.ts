// Benchmark of `soul check` on the synthetic registry: a pull request touching 1 and 50 souls
// (each gets a new SOUL.md and a version bump) in a COPY of .cache/registry-10000, checked
// in-process, median of --runs runs for each of two set-ups:
// - cold: no saved history, the check walks the base branch's whole history;
// - with the build's history at the base (what CI has: pr-scan restores the deploy's state),
//   read from a file inside the timed region.
// `node scripts/bench/bench-check.ts [--repo .cache/registry-10000] [--runs 3]`. Goal: 50 souls < 5 s.
// Generates the registry first (about a minute) when it is missing.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createGitReader } from '../build/git/reader.ts';
import { historyToJSON, walkHistory } from '../build/history.ts';
import { writeFileAtomic } from '../build/state.ts';
import { runCheck } from '../check/check.ts';
import { readSavedHistory } from '../check/published.ts';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '.cache/registry-10000' },
    work: { type: 'string', default: '.cache/bench-check' },
    runs: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '1,50' },
  },
});

const GOAL_MS = 5000;
const source = resolve(values.repo!);
const work = resolve(values.work!);
const runs = Math.max(1, Number(values.runs) || 3);
const sizes = values.sizes!.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
const node = process.execPath;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

if (!existsSync(source)) {
  console.log(`${source} is missing; generating it (about a minute) ...`);
  execFileSync(node, ['scripts/bench/gen-registry.ts', '--souls', '10000', '--versions', '5', '--out', source], { stdio: 'inherit' });
}

// A private copy: the PR branches are written into it, never into the shared registry.
const repo = join(work, 'repo');
if (!existsSync(join(repo, '.git'))) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(repo, { recursive: true });
  cpSync(join(source, '.git'), join(repo, '.git'), { recursive: true });
}
const git = (args: string[], input?: string): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', input, maxBuffer: 64 << 20 });

/** Souls of the latest registry state, spread over many owners: [owner, name, version]. */
function pickSouls(count: number): [string, string][] {
  const owners = git(['ls-tree', '-d', '--name-only', 'main', 'souls/']).trim().split('\n');
  const picked: [string, string][] = [];
  for (let i = 0; picked.length < count && i < owners.length; i += Math.max(1, Math.floor(owners.length / count))) {
    const ownerPath = owners[i]!;
    const name = git(['ls-tree', '-d', '--name-only', 'main', `${ownerPath}/`]).trim().split('\n')[0]!;
    picked.push([ownerPath.split('/')[1]!, name.split('/').pop()!]);
  }
  return picked;
}

/** A branch `bench-pr-<n>` on top of main that bumps `n` souls to a new version with a new SOUL.md. */
function makePr(count: number): { head: string; author: string } {
  const souls = pickSouls(count);
  const lines: string[] = [];
  const data = (s: string): void => {
    lines.push(`data ${Buffer.byteLength(s)}`, s);
  };
  lines.push(`commit refs/heads/bench-pr-${count}`, 'committer Bench <bench@example.com> 1800000000 +0000');
  data(`Bench PR touching ${count} souls\n`);
  lines.push('from refs/heads/main^0');
  for (const [owner, name] of souls) {
    const dir = `souls/${owner}/${name}`;
    const manifest = JSON.parse(git(['show', `main:${dir}/soul.json`])) as Record<string, unknown>;
    const [major, minor] = String(manifest['version']).split('.').map(Number);
    manifest['version'] = `${major}.${(minor ?? 0) + 1}.0`;
    lines.push(`M 100644 inline ${dir}/soul.json`);
    data(`${JSON.stringify(manifest, null, 2)}\n`);
    lines.push(`M 100644 inline ${dir}/SOUL.md`);
    data(`${git(['show', `main:${dir}/SOUL.md`])}\n## Updated\n\nYou now also keep a short changelog of your advice for the user.\n`);
  }
  lines.push('', 'done', '');
  execFileSync('git', ['-C', repo, 'fast-import', '--quiet', '--force', '--done'], { input: lines.join('\n') });
  return { head: git(['rev-parse', `refs/heads/bench-pr-${count}`]).trim(), author: souls[0]![0] };
}

async function timeCheck(head: string, author: string, historyFile: string | null): Promise<{ ms: number; ok: boolean; souls: number; passed: number; walked: number }> {
  const started = performance.now();
  const reader = createGitReader({ dir: repo });
  try {
    const saved = historyFile ? readSavedHistory(historyFile) : null;
    const r = await runCheck({ reader, base: 'main', head, author, savedHistory: saved });
    return { ms: performance.now() - started, ok: r.ok, souls: r.souls.length, passed: r.summary.passed, walked: r.history?.commitsWalked ?? 0 };
  } finally {
    reader.close();
  }
}

// The build's history at the base, as the deploy's cached state would hold it.
const historyFile = join(work, 'history.json');
if (!existsSync(historyFile)) {
  const reader = createGitReader({ dir: repo });
  const started = performance.now();
  writeFileAtomic(historyFile, JSON.stringify(historyToJSON(await walkHistory({ reader, ref: 'main' }))));
  reader.close();
  console.log(`saved the base history to ${historyFile} in ${seconds(performance.now() - started)}`);
}

const base = git(['rev-parse', 'main']).trim();
const commits = git(['rev-list', '--count', '--first-parent', 'main']).trim();
console.log(`registry: ${repo} (copy of ${source}), main ${base.slice(0, 7)}, ${commits} commits`);
const rows: string[] = [];
for (const size of sizes) {
  const { head, author } = makePr(size);
  for (const [label, file] of [['cold (full history walk)', null], ['with the build history', historyFile]] as const) {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof timeCheck>> | null = null;
    for (let i = 0; i < runs; i++) {
      last = await timeCheck(head, author, file);
      times.push(last.ms);
    }
    const m = median(times);
    const goal = size >= 50 ? (m < GOAL_MS ? ' (goal < 5 s: met)' : ' (goal < 5 s: NOT met)') : '';
    rows.push(`${String(size).padStart(3)} souls, ${label.padEnd(24)}: median ${seconds(m)} of ${runs} [${times.map(seconds).join(', ')}]; ${last!.souls} checked, ${last!.passed} may publish, ${last!.walked} commits walked${goal}`);
    console.log(rows[rows.length - 1]);
  }
}
console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
