import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeToken, startFakeRegistry, type FakeRegistry } from './fake-registry.ts';
import { createSandbox, type Sandbox } from './run-inline.ts';

// stdin of a test worker may be an open pipe: never read it, hand the command what a test pipes
const stdin = vi.hoisted(() => ({ text: null as string | null }));
vi.mock('../../../scripts/cli/lib/stdin.ts', () => ({ readPipedStdin: async () => stdin.text, stdinIsPiped: () => stdin.text !== null }));

let reg: FakeRegistry;
let box: Sandbox;
const ME = { username: 'alice', tier: 'free', hasPaymentCustomer: false, user: { username: 'alice' } };

beforeEach(async () => {
  stdin.text = null;
  reg = await startFakeRegistry({ 'GET /auth/me': { body: ME } });
  box = createSandbox();
});
afterEach(async () => {
  await reg.close();
  box.cleanup();
});

function stored(): Record<string, { token: string; username?: string }> {
  return (JSON.parse(readFileSync(join(box.configDir, 'credentials.json'), 'utf8')) as { registries: Record<string, { token: string; username?: string }> }).registries;
}

describe('soul login --token', () => {
  it('checks the token with GET /auth/me as a Bearer token and stores it for the registry', async () => {
    const token = fakeToken('abcd');
    const r = await box.run(['login', '--token', token, '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Logged in to ${reg.url} as alice`);
    expect(reg.calls('GET /auth/me')[0]!.headers['authorization']).toBe(`Bearer ${token}`);
    expect(stored()[reg.url]).toMatchObject({ token, username: 'alice' });
  });

  it('accepts the token as an argument, like the public CLI', async () => {
    const r = await box.run(['login', fakeToken(), '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(stored()[reg.url]?.token).toBe(fakeToken());
  });

  it('reads the token from stdin when it is piped', async () => {
    stdin.text = fakeToken('pipe');
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(reg.calls('POST /auth/device/code')).toHaveLength(0);
    expect(stored()[reg.url]?.token).toBe(fakeToken('pipe'));
  });

  it('never prints the token in full, only its prefix and last 4 characters', async () => {
    const token = fakeToken('wxyz');
    const r = await box.run(['login', '--token', token, '--registry', reg.url]);
    expect(`${r.stdout}${r.stderr}`).not.toContain(token);
    expect(r.stdout).toContain('cs_…wxyz');
  });

  it('refuses a token without the cs_ prefix, says why, sends nothing and stores nothing', async () => {
    const r = await box.run(['login', '--token', 'ghp_0123456789abcdefghijklmnopqrstuvwx', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('start with "cs_"');
    expect(r.stderr).not.toContain('ghp_0123456789');
    expect(reg.requests).toHaveLength(0);
    expect(() => stored()).toThrow();
  });

  it('refuses a scan key and says where it belongs', async () => {
    const r = await box.run(['login', '--token', `cs_scan_${'k'.repeat(40)}`, '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('scan key');
    expect(reg.requests).toHaveLength(0);
  });

  it('does not store a token the registry refuses (401)', async () => {
    reg.route('GET /auth/me', { status: 401, body: { error: 'invalid or revoked token', code: 'UNAUTHORIZED' } });
    const r = await box.run(['login', '--token', fakeToken(), '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('did not accept this token (invalid or revoked token)');
    expect(() => stored()).toThrow();
  });

  it('keeps the tokens of other registries when storing one', async () => {
    const other = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'bob', tier: 'free' } } });
    try {
      expect((await box.run(['login', '--token', fakeToken('aaaa'), '--registry', reg.url])).code).toBe(0);
      expect((await box.run(['login', '--token', fakeToken('bbbb'), '--registry', other.url])).code).toBe(0);
      expect(stored()[reg.url]?.token).toBe(fakeToken('aaaa'));
      expect(stored()[other.url]).toMatchObject({ token: fakeToken('bbbb'), username: 'bob' });
    } finally {
      await other.close();
    }
  });
});

describe('credentials file', () => {
  it('is written with mode 0600 in a folder of mode 0700', async () => {
    expect((await box.run(['login', '--token', fakeToken(), '--registry', reg.url])).code).toBe(0);
    expect(statSync(join(box.configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(statSync(box.configDir).mode & 0o777).toBe(0o700);
  });

  it('leaves no temporary file behind', async () => {
    expect((await box.run(['login', '--token', fakeToken(), '--registry', reg.url])).code).toBe(0);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(box.configDir)).toEqual(['credentials.json']);
  });

  it('goes to ~/.config/soul/credentials.json without SOUL_CONFIG_DIR', async () => {
    expect((await box.run(['login', '--token', fakeToken(), '--registry', reg.url], { SOUL_CONFIG_DIR: undefined })).code).toBe(0);
    expect(statSync(join(box.root, '.config/soul/credentials.json')).mode & 0o777).toBe(0o600);
  });

  it('is not overwritten when it is damaged; the error says to fix or delete it', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(box.configDir, { recursive: true });
    writeFileSync(join(box.configDir, 'credentials.json'), '{ broken');
    const r = await box.run(['login', '--token', fakeToken(), '--registry', reg.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not valid JSON; fix it or delete it');
    expect(readFileSync(join(box.configDir, 'credentials.json'), 'utf8')).toBe('{ broken');
  });
});

describe('soul login (device flow)', () => {
  const CODE = { device_code: 'dev-123', user_code: 'WXYZ-1234', verification_uri: 'https://github.com/login/device', expires_in: 60, interval: 0.05 };

  it('prints the code and address, polls through pending and slow_down, then stores the token', async () => {
    const answers = [
      { status: 400, body: { error: 'authorization pending', code: 'AUTHORIZATION_PENDING' } },
      { status: 400, body: { error: 'slow down', code: 'SLOW_DOWN', interval: 0.3 } },
      { status: 200, body: { token: fakeToken('dev1'), username: 'alice' } },
    ];
    reg.route('POST /auth/device/code', { body: CODE });
    reg.route('POST /auth/device/token', () => answers.shift()!);
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('WXYZ-1234');
    expect(r.stdout).toContain('https://github.com/login/device');
    const polls = reg.calls('POST /auth/device/token');
    expect(polls).toHaveLength(3);
    expect(polls.every((p) => (p.body as { device_code?: string }).device_code === 'dev-123')).toBe(true);
    // slow_down raised the interval to the 0.3 s the server asked for
    expect(polls[2]!.at - polls[1]!.at).toBeGreaterThanOrEqual(280);
    expect(polls[0]!.at - reg.calls('POST /auth/device/code')[0]!.at).toBeGreaterThanOrEqual(40);
    expect(stored()[reg.url]).toMatchObject({ token: fakeToken('dev1'), username: 'alice' });
  });

  it('adds 5 seconds to the interval on slow_down when the server names none', async () => {
    reg.route('POST /auth/device/code', { body: { ...CODE, interval: 0.01, expires_in: 0.8 } });
    reg.route('POST /auth/device/token', { status: 400, body: { error: 'slow_down' } });
    const r = await box.run(['login', '--registry', reg.url]);
    // the OAuth-style "slow_down" pushed the next poll 5 s away, past the code's expiry
    expect(reg.calls('POST /auth/device/token')).toHaveLength(1);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('code expired');
  });

  it('says how to get a token when the registry has no device flow (404, embedded mode)', async () => {
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('soul admin token create');
    expect(r.stderr).toContain('dashboard');
    expect(r.stderr).toContain('soul login --token');
  });

  it('stops with a message when the code expires', async () => {
    reg.route('POST /auth/device/code', { body: CODE });
    reg.route('POST /auth/device/token', { status: 400, body: { error: 'expired', code: 'EXPIRED_TOKEN' } });
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('code expired');
    expect(() => stored()).toThrow();
  });

  it('stops with a message when access is denied', async () => {
    reg.route('POST /auth/device/code', { body: CODE });
    reg.route('POST /auth/device/token', { status: 403, body: { error: 'the sign-in was denied on GitHub', code: 'ACCESS_DENIED' } });
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('sign-in was denied');
  });

  it('gives up when the code expires while still pending', async () => {
    reg.route('POST /auth/device/code', { body: { ...CODE, expires_in: 0.3 } });
    reg.route('POST /auth/device/token', { status: 400, body: { error: 'pending', code: 'AUTHORIZATION_PENDING' } });
    const r = await box.run(['login', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('code expired');
    expect(reg.calls('POST /auth/device/token').length).toBeLessThanOrEqual(7);
  });
});
