// `soul admin`: administer the LOCAL registry directly in its state database (<data-dir>/state.sqlite):
// tokens, scan keys and allowances, accounts (block, moderator), reports.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSqliteDb } from '../../../api-worker/src/state/sqlite-db.ts';
import { createStateStore } from '../../../api-worker/src/state/sql-store.ts';
import type { StateStore } from '../../../api-worker/src/state/types.ts';
import type { RegistryConfig } from '../../core/config.ts';
import { isRegistryError } from '../../core/errors.ts';
import { checkOwner, normalizeOwner } from '../../core/paths.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';
import { EXIT, UsageError, type CliIO, type Command, type OptionValues } from '../lib/command.ts';
import { loadRegistryConfig } from '../lib/config.ts';
import { OnlineFailure } from '../lib/online.ts';
import { displayPath } from '../lib/read-package.ts';
import { renderTable } from '../lib/table.ts';

/** The state database's file name inside the data folder. */
export const STATE_FILE = 'state.sqlite';

interface AdminContext {
  store: StateStore;
  io: CliIO;
  values: OptionValues;
  config: RegistryConfig;
  json: boolean;
}

/** `user`: a login, normalised to lower case; `id`: a token, key or report id; `count`: a whole number. */
type ArgKind = 'user' | 'id' | 'count';

interface Subcommand {
  /** Usage after `soul admin`. */
  usage: string;
  /** Kinds of the positional arguments after the subcommand words (checked before the database opens); the last `optional` may be left out. */
  args: readonly ArgKind[];
  optional?: number;
  /** Options it accepts besides --data-dir and --json. */
  options: readonly string[];
  /** Whether it may create the database. */
  writes: boolean;
  /** Check option values before the database opens. */
  check?(values: OptionValues, config: RegistryConfig): void;
  run(ctx: AdminContext, args: string[]): Promise<number>;
}

function user(raw: string): string {
  const login = normalizeOwner(raw);
  const problem = checkOwner(login);
  if (problem) throw new UsageError(problem.replace(/^owner/, 'user'), 'admin');
  return login;
}

function when(iso: string | null): string {
  return iso === null ? '-' : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

function str(values: OptionValues, key: string): string | undefined {
  const v = values[key];
  return typeof v === 'string' ? v : undefined;
}

function wholeNumber(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`${what} must be a whole number of scans a month, e.g. 10000 (got "${sanitizeTerminal(raw).slice(0, 20)}")`, 'admin');
  return Number(raw);
}

function out(ctx: AdminContext, json: unknown, text: string): number {
  ctx.io.out(ctx.json ? `${JSON.stringify(json, null, 2)}\n` : text);
  return EXIT.ok;
}

async function existingAccount(ctx: AdminContext, login: string): Promise<void> {
  if ((await ctx.store.getAccount(login)) === null) {
    throw new OnlineFailure(`there is no account "${login}"; accounts are created with their first token (soul admin token create ${login})`);
  }
}

const SUBCOMMANDS: Readonly<Record<string, Subcommand>> = {
  'token create': {
    usage: 'token create <user> [--name N] [--legacy]',
    args: ['user'],
    options: ['name', 'legacy'],
    writes: true,
    async run(ctx, [raw]) {
      const login = raw!;
      await ctx.store.ensureAccount(login);
      const legacy = ctx.values['legacy'] === true;
      const name = str(ctx.values, 'name');
      const { token, info } = await ctx.store.createToken({ username: login, kind: legacy ? 'legacy' : 'personal', prefix: ctx.config.tokenPrefix, ...(name !== undefined ? { name } : {}) });
      const p = ctx.io.paint;
      return out(
        ctx,
        { token, ...info },
        `${p('green', '✔')} Created ${legacy ? 'legacy ' : ''}token ${info.id} ("${sanitizeTerminal(info.name)}") for ${login}:\n\n    ${token}\n\n` +
          `Copy it now: it is not shown again (only its hash is stored).\nLog in with: soul login --token <the token>\n`,
      );
    },
  },
  'token list': {
    usage: 'token list <user>',
    args: ['user'],
    options: [],
    writes: false,
    async run(ctx, [raw]) {
      const login = raw!;
      await existingAccount(ctx, login);
      const tokens = await ctx.store.listTokens(login);
      return out(
        ctx,
        tokens,
        renderTable(
          ['ID', 'NAME', 'KIND', 'CREATED', 'LAST USED', 'REVOKED'],
          tokens.map((t) => [t.id, t.name, t.kind, when(t.createdAt), when(t.lastUsedAt), when(t.revokedAt)]),
          `${login} has no tokens\n`,
        ),
      );
    },
  },
  'token revoke': {
    usage: 'token revoke <id>',
    args: ['id'],
    options: [],
    writes: false,
    async run(ctx, [id]) {
      if (!(await ctx.store.revokeToken(id!))) throw new OnlineFailure(`there is no token with id "${sanitizeTerminal(id!).slice(0, 60)}"; soul admin token list <user> shows the ids`);
      return out(ctx, { ok: true, id }, `${ctx.io.paint('green', '✔')} Revoked token ${id}; requests with it now get 401\n`);
    },
  },
  'key create': {
    usage: 'key create <user> [--name N] [--allowance N]',
    args: ['user'],
    options: ['name', 'allowance'],
    writes: true,
    check(values) {
      const raw = str(values, 'allowance');
      if (raw !== undefined) wholeNumber(raw, '--allowance');
    },
    async run(ctx, [raw]) {
      const login = raw!;
      const allowanceRaw = str(ctx.values, 'allowance');
      const monthlyAllowance = allowanceRaw !== undefined ? Number(allowanceRaw) : ctx.config.limits.freeScansPerMonth;
      await ctx.store.ensureAccount(login);
      const name = str(ctx.values, 'name');
      const { key, info } = await ctx.store.createScanKey({ username: login, prefix: ctx.config.scanKeyPrefix, monthlyAllowance, ...(name !== undefined ? { name } : {}) });
      if (monthlyAllowance > ctx.config.limits.freeScansPerMonth) await ctx.store.setTier(login, 'enterprise');
      const p = ctx.io.paint;
      return out(
        ctx,
        { key, ...info },
        `${p('green', '✔')} Created scan key ${info.id} ("${sanitizeTerminal(info.name)}") for ${login}, ${info.monthlyAllowance} scans a month:\n\n    ${key}\n\n` +
          `Copy it now: it is not shown again. Send it as X-API-Key to POST /soulscan/scan.\n`,
      );
    },
  },
  'key list': {
    usage: 'key list [<user>]',
    args: ['user'],
    optional: 1,
    options: [],
    writes: false,
    async run(ctx, [raw]) {
      const login = raw;
      const keys = await ctx.store.listScanKeys(login);
      return out(
        ctx,
        keys,
        renderTable(
          ['ID', 'USER', 'NAME', 'ALLOWANCE', 'USED THIS MONTH', 'CREATED', 'REVOKED'],
          keys.map((k) => [k.id, k.username, k.name, k.monthlyAllowance, k.usedThisMonth, when(k.createdAt), when(k.revokedAt)]),
          login !== undefined ? `${login} has no scan keys\n` : 'no scan keys\n',
        ),
      );
    },
  },
  'key allowance': {
    usage: 'key allowance <id> <n>',
    args: ['id', 'count'],
    options: [],
    writes: false,
    async run(ctx, [id, raw]) {
      const n = Number(raw);
      const key = (await ctx.store.listScanKeys()).find((k) => k.id === id);
      if (key === undefined || !(await ctx.store.setScanKeyAllowance(id!, n))) throw new OnlineFailure(`there is no scan key with id "${sanitizeTerminal(id!).slice(0, 60)}"; soul admin key list shows the ids`);
      // an allowance above the free tier is what makes an enterprise customer
      const enterprise = n > ctx.config.limits.freeScansPerMonth;
      if (enterprise) await ctx.store.setTier(key.username, 'enterprise');
      return out(ctx, { ok: true, id, monthlyAllowance: n, username: key.username, tier: enterprise ? 'enterprise' : undefined }, `${ctx.io.paint('green', '✔')} Scan key ${id} of ${key.username} now allows ${n} scans a month${enterprise ? ` (${key.username} is on the enterprise tier)` : ''}\n`);
    },
  },
  'key revoke': {
    usage: 'key revoke <id>',
    args: ['id'],
    options: [],
    writes: false,
    async run(ctx, [id]) {
      if (!(await ctx.store.revokeScanKey(id!))) throw new OnlineFailure(`there is no scan key with id "${sanitizeTerminal(id!).slice(0, 60)}"; soul admin key list shows the ids`);
      return out(ctx, { ok: true, id }, `${ctx.io.paint('green', '✔')} Revoked scan key ${id}; scans with it now get 401\n`);
    },
  },
  'account block': {
    usage: 'account block <user> [--reason R]',
    args: ['user'],
    options: ['reason'],
    writes: true,
    async run(ctx, [raw]) {
      const login = raw!;
      // a login can be blocked before it ever signs in
      const created = (await ctx.store.getAccount(login)) === null;
      await ctx.store.ensureAccount(login);
      const reason = str(ctx.values, 'reason');
      await ctx.store.setBlocked(login, true, reason);
      return out(ctx, { ok: true, username: login, blocked: true, reason: reason ?? null }, `${ctx.io.paint('green', '✔')} Blocked ${login}${created ? ' (account created)' : ''}: its requests now get 403\n`);
    },
  },
  'account unblock': {
    usage: 'account unblock <user>',
    args: ['user'],
    options: [],
    writes: false,
    async run(ctx, [raw]) {
      const login = raw!;
      await existingAccount(ctx, login);
      await ctx.store.setBlocked(login, false);
      return out(ctx, { ok: true, username: login, blocked: false }, `${ctx.io.paint('green', '✔')} Unblocked ${login}\n`);
    },
  },
  'account moderator': {
    usage: 'account moderator <user> [--off]',
    args: ['user'],
    options: ['off'],
    writes: true,
    async run(ctx, [raw]) {
      const login = raw!;
      const on = ctx.values['off'] !== true;
      if (on) await ctx.store.ensureAccount(login);
      else await existingAccount(ctx, login);
      await ctx.store.setModerator(login, on);
      return out(ctx, { ok: true, username: login, moderator: on }, `${ctx.io.paint('green', '✔')} ${login} is ${on ? 'now a moderator' : 'no longer a moderator'}\n`);
    },
  },
  'account list': {
    usage: 'account list',
    args: [],
    options: [],
    writes: false,
    async run(ctx) {
      const accounts = await ctx.store.listAccounts();
      return out(
        ctx,
        accounts,
        renderTable(
          ['USERNAME', 'TIER', 'BLOCKED', 'MODERATOR', 'CREATED', 'BLOCK REASON'],
          accounts.map((a) => [a.username, a.tier, a.blocked ? 'yes' : 'no', a.moderator ? 'yes' : 'no', when(a.createdAt), a.blockedReason]),
          'no accounts\n',
        ),
      );
    },
  },
  reports: {
    usage: 'reports [--status open|resolved]',
    args: [],
    options: ['status'],
    writes: false,
    check(values) {
      const status = str(values, 'status');
      if (status !== undefined && status !== 'open' && status !== 'resolved') throw new UsageError(`--status must be open or resolved (got "${sanitizeTerminal(status).slice(0, 20)}")`, 'admin');
    },
    async run(ctx) {
      const status = str(ctx.values, 'status') as 'open' | 'resolved' | undefined;
      const reports = await ctx.store.listReports(status);
      return out(
        ctx,
        reports,
        renderTable(
          ['ID', 'SOUL', 'REASON', 'REPORTER', 'STATUS', 'CREATED', 'DETAILS'],
          reports.map((r) => [r.id, `${r.owner}/${r.name}`, r.reason, r.reporter, r.status === 'resolved' ? `resolved by ${r.resolvedBy ?? '?'}` : 'open', when(r.createdAt), r.details]),
          status !== undefined ? `no ${status} reports\n` : 'no reports\n',
        ),
      );
    },
  },
  'report resolve': {
    usage: 'report resolve <id> --resolution "text" [--by NAME]',
    args: ['id'],
    options: ['resolution', 'by'],
    writes: false,
    check(values) {
      const resolution = str(values, 'resolution')?.trim();
      if (resolution === undefined || resolution === '') throw new UsageError('say how the report was resolved: --resolution "removed the soul"', 'admin');
      user(str(values, 'by') ?? 'admin');
    },
    async run(ctx, [id]) {
      const resolution = str(ctx.values, 'resolution')!.trim();
      const by = user(str(ctx.values, 'by') ?? 'admin');
      const report = await ctx.store.resolveReport(id!, { resolution, by });
      if (report === null) throw new OnlineFailure(`there is no report with id "${sanitizeTerminal(id!).slice(0, 60)}"; soul admin reports shows the ids`);
      return out(ctx, report, `${ctx.io.paint('green', '✔')} Resolved report ${report.id} on ${report.owner}/${report.name}\n`);
    },
  },
};

const COMMON_OPTIONS = new Set(['data-dir', 'json', 'help']);

function checkArg(raw: string, kind: ArgKind): string {
  if (kind === 'user') return user(raw);
  if (kind === 'count') return String(wholeNumber(raw, 'the allowance'));
  if (raw === '' || raw.length > 100) throw new UsageError(`"${sanitizeTerminal(raw).slice(0, 40)}" is not an id; the list commands show the ids`, 'admin');
  return raw;
}

/** Find the subcommand and its arguments in the positionals, checking counts and options. */
function pick(positionals: string[], values: OptionValues): { sub: Subcommand; args: string[] } {
  const [group, action] = positionals;
  if (group === undefined) throw new UsageError('name a subcommand, e.g. soul admin token create alice (soul admin --help lists them)', 'admin');
  const key = group === 'reports' ? 'reports' : `${group} ${action ?? ''}`.trim();
  const sub = Object.hasOwn(SUBCOMMANDS, key) ? SUBCOMMANDS[key] : undefined;
  if (sub === undefined) {
    const known = Object.keys(SUBCOMMANDS).filter((k) => k.startsWith(`${group} `));
    const hint = known.length > 0 ? `; ${group} takes: ${known.map((k) => k.split(' ')[1]).join(', ')}` : '; soul admin --help lists the subcommands';
    throw new UsageError(`unknown subcommand '${sanitizeTerminal(key).slice(0, 40)}'${hint}`, 'admin');
  }
  const given = positionals.slice(key.split(' ').length);
  const least = sub.args.length - (sub.optional ?? 0);
  if (given.length < least || given.length > sub.args.length) throw new UsageError(`usage: soul admin ${sub.usage}`, 'admin');
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || COMMON_OPTIONS.has(name) || sub.options.includes(name)) continue;
    throw new UsageError(`--${name} does not apply to '${key}' (usage: soul admin ${sub.usage})`, 'admin');
  }
  const args = given.map((arg, i) => checkArg(arg, sub.args[i]!));
  return { sub, args };
}

/** The data folder: --data-dir, else env SOUL_DATA_DIR, else .registry in the current folder. */
export function dataDirOf(values: OptionValues, io: CliIO): string {
  const opt = str(values, 'data-dir');
  const raw = opt !== undefined && opt !== '' ? opt : io.env['SOUL_DATA_DIR'] !== undefined && io.env['SOUL_DATA_DIR'] !== '' ? io.env['SOUL_DATA_DIR'] : '.registry';
  return resolve(io.cwd, raw);
}

const USAGE_LINES = Object.values(SUBCOMMANDS)
  .map((s) => `  soul admin ${s.usage}`)
  .join('\n');

export const command: Command = {
  name: 'admin',
  summary: 'Administer the local registry: tokens, scan keys, accounts, reports',
  usage: `Usage: soul admin <subcommand> [options]

Works directly on the local registry's state database (<data-dir>/state.sqlite); it needs no
running server and no login. The data folder is --data-dir, else env SOUL_DATA_DIR, else
.registry in the current folder. Tokens and keys are printed once, when created.

${USAGE_LINES}

Output is a table; --json prints JSON.`,
  maxPositionals: 4,
  options: {
    'data-dir': { type: 'string', help: 'the registry data folder (default: env SOUL_DATA_DIR, else ./.registry)', valueName: 'path' },
    json: { type: 'boolean', help: 'print JSON instead of a table' },
    name: { type: 'string', help: 'token create, key create: a name to recognise it by', valueName: 'name' },
    legacy: { type: 'boolean', help: 'token create: a legacy token without the cs_ prefix (for old clients)' },
    allowance: { type: 'string', help: 'key create: scans a month (default: the free tier\'s)', valueName: 'n' },
    reason: { type: 'string', help: 'account block: why (shown to moderators)', valueName: 'text' },
    off: { type: 'boolean', help: 'account moderator: take the role away' },
    status: { type: 'string', help: 'reports: only open or resolved ones', valueName: 'status' },
    resolution: { type: 'string', help: 'report resolve: what was done', valueName: 'text' },
    by: { type: 'string', help: 'report resolve: who resolved it (default: admin)', valueName: 'user' },
  },
  async run({ values, positionals }, io) {
    const { sub, args } = pick(positionals, values);
    const config = loadRegistryConfig(io.cwd);
    sub.check?.(values, config);
    const dataDir = dataDirOf(values, io);
    const file = join(dataDir, STATE_FILE);
    const shownFile = displayPath(io.cwd, file);
    if (!existsSync(file)) {
      if (!sub.writes) {
        io.err(`${io.paintErr('red', 'soul admin:')} there is no registry state at ${shownFile}; start the registry once (npm start), create a token (soul admin token create <user>), or point --data-dir (env SOUL_DATA_DIR) at its data folder\n`);
        return EXIT.failed;
      }
      mkdirSync(dataDir, { recursive: true });
    }
    const db = createSqliteDb(file);
    try {
      const store = createStateStore(db, { freeAllowance: config.limits.freeScansPerMonth });
      await store.migrate();
      return await sub.run({ store, io, values, config, json: values['json'] === true }, args);
    } catch (e) {
      if (e instanceof OnlineFailure || isRegistryError(e)) {
        io.err(`${io.paintErr('red', 'soul admin:')} ${(e as Error).message}\n`);
        return EXIT.failed;
      }
      throw e;
    } finally {
      db.close();
    }
  },
};
