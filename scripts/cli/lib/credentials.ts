// The CLI's stored credentials: one personal token per registry URL in credentials.json (mode 0600,
// written atomically), the SOUL_TOKEN override, and masking so a token is never printed in full.
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { InputError } from './command.ts';

type Env = Readonly<Record<string, string | undefined>>;

/** One stored login. */
export interface StoredLogin {
  token: string;
  username?: string;
  savedAt: string;
}

/** The file's shape: `{ version: 1, registries: { <api base URL>: StoredLogin } }`. */
export interface CredentialsFile {
  version: 1;
  registries: Record<string, StoredLogin>;
}

/** Where the token in use came from, for messages. */
export type TokenSource = 'SOUL_TOKEN' | 'credentials';

/**
 * The credentials file: `$SOUL_CONFIG_DIR/credentials.json`, else
 * `$XDG_CONFIG_HOME/soul/credentials.json`, else `~/.config/soul/credentials.json`.
 *
 * @example credentialsPath({ SOUL_CONFIG_DIR: '/tmp/soul' }) // '/tmp/soul/credentials.json'
 */
export function credentialsPath(env: Env): string {
  const own = env['SOUL_CONFIG_DIR'];
  if (own !== undefined && own !== '') return join(own, 'credentials.json');
  const xdg = env['XDG_CONFIG_HOME'];
  if (xdg !== undefined && xdg !== '') return join(xdg, 'soul', 'credentials.json');
  const home = env['HOME'] !== undefined && env['HOME'] !== '' ? env['HOME'] : homedir();
  return join(home, '.config', 'soul', 'credentials.json');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Read the credentials file; an empty one when it does not exist. A damaged file is an InputError (never overwritten). */
export function readCredentials(env: Env): CredentialsFile {
  const file = credentialsPath(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, registries: {} };
    throw e;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InputError(`${file} is not valid JSON; fix it or delete it (you will need to run \`soul login\` again)`);
  }
  if (!isObject(value) || !isObject(value['registries'])) {
    throw new InputError(`${file} is not a soul credentials file (no "registries" object); fix it or delete it`);
  }
  const registries: Record<string, StoredLogin> = {};
  for (const [url, entry] of Object.entries(value['registries'])) {
    if (!isObject(entry) || typeof entry['token'] !== 'string') continue;
    registries[url] = {
      token: entry['token'],
      ...(typeof entry['username'] === 'string' ? { username: entry['username'] } : {}),
      savedAt: typeof entry['savedAt'] === 'string' ? entry['savedAt'] : '',
    };
  }
  return { version: 1, registries };
}

/** Write the file atomically (temp file in the same folder, fsync, rename), readable by the owner only. */
function writeCredentials(env: Env, data: CredentialsFile): string {
  const file = credentialsPath(env);
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = join(dir, `.credentials.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    // the umask may have narrowed the mode further, never widened it; make it exactly 0600
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  return file;
}

/** Store the token for a registry, replacing any earlier one. Returns the file written. */
export function saveLogin(input: { env: Env; registry: string; token: string; username?: string; now?: Date }): string {
  const data = readCredentials(input.env);
  data.registries[input.registry] = {
    token: input.token,
    ...(input.username !== undefined ? { username: input.username } : {}),
    savedAt: (input.now ?? new Date()).toISOString(),
  };
  return writeCredentials(input.env, data);
}

/** Forget the token stored for a registry. Returns whether one was stored. */
export function forgetLogin(input: { env: Env; registry: string }): boolean {
  const data = readCredentials(input.env);
  if (!Object.hasOwn(data.registries, input.registry)) return false;
  delete data.registries[input.registry];
  writeCredentials(input.env, data);
  return true;
}

/**
 * The token to use for a registry: env SOUL_TOKEN, else the stored one, else null.
 *
 * @example resolveToken({ env: { SOUL_TOKEN: 'cs_...' }, registry }) // { token: 'cs_...', source: 'SOUL_TOKEN' }
 */
export function resolveToken(input: { env: Env; registry: string }): { token: string; source: TokenSource; username?: string } | null {
  const fromEnv = input.env['SOUL_TOKEN']?.trim();
  if (fromEnv !== undefined && fromEnv !== '') return { token: fromEnv, source: 'SOUL_TOKEN' };
  const stored = readCredentials(input.env).registries[input.registry];
  if (stored === undefined) return null;
  return { token: stored.token, source: 'credentials', ...(stored.username !== undefined ? { username: stored.username } : {}) };
}

/**
 * A token safe to print: its known prefix and its last 4 characters.
 *
 * @example maskToken('cs_abcdefghijklmnopqrstuvwxyz0123456789', ['cs_scan_', 'cs_']) // 'cs_…6789'
 */
export function maskToken(token: string, prefixes: readonly string[]): string {
  const prefix = [...prefixes].sort((a, b) => b.length - a.length).find((p) => p !== '' && token.startsWith(p)) ?? '';
  const rest = token.slice(prefix.length);
  // a short token would be shown whole by "last 4": show nothing of it then
  const tail = rest.length >= 12 ? rest.slice(-4) : '';
  return `${prefix}…${tail}`;
}

const TOKEN_CHARS = /^[A-Za-z0-9_]+$/;

/**
 * Check a personal token before use: null when usable, else a message (which never repeats the token).
 *
 * @example checkTokenFormat('ghp_x', { tokenPrefix: 'cs_', scanKeyPrefix: 'cs_scan_' }) // 'that is not a personal token: ...'
 */
export function checkTokenFormat(token: string, prefixes: { tokenPrefix: string; scanKeyPrefix: string }): string | null {
  if (token === '') return 'the token is empty';
  if (token.startsWith(prefixes.scanKeyPrefix)) {
    return `that is a scan key (${prefixes.scanKeyPrefix}…), which only works with X-API-Key for POST /soulscan/scan; log in with a personal token (${prefixes.tokenPrefix}…)`;
  }
  if (!token.startsWith(prefixes.tokenPrefix)) {
    return `that is not a personal token: registry tokens start with "${prefixes.tokenPrefix}" (the registry refuses anything else). Copy it again from the dashboard, or create one with \`soul admin token create <user>\``;
  }
  if (!TOKEN_CHARS.test(token) || token.length > 512) {
    return `the token holds characters a token never has (spaces, quotes, line breaks?); a token is "${prefixes.tokenPrefix}" followed by letters and digits: copy it again, whole`;
  }
  if (token.length < prefixes.tokenPrefix.length + 16) return 'the token is too short; copy it again, whole';
  return null;
}
