import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteDb, type SqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';
import type { StateStore } from '../../../api-worker/src/state/types.ts';
import { createSandbox, type Sandbox } from './run-inline.ts';

let box: Sandbox;
let dataDir: string;
const open: SqliteDb[] = [];

beforeEach(() => {
  box = createSandbox();
  dataDir = join(box.root, 'data');
});
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  box.cleanup();
});

function admin(...args: string[]): ReturnType<Sandbox['run']> {
  return box.run(['admin', ...args, '--data-dir', dataDir]);
}

/** The same database the commands wrote, opened directly. */
async function store(): Promise<StateStore> {
  const db = createSqliteDb(join(dataDir, 'state.sqlite'));
  open.push(db);
  const s = createStateStore(db);
  await s.migrate();
  return s;
}

function tokenIn(text: string, prefix: string): string {
  const m = new RegExp(`${prefix}[A-Za-z0-9]{20,}`).exec(text);
  expect(m, text).not.toBeNull();
  return m![0];
}

describe('soul admin token', () => {
  it('creates a token, prints it once, and creates the account and the database', async () => {
    const r = await admin('token', 'create', 'Alice', '--name', 'laptop');
    expect(r.code).toBe(0);
    const token = tokenIn(r.stdout, 'cs_');
    expect(r.stdout).toContain('not shown again');
    const s = await store();
    expect(await s.getAccount('alice')).toMatchObject({ username: 'alice', tier: 'free', blocked: false });
    expect(await s.resolveToken(token)).toMatchObject({ username: 'alice', name: 'laptop', kind: 'personal' });
  });

  it('creates a legacy token without the prefix with --legacy', async () => {
    const r = await admin('token', 'create', 'alice', '--legacy', '--json');
    const body = JSON.parse(r.stdout) as { token: string; kind: string };
    expect(body.kind).toBe('legacy');
    expect(body.token.startsWith('cs_')).toBe(false);
    expect(await (await store()).resolveToken(body.token)).toMatchObject({ kind: 'legacy' });
  });

  it('lists tokens without their secrets', async () => {
    const created = JSON.parse((await admin('token', 'create', 'alice', '--name', 'ci', '--json')).stdout) as { token: string; id: string };
    const r = await admin('token', 'list', 'alice');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ID +NAME +KIND +CREATED +LAST USED +REVOKED$/m);
    expect(r.stdout).toContain(created.id);
    expect(r.stdout).toContain('ci');
    expect(r.stdout).not.toContain(created.token);
  });

  it('revokes a token so it no longer resolves', async () => {
    const created = JSON.parse((await admin('token', 'create', 'alice', '--json')).stdout) as { token: string; id: string };
    const r = await admin('token', 'revoke', created.id);
    expect(r.code).toBe(0);
    expect(await (await store()).resolveToken(created.token)).toBeNull();
    const list = JSON.parse((await admin('token', 'list', 'alice', '--json')).stdout) as { id: string; revokedAt: string | null }[];
    expect(list[0]!.revokedAt).not.toBeNull();
  });

  it('exits 1 for an unknown token id', async () => {
    await admin('token', 'create', 'alice');
    const r = await admin('token', 'revoke', 'tok_nope');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no token with id "tok_nope"');
  });

  it('exits 2 for a user name that is not a login', async () => {
    const r = await admin('token', 'create', '../root');
    expect(r.code).toBe(2);
    expect(existsSync(join(dataDir, 'state.sqlite'))).toBe(false);
  });
});

describe('soul admin key', () => {
  it('creates a scan key with the free allowance by default', async () => {
    const r = await admin('key', 'create', 'bob');
    expect(r.code).toBe(0);
    const key = tokenIn(r.stdout, 'cs_scan_');
    expect(await (await store()).resolveScanKey(key)).toMatchObject({ username: 'bob', monthlyAllowance: 100 });
  });

  it('lists keys with allowance and use this month', async () => {
    await admin('key', 'create', 'bob', '--allowance', '50', '--name', 'ci');
    await admin('key', 'create', 'carol');
    const all = await admin('key', 'list');
    expect(all.stdout).toMatch(/^ID +USER +NAME +ALLOWANCE +USED THIS MONTH +CREATED +REVOKED$/m);
    expect(all.stdout).toMatch(/bob +ci +50 +0 /);
    const bobs = JSON.parse((await admin('key', 'list', 'bob', '--json')).stdout) as { username: string }[];
    expect(bobs.map((k) => k.username)).toEqual(['bob']);
  });

  it('raises a key\'s allowance and puts its owner on the enterprise tier', async () => {
    const { id } = JSON.parse((await admin('key', 'create', 'bob', '--json')).stdout) as { id: string };
    const r = await admin('key', 'allowance', id, '10000');
    expect(r.code).toBe(0);
    const s = await store();
    expect((await s.listScanKeys('bob'))[0]!.monthlyAllowance).toBe(10000);
    expect((await s.getAccount('bob'))!.tier).toBe('enterprise');
  });

  it('exits 2 for an allowance that is not a whole number', async () => {
    const { id } = JSON.parse((await admin('key', 'create', 'bob', '--json')).stdout) as { id: string };
    expect((await admin('key', 'allowance', id, '-5')).code).toBe(2);
    expect((await admin('key', 'allowance', id, 'lots')).code).toBe(2);
  });

  it('revokes a key', async () => {
    const { id, key } = JSON.parse((await admin('key', 'create', 'bob', '--json')).stdout) as { id: string; key: string };
    expect((await admin('key', 'revoke', id)).code).toBe(0);
    expect(await (await store()).resolveScanKey(key)).toBeNull();
  });
});

describe('soul admin account', () => {
  it('blocks an account with a reason and unblocks it', async () => {
    await admin('token', 'create', 'mallory');
    expect((await admin('account', 'block', 'mallory', '--reason', 'spam')).code).toBe(0);
    expect(await (await store()).getAccount('mallory')).toMatchObject({ blocked: true, blockedReason: 'spam' });
    expect((await admin('account', 'unblock', 'mallory')).code).toBe(0);
    expect(await (await store()).getAccount('mallory')).toMatchObject({ blocked: false });
  });

  it('blocks a login that has no account yet', async () => {
    const r = await admin('account', 'block', 'spammer');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('(account created)');
    expect(await (await store()).getAccount('spammer')).toMatchObject({ blocked: true });
  });

  it('makes a moderator and takes the role away with --off', async () => {
    await admin('token', 'create', 'mod');
    expect((await admin('account', 'moderator', 'mod')).code).toBe(0);
    expect((await (await store()).getAccount('mod'))!.moderator).toBe(true);
    expect((await admin('account', 'moderator', 'mod', '--off')).code).toBe(0);
    expect((await (await store()).getAccount('mod'))!.moderator).toBe(false);
  });

  it('lists accounts as a table', async () => {
    await admin('token', 'create', 'alice');
    await admin('account', 'block', 'mallory', '--reason', 'spam');
    const r = await admin('account', 'list');
    expect(r.stdout).toMatch(/^USERNAME +TIER +BLOCKED +MODERATOR +CREATED +BLOCK REASON$/m);
    expect(r.stdout).toMatch(/^alice +free +no +no /m);
    expect(r.stdout).toMatch(/^mallory +free +yes +no .* spam$/m);
  });

  it('exits 1 when unblocking an account that does not exist', async () => {
    await admin('token', 'create', 'alice');
    const r = await admin('account', 'unblock', 'ghost');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('there is no account "ghost"');
  });
});

describe('soul admin reports', () => {
  async function report(): Promise<string> {
    await admin('token', 'create', 'alice');
    const s = await store();
    return (await s.createReport({ owner: 'bob', name: 'evil', reporter: 'alice', reason: 'prompt-injection', details: 'hides\u001b[31m instructions' })).id;
  }

  it('lists reports, filtered by status, with user text made safe', async () => {
    const id = await report();
    const r = await admin('reports');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(id);
    expect(r.stdout).toContain('bob/evil');
    expect(r.stdout).toContain('prompt-injection');
    expect(r.stdout).not.toContain('\u001b');
    expect((await admin('reports', '--status', 'resolved')).stdout).toContain('no resolved reports');
  });

  it('resolves a report with a resolution', async () => {
    const id = await report();
    const r = await admin('report', 'resolve', id, '--resolution', 'removed the soul', '--by', 'Mod');
    expect(r.code).toBe(0);
    const [rec] = await (await store()).listReports('resolved');
    expect(rec).toMatchObject({ id, status: 'resolved', resolution: 'removed the soul', resolvedBy: 'mod' });
  });

  it('exits 2 without --resolution', async () => {
    const id = await report();
    const r = await admin('report', 'resolve', id);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--resolution');
  });

  it('exits 2 for a --status other than open or resolved', async () => {
    await report();
    expect((await admin('reports', '--status', 'closed')).code).toBe(2);
  });
});

describe('soul admin: data folder and usage', () => {
  it('uses SOUL_DATA_DIR when there is no --data-dir', async () => {
    const r = await box.run(['admin', 'token', 'create', 'alice'], { SOUL_DATA_DIR: dataDir });
    expect(r.code).toBe(0);
    expect(existsSync(join(dataDir, 'state.sqlite'))).toBe(true);
  });

  it('defaults to .registry in the current folder', async () => {
    expect((await box.run(['admin', 'token', 'create', 'alice'])).code).toBe(0);
    expect(existsSync(join(box.cwd, '.registry/state.sqlite'))).toBe(true);
  });

  it('does not create a database for a read-only command, and says where it looked', async () => {
    const r = await admin('account', 'list');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('no registry state at');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('exits 2 for an unknown subcommand, naming the known ones', async () => {
    const r = await admin('token', 'delete', 'x');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('token takes: create, list, revoke');
  });

  it('exits 2 for an option that does not apply to the subcommand', async () => {
    const r = await admin('account', 'list', '--legacy');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--legacy does not apply to 'account list'");
  });

  it('exits 2 for a missing argument', async () => {
    const r = await admin('token', 'create');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('usage: soul admin token create <user>');
  });
});
