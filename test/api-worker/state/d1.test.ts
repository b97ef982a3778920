import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createD1Db, splitSqlStatements } from '../../../api-worker/src/state/d1-db.ts';
import type { D1Like } from '../../../api-worker/src/state/d1-db.ts';
import { holdingStubs } from '../../helpers/d1-stubs.ts';
import { STATE_SCHEMA } from '../../../api-worker/src/state/schema.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';
import type { SqlDb } from '../../../api-worker/src/state/types.ts';
import { defineSqlDbContract, defineStateStoreContract, dumpSqlDb } from './contract.ts';

// One workerd process for the file; each test starts from an empty database by dropping every table.
let mf: Miniflare | null = null;
let d1: D1Like | null = null;
let release = (): void => {};

beforeAll(async () => {
  mf = new Miniflare({ modules: true, script: 'export default { fetch() { return new Response(null, { status: 204 }); } };', d1Databases: ['DB'] });
  // The real binding must fit the structural type the driver asks for.
  const binding: D1Like = await mf.getD1Database('DB');
  ({ d1, release } = holdingStubs(binding));
});

afterAll(async () => {
  await mf?.dispose();
});

async function emptyDb(): Promise<SqlDb> {
  if (d1 === null) throw new Error('miniflare is not running');
  // the calls of the test before have all returned
  release();
  const db = createD1Db(d1);
  const objects = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'");
  if (objects.length > 0) await db.batch(objects.map(({ name }) => ({ sql: `DROP TABLE IF EXISTS "${name}"` })));
  return db;
}

let current: SqlDb | null = null;
defineStateStoreContract(
  'D1 in workerd',
  async (options) => {
    current = await emptyDb();
    const store = createStateStore(current, options);
    await store.migrate();
    return store;
  },
  { dump: async () => (current === null ? '' : dumpSqlDb(current)) },
);

defineSqlDbContract('D1 in workerd', emptyDb);

describe('splitSqlStatements', () => {
  it('splits at semicolons outside quotes and comments', () => {
    expect(splitSqlStatements("INSERT INTO a VALUES ('x;y', \"q;\"); -- c;\n/* d; */ SELECT 1;")).toEqual([
      "INSERT INTO a VALUES ('x;y', \"q;\")",
      '-- c;\n/* d; */ SELECT 1',
    ]);
  });

  it('keeps doubled quotes inside a string', () => {
    expect(splitSqlStatements("SELECT 'it''s; fine'; SELECT 2")).toEqual(["SELECT 'it''s; fine'", 'SELECT 2']);
  });

  it('drops empty and comment-only pieces', () => {
    expect(splitSqlStatements(';;\n-- only a comment\n  ;')).toEqual([]);
  });

  it('finds every CREATE statement of the schema', () => {
    const statements = splitSqlStatements(STATE_SCHEMA);
    expect(statements.length).toBe((STATE_SCHEMA.match(/CREATE /g) ?? []).length);
    expect(statements.every((s) => s.startsWith('CREATE '))).toBe(true);
  });
});
