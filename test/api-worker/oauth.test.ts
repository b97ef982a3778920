// GitHub sign-in against the local fake of GitHub: the web flow sets the site's session cookie, the
// device flow gives `soul login` a personal token; the GitHub login becomes the namespace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../fakes/github-server.ts';
import type { FakeGitHub } from '../fakes/github-server.ts';
import { openTestRegistry } from './harness.ts';
import type { TestRegistry } from './harness.ts';

let gh: FakeGitHub;
let reg: TestRegistry;

beforeAll(async () => {
  gh = await startFakeGitHub({ deviceInterval: 0 });
  reg = await openTestRegistry({ github: { clientId: gh.clientId, clientSecret: gh.clientSecret, webUrl: gh.url, apiUrl: gh.url } });
}, 120_000);

afterAll(async () => {
  await reg?.cleanup();
  await gh?.close();
});

describe('GitHub sign-in', () => {
  it('says GitHub sign-in is on and token sign-in is off', async () => {
    expect(await (await reg.call('GET', '/auth/providers')).json()).toEqual({ github: true, token: false });
    expect((await reg.call('POST', '/auth/session', { body: { token: reg.tokens.alice } })).status).toBe(404);
  });

  it('signs the site in through the web flow with a state check and an HttpOnly Secure cookie', async () => {
    gh.authorizeAs('Octo-Cat');
    const start = await reg.call('GET', '/auth/github/login?return=/dashboard/');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(gh.url);
    const stateCookie = /soul_oauth=([^;]+)/.exec(start.headers.get('set-cookie')!)![1]!;
    // the user approves on (fake) GitHub, which redirects back with a code
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    expect(callback.pathname).toBe('/api/v1/auth/github/callback');
    const done = await reg.call('GET', `${callback.pathname}${callback.search}`, { headers: { cookie: `soul_oauth=${stateCookie}` } });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/dashboard/');
    const cookies = done.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('soul_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/);
    const value = /soul_session=([^;]+)/.exec(session)![1]!;
    const me = await reg.call('GET', '/auth/me', { headers: { cookie: `soul_session=${value}` } });
    expect(((await me.json()) as { username: string }).username).toBe('octo-cat');
  });

  it('refuses a callback whose state does not match the cookie', async () => {
    const start = await reg.call('GET', '/auth/github/login');
    const authorize = new URL(start.headers.get('location')!);
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const res = await reg.call('GET', `${callback.pathname}${callback.search}`, { headers: { cookie: 'soul_oauth=ffffffffffffffffffffffffffffffff./' } });
    expect(res.status).toBe(400);
    expect((await reg.call('GET', `${callback.pathname}${callback.search}`)).status).toBe(400);
  });

  it('never redirects to another origin after sign-in', async () => {
    const start = await reg.call('GET', '/auth/github/login?return=//evil.example/x');
    const stateCookie = decodeURIComponent(/soul_oauth=([^;]+)/.exec(start.headers.get('set-cookie')!)![1]!);
    expect(stateCookie.endsWith('./dashboard/')).toBe(true);
  });

  it('gives soul login a personal token through the device flow', async () => {
    const code = (await (await reg.call('POST', '/auth/device/code')).json()) as { device_code: string; user_code: string; verification_uri: string };
    expect(code.verification_uri).toContain(gh.url);
    const pending = await reg.call('POST', '/auth/device/token', { body: { device_code: code.device_code } });
    expect(pending.status).toBe(400);
    expect(((await pending.json()) as { code: string }).code).toBe('AUTHORIZATION_PENDING');
    gh.approveDevice(code.user_code, 'Device-User');
    const granted = await reg.call('POST', '/auth/device/token', { body: { device_code: code.device_code } });
    expect(granted.status).toBe(200);
    const { token, username } = (await granted.json()) as { token: string; username: string };
    expect(username).toBe('device-user');
    expect(token.startsWith('cs_')).toBe(true);
    const me = await reg.call('GET', '/auth/me', { token });
    expect(((await me.json()) as { username: string }).username).toBe('device-user');
  });

  it('answers 502 when GitHub fails, not 500', async () => {
    gh.setFault({ kind: 'error', status: 503, count: 1, match: 'all' });
    const res = await reg.call('POST', '/auth/device/code');
    expect(res.status).toBe(502);
    gh.setFault(null);
  });
});
