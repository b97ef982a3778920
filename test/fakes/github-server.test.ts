import { afterEach, describe, expect, it } from 'vitest';
import { startFakeGitHub } from './github-server.ts';
import type { FakeGitHub, FakeGitHubOptions } from './github-server.ts';

const fakes: FakeGitHub[] = [];
async function fake(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const gh = await startFakeGitHub(options);
  fakes.push(gh);
  return gh;
}
afterEach(async () => {
  for (const gh of fakes.splice(0)) await gh.close();
});

async function postForm(url: string, fields: Record<string, string>, json = true): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...(json ? { accept: 'application/json' } : {}) }, body: new URLSearchParams(fields).toString() });
}

async function loginOf(gh: FakeGitHub, token: string): Promise<string> {
  const response = await fetch(`${gh.url}/user`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { login: string }).login;
}

describe('fake GitHub: OAuth web flow', () => {
  it('redirects back with a code and the state, and exchanges the code for a token of the user', async () => {
    const gh = await fake({ authorizeLogin: 'alice' });
    const authorize = await fetch(`${gh.url}/login/oauth/authorize?client_id=${gh.clientId}&redirect_uri=${encodeURIComponent('http://app.test/callback')}&state=xyz`, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const location = new URL(authorize.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://app.test/callback');
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    const exchange = await postForm(`${gh.url}/login/oauth/access_token`, { client_id: gh.clientId, client_secret: gh.clientSecret, code, redirect_uri: 'http://app.test/callback' });
    const body = (await exchange.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('bearer');
    expect(await loginOf(gh, body.access_token)).toBe('alice');
    const reuse = (await (await postForm(`${gh.url}/login/oauth/access_token`, { client_id: gh.clientId, client_secret: gh.clientSecret, code })).json()) as { error: string };
    expect(reuse.error).toBe('bad_verification_code');
  });

  it('refuses a wrong client secret', async () => {
    const gh = await fake();
    const location = new URL((await fetch(`${gh.url}/login/oauth/authorize?client_id=${gh.clientId}&redirect_uri=http://app.test/cb`, { redirect: 'manual' })).headers.get('location')!);
    const body = (await (await postForm(`${gh.url}/login/oauth/access_token`, { client_id: gh.clientId, client_secret: 'nope', code: location.searchParams.get('code')! })).json()) as { error: string };
    expect(body.error).toBe('incorrect_client_credentials');
  });

  it('redirects with access_denied when the user refuses', async () => {
    const gh = await fake();
    gh.authorizeAs(null);
    const location = new URL((await fetch(`${gh.url}/login/oauth/authorize?client_id=${gh.clientId}&redirect_uri=http://app.test/cb&state=s1`, { redirect: 'manual' })).headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
  });
});

describe('fake GitHub: OAuth device flow', () => {
  it('answers authorization_pending until approveDevice, then a token of that login', async () => {
    const gh = await fake({ deviceInterval: 0 });
    const start = (await (await postForm(`${gh.url}/login/device/code`, { client_id: gh.clientId, scope: 'read:user' })).json()) as { device_code: string; user_code: string; verification_uri: string; interval: number };
    expect(start.user_code).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(start.verification_uri).toBe(`${gh.url}/login/device`);
    const poll = async (): Promise<Record<string, string>> =>
      (await (await postForm(`${gh.url}/login/oauth/access_token`, { client_id: gh.clientId, device_code: start.device_code, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' })).json()) as Record<string, string>;
    expect((await poll()).error).toBe('authorization_pending');
    gh.approveDevice(start.user_code.toLowerCase(), 'bob');
    const granted = await poll();
    expect(await loginOf(gh, granted.access_token!)).toBe('bob');
    expect((await poll()).error).toBe('incorrect_device_code');
  });

  it('says slow_down when polled faster than the interval', async () => {
    const gh = await fake({ deviceInterval: 5 });
    const start = (await (await postForm(`${gh.url}/login/device/code`, { client_id: gh.clientId })).json()) as { device_code: string };
    const fields = { client_id: gh.clientId, device_code: start.device_code, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' };
    expect(((await (await postForm(`${gh.url}/login/oauth/access_token`, fields)).json()) as { error: string }).error).toBe('authorization_pending');
    const second = (await (await postForm(`${gh.url}/login/oauth/access_token`, fields)).json()) as { error: string; interval: number };
    expect(second.error).toBe('slow_down');
    expect(second.interval).toBe(10);
  });

  it('answers access_denied after denyDevice, form-encoded without Accept: json', async () => {
    const gh = await fake({ deviceInterval: 0 });
    const start = new URLSearchParams(await (await postForm(`${gh.url}/login/device/code`, { client_id: gh.clientId }, false)).text());
    gh.denyDevice(start.get('user_code')!);
    const answer = new URLSearchParams(await (await postForm(`${gh.url}/login/oauth/access_token`, { client_id: gh.clientId, device_code: start.get('device_code')!, grant_type: 'urn:ietf:params:oauth:grant-type:device_code' }, false)).text());
    expect(answer.get('error')).toBe('access_denied');
  });

  it('refuses /user without a valid token', async () => {
    const gh = await fake();
    expect((await fetch(`${gh.url}/user`)).status).toBe(401);
    expect((await fetch(`${gh.url}/user`, { headers: { authorization: 'token nope' } })).status).toBe(401);
    expect(await loginOf(gh, gh.token)).toBe(gh.login);
  });
});

describe('fake GitHub: limits and commits', () => {
  it('refuses content-creating requests past the per-minute limit in any sliding minute', async () => {
    let clock = 1_000_000;
    const gh = await fake({ seed: { files: { 'a.txt': 'a' } }, contentLimits: { perMinute: 3, perHour: 100 }, now: () => clock });
    const blob = (): Promise<Response> =>
      fetch(`${gh.url}/repos/${gh.owner}/${gh.repo}/git/blobs`, { method: 'POST', headers: { authorization: `token ${gh.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x', encoding: 'utf-8' }) });
    for (let i = 0; i < 3; i++) {
      expect((await blob()).status).toBe(201);
      clock += 10_000;
    }
    const refused = await blob();
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as { message: string }).message).toMatch(/secondary rate limit/);
    clock += 29_000;
    expect((await blob()).status).toBe(403);
    clock += 1_000;
    expect((await blob()).status).toBe(201);
    expect(gh.state.counts.secondaryLimited).toBe(2);
  });

  it('refuses the deletion of an absent path in createCommitOnBranch, like GitHub', async () => {
    const gh = await fake({ seed: { branch: 'main', files: { 'a.txt': 'a' } } });
    const response = await fetch(`${gh.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `bearer ${gh.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation ($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }',
        variables: { input: { branch: { repositoryNameWithOwner: `${gh.owner}/${gh.repo}`, branchName: 'main' }, expectedHeadOid: gh.head('main'), message: { headline: 'x' }, fileChanges: { deletions: [{ path: 'nope.txt' }] } } },
      }),
    });
    const body = (await response.json()) as { errors: { type: string }[] };
    expect(body.errors[0]!.type).toBe('UNPROCESSABLE');
  });

  it('counts the most commits in any window', async () => {
    let clock = 0;
    const gh = await fake({ seed: { branch: 'main', files: { 'a.txt': 'a' } }, now: () => clock });
    const commit = async (i: number): Promise<void> => {
      await fetch(`${gh.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `bearer ${gh.token}` },
        body: JSON.stringify({
          query: 'mutation ($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }',
          variables: { input: { branch: { repositoryNameWithOwner: `${gh.owner}/${gh.repo}`, branchName: 'main' }, expectedHeadOid: gh.head('main'), message: { headline: `c${i}` }, fileChanges: { additions: [{ path: 'a.txt', contents: btoa(String(i)) }] } } },
        }),
      });
    };
    for (const t of [0, 10_000, 50_000, 59_999, 60_000, 130_000]) {
      clock = t;
      await commit(t);
    }
    expect(gh.state.counts.commits).toBe(6);
    expect(gh.maxCommitsInWindow(60_000)).toBe(4);
  });
});
