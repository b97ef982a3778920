// The node:sqlite driver of `SqlDb`: one DatabaseSync connection in WAL mode with synchronous=FULL,
// so a write is on disk when its promise resolves and survives a crash or SIGKILL of the process.
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqlDb, SqlValue } from './types.ts';

/** Wait this long for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;
/** Prepared statements kept per connection (the store uses a few dozen distinct ones). */
const STATEMENT_CACHE_SIZE = 256;

export type SqliteDb = SqlDb & { close(): void };

function toRow(raw: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    // Blobs come back as Uint8Array (or Buffer, a subclass): hand out plain Uint8Array copies.
    row[key] = value instanceof Uint8Array ? new Uint8Array(value) : value;
  }
  return row;
}

/**
 * A `SqlDb` over node:sqlite. Creates the file if missing; `':memory:'` gives a private database.
 *
 * @example
 * const db = createSqliteDb('.cache/state.db');
 * const store = createStateStore(db);
 * await store.migrate();
 * db.close();
 */
export function createSqliteDb(path: string): SqliteDb {
  const db = new DatabaseSync(path, { timeout: BUSY_TIMEOUT_MS });
  if (path !== ':memory:' && path !== '') db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec('PRAGMA foreign_keys = ON');
  const cache = new Map<string, StatementSync>();

  function prepare(sql: string): StatementSync {
    let stmt = cache.get(sql);
    if (stmt === undefined) {
      stmt = db.prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(sql, stmt);
    }
    return stmt;
  }

  function allRows(sql: string, params: readonly SqlValue[] = []): Record<string, unknown>[] {
    return prepare(sql)
      .all(...(params as SQLInputValue[]))
      .map((row) => toRow(row as Record<string, unknown>));
  }

  return {
    async all<T>(sql: string, params?: readonly SqlValue[]) {
      return allRows(sql, params) as T[];
    },
    async first<T>(sql: string, params?: readonly SqlValue[]) {
      const rows = allRows(sql, params);
      return (rows[0] ?? null) as T | null;
    },
    async run(sql, params = []) {
      const result = prepare(sql).run(...(params as SQLInputValue[]));
      return { changes: Number(result.changes) };
    },
    async batch(statements) {
      // IMMEDIATE takes the write lock up front, so two connections cannot both read then fail to write.
      db.exec('BEGIN IMMEDIATE');
      try {
        const results = statements.map((s) => allRows(s.sql, s.params));
        db.exec('COMMIT');
        return results;
      } catch (err) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw err;
      }
    },
    async exec(sql) {
      db.exec(sql);
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
