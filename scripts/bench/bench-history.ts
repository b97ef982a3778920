// Benchmark of the history walk against native git on the same repository, in the same run:
// `node scripts/bench/bench-history.ts [--repo .cache/registry-10000] [--runs 3]`.
// Prints the median of each (runs interleaved, so load on the machine hits both alike), the
// ratio, and the peak RSS of this process. Generate the repository first with
// `node scripts/bench/gen-registry.ts --souls 10000 --versions 5`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createGitReader } from '../build/git/reader.ts';
import { walkHistory } from '../build/history.ts';

const { values } = parseArgs({
  options: {
    repo: { type: 'string', default: '.cache/registry-10000' },
    runs: { type: 'string', default: '3' },
    ref: { type: 'string', default: 'main' },
  },
});
const repo = resolve(values.repo!);
const runs = Math.max(1, Number(values.runs) || 3);
const ref = values.ref!;
if (!existsSync(repo)) {
  console.error(`${repo} does not exist; generate it with: node scripts/bench/gen-registry.ts --souls 10000 --versions 5`);
  process.exit(1);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function timeGit(): number {
  const started = performance.now();
  const r = spawnSync('git', ['-C', repo, 'log', '--first-parent', '--name-only', '--format=%H', ref], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`git log exited with ${r.status}`);
  return performance.now() - started;
}

async function timeWalk(): Promise<{ ms: number; souls: number; versions: number; warnings: number; commits: number }> {
  const started = performance.now();
  const reader = createGitReader({ dir: repo });
  const result = await walkHistory({ reader, ref });
  const ms = performance.now() - started;
  reader.close();
  let versions = 0;
  for (const soul of result.souls.values()) versions += soul.versions.length;
  return { ms, souls: result.souls.size, versions, warnings: result.warnings.length, commits: result.commitsWalked };
}

const gitTimes: number[] = [];
const walkTimes: number[] = [];
let last: Awaited<ReturnType<typeof timeWalk>> | null = null;
for (let i = 0; i < runs; i++) {
  gitTimes.push(timeGit());
  last = await timeWalk();
  walkTimes.push(last.ms);
  console.log(`run ${i + 1}: git log ${seconds(gitTimes[i]!)}, walk ${seconds(walkTimes[i]!)}`);
}
const git = median(gitTimes);
const walk = median(walkTimes);
console.log(`repository: ${repo} (${last!.commits} commits, ${last!.souls} souls, ${last!.versions} versions, ${last!.warnings} warnings)`);
console.log(`git log --first-parent --name-only: median ${seconds(git)} of ${runs}`);
console.log(`walkHistory (full):                 median ${seconds(walk)} of ${runs}`);
console.log(`ratio walk / git: ${(walk / git).toFixed(2)}x (goal: within 3x)`);
console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
