import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient, createGitHubStore, decodeBase64, encodeBase64 } from '../../../api-worker/src/content/github.ts';
import type { GitHubClient, GitHubClientOptions } from '../../../api-worker/src/content/github.ts';
import { ContentConflictError } from '../../../api-worker/src/content/types.ts';
import type { ContentStore } from '../../../api-worker/src/content/types.ts';
import { isRegistryError } from '../../../scripts/core/errors.ts';
import { startFakeGitHub } from '../../fakes/github-server.ts';
import type { FakeGitHub, FakeGitHubOptions } from '../../fakes/github-server.ts';
import { defineContentStoreContract, request } from './contract.ts';

const SEED: FakeGitHubOptions = { seed: { branch: 'seed', files: { 'README.md': 'registry' } } };
const fakes: FakeGitHub[] = [];

async function fake(options: FakeGitHubOptions = SEED): Promise<FakeGitHub> {
  const gh = await startFakeGitHub(options);
  fakes.push(gh);
  return gh;
}

function storeOn(gh: FakeGitHub, options: Partial<GitHubClientOptions> = {}): ContentStore {
  const client = createGitHubClient({ token: gh.token, baseUrl: gh.url, writeSpacingMs: 0, retryBaseMs: 5, timeoutMs: 2_000, ...options });
  return createGitHubStore({ client, owner: gh.owner, repo: gh.repo, branch: 'main' });
}

afterEach(async () => {
  for (const gh of fakes.splice(0)) await gh.close();
});

defineContentStoreContract('GitHub (fake)', async () => {
  const gh = await startFakeGitHub(SEED);
  return { store: storeOn(gh), other: storeOn(gh), close: () => gh.close() };
});

/** A store with a first commit on main. */
async function withMain(options: Partial<GitHubClientOptions> = {}, fakeOptions: FakeGitHubOptions = SEED): Promise<{ gh: FakeGitHub; store: ContentStore; head: string }> {
  const gh = await fake(fakeOptions);
  gh.pushCommit({ branch: 'main', files: { 'souls/acme/tutor/soul.json': '{"version":"1.0.0"}' } });
  const store = storeOn(gh, options);
  return { gh, store, head: (await store.head())! };
}

describe('GitHub store', () => {
  it('makes one content-creating request per commit', async () => {
    const { gh, store, head } = await withMain();
    const before = gh.state.counts.contentCreating;
    await store.commit(request(head, { 'reviews/acme/tutor/a.json': '{}', 'reviews/acme/tutor/b.json': '{}', 'souls/acme/tutor/SOUL.md': '# x' }));
    expect(gh.state.counts.contentCreating - before).toBe(1);
    expect(gh.state.commitLog.at(-1)?.via).toBe('graphql');
  });

  it('stores the message as headline and body, with the trailer intact', async () => {
    const { gh, store, head } = await withMain();
    const { commit } = await store.commit(request(head, { 'a.txt': '1' }, 'Publish acme/tutor v1.1.0\n\nChanged files.\n\nPublished-by: acme\n'));
    const info = await store.readCommit!(commit);
    expect(info?.message).toBe('Publish acme/tutor v1.1.0\n\nChanged files.\n\nPublished-by: acme');
    expect(gh.head('main')).toBe(commit);
  });

  it('gives the same blob ids as git for the same content', async () => {
    const { gh, store, head } = await withMain();
    const { commit } = await store.commit(request(head, { 'hello.txt': 'hello\n' }));
    const tree = gh.listFiles(commit);
    expect(tree).toContain('hello.txt');
    // `git hash-object` of "hello\n".
    expect([...gh.state.objects.keys()]).toContain('ce013625030ba8dba906f756967f9e9ca394464a');
  });

  it('retries a 5xx answer and succeeds', async () => {
    const { gh, store } = await withMain();
    gh.setFault({ kind: 'error', status: 502, count: 2 });
    const requests = gh.state.counts.requests;
    expect(await store.head()).toBe(gh.head('main'));
    expect(gh.state.counts.requests - requests).toBe(3);
  });

  it('retries a commit that met a 5xx and commits once', async () => {
    const { gh, store, head } = await withMain();
    gh.setFault({ kind: 'error', status: 503, count: 1, match: 'commits' });
    const commits = gh.state.counts.commits;
    const { commit } = await store.commit(request(head, { 'a.txt': '1' }));
    expect(gh.state.counts.commits - commits).toBe(1);
    expect(gh.head('main')).toBe(commit);
  });

  it('fails with 503 after the retries when GitHub keeps failing', async () => {
    const { gh, store } = await withMain({ retries: 2 });
    gh.setFault({ kind: 'error', status: 500, count: 10 });
    const error = await store.head().catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect(String((error as Error).message)).not.toContain(gh.token);
  });

  it('retries a request that timed out', async () => {
    const { gh, store } = await withMain({ timeoutMs: 200 });
    gh.setFault({ kind: 'timeout', count: 1 });
    expect(await store.head()).toBe(gh.head('main'));
  });

  it('gives up with 503 when every attempt times out', async () => {
    const { gh, store } = await withMain({ timeoutMs: 150, retries: 1 });
    gh.setFault({ kind: 'timeout', count: 5 });
    const error = await store.head().catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('turns a stale head into a ContentConflictError without retrying the commit', async () => {
    const { gh, store, head } = await withMain();
    gh.setFault({ kind: 'stale', count: 1 });
    const contentBefore = gh.state.counts.contentCreating;
    const error = await store.commit(request(head, { 'a.txt': '1' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentConflictError);
    expect(gh.state.counts.contentCreating - contentBefore).toBe(1);
    expect(gh.head('main')).toBe(head);
  });

  it('reports a commit whose answer was lost as a conflict at the new head', async () => {
    const { gh, store, head } = await withMain();
    gh.setFault({ kind: 'lost-response', count: 1, match: 'commits' });
    const error = await store.commit(request(head, { 'a.txt': 'landed' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentConflictError);
    const actual = (error as ContentConflictError).actualHead!;
    expect(actual).not.toBe(head);
    expect(new TextDecoder().decode((await store.readFile(actual, 'a.txt'))!)).toBe('landed');
  });

  it('reports a conflict when the branch appears while its first commit is made', async () => {
    const gh = await fake();
    const store = storeOn(gh);
    gh.setFault({ kind: 'stale', count: 1 });
    const error = await store.commit(request(null, { 'a.txt': '1' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentConflictError);
    expect(gh.head('main')).toBeNull();
  });

  it('sees a commit pushed by someone else as a conflict', async () => {
    const { gh, store, head } = await withMain();
    const pushed = gh.pushCommit({ branch: 'main', files: { 'merged.txt': 'pr' } });
    const error = await store.commit(request(head, { 'a.txt': '1' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentConflictError);
    expect((error as ContentConflictError).actualHead).toBe(pushed);
  });

  it('surfaces the secondary rate limit as RATE_LIMITED with retryAfter', async () => {
    const { store, head } = await withMain({ maxRateLimitWaitSeconds: 0 }, { ...SEED, contentLimits: { perMinute: 2 } });
    const a = await store.commit(request(head, { 'a.txt': '1' }));
    const b = await store.commit(request(a.commit, { 'a.txt': '2' }));
    const error = await store.commit(request(b.commit, { 'a.txt': '3' })).catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('RATE_LIMITED');
    expect((error as { fields: { retryAfter: number } }).fields.retryAfter).toBeGreaterThan(0);
    expect(await store.head()).toBe(b.commit);
  });

  it('sends rate-limit headers and refuses past the primary limit', async () => {
    const gh = await fake({ ...SEED, coreLimit: 3 });
    const store = storeOn(gh, { maxRateLimitWaitSeconds: 0 });
    const response = await fetch(`${gh.url}/repos/${gh.owner}/${gh.repo}/git/ref/heads/seed`, { headers: { authorization: `token ${gh.token}` } });
    expect(response.headers.get('x-ratelimit-limit')).toBe('3');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('2');
    await store.head();
    await store.head();
    const error = await store.head().catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('RATE_LIMITED');
    expect(gh.state.counts.primaryLimited).toBeGreaterThan(0);
  });

  it('caches trees and blobs by sha', async () => {
    const { gh, store, head } = await withMain();
    await store.readFile(head, 'souls/acme/tutor/soul.json');
    const requests = gh.state.counts.requests;
    await store.readFile(head, 'souls/acme/tutor/soul.json');
    await store.listFiles(head, 'souls');
    await store.listFiles(head, 'souls');
    expect(gh.state.counts.requests - requests).toBe(1);
  });

  it('walks the folders when GitHub truncates a recursive listing', async () => {
    const gh = await fake({ ...SEED, maxTreeEntries: 2 });
    gh.pushCommit({ branch: 'main', files: { 'a/1.txt': '1', 'a/2.txt': '2', 'b/c/3.txt': '3', 'd.txt': '4' } });
    const store = storeOn(gh);
    const head = (await store.head())!;
    expect(await store.listFiles(head, '')).toEqual(['a/1.txt', 'a/2.txt', 'b/c/3.txt', 'd.txt']);
  });

  it('explains that an empty repository needs a first commit', async () => {
    const gh = await fake({});
    const store = storeOn(gh);
    expect(await store.head()).toBeNull();
    const error = await store.commit(request(null, { 'a.txt': '1' })).catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect((error as Error).message).toContain('is empty');
  });

  it('refuses bad credentials with a message that names no secret', async () => {
    const gh = await fake();
    const store = createGitHubStore({ client: createGitHubClient({ token: 'ghp_wrong-token-value', baseUrl: gh.url, retryBaseMs: 5 }), owner: gh.owner, repo: gh.repo });
    const error = await store.head().catch((e: unknown) => e);
    expect(isRegistryError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    expect((error as Error).message).not.toContain('ghp_wrong-token-value');
  });

  it('works with a plain-object client', async () => {
    const calls: string[] = [];
    const client: GitHubClient = {
      rest: {
        git: {
          getRef: async (p) => (calls.push(`ref ${p.ref}`), { data: { object: { sha: 'a'.repeat(40) } } }),
          getCommit: async () => ({ data: { sha: 'a'.repeat(40), message: 'm', tree: { sha: 'b'.repeat(40) }, parents: [], committer: { date: '2024-01-01T00:00:00Z' } } }),
          getTree: async () => ({ data: { sha: 'b'.repeat(40), truncated: false, tree: [{ path: 'x.txt', mode: '100644', type: 'blob', sha: 'c'.repeat(40) }] } }),
          getBlob: async () => ({ data: { content: encodeBase64(new TextEncoder().encode('plain')), encoding: 'base64' } }),
          createBlob: async () => ({ data: { sha: 'd'.repeat(40) } }),
          createTree: async () => ({ data: { sha: 'e'.repeat(40) } }),
          createCommit: async () => ({ data: { sha: 'f'.repeat(40) } }),
          createRef: async () => ({}),
        },
      },
      graphql: async (_query, variables) => {
        calls.push(`graphql ${JSON.stringify((variables as { input: { expectedHeadOid: string } }).input.expectedHeadOid)}`);
        return { createCommitOnBranch: { commit: { oid: '1'.repeat(40) } } };
      },
    };
    const store = createGitHubStore({ client, owner: 'o', repo: 'r', branch: 'registry' });
    const head = await store.head();
    expect(new TextDecoder().decode((await store.readFile(head!, 'x.txt'))!)).toBe('plain');
    expect((await store.commit(request(head, { 'y.txt': 'y' }))).commit).toBe('1'.repeat(40));
    expect(calls).toEqual(['ref heads/registry', `graphql "${'a'.repeat(40)}"`]);
  });

  it('round-trips base64 of every byte value', () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
    expect(decodeBase64('aGVs\nbG8=\n')).toEqual(new TextEncoder().encode('hello'));
  });
});
