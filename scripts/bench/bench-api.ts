// `npm run bench:api`: throughput and latency of the local server on the 10,000-soul synthetic
// registry, with autocannon on 127.0.0.1: dynamic queries (list with q and sort, search by tag) and
// soul details, each against a static file of the same size served by the same server in the same
// run (the ceiling). The server runs in its own process so the load generator does not share its
// event loop. Then the GitHub write bench (1,000 review writes a minute against the local fake).
//
//   npm run bench:api -- [--seconds 10] [--rounds 3] [--connections 10] [--souls 10000] [--skip-github] [--github-seconds 60]
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    souls: { type: 'string', default: '10000' },
    'skip-github': { type: 'boolean', default: false },
    'github-seconds': { type: 'string', default: '60' },
  },
});

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const SOULS = Number(values.souls);
const REPO = join(ROOT, '.cache', `registry-${SOULS}`);
const DATA = join(ROOT, '.cache', `bench-api-${SOULS}`);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = Number(values.connections);

if (!existsSync(join(REPO, '.git'))) {
  console.log(`Generating the ${SOULS}-soul registry into ${REPO} (about a minute)...`);
  const r = spawnSync(NODE, [join(ROOT, 'scripts/bench/gen-registry.ts'), '--souls', String(SOULS), '--versions', '5'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(NODE, [join(ROOT, 'scripts/bench/api-server.ts'), REPO, DATA], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^URL (\S+)$/m.exec(out);
      if (m) ok({ child, url: m[1]! });
    });
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string): Promise<Figures> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

console.log(`Starting the server on ${SOULS} souls (the first run builds the registry: about a minute)...`);
const started = performance.now();
const { child, url } = await startServer();
console.log(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s at ${url}`);
try {
  const index = (await (await fetch(`${url}/api/v1/souls?limit=100&sort=downloads`)).json()) as { souls: { owner: string; name: string; tags: string[]; category: string }[] };
  const sample = index.souls[7]!;
  const word = sample.category.split('/')[0]!;
  const cases = [
    { name: `GET /souls?q=${word}&sort=downloads`, path: `/api/v1/souls?q=${encodeURIComponent(word)}&sort=downloads` },
    { name: `GET /search?tag=${sample.tags[0]}`, path: `/api/v1/search?tag=${encodeURIComponent(sample.tags[0]!)}` },
    { name: `GET /souls/${sample.owner}/${sample.name} (details)`, path: `/api/v1/souls/${sample.owner}/${sample.name}` },
  ];
  const siteBench = join(DATA, 'dist', 'site', 'bench');
  mkdirSync(siteBench, { recursive: true });
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} rounds; ceiling = a static file of the same size from the same server\n`);
  const rows: string[] = [];
  for (const [i, c] of cases.entries()) {
    const bytes = new Uint8Array(await (await fetch(`${url}${c.path}`)).arrayBuffer());
    writeFileSync(join(siteBench, `case-${i}.json`), bytes);
    const staticUrl = `${url}/bench/case-${i}.json`;
    const dyn: Figures[] = [];
    const stat: Figures[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      stat.push(await load(staticUrl));
      dyn.push(await load(`${url}${c.path}`));
    }
    const d = { rps: median(dyn.map((f) => f.rps)), p50: median(dyn.map((f) => f.p50)), p99: median(dyn.map((f) => f.p99)), errors: dyn.reduce((n, f) => n + f.errors, 0) };
    const s = { rps: median(stat.map((f) => f.rps)), p50: median(stat.map((f) => f.p50)), p99: median(stat.map((f) => f.p99)) };
    const ratio = d.rps / s.rps;
    const line = `${c.name}\n  ${bytes.length} bytes: ${d.rps.toFixed(0)} req/s, p50 ${d.p50} ms, p99 ${d.p99} ms, errors ${d.errors} | static ceiling ${s.rps.toFixed(0)} req/s, p50 ${s.p50} ms, p99 ${s.p99} ms | ratio ${(ratio * 100).toFixed(0)}% (goal ≥ 50%, p99 < 20 ms: ${ratio >= 0.5 && d.p99 < 20 ? 'met' : 'MISSED'})`;
    console.log(line);
    rows.push(line);
  }
} finally {
  child.kill('SIGTERM');
}

if (!values['skip-github']) {
  const script = join(ROOT, 'scripts/bench/bench-github-writes.ts');
  console.log(`\nGitHub mode writes (against the local fake of GitHub):`);
  const r = spawnSync(NODE, [script, '--seconds', String(values['github-seconds'])], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = r.status ?? 1;
}
