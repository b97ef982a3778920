import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';
import type { SqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { defineSqlDbContract, defineStateStoreContract, dumpSqlDb } from './contract.ts';

const NODE = fileURLToPath(new URL('../../../node_modules/.bin/node', import.meta.url));
const CHILD = fileURLToPath(new URL('./state-child.ts', import.meta.url));

const opened: SqliteDb[] = [];
const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'soul-state-'));
  dirs.push(dir);
  return dir;
}
function openDb(path: string): SqliteDb {
  const db = createSqliteDb(path);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Run the child script; resolves with its first stdout line and the process. */
function runChild(args: string[]): Promise<{ line: string; child: ReturnType<typeof spawn> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, ['--no-warnings', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const nl = out.indexOf('\n');
      if (nl !== -1) resolve({ line: out.slice(0, nl), child });
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (!out.includes('\n')) reject(new Error(`child exited with ${String(code)} before answering: ${err}`));
    });
  });
}

let memory: SqliteDb | null = null;
defineStateStoreContract(
  'node:sqlite in memory',
  async (options) => {
    memory = openDb(':memory:');
    const store = createStateStore(memory, options);
    await store.migrate();
    return store;
  },
  { dump: async () => (memory === null ? '' : dumpSqlDb(memory)) },
);

let filePath = '';
defineStateStoreContract(
  'node:sqlite on disk',
  async (options) => {
    filePath = join(tempDir(), 'state.db');
    const store = createStateStore(openDb(filePath), options);
    await store.migrate();
    return store;
  },
  {
    // The raw bytes of the database and its write-ahead log: no secret may appear anywhere on disk.
    dump: async () => [filePath, `${filePath}-wal`].filter(existsSync).map((p) => readFileSync(p).toString('latin1')).join('\n'),
  },
);

defineSqlDbContract('node:sqlite', async () => openDb(':memory:'));

describe('node:sqlite driver', () => {
  it('opens a file in WAL mode with synchronous FULL and foreign keys on', async () => {
    const db = openDb(join(tempDir(), 'state.db'));
    expect(await db.first('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await db.first('PRAGMA synchronous')).toEqual({ synchronous: 2 });
    expect(await db.first('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 });
  });

  it('keeps every acknowledged write when the process is killed with SIGKILL', async () => {
    const path = join(tempDir(), 'state.db');
    const { line, child } = await runChild([path, 'write-then-hang']);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const ack = JSON.parse(line) as { seq: number; token: string };
    const db = openDb(path);
    const store = createStateStore(db);
    await store.migrate();
    expect(await db.first('PRAGMA integrity_check')).toEqual({ integrity_check: 'ok' });
    const [write] = await store.pendingWrites(10);
    expect(write).toMatchObject({ seq: ack.seq, kind: 'files', changes: [{ path: 'souls/acme/tutor/logo.bin', content: new Uint8Array([0, 0xff, 0xc3, 0x28, 0x80]) }] });
    expect((await store.resolveToken(ack.token))?.username).toBe('ada');
    expect((await store.getReview('rev-1'))?.author).toBe('bob');
    expect(await store.pendingCount()).toBe(2);
  });

  it('never exceeds a scan allowance across three processes sharing one file', async () => {
    const path = join(tempDir(), 'state.db');
    const store = createStateStore(openDb(path));
    await store.migrate();
    const { info } = await store.createScanKey({ username: 'ada', prefix: 'cs_scan_', monthlyAllowance: 100 });
    const answers = await Promise.all([0, 1, 2].map(() => runChild([path, 'scan', info.id, '60'])));
    const ok = answers.map(({ line }) => (JSON.parse(line) as { ok: number }).ok);
    expect(ok.reduce((a, b) => a + b, 0)).toBe(100);
    expect(await store.consumeScan(info.id, '2025-01')).toEqual({ ok: false, used: 100, limit: 100 });
  });

  it('completes more writes than one chunk of the store holds, in one call', async () => {
    const store = createStateStore(openDb(':memory:'));
    await store.migrate();
    const seqs: number[] = [];
    for (let i = 0; i < 1200; i++) seqs.push(await store.createReview({ id: `r${i}`, owner: 'acme', name: 'tutor', parentId: null, author: `u${i}`, rating: 5, body: 'b', likes: 0, createdAt: 'x', updatedAt: 'x' }));
    await store.completeWrites(seqs, 'abc');
    expect(await store.pendingCount()).toBe(0);
    expect(await store.writeStatus(seqs[1199] ?? -1)).toEqual({ state: 'committed', commit: 'abc' });
  });

  it('sees writes of a second connection to the same file at once', async () => {
    const path = join(tempDir(), 'state.db');
    const a = createStateStore(openDb(path));
    await a.migrate();
    const b = createStateStore(openDb(path));
    await b.migrate();
    await a.setMeta('head', 'abc');
    expect(await b.getMeta('head')).toBe('abc');
  });
});
