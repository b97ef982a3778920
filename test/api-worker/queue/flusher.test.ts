import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient, createGitHubStore } from '../../../api-worker/src/content/github.ts';
import { createLocalGitStore } from '../../../api-worker/src/content/local-git.ts';
import type { ContentStore } from '../../../api-worker/src/content/types.ts';
import { createWriteFlusher, formatSeqs, parseSeqs, writesInMessage } from '../../../api-worker/src/queue/flusher.ts';
import type { WriteFlusher, WriteFlusherOptions } from '../../../api-worker/src/queue/flusher.ts';
import { createSqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import type { SqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';
import type { ReviewRecord, StateStore } from '../../../api-worker/src/state/types.ts';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { startFakeGitHub } from '../../fakes/github-server.ts';
import type { FakeGitHub } from '../../fakes/github-server.ts';

const AUTHOR = { name: 'soul-registry', email: 'registry@localhost' };
const decoder = new TextDecoder();
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soul-flusher-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function renderReview(record: ReviewRecord): { path: string; content: string } {
  return {
    path: `reviews/${record.owner}/${record.name}/${record.id}.json`,
    content: `${JSON.stringify({ id: record.id, rating: record.rating, body: record.body, author: { username: record.author }, likes: record.likes, parentId: record.parentId ?? undefined, createdAt: record.createdAt, updatedAt: record.updatedAt }, null, 2)}\n`,
  };
}

function review(id: string, author: string, over: Partial<ReviewRecord> = {}): ReviewRecord {
  return { id, owner: 'acme', name: 'tutor', parentId: null, author, rating: 4, body: `review ${id}`, likes: 0, createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', ...over };
}

async function openState(dir: string, file = 'state.db'): Promise<{ state: StateStore; db: SqliteDb }> {
  const db = createSqliteDb(path.join(dir, file));
  cleanups.push(() => db.close());
  const state = createStateStore(db);
  await state.migrate();
  return { state, db };
}

function flusherOf(options: Partial<WriteFlusherOptions> & Pick<WriteFlusherOptions, 'state' | 'content'>): WriteFlusher {
  const flusher = createWriteFlusher({ author: AUTHOR, renderReview, onError: () => undefined, ...options });
  cleanups.push(() => flusher.stop());
  return flusher;
}

/** First-parent history from `head`, newest first. */
async function history(content: ContentStore, head: string | null): Promise<{ oid: string; message: string; time: number }[]> {
  const out: { oid: string; message: string; time: number }[] = [];
  for (let oid = head; oid; ) {
    const info = await content.readCommit!(oid);
    if (!info) break;
    out.push({ oid, message: info.message, time: info.time });
    oid = info.parents[0] ?? null;
  }
  return out;
}

async function readJson(content: ContentStore, head: string, file: string): Promise<Record<string, unknown> | null> {
  const bytes = await content.readFile(head, file);
  return bytes ? (JSON.parse(decoder.decode(bytes)) as Record<string, unknown>) : null;
}

async function localSetup(): Promise<{ dir: string; state: StateStore; content: ContentStore }> {
  const dir = tempDir();
  const { state } = await openState(dir);
  const content = createLocalGitStore({ dir: path.join(dir, 'registry.git'), fsync: false });
  await content.commit({ expectedHead: null, message: 'Seed', author: AUTHOR, changes: [{ path: 'souls/acme/tutor/soul.json', content: new TextEncoder().encode('{}') }] });
  return { dir, state, content };
}

async function githubSetup(): Promise<{ gh: FakeGitHub; state: StateStore; content: ContentStore }> {
  const gh = await startFakeGitHub({ seed: { branch: 'main', files: { 'souls/acme/tutor/soul.json': '{}' } } });
  cleanups.push(() => gh.close());
  const { state } = await openState(tempDir());
  const content = createGitHubStore({ client: createGitHubClient({ token: gh.token, baseUrl: gh.url, writeSpacingMs: 0, retryBaseMs: 5 }), owner: gh.owner, repo: gh.repo, branch: 'main' });
  return { gh, state, content };
}

describe('trailer seqs', () => {
  it('formats and parses seq ranges', () => {
    expect(formatSeqs([7, 1, 2, 3, 9, 10])).toBe('1-3,7,9-10');
    expect(parseSeqs('1-3,7,9-10')).toEqual([1, 2, 3, 7, 9, 10]);
    expect(writesInMessage('Update\n\nPublished-by: a\nRegistry-Writes: q1 4-5\n')).toEqual({ queue: 'q1', seqs: [4, 5] });
    expect(writesInMessage('no trailer')).toBeNull();
  });
});

describe('write flusher on the local git store', () => {
  it('commits 200 concurrent review writes, each present once, in fewer commits than writes', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content });
    const seqs = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const seq = await state.createReview(review(`r${i}`, `user${i}`));
        flusher.kick();
        return seq;
      }),
    );
    const statuses = await Promise.all(seqs.map((seq) => flusher.waitFor(seq, 20_000)));
    expect(statuses.every((s) => s.state === 'committed')).toBe(true);
    const head = (await content.head())!;
    const files = await content.listFiles(head, 'reviews/acme/tutor');
    expect(files).toHaveLength(200);
    expect(new Set(files).size).toBe(200);
    for (let i = 0; i < 200; i += 37) expect((await readJson(content, head, `reviews/acme/tutor/r${i}.json`))?.author).toEqual({ username: `user${i}` });
    const commits = (await history(content, head)).length - 1;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(200);
    expect(await state.pendingCount()).toBe(0);
  });

  it('coalesces a review, its likes and an update into one commit with the latest record', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content });
    await state.createReview(review('r1', 'alice'));
    for (const fan of ['bob', 'carol', 'dave']) await state.likeReview('r1', fan);
    await state.updateReview('r1', { body: 'edited', updatedAt: '2024-01-02T00:00:00.000Z' });
    const before = await content.head();
    expect(await flusher.flush()).toEqual({ commits: 1, writes: 5 });
    const head = (await content.head())!;
    expect((await history(content, head))[1]?.oid).toBe(before);
    expect(await readJson(content, head, 'reviews/acme/tutor/r1.json')).toMatchObject({ body: 'edited', likes: 3 });
  });

  it('deletes the files of a deleted review and its replies', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content });
    await state.createReview(review('r1', 'alice'));
    await state.createReview(review('r2', 'bob', { parentId: 'r1', rating: null }));
    await state.createReview(review('r3', 'carol'));
    await flusher.flush();
    expect(await content.listFiles((await content.head())!, 'reviews')).toHaveLength(3);
    await state.deleteReview('r1');
    await flusher.flush();
    expect(await content.listFiles((await content.head())!, 'reviews')).toEqual(['reviews/acme/tutor/r3.json']);
  });

  it('makes each publish its own commit, between the review runs around it, in queue order', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content });
    await state.createReview(review('r1', 'alice'));
    await state.createReview(review('r2', 'bob'));
    await state.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.1.0', actor: 'acme', message: 'Publish acme/tutor v1.1.0\n\nPublished-by: acme', changes: [{ path: 'souls/acme/tutor/soul.json', content: new TextEncoder().encode('{"version":"1.1.0"}') }] });
    await state.createReview(review('r3', 'carol'));
    expect(await flusher.flush()).toEqual({ commits: 3, writes: 4 });
    const log = await history(content, await content.head());
    const [reviewsAfter, publish, reviewsBefore] = log;
    expect(reviewsBefore!.message).toMatch(/^Update 2 reviews/);
    expect(publish!.message).toMatch(/^Publish acme\/tutor v1\.1\.0\n\nPublished-by: acme\nRegistry-Writes: [0-9a-f]+ 3\n$/);
    expect(reviewsAfter!.message).toMatch(/^Update a review of acme\/tutor/);
  });

  it('adds a Published-by trailer to a publish message without one', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content });
    await state.enqueuePublish({ owner: 'acme', name: 'tutor', version: '2.0.0', actor: 'acme', message: 'Publish acme/tutor v2.0.0', changes: [{ path: 'souls/acme/tutor/SOUL.md', content: new TextEncoder().encode('# v2') }] });
    await flusher.flush();
    const [top] = await history(content, await content.head());
    expect(top!.message).toMatch(/\n\nPublished-by: acme\nRegistry-Writes: /);
  });

  it('retries on the new head when another committer moves the branch', async () => {
    const { dir, state, content } = await localSetup();
    const other = createLocalGitStore({ dir: path.join(dir, 'registry.git'), fsync: false });
    let interfered = 0;
    const racing: ContentStore = {
      ...content,
      async commit(request) {
        if (interfered < 3) {
          interfered++;
          const head = await other.head();
          await other.commit({ expectedHead: head, message: `Merge pull request ${interfered}`, author: AUTHOR, changes: [{ path: `souls/acme/pr${interfered}/soul.json`, content: new TextEncoder().encode('{}') }] });
        }
        return content.commit(request);
      },
    };
    const flusher = flusherOf({ state, content: racing });
    for (let i = 0; i < 5; i++) await state.createReview(review(`r${i}`, `user${i}`));
    expect(await flusher.flush()).toEqual({ commits: 1, writes: 5 });
    const head = (await content.head())!;
    expect(await content.listFiles(head, 'reviews')).toHaveLength(5);
    expect(await content.listFiles(head, 'souls')).toHaveLength(4);
    expect(flusher.stats().conflicts).toBe(3);
  });

  it('finds writes committed before a crash in history and marks them without a second commit', async () => {
    const { dir, state, content } = await localSetup();
    // The first flusher commits, then "crashes" before marking the writes.
    const crashing = { ...state, completeWrites: async () => Promise.reject(new Error('killed')) };
    const first = flusherOf({ state: crashing, content });
    for (let i = 0; i < 3; i++) await state.createReview(review(`r${i}`, `user${i}`));
    await expect(first.flush()).rejects.toThrow('killed');
    const committed = await content.head();
    expect(await state.pendingCount()).toBe(3);
    // A restarted process (new store objects on the same files) finds them.
    const { state: reopened } = await openState(dir);
    const second = flusherOf({ state: reopened, content: createLocalGitStore({ dir: path.join(dir, 'registry.git'), fsync: false }) });
    expect(await second.flush()).toEqual({ commits: 0, writes: 3 });
    expect(await content.head()).toBe(committed);
    expect(await reopened.pendingCount()).toBe(0);
    expect(second.stats().recovered).toBe(3);
  });

  it('keeps commits within the budget, coalescing while it waits', async () => {
    const { state, content } = await localSetup();
    let clock = Date.parse('2024-03-01T00:00:00Z');
    let written = 0;
    // Writes keep arriving, one per (virtual) second, while the flusher waits for its budget.
    const arrive = async (until: number): Promise<void> => {
      for (; written < until && written < 120; written++) await state.createReview(review(`r${written}`, `user${written}`));
    };
    const flusher = flusherOf({
      state,
      content,
      budget: { maxCommitsPerMinute: 6, perMinute: 80, perHour: 500 },
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
        await arrive(written + Math.floor(ms / 1000));
      },
    });
    await arrive(3);
    while (written < 120) {
      await flusher.flush();
      clock += 1_000;
      await arrive(written + 1);
    }
    await flusher.flush();
    const head = (await content.head())!;
    expect(await content.listFiles(head, 'reviews')).toHaveLength(120);
    const times = (await history(content, head)).slice(0, -1).map((c) => c.time).sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(6);
    expect(times.length).toBeLessThan(40);
    expect(flusher.stats().budgetWaits).toBeGreaterThan(0);
  });

  it('ends a flush that would wait past maxWaitMs, leaving the writes queued', async () => {
    const { state, content } = await localSetup();
    let clock = Date.parse('2024-03-01T00:00:05Z');
    const flusher = flusherOf({ state, content, budget: { maxCommitsPerMinute: 2 }, maxWaitMs: 1_000, now: () => clock, sleep: async (ms) => void (clock += ms) });
    await state.createReview(review('r1', 'alice'));
    expect(await flusher.flush()).toEqual({ commits: 1, writes: 1 });
    await state.createReview(review('r2', 'bob'));
    expect(await flusher.flush()).toEqual({ commits: 0, writes: 0 });
    expect(await state.pendingCount()).toBe(1);
    clock += 60_000;
    expect(await flusher.flush()).toEqual({ commits: 1, writes: 1 });
  });

  it('sets aside a write the content store refuses and commits the others', async () => {
    const { state, content } = await localSetup();
    const errors: unknown[] = [];
    const picky: ContentStore = {
      ...content,
      async commit(request) {
        if (request.changes.some((c) => c.path.includes('bad'))) throw new RegistryError('BAD_REQUEST', 'cannot write that');
        return content.commit(request);
      },
    };
    const flusher = flusherOf({ state, content: picky, onError: (e) => errors.push(e) });
    await state.createReview(review('r1', 'alice'));
    const bad = await state.enqueuePublish({ owner: 'acme', name: 'bad', version: '1.0.0', actor: 'acme', message: 'Publish acme/bad v1.0.0', changes: [{ path: 'souls/acme/bad/soul.json', content: new TextEncoder().encode('{}') }] });
    await state.createReview(review('r2', 'bob'));
    await flusher.flush();
    expect(await state.pendingCount()).toBe(1);
    expect((await state.writeStatus(bad)).state).toBe('pending');
    expect(await content.listFiles((await content.head())!, 'reviews')).toHaveLength(2);
    expect(errors).toHaveLength(1);
  });

  it('answers pending when waitFor times out', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content, debounceMs: 60_000 });
    const seq = await state.createReview(review('r1', 'alice'));
    expect(await flusher.waitFor(seq, 30)).toEqual({ state: 'pending' });
  });

  it('resolves waitFor when another isolate commits the write', async () => {
    const { state, content } = await localSetup();
    const idle = flusherOf({ state, content, debounceMs: 60_000, pollMs: 10 });
    const busy = flusherOf({ state, content });
    const seq = await state.createReview(review('r1', 'alice'));
    const waiting = idle.waitFor(seq, 5_000);
    await busy.flush();
    expect(await waiting).toEqual({ state: 'committed', commit: await content.head() });
  });

  it('stops: a kick after stop commits nothing', async () => {
    const { state, content } = await localSetup();
    const flusher = flusherOf({ state, content, debounceMs: 1 });
    await flusher.stop();
    await state.createReview(review('r1', 'alice'));
    flusher.kick();
    await new Promise((r) => setTimeout(r, 30));
    expect(await state.pendingCount()).toBe(1);
  });
});

describe('write flusher on GitHub (fake)', () => {
  it('commits 200 concurrent review writes once each, in fewer commits than writes', async () => {
    const { gh, state, content } = await githubSetup();
    const flusher = flusherOf({ state, content, budget: {} });
    const seqs = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const seq = await state.createReview(review(`r${i}`, `user${i}`));
        flusher.kick();
        return seq;
      }),
    );
    const statuses = await Promise.all(seqs.map((seq) => flusher.waitFor(seq, 30_000)));
    expect(statuses.every((s) => s.state === 'committed')).toBe(true);
    const files = gh.listFiles('main', 'reviews/acme/tutor');
    expect(files).toHaveLength(200);
    expect(gh.state.counts.commits).toBeLessThan(200);
    expect(gh.maxCommitsInWindow()).toBeLessThanOrEqual(60);
    expect(gh.state.counts.secondaryLimited).toBe(0);
  });

  it('retries after a commit pushed by someone else', async () => {
    const { gh, state, content } = await githubSetup();
    for (let i = 0; i < 4; i++) await state.createReview(review(`r${i}`, `user${i}`));
    let pushes = 0;
    // A pull request merges between the flusher's head read and each of its first two commits.
    const racing: ContentStore = {
      ...content,
      async commit(request) {
        if (pushes < 2) gh.pushCommit({ branch: 'main', files: { [`souls/acme/pr${++pushes}/soul.json`]: '{}' } });
        return content.commit(request);
      },
    };
    const racingFlusher = flusherOf({ state, content: racing });
    expect(await racingFlusher.flush()).toEqual({ commits: 1, writes: 4 });
    expect(racingFlusher.stats().conflicts).toBeGreaterThan(0);
    expect(gh.listFiles('main', 'reviews')).toHaveLength(4);
    expect(gh.listFiles('main', 'souls')).toHaveLength(3);
  });

  it('makes no second commit when the answer to a commit was lost', async () => {
    const { gh, state, content } = await githubSetup();
    const flusher = flusherOf({ state, content });
    for (let i = 0; i < 3; i++) await state.createReview(review(`r${i}`, `user${i}`));
    gh.setFault({ kind: 'lost-response', count: 1, match: 'commits' });
    expect(await flusher.flush()).toEqual({ commits: 0, writes: 3 });
    expect(gh.state.counts.commits).toBe(1);
    expect(gh.listFiles('main', 'reviews')).toHaveLength(3);
    expect(await state.pendingCount()).toBe(0);
  });

  it('waits out a secondary rate limit and then commits', async () => {
    const { gh, state, content } = await githubSetup();
    let clock = Date.now();
    for (let i = 0; i < 2; i++) await state.createReview(review(`r${i}`, `user${i}`));
    // The store reports RATE_LIMITED once; the flusher sleeps retryAfter and tries again.
    let limited = false;
    const limitedOnce: ContentStore = {
      ...content,
      async commit(request) {
        if (!limited) {
          limited = true;
          throw new RegistryError('RATE_LIMITED', 'slow down', { fields: { retryAfter: 42 } });
        }
        return content.commit(request);
      },
    };
    const start = clock;
    const limitedFlusher = flusherOf({ state, content: limitedOnce, sleep: async (ms) => void (clock += ms), now: () => clock });
    expect(await limitedFlusher.flush()).toEqual({ commits: 1, writes: 2 });
    expect(clock - start).toBeGreaterThanOrEqual(42_000);
    expect(gh.listFiles('main', 'reviews')).toHaveLength(2);
  });
});
