// `soul publish`: check a soul folder locally, then PUT /souls/{owner}/{name}/publish; --dry-run asks POST /validate only.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkOwner, checkSoulName, normalizeOwner } from '../../core/paths.ts';
import { validatePackage } from '../../core/validate.ts';
import { EXIT, UsageError, type CliIO, type Command } from '../lib/command.ts';
import { createOnlineContext, formatIssues, OnlineFailure, REGISTRY_OPTION, runOnline, usernameOf, type OnlineContext } from '../lib/online.ts';
import { displayPath, readPackageFolder } from '../lib/read-package.ts';
import { RegistryRequestError, shownMessage, soulPath } from '../lib/registry-client.ts';

interface LocalPackage {
  shown: string;
  manifest: Record<string, unknown>;
  name: string;
  /** Every file but soul.json: top level and one folder level, images as base64. */
  files: Record<string, string>;
}

function readLocal(target: string, io: CliIO): LocalPackage {
  const abs = resolve(io.cwd, target);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`${target} is not a folder; give the folder that holds soul.json`, 'publish');
  const shown = displayPath(io.cwd, abs) || '.';
  if (!existsSync(join(abs, 'soul.json'))) throw new UsageError(`${shown} has no soul.json; publish the folder of a soul (soul init creates one)`, 'publish');
  const pkg = readPackageFolder(abs, io.cwd);
  const text = pkg.files['soul.json'] ?? '';
  let manifest: unknown;
  try {
    manifest = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new OnlineFailure(`${shown}/soul.json is not valid JSON (${(e as Error).message}); fix its syntax (soul validate ${shown} shows every check)`);
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) throw new OnlineFailure(`${shown}/soul.json must hold a JSON object`);
  const m = manifest as Record<string, unknown>;
  const nameProblem = checkSoulName(m['name']);
  if (nameProblem) throw new OnlineFailure(`${shown}/soul.json: ${nameProblem}; the registry publishes a soul under its manifest name`);
  const files: Record<string, string> = {};
  for (const [k, v] of Object.entries(pkg.files)) if (k !== 'soul.json') files[k] = v;
  return { shown, manifest: m, name: m['name'] as string, files };
}

async function dryRun(ctx: OnlineContext, io: CliIO, pkg: LocalPackage): Promise<number> {
  // validation is public; a token only buys the higher rate limit
  const client = ctx.client(ctx.token()?.token ?? null);
  const { body } = await client.request<{ valid?: unknown; checks?: unknown }>({ method: 'POST', path: '/validate', body: { manifest: pkg.manifest, files: pkg.files, soulscan: true } });
  if (typeof body.valid !== 'boolean') throw new OnlineFailure(`the registry at ${ctx.registry.url} answered POST /validate without "valid"; is it a soul registry?`);
  const p = io.paint;
  io.out(`${p('bold', pkg.shown)} checked by ${ctx.registry.url} (dry run: nothing published)\n`);
  for (const line of formatIssues(body.checks, p, 'info')) io.out(`${line}\n`);
  io.out(body.valid ? `${p('green', '✔ valid')}: \`soul publish ${pkg.shown}\` would be accepted by these checks\n` : `${p('red', '✖ invalid')}: fix the failed checks above\n`);
  return body.valid ? EXIT.ok : EXIT.failed;
}

function localGate(io: CliIO, pkg: LocalPackage): boolean {
  const outcome = validatePackage({ manifest: pkg.manifest, files: pkg.files, soulscan: true, name: pkg.name });
  if (outcome.valid) return true;
  io.err(`${io.paintErr('red', 'soul publish:')} ${pkg.shown} does not pass the checks the registry runs; nothing was sent:\n`);
  for (const line of formatIssues(outcome.checks.filter((c) => c.type === 'fail'), io.paintErr)) io.err(`${line}\n`);
  io.err(`Fix them and publish again (soul validate ${pkg.shown} shows every check).\n`);
  return false;
}

async function ownerFor(ctx: OnlineContext, token: string, option: unknown): Promise<string> {
  if (typeof option === 'string') {
    const owner = normalizeOwner(option);
    const problem = checkOwner(owner);
    if (problem) throw new UsageError(`--owner: ${problem}`, 'publish');
    return owner;
  }
  const { body } = await ctx.client(token).request({ method: 'GET', path: '/auth/me' });
  const username = usernameOf(body);
  if (username === null) throw new OnlineFailure(`the registry at ${ctx.registry.url} answered GET /auth/me without a username; pass --owner`);
  return normalizeOwner(username);
}

async function publish(ctx: OnlineContext, io: CliIO, pkg: LocalPackage, ownerOption: unknown): Promise<number> {
  const { token } = ctx.requireToken();
  const owner = await ownerFor(ctx, token, ownerOption);
  let body: Record<string, unknown>;
  try {
    body = (await ctx.client(token).request<Record<string, unknown>>({ method: 'PUT', path: `${soulPath(owner, pkg.name)}/publish`, body: { manifest: pkg.manifest, files: pkg.files } })).body;
  } catch (e) {
    if (!(e instanceof RegistryRequestError) || e.kind !== 'http') throw e;
    io.err(`${io.paintErr('red', 'soul publish:')} ${owner}/${pkg.name} was not published: ${e.message}\n`);
    const details = formatIssues(e.body?.details, io.paintErr);
    if (details.length > 0) io.err(`${details.join('\n')}\n`);
    return EXIT.failed;
  }
  const p = io.paint;
  const version = typeof pkg.manifest['version'] === 'string' ? ` v${pkg.manifest['version']}` : '';
  io.out(`${p('green', '✔')} ${shownMessage(body['message']) ?? `Published ${owner}/${pkg.name}${version}`}\n`);
  const url = shownMessage(body['url']);
  if (url !== null) io.out(`  ${url}\n`);
  const warnings = formatIssues(body['warnings'], p, 'warn');
  if (warnings.length > 0) io.out(`Warnings:\n${warnings.join('\n')}\n`);
  return EXIT.ok;
}

export const command: Command = {
  name: 'publish',
  summary: 'Publish a soul folder to the registry (PUT /souls/{owner}/{name}/publish)',
  usage: `Usage: soul publish [folder] [options]

Publishes the soul in a folder (default: the current folder) under your namespace: its files and
the files of its direct subfolders (images as base64). The same checks as 'soul validate' run
first; nothing is sent when they fail. The owner is the account of your token (soul whoami).
Exit status: 0 published (or valid with --dry-run), 1 refused, 2 a usage error.

Examples:
  soul publish my-soul
  soul publish --dry-run        ask the registry to check it (POST /validate), publish nothing`,
  maxPositionals: 1,
  options: {
    'dry-run': { type: 'boolean', help: 'only validate with the registry (POST /validate); publish nothing' },
    owner: { type: 'string', help: 'namespace to publish under (default: your username)', valueName: 'owner' },
    ...REGISTRY_OPTION,
  },
  async run({ values, positionals }, io) {
    const ctx = createOnlineContext(values, io, 'publish');
    return runOnline(io, 'publish', async () => {
      const pkg = readLocal(positionals[0] ?? '.', io);
      if (values['dry-run'] === true) return dryRun(ctx, io, pkg);
      if (!localGate(io, pkg)) return EXIT.failed;
      return publish(ctx, io, pkg, values['owner']);
    });
  },
};
