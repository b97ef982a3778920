// The one SQL schema of the state store, valid on SQLite (node:sqlite) and Cloudflare D1: plain
// statements only (no PRAGMA, no triggers, no explicit transactions), each `CREATE ... IF NOT EXISTS`.

/** Bumped when the schema changes; kept in `meta` under `schema_version`. */
export const SCHEMA_VERSION = 1;

/** The `meta` key holding the schema version a database was migrated to. */
export const SCHEMA_VERSION_KEY = 'schema_version';

/**
 * The whole schema as one script; running it twice changes nothing.
 *
 * @example
 * await db.exec(STATE_SCHEMA);
 */
export const STATE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS accounts (
  username TEXT PRIMARY KEY,
  tier TEXT NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'enterprise')),
  blocked INTEGER NOT NULL DEFAULT 0,
  blocked_reason TEXT,
  moderator INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS tokens (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('personal', 'legacy')),
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS tokens_by_username ON tokens (username);

CREATE TABLE IF NOT EXISTS sessions (
  hash TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_by_expiry ON sessions (expires_at);

CREATE TABLE IF NOT EXISTS scan_keys (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  name TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  monthly_allowance INTEGER NOT NULL CHECK (monthly_allowance >= 0),
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX IF NOT EXISTS scan_keys_by_username ON scan_keys (username);

CREATE TABLE IF NOT EXISTS scan_usage (
  key_id TEXT NOT NULL,
  month TEXT NOT NULL,
  used INTEGER NOT NULL,
  PRIMARY KEY (key_id, month)
);

CREATE TABLE IF NOT EXISTS rate_limits (
  bucket TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX IF NOT EXISTS rate_limits_by_window ON rate_limits (window_start);

CREATE TABLE IF NOT EXISTS downloads (
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (owner, name)
);

CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  reporter TEXT NOT NULL,
  reason TEXT NOT NULL,
  details TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  resolution TEXT,
  resolved_by TEXT,
  created_at TEXT NOT NULL,
  resolved_at TEXT
);
CREATE INDEX IF NOT EXISTS reports_by_status ON reports (status, created_at);

CREATE TABLE IF NOT EXISTS reviews (
  id TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  parent_id TEXT,
  author TEXT NOT NULL,
  rating INTEGER,
  body TEXT NOT NULL,
  likes INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS reviews_by_soul ON reviews (owner, name, created_at);
CREATE INDEX IF NOT EXISTS reviews_by_parent ON reviews (parent_id) WHERE parent_id IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS reviews_one_per_author ON reviews (owner, name, author COLLATE NOCASE) WHERE parent_id IS NULL;

CREATE TABLE IF NOT EXISTS review_likes (
  review_id TEXT NOT NULL,
  username TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (review_id, username)
);

CREATE TABLE IF NOT EXISTS version_claims (
  owner TEXT NOT NULL,
  name TEXT NOT NULL,
  version TEXT NOT NULL,
  seq INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (owner, name, version)
);

CREATE TABLE IF NOT EXISTS write_queue (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('review', 'files')),
  actor TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'committed')),
  commit_sha TEXT,
  created_at TEXT NOT NULL,
  committed_at TEXT
);
CREATE INDEX IF NOT EXISTS write_queue_pending ON write_queue (seq) WHERE status = 'pending';

CREATE TABLE IF NOT EXISTS write_files (
  seq INTEGER NOT NULL,
  position INTEGER NOT NULL,
  path TEXT NOT NULL,
  content BLOB,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (seq, position)
);
`;
