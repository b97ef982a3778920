// The write flusher: commits the state store's durable write queue to the content store in seq
// order. Consecutive review writes become ONE commit (each review rendered from its current
// record, or its file deleted when the record is gone); each publish is its own commit. Commits
// are compare-and-swap: a moved head is re-read and the batch rebuilt. Every commit carries a
// `Registry-Writes:` trailer naming the queue and seqs it holds, so after a crash between the
// commit and the marking the writes are found in history and marked, never committed twice.
// A budget (fixed windows in the state store, shared by every isolate) keeps commits under
// GitHub's content-creation limits; while it waits, more writes pile up and are coalesced.
import { isRegistryError, RegistryError } from '../../../scripts/core/errors.ts';
import type { CommitAuthor, ContentStore, FileChange } from '../content/types.ts';
import type { QueuedWrite, ReviewRecord, StateStore, WriteStatus } from '../state/types.ts';

/** Limits on content-creating requests (one per commit attempt). Any sliding window stays within them. */
export interface FlusherBudget {
  /** Content-creating requests in any 60 s (default 80, GitHub's limit). */
  perMinute?: number;
  /** Content-creating requests in any hour (default 500, GitHub's limit). */
  perHour?: number;
  /** Commits in any 60 s (default 60). */
  maxCommitsPerMinute?: number;
}

/** A rendered review file. */
export interface RenderedReview {
  path: string;
  content: Uint8Array | string;
}

export interface WriteFlusherOptions {
  state: Pick<StateStore, 'pendingWrites' | 'completeWrites' | 'writeStatus' | 'getReview' | 'hitRateLimit' | 'getMeta' | 'setMeta'>;
  content: ContentStore;
  /** Author of the flusher's commits (a publish names its publisher in the `Published-by:` trailer). */
  author: CommitAuthor;
  /** The repository file of a review record. */
  renderReview: (record: ReviewRecord) => RenderedReview;
  /** Where a review's file is, to delete it once the record is gone; must agree with renderReview. Default `reviews/<owner>/<name>/<id>.json`. */
  reviewPath?: (review: { owner: string; name: string; id: string }) => string;
  /** Commit budget; absent or null: no limit (the local store). */
  budget?: FlusherBudget | null;
  /** Clock (ms), for budget windows and commit times. */
  now?: () => number;
  /** Wait (ms); tests pass one that advances a fake clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Writes read from the queue per commit (default 500). */
  batchSize?: number;
  /** Stop adding review files to one commit past this many bytes (default 4 MB). */
  maxBatchBytes?: number;
  /** Delay of `kick()` before flushing, to gather concurrent writes (default 5 ms). */
  debounceMs?: number;
  /** Rebuilds of one batch after conflicts before giving up for now (default 10). */
  maxConflictRetries?: number;
  /** How often `waitFor` re-reads a write's status (writes flushed by another isolate). Default 250 ms. */
  pollMs?: number;
  /**
   * Longest wait for budget or a rate limit inside one flush (default: no limit). Past it the
   * flush ends and the writes stay queued for the next one: for Workers, where a flush runs in
   * `waitUntil` and a cron trigger flushes again.
   */
  maxWaitMs?: number;
  /** Errors of background flushes (default: console.warn of the message). */
  onError?: (error: unknown) => void;
}

export interface FlushResult {
  /** Commits made. */
  commits: number;
  /** Writes marked committed (including writes found already committed after a crash). */
  writes: number;
}

export interface WriteFlusher {
  /** Commit everything pending now (after any flush in progress). Rejects on a failure the flusher cannot retry. */
  flush(): Promise<FlushResult>;
  /** Flush soon (debounced); errors go to onError and are retried later. */
  kick(): void;
  /** Resolve once `seq` is committed, or with its status when `timeoutMs` passes. */
  waitFor(seq: number, timeoutMs: number): Promise<WriteStatus>;
  /** Stop flushing: pending timers are cleared, the flush in progress ends at its next wait. */
  stop(): Promise<void>;
  /** Counters since creation. */
  stats(): { commits: number; writes: number; conflicts: number; budgetWaits: number; recovered: number };
}

interface Limit {
  bucket: string;
  /** Sub-window length (ms). */
  windowMs: number;
  quota: number;
}

const TRAILER = 'Registry-Writes';
const TRAILER_RE = /^Registry-Writes: ([A-Za-z0-9_-]{1,64}) ([0-9,-]{1,20000})$/;
const QUEUE_ID_KEY = 'write-queue-id';
const RECOVERY_DEPTH = 50;
const KNOWN_FILE_LIMIT = 20_000;
const KNOWN_FILE_BYTES = 16 * 1024;
const encoder = new TextEncoder();

/**
 * Limits cut into k fixed sub-windows with a quota of limit/(k+1) each: a sliding window of the
 * full length overlaps at most k+1 sub-windows, so it never holds more than the limit.
 */
function limitOf(bucket: string, limit: number, windowMs: number, maxParts: number): Limit {
  const parts = Math.max(1, Math.min(maxParts, limit - 1));
  return { bucket, windowMs: Math.floor(windowMs / parts), quota: Math.max(1, Math.floor(limit / (parts + 1))) };
}

/** `1-3,7` for [1,2,3,7]. */
export function formatSeqs(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The seqs of `1-3,7`. */
export function parseSeqs(text: string): number[] {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [a, b] = part.split('-');
    const from = Number(a);
    const to = b === undefined ? from : Number(b);
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from || to - from > 100_000) continue;
    for (let s = from; s <= to; s++) out.push(s);
  }
  return out;
}

/** The queue id and seqs a commit message's trailer names, or null. */
export function writesInMessage(message: string): { queue: string; seqs: number[] } | null {
  for (const line of message.split('\n')) {
    const m = TRAILER_RE.exec(line.trim());
    if (m) return { queue: m[1]!, seqs: parseSeqs(m[2]!) };
  }
  return null;
}

/** A message with trailer lines added to its trailer paragraph (a new one when its last paragraph is prose). */
function withTrailers(message: string, trailers: string[]): string {
  const text = message.replace(/\r/g, '').trim();
  const paragraphs = text.split('\n\n');
  const last = paragraphs[paragraphs.length - 1] ?? '';
  const isTrailerBlock = paragraphs.length > 1 && last.split('\n').every((line) => /^[A-Za-z0-9-]{1,64}: \S/.test(line));
  return `${text}${isTrailerBlock ? '\n' : '\n\n'}${trailers.join('\n')}\n`;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function isConflict(error: unknown): error is { actualHead: string | null } {
  return error instanceof Error && error.name === 'ContentConflictError';
}

/**
 * Create the flusher of the write queue.
 *
 * @example
 * const flusher = createWriteFlusher({ state, content, author: { name: 'soul-registry', email: 'registry@localhost' }, renderReview });
 * const seq = await state.createReview(record);
 * flusher.kick();
 * await flusher.waitFor(seq, 5_000); // { state: 'committed', commit }
 */
export function createWriteFlusher(options: WriteFlusherOptions): WriteFlusher {
  const { state, content, author, renderReview } = options;
  const now = options.now ?? Date.now;
  const reviewPath = options.reviewPath ?? ((r) => `reviews/${r.owner}/${r.name}/${r.id}.json`);
  const batchSize = options.batchSize ?? 500;
  const maxBatchBytes = options.maxBatchBytes ?? 4 * 1024 * 1024;
  const debounceMs = options.debounceMs ?? 5;
  const maxConflictRetries = options.maxConflictRetries ?? 10;
  const pollMs = options.pollMs ?? 250;
  const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
  const onError = options.onError ?? ((error: unknown) => console.warn(`write flusher: ${error instanceof Error ? error.message : String(error)}`));
  // Hour: 120 windows of 30 s with 4 requests each (480 an hour sustained, at most 500 in any
  // hour, never a wait over 30 s); minutes: 6 windows of 10 s (48 commits a minute sustained).
  const budget = options.budget
    ? [
        limitOf('flusher:content:hour', options.budget.perHour ?? 500, 3_600_000, 120),
        limitOf('flusher:content:minute', options.budget.perMinute ?? 80, 60_000, 6),
        limitOf('flusher:commits:minute', options.budget.maxCommitsPerMinute ?? 60, 60_000, 6),
      ]
    : [];

  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = 0;
  let head: string | null | undefined;
  let queueId: string | null = null;
  let recovered = false;
  // Files as our last commits left them, valid while the head is still our own last commit.
  let known: { head: string; files: Map<string, Uint8Array | null> } | null = null;
  const wakers = new Set<() => void>();
  const waiters = new Map<number, Set<(status: WriteStatus) => void>>();
  // Writes the content store refused for good: left pending (never lost, visible to an operator)
  // and skipped, so they do not block the queue. In memory: a restart tries them again.
  const refused = new Set<number>();
  let isolating = false;
  const counters = { commits: 0, writes: 0, conflicts: 0, budgetWaits: 0, recovered: 0 };

  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(t);
          wakers.delete(wake);
          resolve();
        };
        const t = setTimeout(wake, ms);
        wakers.add(wake);
      }));

  async function getQueueId(): Promise<string> {
    if (queueId) return queueId;
    let id = await state.getMeta(QUEUE_ID_KEY);
    if (!id) {
      const bytes = crypto.getRandomValues(new Uint8Array(6));
      await state.setMeta(QUEUE_ID_KEY, [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(''));
      // Another isolate may have set it at the same moment: everyone uses the stored one.
      id = (await state.getMeta(QUEUE_ID_KEY))!;
    }
    queueId = id;
    return id;
  }

  /** Wait until every limit has room, taking one request from each. False when stopped or the wait would pass maxWaitMs. */
  async function acquireBudget(): Promise<boolean> {
    for (;;) {
      if (stopped) return false;
      let waitUntil = 0;
      for (const limit of budget) {
        const t = now();
        const start = Math.floor(t / limit.windowMs) * limit.windowMs;
        if ((await state.hitRateLimit(limit.bucket, start)) > limit.quota) {
          waitUntil = start + limit.windowMs;
          break;
        }
      }
      if (waitUntil === 0) return true;
      const wait = Math.max(1, waitUntil - now()) + Math.floor(Math.random() * 20);
      if (wait > maxWaitMs) return false;
      counters.budgetWaits++;
      await sleep(wait);
    }
  }

  function resolveWaiters(seqs: readonly number[], commit: string): void {
    for (const seq of seqs) {
      const set = waiters.get(seq);
      if (!set) continue;
      waiters.delete(seq);
      for (const resolve of set) resolve({ state: 'committed', commit });
    }
  }

  async function complete(seqs: number[], commit: string): Promise<void> {
    if (seqs.length === 0) return;
    await state.completeWrites(seqs, commit);
    counters.writes += seqs.length;
    resolveWaiters(seqs, commit);
  }

  /**
   * Mark pending writes that commits between `from` (newest) and `stopAt` already hold: a flusher
   * (this one before a crash, or another isolate) committed them but did not mark them.
   */
  async function recoverFrom(from: string | null, stopAt: string | null, pending: QueuedWrite[]): Promise<number> {
    if (!from || !content.readCommit || pending.length === 0) return 0;
    const id = await getQueueId();
    const open = new Set(pending.map((w) => w.seq));
    const oldest = Math.min(...pending.map((w) => Date.parse(w.createdAt) || 0));
    let found = 0;
    let oid: string | null = from;
    for (let depth = 0; oid && oid !== stopAt && depth < RECOVERY_DEPTH && open.size > 0; depth++) {
      const info = await content.readCommit(oid);
      if (!info) break;
      const named = writesInMessage(info.message);
      if (named && named.queue === id) {
        const seqs = named.seqs.filter((s) => open.has(s));
        for (const s of seqs) open.delete(s);
        await complete(seqs, oid);
        found += seqs.length;
      }
      // Older than every pending write (with an hour for clock skew): nothing further back can hold one.
      if (info.time > 0 && info.time < oldest - 3_600_000) break;
      oid = info.parents[0] ?? null;
    }
    counters.recovered += found;
    return found;
  }

  /**
   * The leading run of the queue that makes one commit: one publish, or consecutive review
   * writes (one alone while isolating a write the content store refuses).
   */
  function leadingRun(pending: QueuedWrite[]): QueuedWrite[] {
    const usable = pending.filter((w) => !refused.has(w.seq));
    const first = usable[0];
    if (!first) return [];
    if (first.kind === 'files' || isolating) return [first];
    const run: QueuedWrite[] = [];
    for (const write of usable) {
      if (write.kind !== 'review') break;
      run.push(write);
    }
    return run;
  }

  /** A refusal that no retry can change (a 4xx other than conflict or rate limit). */
  function isPermanent(error: unknown): boolean {
    return isRegistryError(error) && error.status >= 400 && error.status < 500 && error.code !== 'RATE_LIMITED' && error.code !== 'CONFLICT';
  }

  /** The file changes and message of a run; the run may be cut to keep the commit small. */
  async function buildCommit(run: QueuedWrite[], id: string): Promise<{ writes: QueuedWrite[]; changes: FileChange[]; message: string }> {
    const first = run[0]!;
    if (first.kind === 'files') {
      const hasPublisher = /^Published-by: /m.test(first.message);
      const trailers = [...(hasPublisher ? [] : [`Published-by: ${first.actor}`]), `${TRAILER}: ${id} ${first.seq}`];
      return { writes: [first], changes: first.changes, message: withTrailers(first.message || `Update files (write ${first.seq})`, trailers) };
    }
    const files = new Map<string, Uint8Array | null>();
    const souls = new Map<string, number>();
    const taken: QueuedWrite[] = [];
    const rendered = new Set<string>();
    let bytes = 0;
    for (const write of run) {
      if (write.kind !== 'review') break;
      if (taken.length > 0 && bytes > maxBatchBytes) break;
      taken.push(write);
      if (rendered.has(write.reviewId)) continue;
      rendered.add(write.reviewId);
      const soul = `${write.owner}/${write.name}`;
      souls.set(soul, (souls.get(soul) ?? 0) + 1);
      const record = await state.getReview(write.reviewId);
      if (record) {
        const file = renderReview(record);
        const data = typeof file.content === 'string' ? encoder.encode(file.content) : file.content;
        files.set(file.path, data);
        bytes += data.length;
      } else {
        files.set(reviewPath({ owner: write.owner, name: write.name, id: write.reviewId }), null);
      }
    }
    const count = rendered.size;
    const headline = count === 1 && souls.size === 1 ? `Update a review of ${[...souls.keys()][0]}` : `Update ${count} reviews of ${souls.size} soul${souls.size === 1 ? '' : 's'}`;
    const listed = [...souls].slice(0, 20).map(([soul, n]) => `- ${soul}: ${n}`);
    const body = souls.size > 1 ? `\n\n${listed.join('\n')}${souls.size > 20 ? `\n- and ${souls.size - 20} more` : ''}` : '';
    const changes = [...files].map(([path, data]) => ({ path, content: data }));
    return { writes: taken, changes, message: withTrailers(`${headline}${body}`, [`${TRAILER}: ${id} ${formatSeqs(taken.map((w) => w.seq))}`]) };
  }

  /** Changes our own last commits already made (the head unmoved since): dropped to avoid an empty commit. */
  function dropKnown(changes: FileChange[], at: string | null): FileChange[] {
    if (!known || known.head !== at) return changes;
    return changes.filter((c) => {
      if (!known!.files.has(c.path)) return true;
      const was = known!.files.get(c.path)!;
      return c.content === null ? was !== null : was === null || !sameBytes(was, c.content);
    });
  }

  function remember(previous: string | null, next: string, changes: FileChange[]): void {
    if (!known || known.head !== previous) known = { head: next, files: new Map() };
    known.head = next;
    for (const c of changes) {
      if (c.content !== null && c.content.length > KNOWN_FILE_BYTES) known.files.delete(c.path);
      else known.files.set(c.path, c.content);
    }
    while (known.files.size > KNOWN_FILE_LIMIT) known.files.delete(known.files.keys().next().value!);
  }

  /** Commit the leading run of the queue; null when the queue is empty. */
  async function flushOne(): Promise<FlushResult | null> {
    let conflicts = 0;
    // Writes found already committed (after a crash, or by another isolate) while trying.
    let found = 0;
    const nothingLeft = (): FlushResult | null => (found > 0 ? { commits: 0, writes: found } : null);
    for (;;) {
      if (stopped) return nothingLeft();
      if ((await state.pendingWrites(1)).length === 0) return nothingLeft();
      // Take the budget before reading the batch: while it waits, more writes join it.
      if (budget.length > 0 && !(await acquireBudget())) return nothingLeft();
      let pending = await state.pendingWrites(batchSize);
      if (pending.length === 0) return nothingLeft();
      const id = await getQueueId();
      if (head === undefined) head = await content.head();
      if (!recovered) {
        recovered = true;
        const before = found;
        found += await recoverFrom(head, null, pending);
        if (found > before) {
          pending = await state.pendingWrites(batchSize);
          if (pending.length === 0) return nothingLeft();
        }
      }
      const runOf = leadingRun(pending);
      if (runOf.length === 0) return nothingLeft();
      const { writes, changes, message } = await buildCommit(runOf, id);
      const expected = head;
      const seqs = writes.map((w) => w.seq);
      const effective = dropKnown(changes, expected);
      if (effective.length === 0 && expected !== null) {
        await complete(seqs, expected);
        return { commits: 0, writes: found + seqs.length };
      }
      let commit: string;
      try {
        commit = (await content.commit({ expectedHead: expected, message, author, changes: effective.length > 0 ? effective : changes, timestamp: now() })).commit;
      } catch (error) {
        if (isPermanent(error)) {
          // Find the write at fault: retry one write at a time; a single refused write is set aside.
          if (writes.length === 1) {
            refused.add(writes[0]!.seq);
            isolating = false;
            onError(new RegistryError('BAD_REQUEST', `queued write ${writes[0]!.seq} was refused by the content store and stays queued: ${(error as Error).message}`, { cause: error }));
          } else {
            isolating = true;
          }
          continue;
        }
        if (isConflict(error)) {
          counters.conflicts++;
          head = error.actualHead ?? (await content.head());
          known = null;
          const recoveredNow = await recoverFrom(head, expected, pending);
          found += recoveredNow;
          if (++conflicts > maxConflictRetries) {
            throw new RegistryError('SERVICE_UNAVAILABLE', `the registry branch kept moving during ${conflicts} commit attempts; the writes stay queued and are retried`, { cause: error });
          }
          if (recoveredNow === 0) await sleep(Math.floor(Math.random() * Math.min(1000, 10 * 2 ** conflicts)));
          continue;
        }
        if (isRegistryError(error) && error.code === 'RATE_LIMITED') {
          const retryAfter = Number(error.fields.retryAfter) || 60;
          if (retryAfter * 1000 > maxWaitMs) return nothingLeft();
          counters.budgetWaits++;
          await sleep(retryAfter * 1000);
          continue;
        }
        // Unknown outcome (e.g. a timeout after GitHub applied it): re-read the head next time.
        head = undefined;
        recovered = false;
        throw error;
      }
      head = commit;
      const made = commit !== expected;
      if (made) {
        remember(expected, commit, changes);
        counters.commits++;
      }
      isolating = false;
      try {
        await complete(seqs, commit);
      } catch (error) {
        // Committed but not marked: the next pass finds them by their trailer.
        recovered = false;
        throw error;
      }
      return { commits: made ? 1 : 0, writes: found + seqs.length };
    }
  }

  async function pass(): Promise<FlushResult> {
    const total: FlushResult = { commits: 0, writes: 0 };
    for (;;) {
      const one = await flushOne();
      if (!one) return total;
      total.commits += one.commits;
      total.writes += one.writes;
    }
  }

  function flush(): Promise<FlushResult> {
    const run = chain.then(pass);
    chain = run.catch(() => undefined);
    return run;
  }

  function schedule(delay: number): void {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      flush().then(
        () => {
          retryDelay = 0;
        },
        (error: unknown) => {
          onError(error);
          // Retry with growing waits while GitHub (or the disk) keeps failing.
          retryDelay = Math.min(60_000, retryDelay === 0 ? 1000 : retryDelay * 2);
          schedule(retryDelay);
        },
      );
    }, delay);
  }

  function kick(): void {
    schedule(debounceMs);
  }

  let poller: ReturnType<typeof setInterval> | null = null;
  /**
   * Another isolate may commit a write someone here waits for. One shared poll: the queue is
   * committed in seq order, so every waited seq below the oldest pending one is done.
   */
  function startPolling(): void {
    if (poller || stopped) return;
    let busy = false;
    poller = setInterval(() => {
      if (busy) return;
      if (waiters.size === 0) {
        clearInterval(poller!);
        poller = null;
        return;
      }
      busy = true;
      void (async () => {
        const [oldest] = await state.pendingWrites(1);
        for (const seq of [...waiters.keys()]) {
          if (oldest && seq >= oldest.seq) continue;
          const status = await state.writeStatus(seq);
          if (status.state !== 'pending') for (const finish of [...(waiters.get(seq) ?? [])]) finish(status);
        }
      })()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, pollMs);
  }

  return {
    flush,
    kick,
    async waitFor(seq, timeoutMs) {
      const first = await state.writeStatus(seq);
      if (first.state !== 'pending' || stopped) return first;
      kick();
      return new Promise<WriteStatus>((resolve) => {
        let done = false;
        const finish = (status: WriteStatus): void => {
          if (done) return;
          done = true;
          clearTimeout(deadline);
          const set = waiters.get(seq);
          set?.delete(finish);
          if (set?.size === 0) waiters.delete(seq);
          resolve(status);
        };
        let set = waiters.get(seq);
        if (!set) {
          set = new Set();
          waiters.set(seq, set);
        }
        set.add(finish);
        startPolling();
        const deadline = setTimeout(() => {
          void state.writeStatus(seq).then(finish, () => finish({ state: 'pending' }));
        }, timeoutMs);
      });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (poller) clearInterval(poller);
      poller = null;
      for (const wake of [...wakers]) wake();
      await chain;
    },
    stats: () => ({ ...counters }),
  };
}
