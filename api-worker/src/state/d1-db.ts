// The Cloudflare D1 driver of `SqlDb`, typed structurally (only the D1 calls used) so Node code
// needs no Workers types. D1's `batch` is a transaction; its `exec` is line-based, so scripts are
// split into statements here and sent as one batch.
import type { SqlDb, SqlValue } from './types.ts';

/** The part of a D1 prepared statement this driver uses. */
export interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  all(): Promise<{ results: unknown[] }>;
  first(): Promise<unknown>;
  run(): Promise<{ meta: { changes?: number } }>;
}

/** The part of a D1 database binding this driver uses (`env.DB` on Workers, `mf.getD1Database()` in tests). */
export interface D1Like {
  prepare(sql: string): D1StatementLike;
  batch(statements: D1StatementLike[]): Promise<{ results: unknown[] }[]>;
}

function toRow(raw: unknown): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    // D1 returns BLOB columns as arrays of byte values; no other column type is an array.
    row[key] = Array.isArray(value) ? Uint8Array.from(value as number[]) : value;
  }
  return row;
}

/**
 * Split a SQL script into statements at `;` outside quotes and comments. One linear pass; a
 * statement containing `;` inside BEGIN...END (triggers) is not supported, and the schema has none.
 *
 * @example
 * splitSqlStatements("CREATE TABLE a (x);\nINSERT INTO a VALUES (';');"); // two statements
 */
export function splitSqlStatements(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  // Whether the current statement has anything besides whitespace and comments.
  let hasCode = false;
  let i = 0;
  while (i < script.length) {
    const ch = script[i] ?? '';
    if (ch === "'" || ch === '"' || ch === '`') {
      const close = script.indexOf(ch, i + 1);
      // A doubled quote escapes itself; scanning on from the closing one treats it as a new quote.
      i = close === -1 ? script.length : close + 1;
      hasCode = true;
    } else if (ch === '-' && script[i + 1] === '-') {
      const nl = script.indexOf('\n', i);
      i = nl === -1 ? script.length : nl + 1;
    } else if (ch === '/' && script[i + 1] === '*') {
      const close = script.indexOf('*/', i + 2);
      i = close === -1 ? script.length : close + 2;
    } else if (ch === ';') {
      if (hasCode) statements.push(script.slice(start, i).trim());
      i += 1;
      start = i;
      hasCode = false;
    } else {
      if (ch.trim() !== '') hasCode = true;
      i += 1;
    }
  }
  if (hasCode) statements.push(script.slice(start).trim());
  return statements;
}

/**
 * A `SqlDb` over a D1 binding.
 *
 * @example
 * export default { fetch: (req, env) => app(req, { state: createStateStore(createD1Db(env.DB)) }) };
 */
export function createD1Db(d1: D1Like): SqlDb {
  const bound = (sql: string, params: readonly SqlValue[] = []): D1StatementLike => {
    const stmt = d1.prepare(sql);
    return params.length === 0 ? stmt : stmt.bind(...params.map((value) => value ?? null));
  };

  return {
    async all<T>(sql: string, params?: readonly SqlValue[]) {
      const { results } = await bound(sql, params).all();
      return results.map(toRow) as T[];
    },
    async first<T>(sql: string, params?: readonly SqlValue[]) {
      const row = await bound(sql, params).first();
      return (row === null || row === undefined ? null : toRow(row)) as T | null;
    },
    async run(sql, params) {
      const { meta } = await bound(sql, params).run();
      return { changes: meta.changes ?? 0 };
    },
    async batch(statements) {
      if (statements.length === 0) return [];
      const results = await d1.batch(statements.map((s) => bound(s.sql, s.params)));
      return results.map((r) => (r.results ?? []).map(toRow));
    },
    async exec(sql) {
      const statements = splitSqlStatements(sql);
      if (statements.length === 0) return;
      await d1.batch(statements.map((s) => d1.prepare(s)));
    },
  };
}
