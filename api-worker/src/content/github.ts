// The GitHub content store: the registry repository through the GitHub API. Reads use the git
// data endpoints (refs, commits, trees, blobs; immutable objects cached by sha); a commit is ONE
// GraphQL `createCommitOnBranch` guarded by `expectedHeadOid`, and a stale head becomes a
// ContentConflictError. Also builds the Octokit client (retry on 5xx and timeouts, throttling).
// Runs on Node and Cloudflare Workers alike (fetch, Web APIs, no node:*).
import { decodeBase64, encodeBase64 } from '../../../scripts/core/base64.ts';
import { Octokit } from '@octokit/rest';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { ThrottlingOptions } from '@octokit/plugin-throttling';
import { isRegistryError, RegistryError } from '../../../scripts/core/errors.ts';
import { checkCommitRequest, normalizeDir, OID_RE, pathProblem, sortPaths } from './changes.ts';
import { ContentConflictError } from './types.ts';
import type { CommitInfo, CommitRequest, ContentStore, FileChange } from './types.ts';

// A type alias, not an interface: Octokit's parameter types need the implicit index signature.
type RepoParams = {
  owner: string;
  repo: string;
};

/** A tree entry as the API returns it (fields optional, as in Octokit's types). */
interface ApiTreeEntry {
  path?: string;
  mode?: string;
  type?: string;
  sha?: string;
}

/**
 * The GitHub calls the store uses, typed structurally: an Octokit satisfies it, and so does a
 * plain object in a test.
 */
export interface GitHubClient {
  rest: {
    git: {
      getRef(params: RepoParams & { ref: string }): Promise<{ data: { object: { sha: string } } }>;
      getCommit(params: RepoParams & { commit_sha: string }): Promise<{ data: { sha: string; message: string; tree: { sha: string }; parents: { sha: string }[]; committer: { date?: string } } }>;
      getTree(params: RepoParams & { tree_sha: string; recursive?: string }): Promise<{ data: { sha: string; truncated: boolean; tree: ApiTreeEntry[] } }>;
      getBlob(params: RepoParams & { file_sha: string }): Promise<{ data: { content: string; encoding: string } }>;
      createBlob(params: RepoParams & { content: string; encoding: string }): Promise<{ data: { sha: string } }>;
      createTree(params: RepoParams & { tree: { path: string; mode: '100644'; type: 'blob'; sha: string }[] }): Promise<{ data: { sha: string } }>;
      createCommit(params: RepoParams & { message: string; tree: string; parents: string[]; author: { name: string; email: string; date: string } }): Promise<{ data: { sha: string } }>;
      createRef(params: RepoParams & { ref: string; sha: string }): Promise<unknown>;
    };
  };
  graphql(query: string, variables?: Record<string, unknown>): Promise<unknown>;
}

export interface GitHubStoreOptions {
  client: GitHubClient;
  owner: string;
  repo: string;
  /** Default `main`. */
  branch?: string;
  /** Bytes of blob content kept in memory (default 32 MB). */
  blobCacheBytes?: number;
}

export interface GitHubClientOptions {
  token: string;
  /** REST base URL (default https://api.github.com); GraphQL is derived from it. */
  baseUrl?: string;
  userAgent?: string;
  /** Give up on one request after this long; it is then retried like a 5xx (default 30 s). */
  timeoutMs?: number;
  /** Retries of a 5xx or a timeout (default 3), waiting (n+1)² × retryBaseMs before retry n (default 1 s). */
  retries?: number;
  retryBaseMs?: number;
  /** Gap between content-creating requests, GitHub's advice (default 1000 ms). */
  writeSpacingMs?: number;
  /** Wait (once) for a rate limit to pass when it says to retry within this many seconds (default 60); longer limits fail at once. */
  maxRateLimitWaitSeconds?: number;
  /** Default globalThis.fetch. */
  fetch?: typeof fetch;
}

const COMMIT_MUTATION = `mutation CommitOnBranch($input: CreateCommitOnBranchInput!) {
  createCommitOnBranch(input: $input) { commit { oid } }
}`;
const STALE_RE = /expected branch to point to/i;
const CACHE_ENTRIES = 2000;

/** A map that forgets its oldest entries beyond a size. */
class LruCache<V> {
  private readonly map = new Map<string, V>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: V) => number;
  constructor(options: { maxEntries: number; maxBytes?: number; sizeOf?: (value: V) => number }) {
    this.maxEntries = options.maxEntries;
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
    this.sizeOf = options.sizeOf ?? (() => 0);
  }
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    const size = this.sizeOf(value);
    if (size > this.maxBytes / 4) return;
    const old = this.map.get(key);
    if (old !== undefined) this.bytes -= this.sizeOf(old);
    this.map.delete(key);
    this.map.set(key, value);
    this.bytes += size;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const first = this.map.keys().next().value as string;
      this.bytes -= this.sizeOf(this.map.get(first)!);
      this.map.delete(first);
    }
  }
}

export { decodeBase64, encodeBase64 };

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function headersOf(error: unknown): Record<string, string | undefined> {
  return ((error as { response?: { headers?: Record<string, string | undefined> } } | null)?.response?.headers ?? {}) as Record<string, string | undefined>;
}

function graphqlErrorsOf(error: unknown): { type?: string; message?: string }[] | null {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) ? (errors as { type?: string; message?: string }[]) : null;
}

/** A failed GitHub call as a RegistryError (rate limits keep `retryAfter`); never echoes the response. */
function toStoreError(error: unknown, action: string): Error {
  if (error instanceof ContentConflictError || isRegistryError(error)) return error;
  const status = statusOf(error);
  const headers = headersOf(error);
  const message = error instanceof Error ? error.message : '';
  const rateLimited = (status === 403 || status === 429) && (headers['x-ratelimit-remaining'] === '0' || headers['retry-after'] !== undefined || /rate limit/i.test(message));
  if (rateLimited || graphqlErrorsOf(error)?.some((e) => e.type === 'RATE_LIMITED')) {
    const reset = Number(headers['x-ratelimit-reset']);
    const retryAfter = Number(headers['retry-after']) || (reset > 0 ? Math.max(1, Math.ceil(reset - Date.now() / 1000)) : 60);
    return new RegistryError('RATE_LIMITED', `GitHub's rate limit stopped the registry from trying to ${action}; retry in ${retryAfter} s`, { fields: { retryAfter }, cause: error });
  }
  if (status === 401 || status === 403) {
    return new RegistryError('SERVICE_UNAVAILABLE', `GitHub refused the registry's credentials while trying to ${action} (HTTP ${status}); check the token and its access to the repository`, { cause: error });
  }
  return new RegistryError('SERVICE_UNAVAILABLE', `GitHub did not complete the request to ${action}${status ? ` (HTTP ${status})` : ''}; retry later`, { cause: error });
}

/** Headline and body of a commit message as createCommitOnBranch takes them. */
function splitMessage(message: string): { headline: string; body?: string } {
  const text = message.trim();
  const newline = text.indexOf('\n');
  if (newline < 0) return { headline: text };
  const body = text.slice(newline + 1).trim();
  return body === '' ? { headline: text.slice(0, newline).trim() } : { headline: text.slice(0, newline).trim(), body };
}

/**
 * The registry repository on GitHub as a content store. A commit is one `createCommitOnBranch`
 * (author and time are then GitHub's: the token's account), except the first commit of a missing
 * branch, made with the git data API (blobs, tree, commit, then the ref only if still absent).
 * Deleting a file that is absent is dropped before the call (GitHub would refuse it).
 *
 * @example
 * const store = createGitHubStore({ client: createGitHubClient({ token }), owner: 'acme', repo: 'registry', branch: 'main' });
 * const head = await store.head();
 * await store.commit({ expectedHead: head, message: 'Add a review', author, changes });
 */
export function createGitHubStore(options: GitHubStoreOptions): ContentStore {
  const { client, owner, repo } = options;
  const branch = options.branch ?? 'main';
  const params = { owner, repo };
  const commits = new LruCache<{ tree: string; info: CommitInfo }>({ maxEntries: CACHE_ENTRIES });
  const trees = new LruCache<ApiTreeEntry[]>({ maxEntries: CACHE_ENTRIES });
  const recursiveTrees = new LruCache<{ truncated: boolean; tree: ApiTreeEntry[] }>({ maxEntries: 64 });
  const blobs = new LruCache<Uint8Array>({ maxEntries: CACHE_ENTRIES, maxBytes: options.blobCacheBytes ?? 32 * 1024 * 1024, sizeOf: (b) => b.length });

  async function head(): Promise<string | null> {
    try {
      const { data } = await client.rest.git.getRef({ ...params, ref: `heads/${branch}` });
      return data.object.sha;
    } catch (error) {
      // 404: no such branch; 409: the repository has no commit at all.
      const status = statusOf(error);
      if (status === 404 || status === 409) return null;
      throw toStoreError(error, `read the head of ${branch}`);
    }
  }

  async function readCommitData(oid: string): Promise<{ tree: string; info: CommitInfo } | null> {
    if (!OID_RE.test(oid)) return null;
    const cached = commits.get(oid);
    if (cached) return cached;
    try {
      const { data } = await client.rest.git.getCommit({ ...params, commit_sha: oid });
      const value = { tree: data.tree.sha, info: { oid, parents: data.parents.map((p) => p.sha), message: data.message, time: Date.parse(data.committer.date ?? '') || 0 } };
      commits.set(oid, value);
      return value;
    } catch (error) {
      const status = statusOf(error);
      if (status === 404 || status === 422 || status === 409) return null;
      throw toStoreError(error, `read commit ${oid}`);
    }
  }

  async function rootTree(commit: string): Promise<string> {
    const data = await readCommitData(commit);
    if (!data) throw new RegistryError('NOT_FOUND', `commit ${commit.slice(0, 40)} is not in the registry repository; read head() again`);
    return data.tree;
  }

  async function treeEntries(sha: string): Promise<ApiTreeEntry[]> {
    const cached = trees.get(sha);
    if (cached) return cached;
    try {
      const { data } = await client.rest.git.getTree({ ...params, tree_sha: sha });
      trees.set(sha, data.tree);
      return data.tree;
    } catch (error) {
      throw toStoreError(error, `read tree ${sha}`);
    }
  }

  async function entryAt(root: string, filepath: string): Promise<ApiTreeEntry | null> {
    const parts = filepath.split('/');
    let sha = root;
    for (let i = 0; i < parts.length; i++) {
      const entry = (await treeEntries(sha)).find((e) => e.path === parts[i]);
      if (!entry?.sha) return null;
      if (i === parts.length - 1) return entry;
      if (entry.type !== 'tree') return null;
      sha = entry.sha;
    }
    return null;
  }

  async function blob(sha: string): Promise<Uint8Array> {
    const cached = blobs.get(sha);
    if (cached) return cached;
    try {
      const { data } = await client.rest.git.getBlob({ ...params, file_sha: sha });
      const bytes = data.encoding === 'base64' ? decodeBase64(data.content) : new TextEncoder().encode(data.content);
      blobs.set(sha, bytes);
      return bytes;
    } catch (error) {
      throw toStoreError(error, `read blob ${sha}`);
    }
  }

  /** Every file under a tree, recursively: one recursive listing (cached by sha), or a walk when GitHub truncates it. */
  async function filesUnder(sha: string, prefix: string): Promise<string[]> {
    let listing = recursiveTrees.get(sha);
    if (!listing) {
      try {
        const { data } = await client.rest.git.getTree({ ...params, tree_sha: sha, recursive: '1' });
        listing = { truncated: data.truncated, tree: data.tree };
      } catch (error) {
        throw toStoreError(error, `list tree ${sha}`);
      }
      recursiveTrees.set(sha, listing);
    }
    if (!listing.truncated) return listing.tree.filter((e) => e.type === 'blob' && e.path).map((e) => prefix + e.path!);
    const out: string[] = [];
    for (const entry of await treeEntries(sha)) {
      if (!entry.path || !entry.sha) continue;
      if (entry.type === 'blob') out.push(prefix + entry.path);
      else if (entry.type === 'tree') out.push(...(await filesUnder(entry.sha, `${prefix}${entry.path}/`)));
    }
    return out;
  }

  /** The first commit of a branch that does not exist yet, with the git data API. */
  async function createBranch(request: CommitRequest): Promise<{ commit: string }> {
    const current = await head();
    if (current !== null) throw new ContentConflictError(null, current);
    const additions = request.changes.filter((c): c is FileChange & { content: Uint8Array } => c.content !== null);
    try {
      const entries: { path: string; mode: '100644'; type: 'blob'; sha: string }[] = [];
      for (const change of additions) {
        const { data } = await client.rest.git.createBlob({ ...params, content: encodeBase64(change.content), encoding: 'base64' });
        entries.push({ path: change.path, mode: '100644', type: 'blob', sha: data.sha });
      }
      const tree = await client.rest.git.createTree({ ...params, tree: entries });
      const date = new Date(request.timestamp ?? Date.now()).toISOString();
      const commit = await client.rest.git.createCommit({ ...params, message: request.message, tree: tree.data.sha, parents: [], author: { ...request.author, date } });
      try {
        await client.rest.git.createRef({ ...params, ref: `refs/heads/${branch}`, sha: commit.data.sha });
      } catch (error) {
        // 422: the ref appeared meanwhile (another writer won).
        if (statusOf(error) === 422) throw new ContentConflictError(null, await head());
        throw error;
      }
      return { commit: commit.data.sha };
    } catch (error) {
      if (statusOf(error) === 409) {
        throw new RegistryError('SERVICE_UNAVAILABLE', `the GitHub repository ${owner}/${repo} is empty; give it a first commit (e.g. a README) and retry`, { cause: error });
      }
      throw toStoreError(error, `create the branch ${branch}`);
    }
  }

  return {
    head,

    async readFile(commit, filepath) {
      if (pathProblem(filepath) !== null) return null;
      const entry = await entryAt(await rootTree(commit), filepath);
      if (!entry?.sha || entry.type !== 'blob') return null;
      return new Uint8Array(await blob(entry.sha));
    },

    async listFiles(commit, dir) {
      const folder = normalizeDir(dir);
      const root = await rootTree(commit);
      if (folder === null) return [];
      let sha = root;
      if (folder !== '') {
        const entry = await entryAt(root, folder);
        if (!entry?.sha || entry.type !== 'tree') return [];
        sha = entry.sha;
      }
      return sortPaths(await filesUnder(sha, folder === '' ? '' : `${folder}/`));
    },

    async commit(request) {
      checkCommitRequest(request);
      const { expectedHead } = request;
      if (expectedHead === null) return createBranch(request);
      let deletions = request.changes.filter((c) => c.content === null).map((c) => c.path);
      if (deletions.length > 0) {
        const base = await readCommitData(expectedHead);
        if (!base) throw new ContentConflictError(expectedHead, await head());
        const present = await Promise.all(deletions.map(async (p) => (await entryAt(base.tree, p))?.type === 'blob'));
        deletions = deletions.filter((_, i) => present[i]);
      }
      const additions = request.changes.filter((c): c is FileChange & { content: Uint8Array } => c.content !== null);
      if (additions.length === 0 && deletions.length === 0) {
        // Only deletions of absent files: nothing to commit.
        const current = await head();
        if (current !== expectedHead) throw new ContentConflictError(expectedHead, current);
        return { commit: expectedHead };
      }
      const input = {
        branch: { repositoryNameWithOwner: `${owner}/${repo}`, branchName: branch },
        expectedHeadOid: expectedHead,
        message: splitMessage(request.message),
        fileChanges: {
          additions: additions.map((c) => ({ path: c.path, contents: encodeBase64(c.content) })),
          deletions: deletions.map((p) => ({ path: p })),
        },
      };
      let result: unknown;
      try {
        result = await client.graphql(COMMIT_MUTATION, { input });
      } catch (error) {
        const errors = graphqlErrorsOf(error);
        if (errors && !errors.some((e) => e.type === 'RATE_LIMITED')) {
          // A stale head (STALE_DATA), or the branch gone: the caller re-reads. Anything else
          // with the head unmoved is a refusal of this change.
          const current = await head();
          if (errors.some((e) => e.type === 'STALE_DATA' || STALE_RE.test(e.message ?? '')) || current !== expectedHead) throw new ContentConflictError(expectedHead, current);
          throw new RegistryError('BAD_REQUEST', `GitHub refused the commit (${errors.map((e) => e.type ?? 'ERROR').join(', ')}); check that no added file replaces a folder or sits below a file`, { cause: error });
        }
        throw toStoreError(error, `commit to ${branch}`);
      }
      const oid = (result as { createCommitOnBranch?: { commit?: { oid?: unknown } } } | null)?.createCommitOnBranch?.commit?.oid;
      if (typeof oid !== 'string' || !OID_RE.test(oid)) throw new RegistryError('SERVICE_UNAVAILABLE', 'GitHub answered the commit without a commit id; read the head again before retrying');
      return { commit: oid };
    },

    async readCommit(commit) {
      return (await readCommitData(commit))?.info ?? null;
    },
  };
}

const RegistryOctokit = Octokit.plugin(retry, throttling);
export type RegistryOctokitClient = InstanceType<typeof RegistryOctokit>;

/** A stand-in for plugin-throttling's write group: one content-creating request per `spacingMs`. */
function createSpacingGroup(spacingMs: number): unknown {
  const limiters = new Map<string, { schedule: (options: unknown, fn: (...args: unknown[]) => unknown, ...args: unknown[]) => Promise<unknown> }>();
  return {
    key(id: string) {
      let limiter = limiters.get(id);
      if (!limiter) {
        let nextStart = 0;
        let chain: Promise<void> = Promise.resolve();
        limiter = {
          schedule(_options, fn, ...args) {
            const turn = chain.then(async () => {
              const wait = nextStart - Date.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
              nextStart = Date.now() + spacingMs;
            });
            chain = turn;
            return turn.then(() => fn(...args));
          },
        };
        limiters.set(id, limiter);
      }
      return limiter;
    },
  };
}

/**
 * An Octokit for the registry: retries 5xx and timeouts with growing waits (never a 4xx, so a
 * conflict is never retried blindly), waits out short rate limits once, spaces content-creating
 * requests. Satisfies GitHubClient.
 *
 * @example
 * const client = createGitHubClient({ token: env.GITHUB_TOKEN });
 * const store = createGitHubStore({ client, owner: 'acme', repo: 'registry' });
 */
export function createGitHubClient(options: GitHubClientOptions): RegistryOctokitClient {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  const mayWait = (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number): boolean => retryCount < 1 && retryAfter <= maxWait;
  const timedFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // A TimeoutError (not an AbortError) becomes a retriable 500 in @octokit/request.
    const timeout = AbortSignal.timeout(timeoutMs);
    return baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
  };
  const throttle = {
    id: `soul-registry-${Math.random().toString(36).slice(2)}`,
    write: createSpacingGroup(options.writeSpacingMs ?? 1000),
    onRateLimit: mayWait,
    onSecondaryRateLimit: mayWait,
  };
  return new RegistryOctokit({
    auth: options.token,
    baseUrl: options.baseUrl ?? 'https://api.github.com',
    userAgent: options.userAgent ?? 'soul-registry',
    request: { fetch: timedFetch },
    retry: { retries: options.retries ?? 3, retryAfterBaseValue: options.retryBaseMs ?? 1000, doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451] },
    // `write` is our structural stand-in for a Bottleneck group.
    throttle: throttle as unknown as ThrottlingOptions,
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}
