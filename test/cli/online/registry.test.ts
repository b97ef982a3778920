import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY_CONFIG } from '../../../scripts/core/config.ts';
import { normalizeRegistryUrl, parseRetryAfter, resolveRegistry } from '../../../scripts/cli/lib/registry-client.ts';
import { maskToken } from '../../../scripts/cli/lib/credentials.ts';
import { fakeToken, startFakeRegistry, type FakeRegistry } from './fake-registry.ts';
import { createSandbox, type Sandbox } from './run-inline.ts';

const config = structuredClone(DEFAULT_REGISTRY_CONFIG);

describe('registry selection', () => {
  it('takes --registry over SOUL_REGISTRY over the config', () => {
    const env = { SOUL_REGISTRY: 'https://env.example/api/v1' };
    expect(resolveRegistry({ option: 'https://opt.example/api/v1', env, config, command: 't' })).toEqual({ url: 'https://opt.example/api/v1', source: '--registry' });
    expect(resolveRegistry({ option: undefined, env, config, command: 't' })).toEqual({ url: 'https://env.example/api/v1', source: 'SOUL_REGISTRY' });
    expect(resolveRegistry({ option: undefined, env: {}, config, command: 't' })).toEqual({ url: 'http://localhost:8787/api/v1', source: 'registry.config.json' });
  });

  it('appends the API path to a bare origin and drops trailing slashes', () => {
    expect(normalizeRegistryUrl('http://localhost:8787', '/api/v1')).toBe('http://localhost:8787/api/v1');
    expect(normalizeRegistryUrl('https://souls.example/api/v1/', '/api/v1')).toBe('https://souls.example/api/v1');
  });

  it('refuses URLs that are not http(s) or carry credentials', () => {
    expect(normalizeRegistryUrl('ftp://x.example/api/v1', '/api/v1')).toBeNull();
    expect(normalizeRegistryUrl('https://user:pw@x.example/api/v1', '/api/v1')).toBeNull();
    expect(normalizeRegistryUrl('not a url', '/api/v1')).toBeNull();
  });
});

describe('helpers', () => {
  it('masks a token as its prefix and last 4 characters', () => {
    expect(maskToken('cs_abcdefghijklmnopqrstuvwxyz1234', ['cs_scan_', 'cs_'])).toBe('cs_…1234');
    expect(maskToken('cs_scan_abcdefghijklmnopqrstuvwxyz9876', ['cs_scan_', 'cs_'])).toBe('cs_scan_…9876');
    expect(maskToken('cs_short', ['cs_'])).toBe('cs_…');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 1)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('online commands over HTTP', () => {
  let reg: FakeRegistry;
  let box: Sandbox;
  beforeEach(async () => {
    reg = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'alice', tier: 'free' } } });
    box = createSandbox();
  });
  afterEach(async () => {
    await reg.close();
    box.cleanup();
  });

  it('uses SOUL_REGISTRY when there is no --registry', async () => {
    const r = await box.run(['whoami'], { SOUL_REGISTRY: reg.url, SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(0);
    expect(reg.calls('GET /auth/me')).toHaveLength(1);
  });

  it('uses <publicUrl><apiBase> of registry.config.json in the working folder', async () => {
    const origin = reg.url.replace('/api/v1', '');
    writeFileSync(join(box.cwd, 'registry.config.json'), JSON.stringify({ publicUrl: origin, apiBase: '/api/v1' }));
    const r = await box.run(['whoami'], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(0);
    expect(reg.calls('GET /auth/me')).toHaveLength(1);
  });

  it('exits 2 for a --registry that is not an http(s) URL', async () => {
    const r = await box.run(['whoami', '--registry', 'file:///etc'], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--registry must be an http(s) URL');
  });

  it('sends a soul-cli User-Agent', async () => {
    await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(reg.requests[0]!.headers['user-agent']).toMatch(/^soul-cli\/\d+\.\d+\.\d+/);
  });

  it('names the URL and how to start a registry when nothing listens there', async () => {
    const url = reg.url;
    await reg.close();
    const r = await box.run(['whoami', '--registry', url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cannot reach the registry at ${url} (ECONNREFUSED)`);
    expect(r.stderr).toContain('npm start');
    reg = await startFakeRegistry();
  });

  it('gives up after SOUL_TIMEOUT seconds and says the registry did not answer', async () => {
    reg.route('GET /auth/me', { body: { username: 'alice' }, delayMs: 2000 });
    const started = Date.now();
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken(), SOUL_TIMEOUT: '0.2' });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('did not answer within');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('reports a 429 with the wait from Retry-After', async () => {
    reg.route('GET /auth/me', { status: 429, headers: { 'retry-after': '42' }, body: { error: 'rate limit exceeded', code: 'RATE_LIMITED' } });
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('rate limited');
    expect(r.stderr).toContain('try again in 42 seconds');
  });

  it('reports a 5xx as a registry failure to retry later', async () => {
    reg.route('GET /auth/me', { status: 503, body: { error: 'down for maintenance' } });
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the registry failed (503');
    expect(r.stderr).toContain('down for maintenance');
  });

  it('says the URL may not be the API base when the answer is not JSON', async () => {
    reg.route('GET /auth/me', { raw: '<html>site</html>', headers: { 'content-type': 'text/html' } });
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('not JSON (text/html)');
    expect(r.stderr).toContain('/api/v1');
  });

  it('does not follow a redirect with the token', async () => {
    const other = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'mallory' } } });
    try {
      reg.route('GET /auth/me', { status: 307, headers: { location: `${other.url}/auth/me` }, raw: '' });
      const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('redirected GET');
      expect(r.stderr).toContain('the token was not sent there');
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('strips terminal control characters from server messages', async () => {
    reg.route('GET /auth/me', { status: 403, body: { error: 'blocked\u001b[2J account' } });
    const r = await box.run(['whoami', '--registry', reg.url], { SOUL_TOKEN: fakeToken() });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).toContain('(403)');
  });
});
