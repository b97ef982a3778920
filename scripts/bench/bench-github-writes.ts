// Benchmark of review writes in GitHub mode: 1,000 review writes a minute (creates, likes,
// updates) for `--seconds` (default 60) through the sqlite state store, the write flusher and the
// GitHub content store, against the local fake of GitHub with its content-creation limits
// (80/minute, 500/hour). Prints writes acknowledged, commits per minute (the most in any 60 s
// window), writes lost (every review file read back and compared with its record: must be 0) and
// p50/p99 of acknowledgment (durable in the queue) and commit latency.
// Run: node_modules/.bin/node scripts/bench/bench-github-writes.ts [--seconds 60] [--rate 1000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createGitHubClient, createGitHubStore } from '../../api-worker/src/content/github.ts';
import { createWriteFlusher } from '../../api-worker/src/queue/flusher.ts';
import { createSqliteDb } from '../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../api-worker/src/state/sql-store.ts';
import type { ReviewRecord } from '../../api-worker/src/state/types.ts';
import { startFakeGitHub } from '../../test/fakes/github-server.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    rate: { type: 'string', default: '1000' },
    souls: { type: 'string', default: '200' },
    'drain-timeout': { type: 'string', default: '600' },
  },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);
const SOULS = Number(values.souls);
if (!(SECONDS > 0) || !(RATE > 0) || !(SOULS > 0)) throw new Error('--seconds, --rate and --souls must be positive numbers');

const decoder = new TextDecoder();

function renderReview(record: ReviewRecord): { path: string; content: string } {
  const file = { id: record.id, rating: record.rating, body: record.body, author: { username: record.author }, createdAt: record.createdAt, updatedAt: record.updatedAt, likes: record.likes, ...(record.parentId ? { parentId: record.parentId } : {}) };
  return { path: `reviews/${record.owner}/${record.name}/${record.id}.json`, content: `${JSON.stringify(file, null, 2)}\n` };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function fmt(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(0);
}

const work = mkdtempSync(join(tmpdir(), 'bench-github-writes-'));
const gh = await startFakeGitHub({ seed: { branch: 'main', files: { 'README.md': '# registry\n' } } });
const db = createSqliteDb(join(work, 'state.db'));
const state = createStateStore(db);
await state.migrate();
const content = createGitHubStore({ client: createGitHubClient({ token: gh.token, baseUrl: gh.url }), owner: gh.owner, repo: gh.repo, branch: 'main' });
const errors: string[] = [];
const flusher = createWriteFlusher({
  state,
  content,
  author: { name: 'soul-registry', email: 'registry@localhost' },
  renderReview,
  budget: {},
  onError: (e) => errors.push(e instanceof Error ? e.message : String(e)),
});

// The load: one write every 60000/RATE ms on a fixed schedule (late writes do not shift the
// next ones): 80% new reviews, 10% likes, 10% updates of earlier reviews.
const intervalMs = 60_000 / RATE;
const total = Math.round((SECONDS * RATE) / 60);
const ackMs: number[] = [];
const reviewIds: string[] = [];
let failed = 0;
let acknowledged = 0;
const start = performance.now();
const inFlight: Promise<void>[] = [];
console.log(`bench-github-writes: ${total} review writes at ${RATE}/min for ${SECONDS} s on ${SOULS} souls (fake GitHub ${gh.url})`);

async function oneWrite(i: number, scheduled: number): Promise<void> {
  try {
    const kind = i < 20 || i % 10 < 8 ? 'create' : i % 10 === 8 ? 'like' : 'update';
    const now = new Date().toISOString();
    if (kind === 'create' || reviewIds.length === 0) {
      const id = `r${i}`;
      const soul = i % SOULS;
      await state.createReview({ id, owner: `owner${soul % 20}`, name: `soul${soul}`, parentId: null, author: `user${i}`, rating: 1 + (i % 5), body: `Review number ${i}: ${'useful '.repeat(1 + (i % 30))}`, likes: 0, createdAt: now, updatedAt: now });
      reviewIds.push(id);
    } else if (kind === 'like') {
      await state.likeReview(reviewIds[(i * 7919) % reviewIds.length]!, `fan${i}`);
    } else {
      await state.updateReview(reviewIds[(i * 104729) % reviewIds.length]!, { body: `Updated by write ${i}`, updatedAt: now });
    }
    acknowledged++;
    ackMs.push(performance.now() - scheduled);
    flusher.kick();
  } catch (e) {
    failed++;
    errors.push(e instanceof Error ? e.message : String(e));
  }
}

for (let i = 0; i < total; i++) {
  const scheduled = start + i * intervalMs;
  const wait = scheduled - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  inFlight.push(oneWrite(i, scheduled));
  if (i > 0 && i % Math.round(RATE / 6) === 0) {
    const elapsed = (performance.now() - start) / 1000;
    console.log(`  t=${elapsed.toFixed(0)}s written=${i} pending=${await state.pendingCount()} commits=${gh.state.counts.commits}`);
  }
}
await Promise.all(inFlight);
const loadSeconds = (performance.now() - start) / 1000;

// Drain: the flusher keeps committing (within its budget) until the queue is empty.
const drainStart = performance.now();
const drainDeadline = drainStart + Number(values['drain-timeout']) * 1000;
while ((await state.pendingCount()) > 0 && performance.now() < drainDeadline) {
  flusher.kick();
  await new Promise((r) => setTimeout(r, 250));
}
const drainSeconds = (performance.now() - drainStart) / 1000;
await flusher.stop();

// Every review of the state store must be in the repository, byte for byte as rendered.
let lost = 0;
let checked = 0;
const head = gh.head('main')!;
for (const id of reviewIds) {
  const record = await state.getReview(id);
  if (!record) continue;
  checked++;
  const expected = renderReview(record);
  const actual = gh.readFile(head, expected.path);
  if (!actual || decoder.decode(actual) !== expected.content) lost++;
}
const files = gh.listFiles(head, 'reviews');
const rows = await db.all<{ created_at: string; committed_at: string | null }>("SELECT created_at, committed_at FROM write_queue WHERE kind = 'review'");
const commitMs = rows.filter((r) => r.committed_at).map((r) => Date.parse(r.committed_at!) - Date.parse(r.created_at)).sort((a, b) => a - b);
ackMs.sort((a, b) => a - b);
const commits = gh.state.counts.commits;

console.log('');
console.log(`writes acknowledged     ${acknowledged} of ${total} in ${loadSeconds.toFixed(1)} s (${((acknowledged / loadSeconds) * 60).toFixed(0)}/min), failed ${failed}`);
console.log(`ack latency             p50 ${fmt(percentile(ackMs, 50))} ms, p99 ${fmt(percentile(ackMs, 99))} ms, max ${fmt(ackMs.at(-1) ?? 0)} ms`);
console.log(`commits                 ${commits} (${(acknowledged / Math.max(1, commits)).toFixed(1)} writes per commit), drain after load ${drainSeconds.toFixed(1)} s`);
console.log(`commits per minute      max ${gh.maxCommitsInWindow(60_000)} in any 60 s window (goal <= 60)`);
console.log(`content-creating reqs   ${gh.state.counts.contentCreating}, refused by GitHub's secondary limit ${gh.state.counts.secondaryLimited}, API requests ${gh.state.counts.requests}`);
console.log(`commit latency          p50 ${fmt(percentile(commitMs, 50) / 1000)} s, p99 ${fmt(percentile(commitMs, 99) / 1000)} s (queued -> committed)`);
console.log(`writes lost             ${lost} (${checked} reviews read back, ${files.length} review files, ${await state.pendingCount()} still queued)`);
console.log(`flusher                 ${JSON.stringify(flusher.stats())}${errors.length ? `, errors: ${errors.slice(0, 3).join(' | ')}` : ''}`);

db.close();
await gh.close();
rmSync(work, { recursive: true, force: true });
if (lost > 0 || failed > 0 || (await Promise.resolve(gh.maxCommitsInWindow(60_000))) > 60) process.exitCode = 1;
