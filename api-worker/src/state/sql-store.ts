// The state store over `SqlDb`: every method written once, for node:sqlite and D1 alike. A method
// that changes several rows does it in one `db.batch` (one transaction) or one conditional statement.
import { RegistryError } from '../../../scripts/core/errors.ts';
import { SCHEMA_VERSION, SCHEMA_VERSION_KEY, STATE_SCHEMA } from './schema.ts';
import { constantTimeEqual, generateId, generateSecret, hashSecret } from './secrets.ts';
import { StateConflictError } from './types.ts';
import type {
  Account,
  QueuedWrite,
  ReportReason,
  ReportRecord,
  ReviewRecord,
  ScanKeyInfo,
  ScanUsage,
  SqlDb,
  SqlValue,
  StateStore,
  Tier,
  TokenInfo,
  TokenKind,
  WriteStatus,
} from './types.ts';

export interface StateStoreOptions {
  /** Clock in ms since the epoch; every stored time is its ISO 8601 string. Default `Date.now`. */
  now?: () => number;
  /** Allowance of a scan key created without one (scans a month). Default 100. */
  freeAllowance?: number;
}

/** lastUsedAt is refreshed at most this often, so a busy token does not write on every request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Longer presented secrets are refused before hashing: ours are under 100 characters. */
const MAX_SECRET_LENGTH = 512;

/** Statements per batch when importing or completing many rows (D1 batches stay small). */
const CHUNK = 100;

const REPORT_REASONS: readonly ReportReason[] = ['harmful-content', 'prompt-injection', 'malware', 'impersonation', 'spam', 'copyright', 'other'];
const TIERS: readonly Tier[] = ['free', 'enterprise'];
const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

interface Statement {
  sql: string;
  params?: readonly SqlValue[];
}

interface AccountRow {
  username: string;
  tier: string;
  blocked: number;
  blocked_reason: string | null;
  moderator: number;
  created_at: string;
}

interface TokenRow {
  id: string;
  username: string;
  kind: string;
  name: string;
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

interface ScanKeyRow {
  id: string;
  username: string;
  name: string;
  hash: string;
  monthly_allowance: number;
  created_at: string;
  revoked_at: string | null;
}

interface ReportRow {
  id: string;
  owner: string;
  name: string;
  reporter: string;
  reason: string;
  details: string | null;
  status: string;
  resolution: string | null;
  resolved_by: string | null;
  created_at: string;
  resolved_at: string | null;
}

interface ReviewRow {
  id: string;
  owner: string;
  name: string;
  parent_id: string | null;
  author: string;
  rating: number | null;
  body: string;
  likes: number;
  created_at: string;
  updated_at: string;
}

interface QueueRow {
  seq: number;
  kind: string;
  actor: string;
  payload: string;
  created_at: string;
}

interface FileRow {
  seq: number;
  path: string;
  content: Uint8Array | null;
  deleted: number;
}

function invalid(message: string): RegistryError {
  return new RegistryError('VALIDATION_FAILED', message);
}

function toAccount(row: AccountRow): Account {
  return {
    username: row.username,
    tier: row.tier as Tier,
    blocked: row.blocked !== 0,
    blockedReason: row.blocked_reason,
    moderator: row.moderator !== 0,
    createdAt: row.created_at,
  };
}

function toTokenInfo(row: TokenRow): TokenInfo {
  return {
    id: row.id,
    username: row.username,
    kind: row.kind as TokenKind,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function toScanKeyInfo(row: ScanKeyRow): ScanKeyInfo {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    monthlyAllowance: row.monthly_allowance,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

function toReport(row: ReportRow): ReportRecord {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    reporter: row.reporter,
    reason: row.reason as ReportReason,
    details: row.details,
    status: row.status === 'resolved' ? 'resolved' : 'open',
    resolution: row.resolution,
    resolvedBy: row.resolved_by,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

function toReview(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    owner: row.owner,
    name: row.name,
    parentId: row.parent_id,
    author: row.author,
    rating: row.rating,
    body: row.body,
    likes: row.likes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** GitHub logins are case-insensitive: accounts, tokens, keys and likes store them lower-case. */
function normalizeUsername(username: string): string {
  if (typeof username !== 'string' || username.trim() === '') throw invalid('username must be a non-empty string; pass the account login');
  return username.toLowerCase();
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw invalid(`${what} must be a non-empty string`);
  return value;
}

function requireAllowance(value: number): number {
  if (!Number.isSafeInteger(value) || value < 0) throw invalid(`monthly allowance must be a whole number of scans, 0 or more (got ${String(value)})`);
  return value;
}

function requireRating(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 5) throw invalid('rating must be a whole number from 1 to 5');
  return value;
}

/** Accounts exist for every login that holds a token, key or session. */
function accountInsert(username: string, at: string): Statement {
  return { sql: 'INSERT INTO accounts (username, created_at) VALUES (?, ?) ON CONFLICT (username) DO NOTHING', params: [username, at] };
}

/** Queue a `review` write for every review row the condition selects (the flusher renders it later). */
function reviewQueueInsert(where: string, params: readonly SqlValue[], actor: string | null, at: string): Statement {
  return {
    sql:
      `INSERT INTO write_queue (kind, actor, payload, status, created_at) ` +
      `SELECT 'review', COALESCE(?, r.author), json_object('reviewId', r.id, 'owner', r.owner, 'name', r.name), 'pending', ? ` +
      `FROM reviews r WHERE ${where} ORDER BY r.created_at, r.rowid RETURNING seq`,
    params: [actor, at, ...params],
  };
}

/** The ids of a review and all its replies, at any depth. */
const REVIEW_SUBTREE =
  'WITH RECURSIVE subtree(id) AS (SELECT id FROM reviews WHERE id = ? UNION SELECT c.id FROM reviews c JOIN subtree s ON c.parent_id = s.id) SELECT id FROM subtree';

function seqOf(rows: Record<string, unknown>[] | undefined): number | null {
  let max: number | null = null;
  for (const row of rows ?? []) {
    const seq = Number(row['seq']);
    if (max === null || seq > max) max = seq;
  }
  return max;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The state store over any `SqlDb` driver (node:sqlite locally, D1 on Workers).
 *
 * @example
 * const store = createStateStore(createSqliteDb(':memory:'));
 * await store.migrate();
 * const { token } = await store.createToken({ username: 'ada', prefix: 'cs_' });
 * (await store.resolveToken(token))?.username; // 'ada'
 */
export function createStateStore(db: SqlDb, options: StateStoreOptions = {}): StateStore {
  const now = options.now ?? Date.now;
  const freeAllowance = requireAllowance(options.freeAllowance ?? 100);
  const stamp = (offsetMs = 0): string => new Date(now() + offsetMs).toISOString();

  async function resolveHashed<T extends { hash: string }>(table: 'tokens' | 'scan_keys' | 'sessions', secret: string): Promise<T | null> {
    if (typeof secret !== 'string' || secret === '' || secret.length > MAX_SECRET_LENGTH) return null;
    const hash = await hashSecret(secret);
    const row = await db.first<T>(`SELECT * FROM ${table} WHERE hash = ?`, [hash]);
    // The index lookup already matched; the constant-time check keeps the final decision free of
    // timing differences should a driver ever compare loosely.
    if (row === null || !constantTimeEqual(row.hash, hash)) return null;
    return row;
  }

  async function getAccount(username: string): Promise<Account | null> {
    const row = await db.first<AccountRow>('SELECT * FROM accounts WHERE username = ?', [normalizeUsername(username)]);
    return row === null ? null : toAccount(row);
  }

  async function listScanKeys(username?: string): Promise<(ScanKeyInfo & { usedThisMonth: number })[]> {
    const month = stamp().slice(0, 7);
    const filter = username === undefined ? '' : 'WHERE k.username = ? ';
    const params: SqlValue[] = username === undefined ? [month] : [month, normalizeUsername(username)];
    const rows = await db.all<ScanKeyRow & { used_this_month: number }>(
      `SELECT k.*, COALESCE(u.used, 0) AS used_this_month FROM scan_keys k LEFT JOIN scan_usage u ON u.key_id = k.id AND u.month = ? ${filter}ORDER BY k.created_at, k.rowid`,
      params,
    );
    return rows.map((row) => ({ ...toScanKeyInfo(row), usedThisMonth: row.used_this_month }));
  }

  async function readFiles(seqs: readonly number[]): Promise<Map<number, { path: string; content: Uint8Array | null }[]>> {
    const bySeq = new Map<number, { path: string; content: Uint8Array | null }[]>();
    for (const part of chunk(seqs, 500)) {
      const rows = await db.all<FileRow>('SELECT seq, path, content, deleted FROM write_files WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq, position', [JSON.stringify(part)]);
      for (const row of rows) {
        const list = bySeq.get(row.seq) ?? [];
        // An empty file may come back as NULL or as zero bytes depending on the driver; `deleted` decides.
        list.push({ path: row.path, content: row.deleted !== 0 ? null : (row.content ?? new Uint8Array(0)) });
        bySeq.set(row.seq, list);
      }
    }
    return bySeq;
  }

  return {
    async migrate() {
      let current: number | null;
      try {
        const row = await db.first<{ value: string }>('SELECT value FROM meta WHERE key = ?', [SCHEMA_VERSION_KEY]);
        current = row === null ? null : Number(row.value);
      } catch {
        current = null; // no meta table yet: a fresh database
      }
      if (current !== null && current > SCHEMA_VERSION) {
        throw new RegistryError('INTERNAL', `the state database has schema version ${current}, newer than this registry's ${SCHEMA_VERSION}; upgrade the registry before using this database`);
      }
      if (current === SCHEMA_VERSION) return;
      await db.exec(STATE_SCHEMA);
      await db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [SCHEMA_VERSION_KEY, String(SCHEMA_VERSION)]);
    },

    // Accounts

    async ensureAccount(username) {
      const login = normalizeUsername(username);
      const existing = await getAccount(login);
      if (existing !== null) return existing;
      const stmt = accountInsert(login, stamp());
      await db.run(stmt.sql, stmt.params);
      const row = await db.first<AccountRow>('SELECT * FROM accounts WHERE username = ?', [login]);
      if (row === null) throw new RegistryError('INTERNAL', `account ${login} could not be created`);
      return toAccount(row);
    },

    getAccount,

    async listAccounts() {
      const rows = await db.all<AccountRow>('SELECT * FROM accounts ORDER BY username');
      return rows.map(toAccount);
    },

    async setBlocked(username, blocked, reason) {
      const { changes } = await db.run('UPDATE accounts SET blocked = ?, blocked_reason = ? WHERE username = ?', [
        blocked ? 1 : 0,
        blocked ? (reason ?? null) : null,
        normalizeUsername(username),
      ]);
      return changes > 0;
    },

    async setModerator(username, moderator) {
      const { changes } = await db.run('UPDATE accounts SET moderator = ? WHERE username = ?', [moderator ? 1 : 0, normalizeUsername(username)]);
      return changes > 0;
    },

    async setTier(username, tier) {
      if (!TIERS.includes(tier)) throw invalid(`tier must be one of ${TIERS.join(', ')}`);
      const { changes } = await db.run('UPDATE accounts SET tier = ? WHERE username = ?', [tier, normalizeUsername(username)]);
      return changes > 0;
    },

    // Personal tokens

    async createToken(input) {
      const username = normalizeUsername(input.username);
      const kind: TokenKind = input.kind ?? 'personal';
      if (kind !== 'personal' && kind !== 'legacy') throw invalid("token kind must be 'personal' or 'legacy'");
      // Legacy tokens predate the prefix; clients that still hold one send it bare.
      const token = kind === 'legacy' ? generateSecret('') : generateSecret(requireText(input.prefix, 'token prefix'));
      const info: TokenInfo = { id: generateId('tok_'), username, kind, name: input.name ?? 'default', createdAt: stamp(), lastUsedAt: null, revokedAt: null };
      await db.batch([
        accountInsert(username, info.createdAt),
        {
          sql: 'INSERT INTO tokens (id, username, kind, name, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          params: [info.id, username, kind, info.name, await hashSecret(token), info.createdAt],
        },
      ]);
      return { token, info };
    },

    async resolveToken(token) {
      const row = await resolveHashed<TokenRow>('tokens', token);
      if (row === null || row.revoked_at !== null) return null;
      const at = stamp();
      if (row.last_used_at === null || row.last_used_at <= stamp(-LAST_USED_RESOLUTION_MS)) {
        await db.run('UPDATE tokens SET last_used_at = ? WHERE id = ?', [at, row.id]);
        row.last_used_at = at;
      }
      return toTokenInfo(row);
    },

    async listTokens(username) {
      const rows = await db.all<TokenRow>('SELECT * FROM tokens WHERE username = ? ORDER BY created_at, rowid', [normalizeUsername(username)]);
      return rows.map(toTokenInfo);
    },

    async revokeToken(id, username) {
      // Idempotent: revoking twice keeps the first revocation time and still reports the token found.
      const { changes } =
        username === undefined
          ? await db.run('UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?', [stamp(), id])
          : await db.run('UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND username = ?', [stamp(), id, normalizeUsername(username)]);
      return changes > 0;
    },

    // Web sessions

    async createSession(username, ttlSeconds) {
      const login = normalizeUsername(username);
      if (typeof ttlSeconds !== 'number' || !Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw invalid('session ttl must be a positive number of seconds');
      const sessionId = generateSecret('');
      const at = stamp();
      await db.batch([
        accountInsert(login, at),
        // Housekeeping rides along with each sign-in, so expired sessions never pile up.
        { sql: 'DELETE FROM sessions WHERE expires_at <= ?', params: [at] },
        { sql: 'INSERT INTO sessions (hash, username, created_at, expires_at) VALUES (?, ?, ?, ?)', params: [await hashSecret(sessionId), login, at, stamp(ttlSeconds * 1000)] },
      ]);
      return sessionId;
    },

    async resolveSession(sessionId) {
      const row = await resolveHashed<{ hash: string; username: string; expires_at: string }>('sessions', sessionId);
      if (row === null) return null;
      if (row.expires_at <= stamp()) {
        await db.run('DELETE FROM sessions WHERE hash = ?', [row.hash]);
        return null;
      }
      return row.username;
    },

    async deleteSession(sessionId) {
      if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > MAX_SECRET_LENGTH) return;
      await db.run('DELETE FROM sessions WHERE hash = ?', [await hashSecret(sessionId)]);
    },

    // Scan keys

    async createScanKey(input) {
      const username = normalizeUsername(input.username);
      const allowance = requireAllowance(input.monthlyAllowance ?? freeAllowance);
      const key = generateSecret(requireText(input.prefix, 'scan key prefix'));
      const info: ScanKeyInfo = { id: generateId('key_'), username, name: input.name ?? 'default', monthlyAllowance: allowance, createdAt: stamp(), revokedAt: null };
      await db.batch([
        accountInsert(username, info.createdAt),
        {
          sql: 'INSERT INTO scan_keys (id, username, name, hash, monthly_allowance, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          params: [info.id, username, info.name, await hashSecret(key), allowance, info.createdAt],
        },
      ]);
      return { key, info };
    },

    async resolveScanKey(key) {
      const row = await resolveHashed<ScanKeyRow>('scan_keys', key);
      return row === null || row.revoked_at !== null ? null : toScanKeyInfo(row);
    },

    listScanKeys,

    async revokeScanKey(id, username) {
      const { changes } =
        username === undefined
          ? await db.run('UPDATE scan_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?', [stamp(), id])
          : await db.run('UPDATE scan_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND username = ?', [stamp(), id, normalizeUsername(username)]);
      return changes > 0;
    },

    async setScanKeyAllowance(id, monthlyAllowance) {
      const { changes } = await db.run('UPDATE scan_keys SET monthly_allowance = ? WHERE id = ?', [requireAllowance(monthlyAllowance), id]);
      return changes > 0;
    },

    async consumeScan(keyId, month): Promise<ScanUsage> {
      if (typeof month !== 'string' || !MONTH.test(month)) throw invalid(`month must be YYYY-MM (got ${JSON.stringify(String(month)).slice(0, 40)})`);
      // One statement: the count rises only while under the key's current allowance, so parallel
      // calls can never pass the limit, on either driver.
      const row = await db.first<{ used: number; lim: number }>(
        'INSERT INTO scan_usage (key_id, month, used) ' +
          'SELECT id, ?, 1 FROM scan_keys WHERE id = ? AND revoked_at IS NULL AND monthly_allowance > 0 ' +
          'ON CONFLICT (key_id, month) DO UPDATE SET used = scan_usage.used + 1 ' +
          'WHERE scan_usage.used < (SELECT monthly_allowance FROM scan_keys WHERE id = excluded.key_id AND revoked_at IS NULL) ' +
          'RETURNING used, (SELECT monthly_allowance FROM scan_keys WHERE id = scan_usage.key_id) AS lim',
        [month, keyId],
      );
      if (row !== null) return { ok: true, used: row.used, limit: row.lim };
      const state = await db.first<{ used: number | null; lim: number }>(
        'SELECT k.monthly_allowance AS lim, u.used AS used FROM scan_keys k LEFT JOIN scan_usage u ON u.key_id = k.id AND u.month = ? WHERE k.id = ?',
        [month, keyId],
      );
      return { ok: false, used: state?.used ?? 0, limit: state?.lim ?? 0 };
    },

    // Rate limits

    async hitRateLimit(bucket, windowStart) {
      if (!Number.isSafeInteger(windowStart)) throw invalid('rate-limit window start must be a whole number');
      const row = await db.first<{ count: number }>(
        'INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 1) ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limits.count + 1 RETURNING count',
        [requireText(bucket, 'rate-limit bucket'), windowStart],
      );
      return row?.count ?? 0;
    },

    async pruneRateLimits(before) {
      await db.run('DELETE FROM rate_limits WHERE window_start < ?', [before]);
    },

    // Downloads

    async addDownload(owner, name) {
      const row = await db.first<{ count: number }>(
        'INSERT INTO downloads (owner, name, count) VALUES (?, ?, 1) ON CONFLICT (owner, name) DO UPDATE SET count = downloads.count + 1 RETURNING count',
        [requireText(owner, 'owner'), requireText(name, 'name')],
      );
      return row?.count ?? 0;
    },

    async downloadCounts() {
      const rows = await db.all<{ owner: string; name: string; count: number }>('SELECT owner, name, count FROM downloads');
      return new Map(rows.map((row) => [`${row.owner}/${row.name}`, row.count]));
    },

    // Reports

    async createReport(input) {
      if (!REPORT_REASONS.includes(input.reason)) throw invalid(`reason must be one of ${REPORT_REASONS.join(', ')}`);
      const row = await db.first<ReportRow>(
        'INSERT INTO reports (id, owner, name, reporter, reason, details, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
        [generateId('rep_'), requireText(input.owner, 'owner'), requireText(input.name, 'name'), normalizeUsername(input.reporter), input.reason, input.details ?? null, 'open', stamp()],
      );
      if (row === null) throw new RegistryError('INTERNAL', 'the report could not be stored; try again');
      return toReport(row);
    },

    async listReports(status) {
      const rows =
        status === undefined
          ? await db.all<ReportRow>('SELECT * FROM reports ORDER BY created_at, rowid')
          : await db.all<ReportRow>('SELECT * FROM reports WHERE status = ? ORDER BY created_at, rowid', [status]);
      return rows.map(toReport);
    },

    async resolveReport(id, input) {
      const row = await db.first<ReportRow>(
        "UPDATE reports SET status = 'resolved', resolution = ?, resolved_by = ?, resolved_at = ? WHERE id = ? RETURNING *",
        [requireText(input.resolution, 'resolution'), normalizeUsername(input.by), stamp(), id],
      );
      return row === null ? null : toReport(row);
    },

    // Reviews

    async importReviews(records) {
      let added = 0;
      for (const part of chunk(records, CHUNK)) {
        const results = await db.batch(
          part.map((r) => ({
            // DO NOTHING without a target also skips a second top-level review by the same author.
            sql: 'INSERT INTO reviews (id, owner, name, parent_id, author, rating, body, likes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id',
            params: [r.id, r.owner, r.name, r.parentId, r.author, r.rating, r.body, r.likes, r.createdAt, r.updatedAt],
          })),
        );
        for (const rows of results) added += rows.length;
      }
      return added;
    },

    async listReviews(owner, name) {
      const rows = await db.all<ReviewRow>('SELECT * FROM reviews WHERE owner = ? AND name = ? ORDER BY created_at, rowid', [owner, name]);
      return rows.map(toReview);
    },

    async getReview(id) {
      const row = await db.first<ReviewRow>('SELECT * FROM reviews WHERE id = ?', [id]);
      return row === null ? null : toReview(row);
    },

    async createReview(record) {
      requireText(record.id, 'review id');
      requireText(record.author, 'review author');
      if (typeof record.body !== 'string') throw invalid('review body must be a string');
      const rating = record.parentId === null ? requireRating(record.rating) : null;
      if (record.parentId !== null && record.rating !== null) throw invalid('a reply has no rating; leave rating out');
      const at = stamp();
      // A reply is stored only under an existing review of the same soul; the queue row is added
      // only when the review row was (same condition), so both happen or neither.
      const parentOk = '(? IS NULL OR EXISTS (SELECT 1 FROM reviews p WHERE p.id = ? AND p.owner = ? AND p.name = ?))';
      const parentParams = [record.parentId, record.parentId, record.owner, record.name];
      let results: Record<string, unknown>[][];
      try {
        results = await db.batch([
          {
            sql: `INSERT INTO reviews (id, owner, name, parent_id, author, rating, body, likes, created_at, updated_at) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${parentOk}`,
            params: [record.id, record.owner, record.name, record.parentId, record.author, rating, record.body, Number.isSafeInteger(record.likes) ? record.likes : 0, record.createdAt, record.updatedAt, ...parentParams],
          },
          reviewQueueInsert(`r.id = ? AND ${parentOk}`, [record.id, ...parentParams], record.author, at),
        ]);
      } catch (err) {
        if (record.parentId === null) {
          const existing = await db.first('SELECT id FROM reviews WHERE owner = ? AND name = ? AND author = ? COLLATE NOCASE AND parent_id IS NULL', [record.owner, record.name, record.author]);
          if (existing !== null) {
            throw new StateConflictError('review-exists', `${record.author} has already reviewed ${record.owner}/${record.name}; update your existing review instead`);
          }
        }
        throw err;
      }
      const seq = seqOf(results[1]);
      if (seq === null) throw new RegistryError('NOT_FOUND', `review ${String(record.parentId)} was not found on ${record.owner}/${record.name}; reply to an existing review`);
      return seq;
    },

    async updateReview(id, patch) {
      if (patch.rating !== undefined) requireRating(patch.rating);
      if (patch.body !== undefined && typeof patch.body !== 'string') throw invalid('review body must be a string');
      const results = await db.batch([
        {
          // A reply keeps its null rating whatever the patch says.
          sql: 'UPDATE reviews SET rating = CASE WHEN parent_id IS NULL THEN COALESCE(?, rating) ELSE rating END, body = COALESCE(?, body), updated_at = ? WHERE id = ?',
          params: [patch.rating ?? null, patch.body ?? null, requireText(patch.updatedAt, 'updatedAt'), id],
        },
        reviewQueueInsert('r.id = ?', [id], null, stamp()),
      ]);
      return seqOf(results[1]);
    },

    async deleteReview(id, actor) {
      // One queued write per removed review (its file goes at flush time), then the rows.
      const results = await db.batch([
        reviewQueueInsert(`r.id IN (${REVIEW_SUBTREE})`, [id], actor === undefined ? null : normalizeUsername(actor), stamp()),
        { sql: `DELETE FROM review_likes WHERE review_id IN (${REVIEW_SUBTREE})`, params: [id] },
        { sql: `DELETE FROM reviews WHERE id IN (${REVIEW_SUBTREE})`, params: [id] },
      ]);
      return seqOf(results[0]);
    },

    async likeReview(id, username) {
      const login = normalizeUsername(username);
      const notLiked = 'NOT EXISTS (SELECT 1 FROM review_likes l WHERE l.review_id = ? AND l.username = ?)';
      const results = await db.batch([
        reviewQueueInsert(`r.id = ? AND ${notLiked}`, [id, id, login], login, stamp()),
        { sql: `UPDATE reviews SET likes = likes + 1 WHERE id = ? AND ${notLiked}`, params: [id, id, login] },
        { sql: 'INSERT INTO review_likes (review_id, username, created_at) SELECT id, ?, ? FROM reviews WHERE id = ? ON CONFLICT DO NOTHING', params: [login, stamp(), id] },
        { sql: 'SELECT likes FROM reviews WHERE id = ?', params: [id] },
      ]);
      const row = results[3]?.[0];
      if (row === undefined) return null;
      const seq = seqOf(results[0]);
      return { likes: Number(row['likes']), liked: seq !== null, seq };
    },

    // Publishing

    async enqueuePublish(input) {
      const owner = requireText(input.owner, 'owner');
      const name = requireText(input.name, 'name');
      const version = requireText(input.version, 'version');
      if (!Array.isArray(input.changes) || input.changes.length === 0) throw invalid('a publish needs at least one file change');
      for (const change of input.changes) {
        requireText(change.path, 'file path');
        if (change.content !== null && !(change.content instanceof Uint8Array)) throw invalid(`content of ${change.path} must be bytes (Uint8Array) or null to delete`);
      }
      const at = stamp();
      // The queue row is inserted first, so `max(seq)` inside this transaction is its seq.
      const currentSeq = '(SELECT max(seq) FROM write_queue)';
      const statements: Statement[] = [
        {
          sql: "INSERT INTO write_queue (kind, actor, payload, status, created_at) VALUES ('files', ?, ?, 'pending', ?) RETURNING seq",
          params: [normalizeUsername(input.actor), JSON.stringify({ message: input.message, owner, name, version }), at],
        },
        { sql: `INSERT INTO version_claims (owner, name, version, seq, created_at) VALUES (?, ?, ?, ${currentSeq}, ?)`, params: [owner, name, version, at] },
        ...input.changes.map((change, position): Statement => ({
          sql: `INSERT INTO write_files (seq, position, path, content, deleted) VALUES (${currentSeq}, ?, ?, ?, ?)`,
          params: [position, change.path, change.content, change.content === null ? 1 : 0],
        })),
      ];
      let results: Record<string, unknown>[][];
      try {
        results = await db.batch(statements);
      } catch (err) {
        const claimed = await db.first('SELECT seq FROM version_claims WHERE owner = ? AND name = ? AND version = ?', [owner, name, version]);
        if (claimed !== null) {
          throw new StateConflictError('version-claimed', `version ${version} of ${owner}/${name} is already published or being published; bump "version" in soul.json`);
        }
        throw err;
      }
      const seq = seqOf(results[0]);
      if (seq === null) throw new RegistryError('INTERNAL', 'the publish could not be queued; try again');
      return seq;
    },

    async claimedVersions(owner, name) {
      const rows = await db.all<{ version: string }>('SELECT version FROM version_claims WHERE owner = ? AND name = ? ORDER BY created_at, rowid', [owner, name]);
      return rows.map((row) => row.version);
    },

    // The write queue

    async pendingWrites(limit) {
      if (!Number.isSafeInteger(limit) || limit < 1) return [];
      const rows = await db.all<QueueRow>("SELECT seq, kind, actor, payload, created_at FROM write_queue WHERE status = 'pending' ORDER BY seq LIMIT ?", [limit]);
      const files = await readFiles(rows.filter((row) => row.kind === 'files').map((row) => row.seq));
      return rows.map((row): QueuedWrite => {
        const payload = JSON.parse(row.payload) as Record<string, string>;
        if (row.kind === 'review') {
          return { seq: row.seq, kind: 'review', reviewId: payload['reviewId'] ?? '', owner: payload['owner'] ?? '', name: payload['name'] ?? '', actor: row.actor, createdAt: row.created_at };
        }
        return { seq: row.seq, kind: 'files', message: payload['message'] ?? '', actor: row.actor, changes: files.get(row.seq) ?? [], createdAt: row.created_at };
      });
    },

    async completeWrites(seqs, commit) {
      if (seqs.length === 0) return;
      requireText(commit, 'commit');
      const at = stamp();
      // All chunks in one batch: the writes are marked together; their bytes now live in git.
      const statements: Statement[] = [];
      for (const part of chunk(seqs, 500)) {
        const list = JSON.stringify(part);
        statements.push(
          { sql: "UPDATE write_queue SET status = 'committed', commit_sha = ?, committed_at = ? WHERE status = 'pending' AND seq IN (SELECT value FROM json_each(?))", params: [commit, at, list] },
          { sql: 'DELETE FROM write_files WHERE seq IN (SELECT value FROM json_each(?))', params: [list] },
        );
      }
      await db.batch(statements);
    },

    async writeStatus(seq): Promise<WriteStatus> {
      const row = await db.first<{ status: string; commit_sha: string | null }>('SELECT status, commit_sha FROM write_queue WHERE seq = ?', [seq]);
      if (row === null) return { state: 'unknown' };
      if (row.status === 'committed' && row.commit_sha !== null) return { state: 'committed', commit: row.commit_sha };
      return { state: 'pending' };
    },

    async pendingCount() {
      const row = await db.first<{ n: number }>("SELECT count(*) AS n FROM write_queue WHERE status = 'pending'");
      return row?.n ?? 0;
    },

    // Meta

    async getMeta(key) {
      const row = await db.first<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]);
      return row?.value ?? null;
    },

    async setMeta(key, value) {
      await db.run('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [requireText(key, 'meta key'), value]);
    },
  };
}
