// `soul login`: store a personal token for a registry, given (argument, --token, stdin) and checked
// with GET /auth/me, or obtained through the registry's device flow (sign in with GitHub).
import { setTimeout as sleep } from 'node:timers/promises';
import { sanitizeTerminal } from '../../core/render/text.ts';
import { EXIT, UsageError, type CliIO, type Command } from '../lib/command.ts';
import { checkTokenFormat, maskToken, saveLogin } from '../lib/credentials.ts';
import { createOnlineContext, OnlineFailure, REGISTRY_OPTION, runOnline, usernameOf, type OnlineContext } from '../lib/online.ts';
import { RegistryRequestError } from '../lib/registry-client.ts';
import { readPipedStdin } from '../lib/stdin.ts';

/** RFC 8628: the poll interval when the server names none, and the step added on slow_down. */
const DEFAULT_INTERVAL_S = 5;
const SLOW_DOWN_STEP_S = 5;

interface DeviceCode {
  device_code: string;
  user_code: string;
  verification_uri: string;
  expires_in: number;
  interval: number;
}

function readDeviceCode(body: unknown): DeviceCode | null {
  if (body === null || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const { device_code, user_code, verification_uri } = b;
  if (typeof device_code !== 'string' || device_code === '' || typeof user_code !== 'string' || user_code === '' || typeof verification_uri !== 'string') return null;
  if (!/^https?:\/\//i.test(verification_uri)) return null;
  const expires = typeof b['expires_in'] === 'number' && b['expires_in'] > 0 ? b['expires_in'] : 900;
  const interval = typeof b['interval'] === 'number' && b['interval'] > 0 ? b['interval'] : DEFAULT_INTERVAL_S;
  return { device_code, user_code, verification_uri, expires_in: Math.min(expires, 3600), interval: Math.min(interval, 120) };
}

/** The device-flow error code of a 4xx answer: `code` (ours, upper case) or `error` (OAuth style, lower case). */
function deviceErrorCode(e: RegistryRequestError): string | null {
  const code = e.body?.code ?? (typeof e.body?.error === 'string' && /^[a-z_]{3,40}$/.test(e.body.error) ? e.body.error : undefined);
  return typeof code === 'string' ? code.toUpperCase() : null;
}

function stored(ctx: OnlineContext, io: CliIO, token: string, username: string): void {
  const file = saveLogin({ env: io.env, registry: ctx.registry.url, token, username });
  const p = io.paint;
  io.out(`${p('green', '✔')} Logged in to ${ctx.registry.url} as ${p('bold', sanitizeTerminal(username))}\n`);
  io.out(`  token ${maskToken(token, [ctx.config.scanKeyPrefix, ctx.config.tokenPrefix])} stored in ${file}\n`);
  if (io.env['SOUL_TOKEN']) io.err('soul login: note: SOUL_TOKEN is set in your environment and takes precedence over the stored token\n');
}

async function loginWithToken(ctx: OnlineContext, io: CliIO, token: string): Promise<number> {
  const problem = checkTokenFormat(token, ctx.config);
  if (problem) throw new OnlineFailure(`${problem}; nothing was stored`);
  let me: unknown;
  try {
    me = (await ctx.client(token).request({ method: 'GET', path: '/auth/me' })).body;
  } catch (e) {
    if (e instanceof RegistryRequestError && e.status === 401) {
      throw new OnlineFailure(`the registry at ${ctx.registry.url} did not accept this token (${e.serverMessage ?? 'invalid or revoked'}); nothing was stored. Check that it belongs to this registry (--registry) and has not been revoked.`, { cause: e });
    }
    throw e;
  }
  const username = usernameOf(me);
  if (username === null) throw new OnlineFailure(`the registry at ${ctx.registry.url} answered GET /auth/me without a username; is it a soul registry? Nothing was stored.`);
  stored(ctx, io, token, username);
  return EXIT.ok;
}

async function loginWithDevice(ctx: OnlineContext, io: CliIO): Promise<number> {
  const client = ctx.client(null);
  let code: DeviceCode | null;
  try {
    code = readDeviceCode((await client.request({ method: 'POST', path: '/auth/device/code', body: {} })).body);
  } catch (e) {
    if (e instanceof RegistryRequestError && (e.status === 404 || e.status === 501)) {
      throw new OnlineFailure(
        `the registry at ${ctx.registry.url} has no GitHub sign-in (it runs in embedded mode). Get a token instead:\n` +
          `  - on the machine that runs it: soul admin token create <your-user>\n` +
          `  - or copy one from the registry's dashboard\n` +
          `then run: soul login --token cs_...`,
        { cause: e },
      );
    }
    throw e;
  }
  if (code === null) throw new OnlineFailure(`the registry at ${ctx.registry.url} answered POST /auth/device/code without a device code and a verification address; try again later or log in with --token`);

  const p = io.paint;
  io.out(`First copy your one-time code: ${p('bold', sanitizeTerminal(code.user_code).slice(0, 40))}\n`);
  io.out(`Then open ${sanitizeTerminal(code.verification_uri).slice(0, 300)} in a browser and enter it.\n`);
  io.out(`Waiting for you to authorize (the code expires in ${Math.round(code.expires_in / 60)} minutes)…\n`);

  const deadline = Date.now() + code.expires_in * 1000;
  let interval = code.interval;
  for (;;) {
    const left = deadline - Date.now();
    // a poll due after the code's expiry would be for nothing
    if (interval * 1000 >= left) {
      await sleep(Math.max(0, left));
      break;
    }
    await sleep(interval * 1000);
    let answer: unknown;
    try {
      answer = (await client.request({ method: 'POST', path: '/auth/device/token', body: { device_code: code.device_code } })).body;
    } catch (e) {
      // our registry answers 400 for pending / slow_down / expired and 403 for access_denied
      if (!(e instanceof RegistryRequestError) || e.status < 400 || e.status > 499) throw e;
      const reason = deviceErrorCode(e);
      if (reason === 'AUTHORIZATION_PENDING') continue;
      if (reason === 'SLOW_DOWN') {
        // GitHub sends the new interval; RFC 8628 says add 5 seconds when none is given
        const asked = e.body?.['interval'];
        interval = Math.min(typeof asked === 'number' && asked > interval ? asked : interval + SLOW_DOWN_STEP_S, 120);
        continue;
      }
      if (reason === 'EXPIRED_TOKEN') break;
      if (reason === 'ACCESS_DENIED') throw new OnlineFailure('the sign-in was denied (you chose Cancel, or the app is not allowed); nothing was stored. Run `soul login` to try again.');
      throw e;
    }
    const a = (answer ?? {}) as { token?: unknown; username?: unknown };
    const username = usernameOf(answer);
    if (typeof a.token !== 'string' || username === null) throw new OnlineFailure(`the registry at ${ctx.registry.url} answered POST /auth/device/token without a token and a username; try again or log in with --token`);
    const problem = checkTokenFormat(a.token, ctx.config);
    if (problem) throw new OnlineFailure(`the registry sent a token this CLI cannot use: ${problem}`);
    stored(ctx, io, a.token, username);
    return EXIT.ok;
  }
  throw new OnlineFailure('the code expired before the sign-in was completed; run `soul login` again and enter the code within its time');
}

export const command: Command = {
  name: 'login',
  summary: 'Log in to a registry: store a personal token (cs_...) or sign in with GitHub',
  usage: `Usage: soul login [token] [options]

Stores a personal access token for the registry, after checking it with GET /auth/me.
The token is kept in ~/.config/soul/credentials.json (or $SOUL_CONFIG_DIR), readable by you only;
env SOUL_TOKEN overrides it. Tokens start with cs_.

  soul login --token cs_...         check the token and store it
  echo "$TOKEN" | soul login        the same, reading the token from stdin (or --token -)
  soul login                        sign in with GitHub: open the address shown, enter the code

A registry without GitHub sign-in (a local one) gives tokens with
'soul admin token create <user>' on the machine that runs it.`,
  maxPositionals: 1,
  options: {
    token: { type: 'string', help: 'the personal token to store ("-" reads it from stdin)', valueName: 'cs_...' },
    ...REGISTRY_OPTION,
  },
  async run({ values, positionals }, io) {
    const optToken = typeof values['token'] === 'string' ? values['token'] : undefined;
    const argToken = positionals[0];
    if (optToken !== undefined && argToken !== undefined) throw new UsageError('give the token once: as an argument or with --token', 'login');
    const ctx = createOnlineContext(values, io, 'login');
    return runOnline(io, 'login', async () => {
      let given = optToken ?? argToken;
      if (given === '-') {
        given = (await readPipedStdin({ force: true })) ?? undefined;
        if (given === undefined) throw new UsageError('--token - reads the token from stdin, but stdin was empty', 'login');
      } else if (given === undefined) {
        given = (await readPipedStdin()) ?? undefined;
      }
      if (given !== undefined) return loginWithToken(ctx, io, given.trim());
      return loginWithDevice(ctx, io);
    });
  },
};
