// The shared contract of the state store and of its SQL drivers: every driver runs these same suites
// (node:sqlite in memory and on disk, D1 inside workerd).
import { beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../api-worker/src/state/secrets.ts';
import { StateConflictError } from '../../../api-worker/src/state/types.ts';
import type { StateStoreOptions } from '../../../api-worker/src/state/sql-store.ts';
import type { ReviewRecord, SqlDb, StateStore } from '../../../api-worker/src/state/types.ts';

/** 2025-01-31T23:00:00Z: an hour before a month boundary, so rollover tests only advance the clock. */
export const T0 = Date.UTC(2025, 0, 31, 23, 0, 0);
const MINUTE = 60_000;
const TOKEN_BODY = /^[0-9A-Za-z]{43}$/;

export interface ContractHooks {
  /** Everything the most recently opened database holds, as text (file bytes or a dump of every row). */
  dump(): Promise<string>;
}

/** Every row of every table of a database, as JSON text; blobs as Latin-1 text so byte strings stay searchable. */
export async function dumpSqlDb(db: SqlDb): Promise<string> {
  const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY name");
  const out: string[] = [];
  for (const { name } of tables) {
    for (const row of await db.all(`SELECT * FROM "${name}"`)) {
      out.push(JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? String.fromCharCode(...value) : value)));
    }
  }
  return out.join('\n');
}

function review(over: Partial<ReviewRecord> = {}): ReviewRecord {
  return {
    id: 'rev-1',
    owner: 'acme',
    name: 'tutor',
    parentId: null,
    author: 'ada',
    rating: 5,
    body: 'Clear and kind.',
    likes: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  };
}

function bytes(...values: number[]): Uint8Array {
  return new Uint8Array(values);
}

/**
 * The state store contract. `open` must return a migrated store over an empty database using the
 * given options (the suite drives the clock).
 */
export function defineStateStoreContract(name: string, open: (options: StateStoreOptions) => Promise<StateStore>, hooks: ContractHooks): void {
  describe(`state store contract: ${name}`, () => {
    const clock = { t: T0 };
    let store: StateStore;

    beforeEach(async () => {
      clock.t = T0;
      store = await open({ now: () => clock.t });
    });

    describe('schema and meta', () => {
      it('migrates again without losing data', async () => {
        await store.setMeta('k', 'v');
        await store.migrate();
        await store.migrate();
        expect(await store.getMeta('k')).toBe('v');
      });

      it('returns null for a missing meta key and the latest value after overwrites', async () => {
        expect(await store.getMeta('head')).toBeNull();
        await store.setMeta('head', 'a');
        await store.setMeta('head', 'b');
        expect(await store.getMeta('head')).toBe('b');
      });
    });

    describe('accounts', () => {
      it('creates a free, unblocked account with a lower-case username', async () => {
        const account = await store.ensureAccount('Ada');
        expect(account).toEqual({ username: 'ada', tier: 'free', blocked: false, blockedReason: null, moderator: false, createdAt: new Date(T0).toISOString() });
      });

      it('returns the existing account unchanged on a second ensureAccount', async () => {
        const first = await store.ensureAccount('ada');
        clock.t += MINUTE;
        expect(await store.ensureAccount('ADA')).toEqual(first);
      });

      it('finds accounts case-insensitively and returns null for unknown ones', async () => {
        await store.ensureAccount('ada');
        expect((await store.getAccount('AdA'))?.username).toBe('ada');
        expect(await store.getAccount('nobody')).toBeNull();
      });

      it('blocks with a reason and clears the reason on unblock', async () => {
        await store.ensureAccount('spammer');
        expect(await store.setBlocked('Spammer', true, 'spam reviews')).toBe(true);
        expect(await store.getAccount('spammer')).toMatchObject({ blocked: true, blockedReason: 'spam reviews' });
        await store.setBlocked('spammer', false);
        expect(await store.getAccount('spammer')).toMatchObject({ blocked: false, blockedReason: null });
      });

      it('sets moderator and tier, and reports false for unknown accounts', async () => {
        await store.ensureAccount('mod');
        expect(await store.setModerator('mod', true)).toBe(true);
        expect(await store.setTier('mod', 'enterprise')).toBe(true);
        expect(await store.getAccount('mod')).toMatchObject({ moderator: true, tier: 'enterprise' });
        expect(await store.setBlocked('ghost', true)).toBe(false);
        expect(await store.setModerator('ghost', true)).toBe(false);
        expect(await store.setTier('ghost', 'enterprise')).toBe(false);
        expect(await store.getAccount('ghost')).toBeNull();
      });

      it('lists accounts by username', async () => {
        await store.ensureAccount('zed');
        await store.ensureAccount('ada');
        expect((await store.listAccounts()).map((a) => a.username)).toEqual(['ada', 'zed']);
      });

      it('refuses an empty username with a validation error', async () => {
        await expect(store.ensureAccount('  ')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });
    });

    describe('personal tokens', () => {
      it('issues prefix + 43 base62 characters and resolves it to its owner', async () => {
        const { token, info } = await store.createToken({ username: 'Ada', name: 'laptop', prefix: 'cs_' });
        expect(token.startsWith('cs_')).toBe(true);
        expect(token.slice(3)).toMatch(TOKEN_BODY);
        expect(info).toMatchObject({ username: 'ada', kind: 'personal', name: 'laptop', lastUsedAt: null, revokedAt: null });
        expect(await store.resolveToken(token)).toMatchObject({ id: info.id, username: 'ada', kind: 'personal' });
      });

      it('creates the account of a token holder', async () => {
        await store.createToken({ username: 'newcomer', prefix: 'cs_' });
        expect(await store.getAccount('newcomer')).not.toBeNull();
      });

      it('marks a token used, refreshing lastUsedAt at most once a minute', async () => {
        const { token, info } = await store.createToken({ username: 'ada', prefix: 'cs_' });
        clock.t += 1000;
        expect((await store.resolveToken(token))?.lastUsedAt).toBe(new Date(T0 + 1000).toISOString());
        clock.t += 30_000;
        await store.resolveToken(token);
        expect((await store.listTokens('ada')).find((t) => t.id === info.id)?.lastUsedAt).toBe(new Date(T0 + 1000).toISOString());
        clock.t += MINUTE;
        await store.resolveToken(token);
        expect((await store.listTokens('ada'))[0]?.lastUsedAt).toBe(new Date(clock.t).toISOString());
      });

      it('resolves unknown, empty, altered and oversized tokens to null', async () => {
        const { token } = await store.createToken({ username: 'ada', prefix: 'cs_' });
        expect(await store.resolveToken('cs_' + 'A'.repeat(43))).toBeNull();
        expect(await store.resolveToken('')).toBeNull();
        expect(await store.resolveToken(token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a'))).toBeNull();
        expect(await store.resolveToken(token + 'x'.repeat(10_000))).toBeNull();
      });

      it('refuses a revoked token and keeps the first revocation time', async () => {
        const { token, info } = await store.createToken({ username: 'ada', prefix: 'cs_' });
        clock.t += MINUTE;
        expect(await store.revokeToken(info.id)).toBe(true);
        expect(await store.resolveToken(token)).toBeNull();
        clock.t += MINUTE;
        expect(await store.revokeToken(info.id)).toBe(true);
        expect((await store.listTokens('ada'))[0]?.revokedAt).toBe(new Date(T0 + MINUTE).toISOString());
      });

      it("revokes with a username only that user's token", async () => {
        const { token, info } = await store.createToken({ username: 'ada', prefix: 'cs_' });
        expect(await store.revokeToken(info.id, 'mallory')).toBe(false);
        expect(await store.resolveToken(token)).not.toBeNull();
        expect(await store.revokeToken(info.id, 'ADA')).toBe(true);
        expect(await store.resolveToken(token)).toBeNull();
        expect(await store.revokeToken('tok_missing')).toBe(false);
      });

      it('issues legacy tokens without the prefix and resolves them as legacy', async () => {
        const { token, info } = await store.createToken({ username: 'old', kind: 'legacy', prefix: 'cs_' });
        expect(token).toMatch(TOKEN_BODY);
        expect(info.kind).toBe('legacy');
        expect((await store.resolveToken(token))?.kind).toBe('legacy');
      });

      it("lists a user's tokens, revoked ones included, and no one else's", async () => {
        const a = await store.createToken({ username: 'ada', name: 'one', prefix: 'cs_' });
        clock.t += 1;
        await store.createToken({ username: 'ada', name: 'two', prefix: 'cs_' });
        await store.createToken({ username: 'bob', prefix: 'cs_' });
        await store.revokeToken(a.info.id);
        const list = await store.listTokens('Ada');
        expect(list.map((t) => t.name)).toEqual(['one', 'two']);
        expect(list[0]?.revokedAt).not.toBeNull();
      });

      it('stores tokens, scan keys and sessions only as SHA-256 hashes', async () => {
        const { token } = await store.createToken({ username: 'ada', prefix: 'cs_' });
        const legacy = await store.createToken({ username: 'ada', kind: 'legacy', prefix: 'cs_' });
        const { key } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 5 });
        const session = await store.createSession('ada', 3600);
        const dump = await hooks.dump();
        for (const secret of [token, legacy.token, key, session]) {
          expect(dump).not.toContain(secret.slice(-43));
          expect(dump).toContain(await hashSecret(secret));
        }
      });
    });

    describe('sessions', () => {
      it('resolves a session to its lower-case username until its ttl passes', async () => {
        const id = await store.createSession('Ada', 3600);
        expect(id).toMatch(TOKEN_BODY);
        clock.t += 3599_000;
        expect(await store.resolveSession(id)).toBe('ada');
        clock.t += 1000;
        expect(await store.resolveSession(id)).toBeNull();
      });

      it('forgets a deleted session, and unknown ids resolve to null', async () => {
        const id = await store.createSession('ada', 3600);
        await store.deleteSession(id);
        expect(await store.resolveSession(id)).toBeNull();
        expect(await store.resolveSession('nope')).toBeNull();
        await store.deleteSession('');
      });

      it('refuses a session ttl that is not a positive number', async () => {
        await expect(store.createSession('ada', 0)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });
    });

    describe('scan keys and quota', () => {
      it('issues prefix + 43 base62 characters and resolves the key', async () => {
        const { key, info } = await store.createScanKey({ username: 'Ada', name: 'ci', prefix: 'cs_scan_', monthlyAllowance: 100 });
        expect(key.startsWith('cs_scan_')).toBe(true);
        expect(key.slice(8)).toMatch(TOKEN_BODY);
        expect(info).toMatchObject({ username: 'ada', name: 'ci', monthlyAllowance: 100, revokedAt: null });
        expect(await store.resolveScanKey(key)).toEqual(info);
        expect(await store.resolveScanKey('cs_scan_nope')).toBeNull();
      });

      it('gives a key created without an allowance the free allowance', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_' });
        expect(info.monthlyAllowance).toBe(100);
      });

      it('refuses a revoked key, and counts no scans on it', async () => {
        const { key, info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 10 });
        expect(await store.revokeScanKey(info.id, 'bob')).toBe(false);
        expect(await store.revokeScanKey(info.id, 'ada')).toBe(true);
        expect(await store.resolveScanKey(key)).toBeNull();
        expect((await store.consumeScan(info.id, '2025-01')).ok).toBe(false);
      });

      it('counts scans up to the allowance exactly, then refuses with used = limit', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 3 });
        const results = [];
        for (let i = 0; i < 5; i++) results.push(await store.consumeScan(info.id, '2025-01'));
        expect(results).toEqual([
          { ok: true, used: 1, limit: 3 },
          { ok: true, used: 2, limit: 3 },
          { ok: true, used: 3, limit: 3 },
          { ok: false, used: 3, limit: 3 },
          { ok: false, used: 3, limit: 3 },
        ]);
      });

      it('never exceeds the allowance under 150 parallel scans with an allowance of 100', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 100 });
        const results = await Promise.all(Array.from({ length: 150 }, () => store.consumeScan(info.id, '2025-01')));
        const ok = results.filter((r) => r.ok);
        expect(ok).toHaveLength(100);
        expect(new Set(ok.map((r) => r.used)).size).toBe(100);
        expect(results.filter((r) => !r.ok).every((r) => r.used === 100 && r.limit === 100)).toBe(true);
      });

      it('starts each calendar month at zero', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 1 });
        expect((await store.consumeScan(info.id, '2025-01')).ok).toBe(true);
        expect((await store.consumeScan(info.id, '2025-01')).ok).toBe(false);
        expect(await store.consumeScan(info.id, '2025-02')).toEqual({ ok: true, used: 1, limit: 1 });
      });

      it('applies a raised or lowered allowance to the current month at once', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 1 });
        await store.consumeScan(info.id, '2025-01');
        expect((await store.consumeScan(info.id, '2025-01')).ok).toBe(false);
        expect(await store.setScanKeyAllowance(info.id, 3)).toBe(true);
        expect(await store.consumeScan(info.id, '2025-01')).toEqual({ ok: true, used: 2, limit: 3 });
        await store.setScanKeyAllowance(info.id, 0);
        expect(await store.consumeScan(info.id, '2025-01')).toEqual({ ok: false, used: 2, limit: 0 });
        expect(await store.setScanKeyAllowance('key_missing', 5)).toBe(false);
      });

      it('refuses a negative or fractional allowance and a malformed month', async () => {
        const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 1 });
        await expect(store.setScanKeyAllowance(info.id, -1)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(store.setScanKeyAllowance(info.id, 1.5)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(store.consumeScan(info.id, '2025-13')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });

      it('reports an unknown key as not ok with a zero limit', async () => {
        expect(await store.consumeScan('key_missing', '2025-01')).toEqual({ ok: false, used: 0, limit: 0 });
      });

      it("lists keys with this month's usage, for one user or all", async () => {
        const a = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 10 });
        clock.t += 1;
        await store.createScanKey({ username: 'bob', prefix: 'cs_scan_', monthlyAllowance: 10 });
        await store.consumeScan(a.info.id, '2025-01');
        await store.consumeScan(a.info.id, '2025-01');
        expect((await store.listScanKeys('ADA')).map((k) => [k.username, k.usedThisMonth])).toEqual([['ada', 2]]);
        expect((await store.listScanKeys()).map((k) => k.username)).toEqual(['ada', 'bob']);
        clock.t += 2 * 60 * MINUTE; // into February
        expect((await store.listScanKeys('ada'))[0]?.usedThisMonth).toBe(0);
      });
    });

    describe('rate limits', () => {
      it('counts hits per bucket and window', async () => {
        expect(await store.hitRateLimit('ip:1', 100)).toBe(1);
        expect(await store.hitRateLimit('ip:1', 100)).toBe(2);
        expect(await store.hitRateLimit('ip:2', 100)).toBe(1);
        expect(await store.hitRateLimit('ip:1', 160)).toBe(1);
      });

      it('gives parallel hits distinct consecutive counts', async () => {
        const counts = await Promise.all(Array.from({ length: 50 }, () => store.hitRateLimit('tok:x', 0)));
        expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      });

      it('prunes only windows that started before the cut-off', async () => {
        await store.hitRateLimit('b', 100);
        await store.hitRateLimit('b', 200);
        await store.pruneRateLimits(200);
        expect(await store.hitRateLimit('b', 100)).toBe(1);
        expect(await store.hitRateLimit('b', 200)).toBe(2);
      });
    });

    describe('downloads', () => {
      it('counts downloads per soul', async () => {
        expect(await store.addDownload('acme', 'tutor')).toBe(1);
        expect(await store.addDownload('acme', 'tutor')).toBe(2);
        await store.addDownload('acme', 'coach');
        expect(await store.downloadCounts()).toEqual(new Map([['acme/tutor', 2], ['acme/coach', 1]]));
      });
    });

    describe('reports', () => {
      it('creates open reports and lists them by status', async () => {
        const r = await store.createReport({ owner: 'acme', name: 'tutor', reporter: 'Ada', reason: 'spam', details: 'ads' });
        expect(r).toMatchObject({ owner: 'acme', name: 'tutor', reporter: 'ada', reason: 'spam', details: 'ads', status: 'open', resolution: null, resolvedBy: null, resolvedAt: null });
        expect(r.id).not.toBe('');
        await store.createReport({ owner: 'acme', name: 'coach', reporter: 'bob', reason: 'other', details: null });
        expect(await store.listReports()).toHaveLength(2);
        expect((await store.listReports('open')).map((x) => x.name)).toEqual(['tutor', 'coach']);
        expect(await store.listReports('resolved')).toEqual([]);
      });

      it('resolves a report with its resolution and moderator; unknown ids give null', async () => {
        const r = await store.createReport({ owner: 'acme', name: 'tutor', reporter: 'ada', reason: 'malware', details: null });
        clock.t += MINUTE;
        const done = await store.resolveReport(r.id, { resolution: 'removed', by: 'Mod' });
        expect(done).toMatchObject({ id: r.id, status: 'resolved', resolution: 'removed', resolvedBy: 'mod', resolvedAt: new Date(T0 + MINUTE).toISOString() });
        expect((await store.listReports('resolved')).map((x) => x.id)).toEqual([r.id]);
        expect(await store.resolveReport('rep_missing', { resolution: 'x', by: 'mod' })).toBeNull();
      });

      it('refuses an unknown reason', async () => {
        await expect(store.createReport({ owner: 'a', name: 'b', reporter: 'c', reason: 'boring' as 'spam', details: null })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });
    });

    describe('reviews', () => {
      it('stores a review and queues its write in the same step', async () => {
        const seq = await store.createReview(review());
        expect(await store.getReview('rev-1')).toEqual(review());
        expect(await store.pendingWrites(10)).toEqual([
          { seq, kind: 'review', reviewId: 'rev-1', owner: 'acme', name: 'tutor', actor: 'ada', createdAt: new Date(T0).toISOString() },
        ]);
      });

      it('refuses a second top-level review by the same author, whatever the case, and queues nothing', async () => {
        await store.createReview(review());
        const err = await store.createReview(review({ id: 'rev-2', author: 'ADA' })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StateConflictError);
        expect((err as StateConflictError).kind).toBe('review-exists');
        expect((err as Error).message).toContain('update your existing review instead');
        expect(await store.pendingCount()).toBe(1);
        expect(await store.getReview('rev-2')).toBeNull();
      });

      it('lets one author review two souls, and reply under a review they wrote', async () => {
        await store.createReview(review());
        await store.createReview(review({ id: 'rev-2', name: 'coach' }));
        await store.createReview(review({ id: 'rep-1', parentId: 'rev-1', rating: null, body: 'Thanks!' }));
        await store.createReview(review({ id: 'rep-2', parentId: 'rev-1', rating: null, body: 'Also…' }));
        expect((await store.listReviews('acme', 'tutor')).map((r) => r.id)).toEqual(['rev-1', 'rep-1', 'rep-2']);
      });

      it('refuses a reply to a review that does not exist on that soul', async () => {
        await store.createReview(review());
        await expect(store.createReview(review({ id: 'rep-1', parentId: 'missing', rating: null }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(store.createReview(review({ id: 'rep-2', parentId: 'rev-1', name: 'coach', rating: null }))).rejects.toMatchObject({ code: 'NOT_FOUND' });
        expect(await store.getReview('rep-1')).toBeNull();
        expect(await store.pendingCount()).toBe(1);
      });

      it('refuses a top-level review without a 1..5 rating and a reply with one', async () => {
        await expect(store.createReview(review({ rating: 6 }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(store.createReview(review({ rating: null }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await store.createReview(review());
        await expect(store.createReview(review({ id: 'rep', parentId: 'rev-1', rating: 3 }))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      });

      it('updates rating and body, keeps the rest, and queues a write', async () => {
        await store.createReview(review());
        const seq = await store.updateReview('rev-1', { rating: 3, updatedAt: '2025-01-02T00:00:00.000Z' });
        expect(seq).not.toBeNull();
        expect(await store.getReview('rev-1')).toEqual(review({ rating: 3, updatedAt: '2025-01-02T00:00:00.000Z' }));
        await store.updateReview('rev-1', { body: 'Changed my mind.', updatedAt: '2025-01-03T00:00:00.000Z' });
        expect(await store.getReview('rev-1')).toMatchObject({ rating: 3, body: 'Changed my mind.' });
        expect(await store.pendingCount()).toBe(3);
      });

      it('keeps a reply without a rating when an update carries one', async () => {
        await store.createReview(review());
        await store.createReview(review({ id: 'rep', parentId: 'rev-1', rating: null }));
        await store.updateReview('rep', { rating: 4, body: 'edited', updatedAt: '2025-01-02T00:00:00.000Z' });
        expect(await store.getReview('rep')).toMatchObject({ rating: null, body: 'edited' });
      });

      it('returns null when updating or deleting a review that does not exist, and queues nothing', async () => {
        expect(await store.updateReview('missing', { body: 'x', updatedAt: '2025-01-02T00:00:00.000Z' })).toBeNull();
        expect(await store.deleteReview('missing')).toBeNull();
        expect(await store.pendingCount()).toBe(0);
      });

      it('deletes a review with its replies and their likes, queueing one write per removed review', async () => {
        await store.createReview(review());
        await store.createReview(review({ id: 'rep-1', parentId: 'rev-1', rating: null, author: 'bob' }));
        await store.createReview(review({ id: 'rep-2', parentId: 'rep-1', rating: null, author: 'cy' }));
        await store.createReview(review({ id: 'other', author: 'bob' }));
        await store.likeReview('rep-1', 'ada');
        const before = await store.pendingCount();
        const seq = await store.deleteReview('rev-1', 'Mod');
        expect(await store.listReviews('acme', 'tutor')).toEqual([review({ id: 'other', author: 'bob' })]);
        const queued = (await store.pendingWrites(100)).slice(before);
        expect(queued.map((w) => (w.kind === 'review' ? [w.reviewId, w.actor] : null)).sort()).toEqual([
          ['rep-1', 'mod'],
          ['rep-2', 'mod'],
          ['rev-1', 'mod'],
        ]);
        expect(seq).toBe(Math.max(...queued.map((w) => w.seq)));
        // The like went with the reply: a new reply with the same id starts at zero likes, likeable again.
        await store.createReview(review({ id: 'rev-1' }));
        await store.createReview(review({ id: 'rep-1', parentId: 'rev-1', rating: null, author: 'bob' }));
        expect((await store.likeReview('rep-1', 'ada'))?.liked).toBe(true);
      });

      it('lets the author review again after deleting the review', async () => {
        await store.createReview(review());
        await store.deleteReview('rev-1');
        await expect(store.createReview(review({ id: 'rev-2' }))).resolves.toBeGreaterThan(0);
      });

      it('counts a like once per user, case-insensitively, and queues only the first', async () => {
        await store.createReview(review());
        const first = await store.likeReview('rev-1', 'bob');
        expect(first).toMatchObject({ likes: 1, liked: true });
        expect(first?.seq).toEqual(expect.any(Number));
        expect(await store.likeReview('rev-1', 'BOB')).toEqual({ likes: 1, liked: false, seq: null });
        expect(await store.likeReview('rev-1', 'cy')).toMatchObject({ likes: 2, liked: true });
        expect((await store.getReview('rev-1'))?.likes).toBe(2);
        expect(await store.pendingCount()).toBe(3);
        expect(await store.likeReview('missing', 'bob')).toBeNull();
      });

      it('never double-counts parallel likes by the same user', async () => {
        await store.createReview(review());
        const results = await Promise.all(Array.from({ length: 20 }, () => store.likeReview('rev-1', 'bob')));
        expect(results.filter((r) => r?.liked)).toHaveLength(1);
        expect((await store.getReview('rev-1'))?.likes).toBe(1);
      });

      it('imports only reviews it does not know, without queueing writes', async () => {
        await store.createReview(review());
        const added = await store.importReviews([
          review({ body: 'repository copy' }),
          review({ id: 'rev-2', author: 'bob', likes: 4 }),
          review({ id: 'rep-1', parentId: 'rev-2', rating: null, author: 'ada' }),
        ]);
        expect(added).toBe(2);
        expect(await store.getReview('rev-1')).toEqual(review());
        expect((await store.getReview('rev-2'))?.likes).toBe(4);
        expect(await store.pendingCount()).toBe(1);
        expect(await store.importReviews([review({ id: 'rev-2', author: 'bob' })])).toBe(0);
      });

      it('imports many reviews in one call', async () => {
        const records = Array.from({ length: 250 }, (_, i) => review({ id: `r${i}`, author: `user${i}` }));
        expect(await store.importReviews(records)).toBe(250);
        expect(await store.listReviews('acme', 'tutor')).toHaveLength(250);
      });

      it('queues 100 parallel reviews exactly once each', async () => {
        const seqs = await Promise.all(Array.from({ length: 100 }, (_, i) => store.createReview(review({ id: `r${i}`, author: `user${i}` }))));
        expect(new Set(seqs).size).toBe(100);
        expect(await store.listReviews('acme', 'tutor')).toHaveLength(100);
        expect(await store.pendingCount()).toBe(100);
      });
    });

    describe('publishing and the write queue', () => {
      const files = [
        { path: 'souls/acme/tutor/soul.json', content: new TextEncoder().encode('{"name":"tutor"}\n') },
        { path: 'souls/acme/tutor/avatar.png', content: bytes(0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x80, 0xc3, 0x28) },
        { path: 'souls/acme/tutor/EMPTY.md', content: bytes() },
        { path: 'souls/acme/tutor/OLD.md', content: null },
      ];

      it('claims the version and queues its files byte for byte, deletions and empty files included', async () => {
        const seq = await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'Ada', message: 'Publish acme/tutor v1.0.0\n\nPublished-by: ada', changes: files });
        expect(await store.claimedVersions('acme', 'tutor')).toEqual(['1.0.0']);
        const [write] = await store.pendingWrites(10);
        expect(write).toEqual({ seq, kind: 'files', message: 'Publish acme/tutor v1.0.0\n\nPublished-by: ada', actor: 'ada', changes: files, createdAt: new Date(T0).toISOString() });
        if (write?.kind !== 'files') throw new Error('expected a files write');
        expect(write.changes[1]?.content).toBeInstanceOf(Uint8Array);
        expect(write.changes[2]?.content).toEqual(new Uint8Array(0));
      });

      it('round-trips every byte value and a 100 KB file exactly', async () => {
        const all = Uint8Array.from({ length: 256 }, (_, i) => i);
        const big = Uint8Array.from({ length: 100 * 1024 }, (_, i) => (i * 131 + 7) % 256);
        await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'm', changes: [{ path: 'a.bin', content: all }, { path: 'b.bin', content: big }] });
        const [write] = await store.pendingWrites(1);
        if (write?.kind !== 'files') throw new Error('expected a files write');
        expect(write.changes[0]?.content).toEqual(all);
        expect(write.changes[1]?.content).toEqual(big);
      });

      it('refuses a version claimed twice, leaving nothing queued', async () => {
        await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'm', changes: files });
        const err = await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'again', changes: files }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(StateConflictError);
        expect((err as StateConflictError).kind).toBe('version-claimed');
        expect((err as Error).message).toContain('bump "version"');
        expect(await store.pendingCount()).toBe(1);
      });

      it('lets exactly one of many parallel publishes of one version through', async () => {
        const attempts = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) => store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '2.0.0', actor: 'ada', message: `try ${i}`, changes: files })),
        );
        expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
        expect(attempts.every((a) => a.status === 'fulfilled' || a.reason instanceof StateConflictError)).toBe(true);
        expect(await store.pendingCount()).toBe(1);
      });

      it('lists claimed versions per soul in claim order', async () => {
        for (const version of ['1.0.0', '1.1.0', '2.0.0']) {
          await store.enqueuePublish({ owner: 'acme', name: 'tutor', version, actor: 'ada', message: 'm', changes: files });
          clock.t += 1;
        }
        await store.enqueuePublish({ owner: 'acme', name: 'coach', version: '1.0.0', actor: 'ada', message: 'm', changes: files });
        expect(await store.claimedVersions('acme', 'tutor')).toEqual(['1.0.0', '1.1.0', '2.0.0']);
        expect(await store.claimedVersions('acme', 'nothing')).toEqual([]);
      });

      it('refuses a publish without changes', async () => {
        await expect(store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'm', changes: [] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(await store.claimedVersions('acme', 'tutor')).toEqual([]);
      });

      it('hands out pending writes oldest first, at most limit', async () => {
        const a = await store.createReview(review());
        const b = await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'm', changes: files });
        const c = await store.likeReview('rev-1', 'bob');
        expect(a).toBeLessThan(b);
        expect(b).toBeLessThan(c?.seq ?? 0);
        expect((await store.pendingWrites(2)).map((w) => [w.seq, w.kind])).toEqual([
          [a, 'review'],
          [b, 'files'],
        ]);
        expect((await store.pendingWrites(10)).map((w) => w.seq)).toEqual([a, b, c?.seq]);
        expect(await store.pendingWrites(0)).toEqual([]);
      });

      it('marks completed writes committed and stops handing them out', async () => {
        const a = await store.createReview(review());
        const b = await store.enqueuePublish({ owner: 'acme', name: 'tutor', version: '1.0.0', actor: 'ada', message: 'm', changes: files });
        const c = await store.createReview(review({ id: 'rev-2', author: 'bob' }));
        expect(await store.writeStatus(a)).toEqual({ state: 'pending' });
        await store.completeWrites([a, b], 'c0ffee');
        await store.completeWrites([], 'unused');
        expect(await store.writeStatus(a)).toEqual({ state: 'committed', commit: 'c0ffee' });
        expect(await store.writeStatus(b)).toEqual({ state: 'committed', commit: 'c0ffee' });
        expect(await store.writeStatus(c)).toEqual({ state: 'pending' });
        expect(await store.writeStatus(c + 1000)).toEqual({ state: 'unknown' });
        expect(await store.pendingCount()).toBe(1);
        expect((await store.pendingWrites(10)).map((w) => w.seq)).toEqual([c]);
        expect(await store.claimedVersions('acme', 'tutor')).toEqual(['1.0.0']);
      });

      it('keeps the first commit of a write completed twice', async () => {
        const a = await store.createReview(review());
        await store.completeWrites([a], 'first');
        await store.completeWrites([a], 'second');
        expect(await store.writeStatus(a)).toEqual({ state: 'committed', commit: 'first' });
      });

      it('completes many writes in one call', async () => {
        const records = Array.from({ length: 150 }, (_, i) => review({ id: `r${i}`, author: `u${i}` }));
        await store.importReviews(records);
        const likes = await Promise.all(records.map((r) => store.likeReview(r.id, 'fan')));
        await store.completeWrites(likes.map((like) => like?.seq ?? -1), 'abc');
        expect(await store.pendingCount()).toBe(0);
      });
    });
  });
}

/** The contract of an `SqlDb` driver: what the store relies on. */
export function defineSqlDbContract(name: string, open: () => Promise<SqlDb>): void {
  describe(`SqlDb contract: ${name}`, () => {
    let db: SqlDb;
    beforeEach(async () => {
      db = await open();
      await db.exec("-- a comment; with a semicolon\nCREATE TABLE IF NOT EXISTS t (\n  id INTEGER PRIMARY KEY,\n  s TEXT UNIQUE,\n  b BLOB\n);\nCREATE INDEX IF NOT EXISTS t_s ON t (s); -- trailing\n");
    });

    it('runs a multi-line, multi-statement script', async () => {
      expect(await db.all("SELECT name FROM sqlite_master WHERE name IN ('t', 't_s') ORDER BY name")).toEqual([{ name: 't' }, { name: 't_s' }]);
    });

    it('round-trips blobs as Uint8Array, every byte value included', async () => {
      const all = Uint8Array.from({ length: 256 }, (_, i) => i);
      await db.run('INSERT INTO t (s, b) VALUES (?, ?)', ['x', all]);
      const row = await db.first<{ b: unknown }>('SELECT b FROM t WHERE s = ?', ['x']);
      expect(row?.b).toBeInstanceOf(Uint8Array);
      expect(row?.b).toEqual(all);
    });

    it('returns null from first when there is no row, and reports changes', async () => {
      expect(await db.first('SELECT * FROM t WHERE s = ?', ['none'])).toBeNull();
      await db.run('INSERT INTO t (s) VALUES (?), (?)', ['a', 'b']);
      expect((await db.run('UPDATE t SET b = NULL WHERE s IN (?, ?)', ['a', 'b'])).changes).toBe(2);
    });

    it('returns rows of each batch statement in order', async () => {
      const results = await db.batch([
        { sql: 'INSERT INTO t (s) VALUES (?) RETURNING id', params: ['a'] },
        { sql: 'SELECT count(*) AS n FROM t' },
      ]);
      expect(results).toEqual([[{ id: expect.any(Number) }], [{ n: 1 }]]);
    });

    it('rolls back a whole batch when one statement fails', async () => {
      await db.run('INSERT INTO t (s) VALUES (?)', ['taken']);
      await expect(
        db.batch([
          { sql: 'INSERT INTO t (s) VALUES (?)', params: ['new'] },
          { sql: 'INSERT INTO t (s) VALUES (?)', params: ['taken'] },
        ]),
      ).rejects.toThrow(/UNIQUE/);
      expect(await db.all('SELECT s FROM t ORDER BY s')).toEqual([{ s: 'taken' }]);
      // The connection is usable after the rollback.
      await db.batch([{ sql: 'INSERT INTO t (s) VALUES (?)', params: ['after'] }]);
      expect(await db.first<{ n: number }>('SELECT count(*) AS n FROM t')).toEqual({ n: 2 });
    });
  });
}
