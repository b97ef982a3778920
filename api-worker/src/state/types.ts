// The state store: everything the registry keeps that must never be committed to a public
// repository (token and key hashes, accounts and blocks, rate-limit windows, scan usage, download
// counts, reports), plus the worker's authoritative review records and the durable write queue.
// One SQL schema; one implementation over a tiny SQL interface (`SqlDb`) with two drivers:
// node:sqlite locally and D1 on Workers. Every method is atomic on its own.

/** The SQL a driver must offer; D1 and node:sqlite both fit it. Parameters are positional (`?`). */
export interface SqlDb {
  /** Rows of a query. */
  all<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  /** First row or null. */
  first<T = Record<string, unknown>>(sql: string, params?: readonly SqlValue[]): Promise<T | null>;
  /** Run a statement; `changes` = rows written. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Run statements in one transaction: all or none. Results in order (rows of each statement). */
  batch(statements: readonly { sql: string; params?: readonly SqlValue[] }[]): Promise<Record<string, unknown>[][]>;
  /** Run a multi-statement script (schema). */
  exec(sql: string): Promise<void>;
}

export type SqlValue = string | number | null | Uint8Array;

export type Tier = 'free' | 'enterprise';

export interface Account {
  username: string;
  tier: Tier;
  blocked: boolean;
  /** Why the account was blocked (moderators only). */
  blockedReason: string | null;
  moderator: boolean;
  createdAt: string;
}

export type TokenKind = 'personal' | 'legacy';

export interface TokenInfo {
  id: string;
  username: string;
  kind: TokenKind;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ScanKeyInfo {
  id: string;
  username: string;
  name: string;
  /** Scans allowed per calendar month (UTC). */
  monthlyAllowance: number;
  createdAt: string;
  revokedAt: string | null;
}

export interface ScanUsage {
  ok: boolean;
  /** Scans counted this month, including this one when ok. */
  used: number;
  limit: number;
}

export type ReportReason = 'harmful-content' | 'prompt-injection' | 'malware' | 'impersonation' | 'spam' | 'copyright' | 'other';

export interface ReportRecord {
  id: string;
  owner: string;
  name: string;
  reporter: string;
  reason: ReportReason;
  details: string | null;
  status: 'open' | 'resolved';
  resolution: string | null;
  resolvedBy: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** A review as the worker keeps it (the review file of the repository plus where it belongs). */
export interface ReviewRecord {
  id: string;
  owner: string;
  name: string;
  /** null on a top-level review. */
  parentId: string | null;
  author: string;
  /** 1..5 on a top-level review, null on a reply. */
  rating: number | null;
  body: string;
  likes: number;
  createdAt: string;
  updatedAt: string;
}

/** A queued write. `review` writes render the review's current record (or delete its file) at flush time; `files` writes carry their bytes. */
export type QueuedWrite =
  | { seq: number; kind: 'review'; reviewId: string; owner: string; name: string; actor: string; createdAt: string }
  | { seq: number; kind: 'files'; message: string; actor: string; changes: { path: string; content: Uint8Array | null }[]; createdAt: string };

export type WriteStatus = { state: 'pending' } | { state: 'committed'; commit: string } | { state: 'unknown' };

/** Thrown for a uniqueness the state store enforces (one review per user per soul, a version claimed twice). */
export class StateConflictError extends Error {
  readonly kind: 'review-exists' | 'version-claimed';
  constructor(kind: 'review-exists' | 'version-claimed', message: string) {
    super(message);
    this.name = 'StateConflictError';
    this.kind = kind;
  }
}

export interface StateStore {
  /** Create the schema if missing (idempotent). */
  migrate(): Promise<void>;

  // Accounts
  ensureAccount(username: string): Promise<Account>;
  getAccount(username: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  setBlocked(username: string, blocked: boolean, reason?: string): Promise<boolean>;
  setModerator(username: string, moderator: boolean): Promise<boolean>;
  setTier(username: string, tier: Tier): Promise<boolean>;

  // Personal tokens (`<prefix><43 base62>`; legacy tokens have no prefix). Stored as SHA-256 hashes only.
  createToken(input: { username: string; name?: string; kind?: TokenKind; prefix: string }): Promise<{ token: string; info: TokenInfo }>;
  /** The token's owner, or null when unknown or revoked. Marks it used. Constant-time comparison of hashes. */
  resolveToken(token: string): Promise<TokenInfo | null>;
  listTokens(username: string): Promise<TokenInfo[]>;
  /** Revoke a token; with `username`, only that user's. */
  revokeToken(id: string, username?: string): Promise<boolean>;

  // Web sessions (cookie value = opaque id; stored hashed).
  createSession(username: string, ttlSeconds: number): Promise<string>;
  resolveSession(sessionId: string): Promise<string | null>;
  deleteSession(sessionId: string): Promise<void>;

  // Scan keys (`<scanPrefix><43 base62>`), hashed.
  /** `monthlyAllowance` defaults to the store's free allowance (100 unless configured). */
  createScanKey(input: { username: string; name?: string; prefix: string; monthlyAllowance?: number }): Promise<{ key: string; info: ScanKeyInfo }>;
  resolveScanKey(key: string): Promise<ScanKeyInfo | null>;
  listScanKeys(username?: string): Promise<(ScanKeyInfo & { usedThisMonth: number })[]>;
  revokeScanKey(id: string, username?: string): Promise<boolean>;
  setScanKeyAllowance(id: string, monthlyAllowance: number): Promise<boolean>;
  /** Count one scan for the key in `month` (YYYY-MM) if under the key's allowance; atomic. */
  consumeScan(keyId: string, month: string): Promise<ScanUsage>;

  // Rate limits: fixed windows. Increments the window's counter and returns the count after it.
  hitRateLimit(bucket: string, windowStart: number): Promise<number>;
  /** Forget windows that started before `before` (housekeeping). */
  pruneRateLimits(before: number): Promise<void>;

  // Downloads
  addDownload(owner: string, name: string): Promise<number>;
  downloadCounts(): Promise<Map<string, number>>;

  // Reports (private)
  createReport(input: { owner: string; name: string; reporter: string; reason: ReportReason; details: string | null }): Promise<ReportRecord>;
  listReports(status?: 'open' | 'resolved'): Promise<ReportRecord[]>;
  resolveReport(id: string, input: { resolution: string; by: string }): Promise<ReportRecord | null>;

  // Reviews: the records and the queued write of their file, in one transaction.
  /** Add records found in the repository that the store does not know (by id); returns how many were added. */
  importReviews(records: readonly ReviewRecord[]): Promise<number>;
  listReviews(owner: string, name: string): Promise<ReviewRecord[]>;
  getReview(id: string): Promise<ReviewRecord | null>;
  /** Throws StateConflictError('review-exists') for a second top-level review of the same author on the same soul. Returns the queued write's seq. */
  createReview(record: ReviewRecord): Promise<number>;
  updateReview(id: string, patch: { rating?: number; body?: string; updatedAt: string }): Promise<number | null>;
  /** Deletes the review and its replies (one queued write each; returns the last seq); null when absent. `actor` (default: each review's author) is recorded on the queued writes, e.g. a moderator. */
  deleteReview(id: string, actor?: string): Promise<number | null>;
  /** Idempotent per user: `liked` false when the user had already liked it. */
  likeReview(id: string, username: string): Promise<{ likes: number; liked: boolean; seq: number | null } | null>;

  // Publishing: claim the version and queue its files in one transaction.
  /** Throws StateConflictError('version-claimed') when the version was already claimed. Returns the queued write's seq. */
  enqueuePublish(input: { owner: string; name: string; version: string; actor: string; message: string; changes: { path: string; content: Uint8Array | null }[] }): Promise<number>;
  /** Versions claimed (queued or committed) for a soul. */
  claimedVersions(owner: string, name: string): Promise<string[]>;

  // The durable write queue.
  /** Oldest pending writes first, at most `limit`. */
  pendingWrites(limit: number): Promise<QueuedWrite[]>;
  /** Mark writes committed in `commit`. */
  completeWrites(seqs: readonly number[], commit: string): Promise<void>;
  writeStatus(seq: number): Promise<WriteStatus>;
  pendingCount(): Promise<number>;

  // Small key/value for bookkeeping (imported review head, budgets...).
  getMeta(key: string): Promise<string | null>;
  setMeta(key: string, value: string): Promise<void>;
}
