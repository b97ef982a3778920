// What every online command shares: the --registry option, the context (config, registry, client
// factory, token), the failure type printed as `soul <cmd>: message` with exit 1, and the text of
// the checks and findings a registry sends back.
import type { RegistryConfig } from '../../core/config.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';
import type { Paint, PaintStyle } from '../../core/render/types.ts';
import { EXIT, UsageError, type CliIO, type OptionSpec, type OptionValues } from './command.ts';
import { loadRegistryConfig, packageVersion } from './config.ts';
import { resolveToken, type TokenSource } from './credentials.ts';
import { createRegistryClient, DEFAULT_TIMEOUT_MS, RegistryRequestError, resolveRegistry, type RegistryClient, type ResolvedRegistry } from './registry-client.ts';

/** The option every online command takes. */
export const REGISTRY_OPTION: Readonly<Record<string, OptionSpec>> = {
  registry: { type: 'string', help: 'registry API base URL, e.g. https://souls.example.org/api/v1 (default: env SOUL_REGISTRY, else registry.config.json)', valueName: 'url' },
};

/** A failure of an online command: printed as `soul <cmd>: message`, exit 1. */
export class OnlineFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OnlineFailure';
  }
}

export interface OnlineContext {
  readonly config: RegistryConfig;
  readonly registry: ResolvedRegistry;
  readonly userAgent: string;
  readonly timeoutMs: number;
  /** A client for the registry, with the token when given. */
  client(token?: string | null): RegistryClient;
  /** The token to use (SOUL_TOKEN, else stored), or null. */
  token(): { token: string; source: TokenSource; username?: string } | null;
  /** The token, or an OnlineFailure that says to log in. */
  requireToken(): { token: string; source: TokenSource };
}

/** Timeout from env SOUL_TIMEOUT (seconds, fractions allowed), else the default. */
function timeoutFrom(env: CliIO['env'], command: string): number {
  const raw = env['SOUL_TIMEOUT'];
  if (raw === undefined || raw.trim() === '') return DEFAULT_TIMEOUT_MS;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new UsageError(`SOUL_TIMEOUT must be a number of seconds between 0 and 3600 (got "${sanitizeTerminal(raw).slice(0, 20)}")`, command);
  return Math.round(seconds * 1000);
}

/** Build the context of an online command from its options and surroundings. */
export function createOnlineContext(values: OptionValues, io: CliIO, command: string): OnlineContext {
  const config = loadRegistryConfig(io.cwd);
  const registry = resolveRegistry({ option: values['registry'], env: io.env, config, command });
  const userAgent = `soul-cli/${packageVersion()}`;
  const timeoutMs = timeoutFrom(io.env, command);
  const token = (): ReturnType<OnlineContext['token']> => resolveToken({ env: io.env, registry: registry.url });
  return {
    config,
    registry,
    userAgent,
    timeoutMs,
    client: (t) => createRegistryClient({ baseUrl: registry.url, token: t ?? null, timeoutMs, userAgent }),
    token,
    requireToken() {
      const found = token();
      if (found === null) throw new OnlineFailure(`not logged in to ${registry.url}: run \`soul login\` first (or set SOUL_TOKEN)`);
      return found;
    },
  };
}

/** Run an online command's body, printing an OnlineFailure or RegistryRequestError as `soul <cmd>: ...` with exit 1. */
export async function runOnline(io: CliIO, command: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof OnlineFailure || e instanceof RegistryRequestError) {
      io.err(`${io.paintErr('red', `soul ${command}:`)} ${e.message}\n`);
      return EXIT.failed;
    }
    throw e;
  }
}

/** The username in an /auth/me answer: `user.username`, else `username` (older servers). */
export function usernameOf(me: unknown): string | null {
  if (me === null || typeof me !== 'object') return null;
  const user = (me as { user?: unknown }).user;
  if (user !== null && typeof user === 'object') {
    const u = (user as { username?: unknown }).username;
    if (typeof u === 'string' && u !== '') return u;
  }
  const u = (me as { username?: unknown }).username;
  return typeof u === 'string' && u !== '' ? u : null;
}

const MARKS: Record<string, [string, PaintStyle]> = {
  pass: ['✔', 'green'],
  fail: ['✖', 'red'],
  error: ['✖', 'red'],
  warn: ['⚠', 'yellow'],
  warning: ['⚠', 'yellow'],
  info: ['ℹ', 'blue'],
};

/** Most lines printed for a list the server sends; the rest are counted. */
const MAX_ITEMS = 200;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * Lines for a registry's `details` or `warnings`: a string, or an array of checks
 * (`{ type, message, code?, details: { file, line } }`), findings (`{ severity, code, message, file?, line? }`)
 * or strings. Every server text is made safe for the terminal.
 *
 * @example formatIssues([{ type: 'fail', code: 'SEC001', message: 'Prompt injection', details: { file: 'SOUL.md', line: 5 } }], paint)
 * // ['  ✖ [SEC001] SOUL.md:5 Prompt injection']
 */
export function formatIssues(value: unknown, paint: Paint, fallbackType = 'fail'): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim() === '' ? [] : [`  ${sanitizeTerminal(value).slice(0, 2000)}`];
  const items: unknown[] = Array.isArray(value) ? value : [value];
  const lines: string[] = [];
  for (const item of items.slice(0, MAX_ITEMS)) {
    if (typeof item === 'string') {
      const [mark, style] = MARKS[fallbackType] ?? ['·', 'dim'];
      lines.push(`  ${paint(style, mark)} ${sanitizeTerminal(item).slice(0, 2000)}`);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const type = str(o['type']) ?? str(o['severity']) ?? fallbackType;
    const [mark, style] = MARKS[type] ?? ['·', 'dim'];
    const inner = o['details'] !== null && typeof o['details'] === 'object' ? (o['details'] as Record<string, unknown>) : {};
    const file = str(o['file']) ?? str(inner['file']);
    const lineNo = typeof o['line'] === 'number' ? o['line'] : typeof inner['line'] === 'number' ? inner['line'] : undefined;
    const code = str(o['code']);
    let message = str(o['message']) ?? str(o['error']) ?? JSON.stringify(item).slice(0, 300);
    if (file !== undefined && message.startsWith(`${file}: `)) message = message.slice(file.length + 2);
    const where = file !== undefined ? `${paint('dim', sanitizeTerminal(lineNo !== undefined ? `${file}:${lineNo}` : file))} ` : '';
    const codeText = code !== undefined ? `${paint('dim', `[${sanitizeTerminal(code)}]`)} ` : '';
    lines.push(`  ${paint(style, mark)} ${codeText}${where}${sanitizeTerminal(message).slice(0, 2000)}`);
  }
  if (items.length > MAX_ITEMS) lines.push(`  … and ${items.length - MAX_ITEMS} more`);
  return lines;
}
