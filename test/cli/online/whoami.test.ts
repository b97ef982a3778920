import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeToken, startFakeRegistry, type FakeRegistry } from './fake-registry.ts';
import { createSandbox, type Sandbox } from './run-inline.ts';

let reg: FakeRegistry;
let box: Sandbox;

beforeEach(async () => {
  reg = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'alice', tier: 'free', hasPaymentCustomer: false, user: { username: 'alice' } } } });
  box = createSandbox();
});
afterEach(async () => {
  await reg.close();
  box.cleanup();
});

async function login(token = fakeToken()): Promise<void> {
  expect((await box.run(['login', '--token', token, '--registry', reg.url])).code).toBe(0);
  reg.requests.length = 0;
}

describe('soul whoami', () => {
  it('prints the username and tier from GET /auth/me with the stored token', async () => {
    await login(fakeToken('me01'));
    const r = await box.run(['whoami', '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('alice (tier: free)');
    expect(reg.calls('GET /auth/me')[0]!.headers['authorization']).toBe(`Bearer ${fakeToken('me01')}`);
  });

  it('reads user.username before username', async () => {
    reg.route('GET /auth/me', { body: { username: 'old-name', tier: 'enterprise', user: { username: 'new-name' } } });
    await login();
    const r = await box.run(['whoami', '--registry', reg.url]);
    expect(r.stdout).toContain('new-name (tier: enterprise)');
  });

  it('falls back to username when there is no user object', async () => {
    reg.route('GET /auth/me', { body: { username: 'bob', tier: 'free' } });
    await login();
    expect((await box.run(['whoami', '--registry', reg.url])).stdout).toContain('bob (tier: free)');
  });

  it('uses SOUL_TOKEN over the stored token', async () => {
    await login(fakeToken('stor'));
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken('envv') });
    expect(r.code).toBe(0);
    expect(reg.calls('GET /auth/me')[0]!.headers['authorization']).toBe(`Bearer ${fakeToken('envv')}`);
    expect(r.stdout).toContain('(from SOUL_TOKEN)');
  });

  it('says SOUL_TOKEN was refused when the token from the environment gets 401', async () => {
    reg.route('GET /auth/me', { status: 401, body: { error: 'invalid token', code: 'UNAUTHORIZED' } });
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('refused the token in SOUL_TOKEN (invalid token)');
  });

  it('shows the token masked, never in full', async () => {
    await login(fakeToken('tail'));
    const r = await box.run(['whoami', '--registry', reg.url, '--json']);
    const body = JSON.parse(r.stdout) as { username: string; tier: string; token: string };
    expect(body).toMatchObject({ username: 'alice', tier: 'free', token: 'cs_…tail' });
    expect(r.stdout).not.toContain(fakeToken('tail'));
  });

  it('exits 1 without a request and says to log in when there is no token', async () => {
    const r = await box.run(['whoami', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`not logged in to ${reg.url}: run \`soul login\``);
    expect(reg.requests).toHaveLength(0);
  });

  it('says to log in again when the stored token is refused (401)', async () => {
    await login();
    reg.route('GET /auth/me', { status: 401, body: { error: 'token revoked', code: 'UNAUTHORIZED' } });
    const r = await box.run(['whoami', '--registry', reg.url]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('token revoked (401)');
    expect(r.stderr).toContain('run `soul login` again');
  });
});

describe('soul logout', () => {
  it('forgets the token of that registry only', async () => {
    const other = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'bob', tier: 'free' } } });
    try {
      await login();
      expect((await box.run(['login', '--token', fakeToken('othr'), '--registry', other.url])).code).toBe(0);
      const r = await box.run(['logout', '--registry', reg.url]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Logged out of ${reg.url}`);
      const file = JSON.parse(readFileSync(join(box.configDir, 'credentials.json'), 'utf8')) as { registries: Record<string, unknown> };
      expect(Object.keys(file.registries)).toEqual([other.url]);
      expect((await box.run(['whoami', '--registry', reg.url])).code).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('says so and exits 0 when not logged in', async () => {
    const r = await box.run(['logout', '--registry', reg.url]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Not logged in');
  });
});
