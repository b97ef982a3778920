// A local fake of GitHub for tests and benches: an HTTP server on 127.0.0.1 with the REST git data
// endpoints, the GraphQL `createCommitOnBranch` mutation (head compare-and-swap), rate-limit headers
// and a content-creation limit, fault injection, and the OAuth web and device flows. Repository
// state lives in memory as real git objects (SHA-1 over the git encoding), so oids look real.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGitHubOptions {
  /** Repository owner and name (default `soul-registry/registry`). */
  owner?: string;
  repo?: string;
  /** An initial commit on `branch` (default `seed`); without it the repository starts empty (no refs at all). */
  seed?: { branch?: string; files: Record<string, string | Uint8Array>; message?: string };
  /** Login of the returned `token` (default `registry-bot`). */
  login?: string;
  /** Content-creating requests allowed in any sliding minute and hour (default 80 and 500). */
  contentLimits?: { perMinute?: number; perHour?: number };
  /** Primary limit per token and hour (default 5000), with GitHub's `x-ratelimit-*` headers. */
  coreLimit?: number;
  /** Status of a secondary-rate-limit refusal (default 403, as GitHub mostly answers). */
  secondaryStatus?: 403 | 429;
  /** OAuth app credentials (defaults `fake-client-id` / `fake-client-secret`). */
  clientId?: string;
  clientSecret?: string;
  /** Device-flow polling interval in seconds (default 5, like GitHub; tests pass 0). */
  deviceInterval?: number;
  /** Login the web flow signs in (default `octocat`); `authorizeAs` changes it. */
  authorizeLogin?: string;
  /** Entries after which a recursive tree listing is truncated (default 100,000; GitHub truncates only recursive listings). */
  maxTreeEntries?: number;
  /** Clock (ms); default Date.now. */
  now?: () => number;
}

/** What a fault sees of a request. */
export interface FakeRequestInfo {
  method: string;
  path: string;
  /** A content-creating request: a mutation or a REST POST/PATCH/PUT/DELETE under /repos. */
  contentCreating: boolean;
  /** A commit attempt: the createCommitOnBranch mutation or a ref update. */
  commit: boolean;
}

type FaultMatch = 'all' | 'api' | 'commits' | 'content' | ((request: FakeRequestInfo) => boolean);

/** A fault for the next `count` matching requests (default 1). */
export type FakeFault =
  /** Answer with an HTTP error (default 502) without doing the work. */
  | { kind: 'error'; status?: number; count?: number; match?: FaultMatch }
  /** Never answer (the client's timeout decides); the socket is closed by `close()`. */
  | { kind: 'timeout'; count?: number; match?: FaultMatch }
  /** Do the work, then answer 502 as if the response was lost. */
  | { kind: 'lost-response'; count?: number; match?: FaultMatch }
  /** Answer a commit attempt as a stale head (GraphQL STALE_DATA, REST 422) even when it is current. */
  | { kind: 'stale'; count?: number }
  /** Wait before handling. */
  | { kind: 'delay'; ms: number; count?: number; match?: FaultMatch };

interface GitObject {
  type: 'blob' | 'tree' | 'commit';
  data: Uint8Array;
}

interface TreeEntry {
  mode: string;
  name: string;
  oid: string;
}

export interface FakeCommitRecord {
  oid: string;
  branch: string;
  /** Fake-clock time of the branch update (ms). */
  at: number;
  via: 'graphql' | 'rest' | 'push';
}

export interface FakeGitHubState {
  readonly owner: string;
  readonly repo: string;
  objects: Map<string, GitObject>;
  /** `refs/heads/<branch>` → commit oid. */
  refs: Map<string, string>;
  /** token → login. */
  tokens: Map<string, string>;
  counts: {
    /** Every HTTP request. */
    requests: number;
    /** Content-creating requests accepted (counted against the limits). */
    contentCreating: number;
    /** Branch updates through the API (createCommitOnBranch, ref create/update). */
    commits: number;
    /** Refused by the secondary (content-creation) limit. */
    secondaryLimited: number;
    /** Refused by the primary limit. */
    primaryLimited: number;
    /** Requests a fault answered. */
    faults: number;
    graphql: number;
    rest: number;
  };
  /** Every branch update, in order. */
  commitLog: FakeCommitRecord[];
}

export interface FakeGitHub {
  /** Base URL for both the API and the web (OAuth) endpoints. */
  url: string;
  /** A token of `login` with access to the repository. */
  token: string;
  login: string;
  owner: string;
  repo: string;
  clientId: string;
  clientSecret: string;
  state: FakeGitHubState;
  /** Set the fault for the next requests (null clears it). */
  setFault(fault: FakeFault | null): void;
  /** Approve a pending device code as `login` (the user typed the code and authorized). */
  approveDevice(userCode: string, login: string): void;
  /** Deny a pending device code. */
  denyDevice(userCode: string): void;
  /** The login the web flow signs in next; null makes the user deny access. */
  authorizeAs(login: string | null): void;
  /** A new token for `login`. */
  createToken(login: string): string;
  /** Commit directly to a branch (a merged pull request, another committer); not counted as an API request. */
  pushCommit(input: { branch: string; files: Record<string, string | Uint8Array | null>; message?: string }): string;
  /** Head of a branch or null. */
  head(branch: string): string | null;
  /** A file at a branch or commit, or null. */
  readFile(refOrOid: string, path: string): Uint8Array | null;
  /** Every file path under `dir` ('' for all) at a branch or commit, sorted. */
  listFiles(refOrOid: string, dir?: string): string[];
  /** The largest number of API commits in any window of `windowMs` (default 60 s). */
  maxCommitsInWindow(windowMs?: number): number;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const SECONDARY_MESSAGE = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const MINUTE = 60_000;
const HOUR = 3_600_000;

class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, body: unknown, headers: Record<string, string> = {}) {
    super(typeof body === 'object' && body && 'message' in body ? String((body as { message: unknown }).message) : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

class GraphqlError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += bytes[i]!.toString(16).padStart(2, '0');
  return s;
}

function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? encoder.encode(content) : content;
}

function base64Wrapped(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64');
  // GitHub wraps base64 blob content at 60 characters.
  return (b64.match(/.{1,60}/g) ?? ['']).join('\n') + (b64.length > 0 ? '\n' : '');
}

function randomToken(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(36);
  let s = prefix;
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return s;
}

function randomUserCode(): string {
  const bytes = randomBytes(8);
  let s = '';
  for (let i = 0; i < 8; i++) s += USER_CODE_ALPHABET[bytes[i]! % USER_CODE_ALPHABET.length];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}

function normalizeUserCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Git's tree order: names compared as bytes, a folder as if its name ended with '/'. */
function compareEntries(a: TreeEntry, b: TreeEntry): number {
  const ka = a.mode === '40000' ? `${a.name}/` : a.name;
  const kb = b.mode === '40000' ? `${b.name}/` : b.name;
  return Buffer.compare(Buffer.from(ka), Buffer.from(kb));
}

interface DeviceGrant {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scope: string;
  expiresAt: number;
  interval: number;
  lastPoll: number;
  status: 'pending' | 'approved' | 'denied' | 'used';
  login: string | null;
}

/**
 * Start a fake GitHub on 127.0.0.1 (random port).
 *
 * @example
 * const gh = await startFakeGitHub({ seed: { files: { 'README.md': 'hi' } } });
 * const client = createGitHubClient({ token: gh.token, baseUrl: gh.url });
 * // ... gh.state.counts.commits, gh.setFault({ kind: 'error', status: 502 }), await gh.close()
 */
export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const now = options.now ?? Date.now;
  const owner = options.owner ?? 'soul-registry';
  const repo = options.repo ?? 'registry';
  const login = options.login ?? 'registry-bot';
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const perMinute = options.contentLimits?.perMinute ?? 80;
  const perHour = options.contentLimits?.perHour ?? 500;
  const coreLimit = options.coreLimit ?? 5000;
  const secondaryStatus = options.secondaryStatus ?? 403;
  const deviceInterval = options.deviceInterval ?? 5;
  const maxTreeEntries = options.maxTreeEntries ?? 100_000;
  let authorizeLogin: string | null = options.authorizeLogin ?? 'octocat';

  const state: FakeGitHubState = {
    owner,
    repo,
    objects: new Map(),
    refs: new Map(),
    tokens: new Map(),
    counts: { requests: 0, contentCreating: 0, commits: 0, secondaryLimited: 0, primaryLimited: 0, faults: 0, graphql: 0, rest: 0 },
    commitLog: [],
  };
  const contentTimes: number[] = [];
  const primary = new Map<string, { windowStart: number; used: number }>();
  const authCodes = new Map<string, { login: string; clientId: string; redirectUri: string | null; expiresAt: number; scope: string }>();
  const devices = new Map<string, DeviceGrant>();
  const userIds = new Map<string, number>();
  let fault: (FakeFault & { remaining: number }) | null = null;
  const hanging = new Set<http.ServerResponse>();
  let commitCounter = 0;

  // ---- git objects ----

  function writeObject(type: GitObject['type'], data: Uint8Array): string {
    const header = encoder.encode(`${type} ${data.length}\0`);
    const oid = createHash('sha1').update(header).update(data).digest('hex');
    if (!state.objects.has(oid)) state.objects.set(oid, { type, data });
    return oid;
  }

  function readObject(oid: string, type: GitObject['type']): GitObject | null {
    const object = state.objects.get(oid);
    return object && object.type === type ? object : null;
  }

  function writeTree(entries: TreeEntry[]): string {
    const sorted = [...entries].sort(compareEntries);
    return writeObject('tree', concat(sorted.flatMap((e) => [encoder.encode(`${e.mode} ${e.name}\0`), hexToBytes(e.oid)])));
  }

  function readTree(oid: string): TreeEntry[] {
    const object = readObject(oid, 'tree');
    if (!object) throw new HttpError(404, { message: 'Not Found' });
    const data = object.data;
    const entries: TreeEntry[] = [];
    let pos = 0;
    while (pos < data.length) {
      const sp = data.indexOf(0x20, pos);
      const nul = data.indexOf(0, sp);
      entries.push({ mode: decoder.decode(data.subarray(pos, sp)), name: decoder.decode(data.subarray(sp + 1, nul)), oid: bytesToHex(data, nul + 1, nul + 21) });
      pos = nul + 21;
    }
    return entries;
  }

  interface Person {
    name: string;
    email: string;
    seconds: number;
  }

  function writeCommit(input: { tree: string; parents: string[]; author: Person; committer: Person; message: string }): string {
    const person = (p: Person): string => `${p.name} <${p.email}> ${p.seconds} +0000`;
    const lines = [`tree ${input.tree}`, ...input.parents.map((p) => `parent ${p}`), `author ${person(input.author)}`, `committer ${person(input.committer)}`];
    return writeObject('commit', encoder.encode(`${lines.join('\n')}\n\n${input.message}`));
  }

  function parseCommit(oid: string): { tree: string; parents: string[]; author: Person; committer: Person; message: string } | null {
    const object = readObject(oid, 'commit');
    if (!object) return null;
    const text = decoder.decode(object.data);
    const split = text.indexOf('\n\n');
    const headers = text.slice(0, split).split('\n');
    const parsePerson = (value: string): Person => {
      const lt = value.lastIndexOf(' <');
      const gt = value.lastIndexOf('> ');
      return { name: value.slice(0, lt), email: value.slice(lt + 2, gt), seconds: Number(value.slice(gt + 2).split(' ')[0]) };
    };
    let tree = '';
    const parents: string[] = [];
    let author: Person = { name: '', email: '', seconds: 0 };
    let committer = author;
    for (const line of headers) {
      const sp = line.indexOf(' ');
      const key = line.slice(0, sp);
      const value = line.slice(sp + 1);
      if (key === 'tree') tree = value;
      else if (key === 'parent') parents.push(value);
      else if (key === 'author') author = parsePerson(value);
      else if (key === 'committer') committer = parsePerson(value);
    }
    return { tree, parents, author, committer, message: text.slice(split + 2) };
  }

  type Change = { kind: 'blob'; oid: string; mode?: string } | { kind: 'tree'; oid: string } | { kind: 'delete' };

  /** Apply path changes to a tree; null when the result is empty (below the root). */
  function applyChanges(base: string | null, changes: Map<string, Change>, prefix: string, strictDeletes: boolean, at: string): string | null {
    const entries = new Map<string, TreeEntry>();
    if (base) for (const e of readTree(base)) entries.set(e.name, e);
    const sub = new Map<string, Map<string, Change>>();
    const here: [string, Change][] = [];
    for (const [path, change] of changes) {
      const slash = path.indexOf('/');
      if (slash < 0) {
        here.push([path, change]);
        continue;
      }
      const dir = path.slice(0, slash);
      const rest = sub.get(dir) ?? new Map<string, Change>();
      rest.set(path.slice(slash + 1), change);
      sub.set(dir, rest);
    }
    // Deletions, then folders, then additions (a file may replace a folder deleted in the same commit).
    for (const [path, change] of here) {
      if (change.kind !== 'delete') continue;
      const existing = entries.get(path);
      if (!existing || existing.mode === '40000') {
        if (strictDeletes) throw new GraphqlError('UNPROCESSABLE', `A path was requested for deletion which does not exist as of commit oid \`${at}\``);
        continue;
      }
      entries.delete(path);
    }
    for (const [dir, rest] of sub) {
      const existing = entries.get(dir);
      if (existing && existing.mode !== '40000') {
        if ([...rest.values()].every((c) => c.kind === 'delete') && !strictDeletes) continue;
        throw new GraphqlError('UNPROCESSABLE', `The path ${prefix}${dir} is a file, not a directory`);
      }
      const next = applyChanges(existing?.oid ?? null, rest, `${prefix}${dir}/`, strictDeletes, at);
      if (next === null) entries.delete(dir);
      else entries.set(dir, { mode: '40000', name: dir, oid: next });
    }
    for (const [path, change] of here) {
      const existing = entries.get(path);
      if (change.kind === 'blob') {
        if (existing?.mode === '40000') throw new GraphqlError('UNPROCESSABLE', `A file cannot replace the directory ${prefix}${path}`);
        entries.set(path, { mode: change.mode ?? (existing && existing.mode !== '40000' ? existing.mode : '100644'), name: path, oid: change.oid });
      } else if (change.kind === 'tree') {
        entries.set(path, { mode: '40000', name: path, oid: change.oid });
      }
    }
    if (entries.size === 0 && prefix !== '') return null;
    return writeTree([...entries.values()]);
  }

  function resolveCommit(refOrOid: string): string | null {
    if (/^[0-9a-f]{40}$/.test(refOrOid)) return readObject(refOrOid, 'commit') ? refOrOid : null;
    return state.refs.get(refOrOid.startsWith('refs/') ? refOrOid : `refs/heads/${refOrOid}`) ?? null;
  }

  function entryAt(rootTree: string, path: string): TreeEntry | null {
    let tree = rootTree;
    const parts = path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const entry = readTree(tree).find((e) => e.name === parts[i]);
      if (!entry) return null;
      if (i === parts.length - 1) return entry;
      if (entry.mode !== '40000') return null;
      tree = entry.oid;
    }
    return null;
  }

  function flatten(tree: string, prefix: string, out: { path: string; entry: TreeEntry }[]): void {
    for (const entry of readTree(tree)) {
      out.push({ path: prefix + entry.name, entry });
      if (entry.mode === '40000') flatten(entry.oid, `${prefix}${entry.name}/`, out);
    }
  }

  function userId(name: string): number {
    let id = userIds.get(name);
    if (id === undefined) {
      id = 1000 + userIds.size;
      userIds.set(name, id);
    }
    return id;
  }

  function recordCommit(oid: string, branch: string, via: FakeCommitRecord['via']): void {
    state.refs.set(`refs/heads/${branch}`, oid);
    if (via !== 'push') {
      state.counts.commits++;
      state.commitLog.push({ oid, branch, at: now(), via });
    }
  }

  function changesFrom(files: Record<string, string | Uint8Array | null>): Map<string, Change> {
    const changes = new Map<string, Change>();
    for (const [path, content] of Object.entries(files)) changes.set(path, content === null ? { kind: 'delete' } : { kind: 'blob', oid: writeObject('blob', toBytes(content)) });
    return changes;
  }

  function pushCommit(input: { branch: string; files: Record<string, string | Uint8Array | null>; message?: string }): string {
    const parent = state.refs.get(`refs/heads/${input.branch}`) ?? null;
    const baseTree = parent ? parseCommit(parent)!.tree : null;
    const tree = applyChanges(baseTree, changesFrom(input.files), '', false, parent ?? '') ?? writeTree([]);
    const seconds = Math.floor(now() / 1000) + commitCounter++;
    const person = { name: 'Pusher', email: 'pusher@example.com', seconds };
    const oid = writeCommit({ tree, parents: parent ? [parent] : [], author: person, committer: person, message: `${input.message ?? 'Direct push'}\n` });
    recordCommit(oid, input.branch, 'push');
    return oid;
  }

  if (options.seed) pushCommit({ branch: options.seed.branch ?? 'seed', files: options.seed.files, message: options.seed.message ?? 'Initial commit' });
  const mainToken = randomToken('ghp_');
  state.tokens.set(mainToken, login);

  // ---- limits ----

  function checkPrimary(token: string | null, resource: string): Record<string, string> {
    const key = `${token ?? 'anonymous'}:${resource}`;
    const t = now();
    let bucket = primary.get(key);
    if (!bucket || t >= bucket.windowStart + HOUR) {
      bucket = { windowStart: t, used: 0 };
      primary.set(key, bucket);
    }
    const limit = token ? coreLimit : 60;
    const headers = (used: number): Record<string, string> => ({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-used': String(used),
      'x-ratelimit-reset': String(Math.ceil((bucket!.windowStart + HOUR) / 1000)),
      'x-ratelimit-resource': resource,
    });
    if (bucket.used >= limit) {
      state.counts.primaryLimited++;
      throw new HttpError(403, { message: `API rate limit exceeded for ${token ? 'user' : 'IP'}.`, documentation_url: 'https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting' }, headers(bucket.used));
    }
    bucket.used++;
    return headers(bucket.used);
  }

  /** Count a content-creating request, or refuse it with a secondary rate limit. */
  function checkContentLimit(headers: Record<string, string>): void {
    const t = now();
    while (contentTimes.length > 0 && contentTimes[0]! <= t - HOUR) contentTimes.shift();
    let inMinute = 0;
    for (let i = contentTimes.length - 1; i >= 0 && contentTimes[i]! > t - MINUTE; i--) inMinute++;
    let retryAfterMs = 0;
    if (inMinute >= perMinute) retryAfterMs = contentTimes[contentTimes.length - inMinute]! + MINUTE - t;
    if (contentTimes.length >= perHour) retryAfterMs = Math.max(retryAfterMs, contentTimes[contentTimes.length - perHour]! + HOUR - t);
    if (retryAfterMs > 0) {
      state.counts.secondaryLimited++;
      throw new HttpError(secondaryStatus, { message: SECONDARY_MESSAGE, documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits' }, { ...headers, 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
    }
    contentTimes.push(t);
    state.counts.contentCreating++;
  }

  function takeFault(info: FakeRequestInfo): FakeFault | null {
    if (!fault || fault.kind === 'stale') return null;
    const match = fault.match ?? 'api';
    const hit =
      typeof match === 'function'
        ? match(info)
        : match === 'all' || (match === 'api' && !info.path.startsWith('/login/')) || (match === 'commits' && info.commit) || (match === 'content' && info.contentCreating);
    if (!hit) return null;
    const taken = fault;
    if (--fault.remaining <= 0) fault = null;
    state.counts.faults++;
    return taken;
  }

  function takeStale(): boolean {
    if (!fault || fault.kind !== 'stale') return false;
    if (--fault.remaining <= 0) fault = null;
    state.counts.faults++;
    return true;
  }

  // ---- HTTP plumbing ----

  function tokenOf(req: http.IncomingMessage): string | null {
    const header = req.headers.authorization;
    if (!header) return null;
    const m = /^(?:token|bearer) (\S+)$/i.exec(header);
    return m ? m[1]! : null;
  }

  function requireUser(req: http.IncomingMessage): { token: string; login: string } {
    const token = tokenOf(req);
    if (!token) throw new HttpError(401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' });
    const user = state.tokens.get(token);
    if (!user) throw new HttpError(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    return { token, login: user };
  }

  function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8', ...headers });
    res.end(text);
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 100 * 1024 * 1024) throw new HttpError(413, { message: 'Request body too large' });
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  function parseParams(req: http.IncomingMessage, body: string): Record<string, unknown> {
    if (body === '') return {};
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(body));
    try {
      const value: unknown = JSON.parse(body);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // fall through
    }
    if (type.includes('json')) throw new HttpError(400, { message: 'Problems parsing JSON' });
    return Object.fromEntries(new URLSearchParams(body));
  }

  function repoPath(path: string): { rest: string } | null {
    const prefix = `/repos/${owner}/${repo}`;
    if (path.toLowerCase() === prefix.toLowerCase()) return { rest: '' };
    if (!path.toLowerCase().startsWith(`${prefix.toLowerCase()}/`)) return null;
    return { rest: path.slice(prefix.length) };
  }

  function assertNotEmpty(): void {
    if (state.refs.size === 0) throw new HttpError(409, { message: 'Git Repository is empty.', documentation_url: 'https://docs.github.com/rest/git' });
  }

  function commitJson(oid: string): unknown {
    const c = parseCommit(oid);
    if (!c) throw new HttpError(404, { message: 'Not Found' });
    const date = (p: Person): string => new Date(p.seconds * 1000).toISOString().replace('.000Z', 'Z');
    return {
      sha: oid,
      node_id: `C_${oid.slice(0, 12)}`,
      url: `${baseUrl}/repos/${owner}/${repo}/git/commits/${oid}`,
      author: { name: c.author.name, email: c.author.email, date: date(c.author) },
      committer: { name: c.committer.name, email: c.committer.email, date: date(c.committer) },
      tree: { sha: c.tree, url: `${baseUrl}/repos/${owner}/${repo}/git/trees/${c.tree}` },
      message: c.message,
      parents: c.parents.map((p) => ({ sha: p, url: `${baseUrl}/repos/${owner}/${repo}/git/commits/${p}` })),
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
    };
  }

  function refJson(ref: string, oid: string): unknown {
    return { ref, node_id: `REF_${oid.slice(0, 8)}`, url: `${baseUrl}/repos/${owner}/${repo}/git/${ref}`, object: { sha: oid, type: 'commit', url: `${baseUrl}/repos/${owner}/${repo}/git/commits/${oid}` } };
  }

  function updateRef(ref: string, sha: string, force: boolean): void {
    if (takeStale()) throw new HttpError(422, { message: 'Update is not a fast forward', documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference' });
    const current = state.refs.get(ref);
    if (!current) throw new HttpError(422, { message: 'Reference does not exist' });
    if (!readObject(sha, 'commit')) throw new HttpError(422, { message: 'Object does not exist' });
    if (!force && !isAncestor(current, sha)) throw new HttpError(422, { message: 'Update is not a fast forward', documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference' });
    recordCommit(sha, ref.slice('refs/heads/'.length), 'rest');
  }

  function isAncestor(ancestor: string, commit: string): boolean {
    const seen = new Set<string>();
    const queue = [commit];
    while (queue.length > 0) {
      const oid = queue.pop()!;
      if (oid === ancestor) return true;
      if (seen.has(oid)) continue;
      seen.add(oid);
      queue.push(...(parseCommit(oid)?.parents ?? []));
    }
    return false;
  }

  /** The REST git endpoints. */
  function handleGit(method: string, rest: string, url: URL, params: Record<string, unknown>, user: { login: string }): { status: number; body: unknown } {
    if (rest === '' && method === 'GET') {
      return { status: 200, body: { id: 1, name: repo, full_name: `${owner}/${repo}`, private: false, default_branch: 'main', owner: { login: owner } } };
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/git\/(?:ref|refs)\/(heads\/.+)$/.exec(rest)) && method === 'GET') {
      assertNotEmpty();
      const oid = state.refs.get(`refs/${m[1]!}`);
      if (!oid) throw new HttpError(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/git/refs#get-a-reference' });
      return { status: 200, body: refJson(`refs/${m[1]!}`, oid) };
    }
    if (rest === '/git/refs' && method === 'POST') {
      assertNotEmpty();
      const ref = String(params.ref ?? '');
      const sha = String(params.sha ?? '');
      if (!/^refs\/heads\/./.test(ref)) throw new HttpError(422, { message: 'Reference name must start with refs/heads/ in this fake' });
      if (state.refs.has(ref)) throw new HttpError(422, { message: 'Reference already exists', documentation_url: 'https://docs.github.com/rest/git/refs#create-a-reference' });
      if (!readObject(sha, 'commit')) throw new HttpError(422, { message: 'Object does not exist' });
      if (takeStale()) throw new HttpError(422, { message: 'Reference already exists' });
      recordCommit(sha, ref.slice('refs/heads/'.length), 'rest');
      return { status: 201, body: refJson(ref, sha) };
    }
    if ((m = /^\/git\/refs\/(heads\/.+)$/.exec(rest)) && method === 'PATCH') {
      assertNotEmpty();
      updateRef(`refs/${m[1]!}`, String(params.sha ?? ''), params.force === true);
      return { status: 200, body: refJson(`refs/${m[1]!}`, String(params.sha)) };
    }
    if ((m = /^\/git\/commits\/([0-9a-f]{40})$/.exec(rest)) && method === 'GET') {
      assertNotEmpty();
      return { status: 200, body: commitJson(m[1]!) };
    }
    if (rest === '/git/commits' && method === 'POST') {
      assertNotEmpty();
      const tree = String(params.tree ?? '');
      if (!readObject(tree, 'tree')) throw new HttpError(422, { message: 'Tree SHA does not exist' });
      const parents = Array.isArray(params.parents) ? params.parents.map(String) : [];
      for (const p of parents) if (!readObject(p, 'commit')) throw new HttpError(422, { message: 'Parent SHA does not exist or is not a commit object' });
      const seconds = Math.floor(now() / 1000);
      const who = (value: unknown, fallback: Person): Person => {
        const v = value as { name?: unknown; email?: unknown; date?: unknown } | undefined;
        if (!v || typeof v.name !== 'string' || typeof v.email !== 'string') return fallback;
        return { name: v.name, email: v.email, seconds: typeof v.date === 'string' ? Math.floor(Date.parse(v.date) / 1000) : seconds };
      };
      const me = { name: user.login, email: `${userId(user.login)}+${user.login}@users.noreply.github.com`, seconds };
      const author = who(params.author, me);
      const oid = writeCommit({ tree, parents, author, committer: who(params.committer, author), message: String(params.message ?? '') });
      return { status: 201, body: commitJson(oid) };
    }
    if ((m = /^\/git\/trees\/([0-9a-f]{40})$/.exec(rest)) && method === 'GET') {
      assertNotEmpty();
      const oid = m[1]!;
      if (!readObject(oid, 'tree')) throw new HttpError(404, { message: 'Not Found' });
      const recursive = url.searchParams.has('recursive') && !['0', 'false'].includes(url.searchParams.get('recursive') ?? '');
      const items: { path: string; entry: TreeEntry }[] = [];
      if (recursive) flatten(oid, '', items);
      else for (const entry of readTree(oid)) items.push({ path: entry.name, entry });
      const truncated = recursive && items.length > maxTreeEntries;
      const tree = items.slice(0, truncated ? maxTreeEntries : items.length).map(({ path, entry }) => {
        const isTree = entry.mode === '40000';
        return {
          path,
          mode: isTree ? '040000' : entry.mode,
          type: isTree ? 'tree' : entry.mode === '160000' ? 'commit' : 'blob',
          sha: entry.oid,
          ...(isTree ? {} : { size: state.objects.get(entry.oid)?.data.length ?? 0 }),
          url: `${baseUrl}/repos/${owner}/${repo}/git/${isTree ? 'trees' : 'blobs'}/${entry.oid}`,
        };
      });
      return { status: 200, body: { sha: oid, url: `${baseUrl}/repos/${owner}/${repo}/git/trees/${oid}`, tree, truncated } };
    }
    if (rest === '/git/trees' && method === 'POST') {
      assertNotEmpty();
      const baseTree = typeof params.base_tree === 'string' ? params.base_tree : null;
      if (baseTree && !readObject(baseTree, 'tree')) throw new HttpError(422, { message: 'base_tree is not a valid tree oid' });
      const changes = new Map<string, Change>();
      for (const raw of Array.isArray(params.tree) ? params.tree : []) {
        const item = raw as { path?: unknown; mode?: unknown; type?: unknown; sha?: unknown; content?: unknown };
        const path = String(item.path ?? '');
        if (item.sha === null) changes.set(path, { kind: 'delete' });
        else if (typeof item.content === 'string') changes.set(path, { kind: 'blob', oid: writeObject('blob', encoder.encode(item.content)), mode: String(item.mode ?? '100644') });
        else if (item.type === 'tree') changes.set(path, { kind: 'tree', oid: String(item.sha) });
        else {
          if (!readObject(String(item.sha), 'blob')) throw new HttpError(422, { message: `tree.sha ${String(item.sha)} is not a valid blob` });
          changes.set(path, { kind: 'blob', oid: String(item.sha), mode: String(item.mode ?? '100644') });
        }
      }
      let oid: string;
      try {
        oid = applyChanges(baseTree, changes, '', false, '') ?? writeTree([]);
      } catch (error) {
        if (error instanceof GraphqlError) throw new HttpError(422, { message: error.message });
        throw error;
      }
      const body = handleGit('GET', `/git/trees/${oid}`, new URL('http://x/'), {}, user).body;
      return { status: 201, body };
    }
    if ((m = /^\/git\/blobs\/([0-9a-f]{40})$/.exec(rest)) && method === 'GET') {
      assertNotEmpty();
      const object = readObject(m[1]!, 'blob');
      if (!object) throw new HttpError(404, { message: 'Not Found' });
      return { status: 200, body: { sha: m[1]!, node_id: `B_${m[1]!.slice(0, 8)}`, size: object.data.length, url: `${baseUrl}/repos/${owner}/${repo}/git/blobs/${m[1]!}`, content: base64Wrapped(object.data), encoding: 'base64' } };
    }
    if (rest === '/git/blobs' && method === 'POST') {
      assertNotEmpty();
      const content = String(params.content ?? '');
      const bytes = params.encoding === 'base64' ? Uint8Array.from(Buffer.from(content, 'base64')) : encoder.encode(content);
      const oid = writeObject('blob', bytes);
      return { status: 201, body: { sha: oid, url: `${baseUrl}/repos/${owner}/${repo}/git/blobs/${oid}` } };
    }
    throw new HttpError(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
  }

  /** The GraphQL endpoint: createCommitOnBranch and `viewer { login }`. */
  function handleGraphql(query: string, variables: Record<string, unknown>, user: { login: string }): unknown {
    if (query.includes('createCommitOnBranch')) {
      try {
        return { data: { createCommitOnBranch: createCommitOnBranch(variables, user) } };
      } catch (error) {
        if (!(error instanceof GraphqlError)) throw error;
        return { data: { createCommitOnBranch: null }, errors: [{ type: error.type, path: ['createCommitOnBranch'], locations: [{ line: 1, column: 1 }], message: error.message }] };
      }
    }
    if (/\bviewer\b/.test(query)) return { data: { viewer: { login: user.login } } };
    return { errors: [{ message: 'This fake GitHub only answers createCommitOnBranch and viewer { login }' }] };
  }

  function createCommitOnBranch(variables: Record<string, unknown>, user: { login: string }): unknown {
    const input = (variables.input ?? {}) as {
      branch?: { repositoryNameWithOwner?: unknown; branchName?: unknown };
      expectedHeadOid?: unknown;
      message?: { headline?: unknown; body?: unknown };
      fileChanges?: { additions?: { path?: unknown; contents?: unknown }[]; deletions?: { path?: unknown }[] };
    };
    const nameWithOwner = String(input.branch?.repositoryNameWithOwner ?? '');
    const branchName = String(input.branch?.branchName ?? '');
    if (nameWithOwner.toLowerCase() !== `${owner}/${repo}`.toLowerCase()) throw new GraphqlError('NOT_FOUND', `Could not resolve to a Repository with the name '${nameWithOwner}'.`);
    if (typeof input.expectedHeadOid !== 'string') throw new GraphqlError('INVALID', 'Variable $input of type CreateCommitOnBranchInput! was provided invalid value for expectedHeadOid (Expected value to not be null)');
    const headline = input.message?.headline;
    if (typeof headline !== 'string' || headline === '') throw new GraphqlError('INVALID', 'A commit message headline is required');
    const ref = `refs/heads/${branchName}`;
    const current = state.refs.get(ref);
    if (!current) throw new GraphqlError('NOT_FOUND', `Could not resolve to a Ref with the name '${ref}'.`);
    if (takeStale() || current !== input.expectedHeadOid) {
      throw new GraphqlError('STALE_DATA', `Expected branch to point to "${String(input.expectedHeadOid)}" but it did not.  Pull and try again.`);
    }
    const changes = new Map<string, Change>();
    for (const d of input.fileChanges?.deletions ?? []) changes.set(String(d.path), { kind: 'delete' });
    for (const a of input.fileChanges?.additions ?? []) changes.set(String(a.path), { kind: 'blob', oid: writeObject('blob', Uint8Array.from(Buffer.from(String(a.contents ?? ''), 'base64'))) });
    const tree = applyChanges(parseCommit(current)!.tree, changes, '', true, current) ?? writeTree([]);
    const seconds = Math.floor(now() / 1000);
    const body = typeof input.message?.body === 'string' && input.message.body !== '' ? `\n\n${input.message.body}` : '';
    const oid = writeCommit({
      tree,
      parents: [current],
      author: { name: user.login, email: `${userId(user.login)}+${user.login}@users.noreply.github.com`, seconds },
      committer: { name: 'GitHub', email: 'noreply@github.com', seconds },
      message: `${headline}${body}`,
    });
    recordCommit(oid, branchName, 'graphql');
    return { commit: { oid, url: `${baseUrl}/${owner}/${repo}/commit/${oid}` } };
  }

  /** OAuth: web flow, device flow, token exchange. */
  function handleOAuth(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string): boolean {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const wantsJson = (req.headers.accept ?? '').includes('json');
    const answer = (fields: Record<string, string | number>): void => {
      if (wantsJson) send(res, 200, fields);
      else send(res, 200, new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString(), { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    };
    if (path === '/login/oauth/authorize' && method === 'GET') {
      const redirectUri = url.searchParams.get('redirect_uri');
      const stateParam = url.searchParams.get('state');
      if (url.searchParams.get('client_id') !== clientId) {
        send(res, 404, 'The OAuth application was not found (client_id).');
        return true;
      }
      if (!redirectUri) {
        send(res, 400, 'redirect_uri is required by this fake.');
        return true;
      }
      const target = new URL(redirectUri);
      if (authorizeLogin === null) {
        target.searchParams.set('error', 'access_denied');
        target.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const code = randomBytes(10).toString('hex');
        authCodes.set(code, { login: authorizeLogin, clientId, redirectUri, expiresAt: now() + 10 * MINUTE, scope: url.searchParams.get('scope') ?? '' });
        target.searchParams.set('code', code);
      }
      if (stateParam !== null) target.searchParams.set('state', stateParam);
      res.writeHead(302, { location: target.toString() });
      res.end();
      return true;
    }
    if (path === '/login/device' && method === 'GET') {
      send(res, 200, 'Enter the code shown by the application (a test calls approveDevice).');
      return true;
    }
    if (path === '/login/device/code' && method === 'POST') {
      const params = parseParams(req, body);
      if (params.client_id !== clientId) {
        send(res, 404, { error: 'Not Found' });
        return true;
      }
      const grant: DeviceGrant = {
        deviceCode: randomBytes(20).toString('hex'),
        userCode: randomUserCode(),
        clientId,
        scope: String(params.scope ?? ''),
        expiresAt: now() + 15 * MINUTE,
        interval: deviceInterval,
        lastPoll: 0,
        status: 'pending',
        login: null,
      };
      devices.set(grant.deviceCode, grant);
      answer({ device_code: grant.deviceCode, user_code: grant.userCode, verification_uri: `${baseUrl}/login/device`, expires_in: 900, interval: deviceInterval });
      return true;
    }
    if (path === '/login/oauth/access_token' && method === 'POST') {
      const params = parseParams(req, body);
      const error = (code: string, description: string, extra: Record<string, string | number> = {}): void =>
        answer({ error: code, error_description: description, error_uri: 'https://docs.github.com/apps/oauth', ...extra });
      if (params.client_id !== clientId) {
        error('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
        return true;
      }
      if (params.grant_type === 'urn:ietf:params:oauth:grant-type:device_code') {
        const grant = devices.get(String(params.device_code ?? ''));
        if (!grant || grant.status === 'used') {
          error('incorrect_device_code', 'The device_code provided is not valid.');
          return true;
        }
        const t = now();
        if (t > grant.expiresAt) {
          error('expired_token', 'The device code has expired.');
          return true;
        }
        if (grant.status === 'denied') {
          error('access_denied', 'The authorization request was denied.');
          return true;
        }
        if (grant.status === 'pending') {
          if (grant.lastPoll > 0 && t - grant.lastPoll < grant.interval * 1000) {
            grant.interval += 5;
            grant.lastPoll = t;
            error('slow_down', 'Too many requests have been made in the same timeframe.', { interval: grant.interval });
            return true;
          }
          grant.lastPoll = t;
          error('authorization_pending', 'The authorization request is still pending.');
          return true;
        }
        grant.status = 'used';
        const token = randomToken('gho_');
        state.tokens.set(token, grant.login!);
        answer({ access_token: token, token_type: 'bearer', scope: grant.scope });
        return true;
      }
      if (params.client_secret !== clientSecret) {
        error('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
        return true;
      }
      const code = String(params.code ?? '');
      const grant = authCodes.get(code);
      authCodes.delete(code);
      if (!grant || grant.expiresAt < now() || (typeof params.redirect_uri === 'string' && grant.redirectUri !== params.redirect_uri)) {
        error('bad_verification_code', 'The code passed is incorrect or expired.');
        return true;
      }
      const token = randomToken('gho_');
      state.tokens.set(token, grant.login);
      answer({ access_token: token, token_type: 'bearer', scope: grant.scope });
      return true;
    }
    return false;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    state.counts.requests++;
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', baseUrl);
    // Octokit encodes a ref's slashes (`heads%2Fmain`); GitHub decodes them.
    let path = url.pathname;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // keep it encoded: it will not match a route
    }
    const body = await readBody(req);
    const inRepo = repoPath(path);
    const isGraphql = path === '/graphql' && method === 'POST';
    let graphqlQuery = '';
    let graphqlVariables: Record<string, unknown> = {};
    if (isGraphql) {
      const params = parseParams(req, body);
      graphqlQuery = typeof params.query === 'string' ? params.query : '';
      graphqlVariables = (params.variables && typeof params.variables === 'object' ? params.variables : {}) as Record<string, unknown>;
    }
    const isMutation = isGraphql && /^\s*mutation\b/.test(graphqlQuery);
    const info: FakeRequestInfo = {
      method,
      path,
      contentCreating: isMutation || (inRepo !== null && method !== 'GET' && method !== 'HEAD'),
      commit: (isMutation && graphqlQuery.includes('createCommitOnBranch')) || (inRepo !== null && /^\/git\/refs/.test(inRepo.rest) && (method === 'POST' || method === 'PATCH')),
    };
    const taken = takeFault(info);
    if (taken?.kind === 'timeout') {
      hanging.add(res);
      res.once('close', () => hanging.delete(res));
      return;
    }
    if (taken?.kind === 'delay') await new Promise((r) => setTimeout(r, taken.ms));
    if (taken?.kind === 'error') {
      const status = taken.status ?? 502;
      send(res, status, { message: status >= 500 ? 'Server Error' : 'Injected error' });
      return;
    }
    const lostResponse = taken?.kind === 'lost-response';

    if (handleOAuth(req, res, url, body)) return;

    let headers: Record<string, string> = {};
    try {
      if (path === '/user' && method === 'GET') {
        const user = requireUser(req);
        headers = checkPrimary(user.token, 'core');
        send(res, 200, { login: user.login, id: userId(user.login), node_id: `U_${user.login}`, type: 'User', name: user.login, email: null }, { ...headers, 'x-oauth-scopes': 'read:user' });
        return;
      }
      if (path === '/rate_limit' && method === 'GET') {
        const user = requireUser(req);
        const bucket = primary.get(`${user.token}:core`);
        send(res, 200, { resources: { core: { limit: coreLimit, used: bucket?.used ?? 0, remaining: coreLimit - (bucket?.used ?? 0), reset: Math.ceil(((bucket?.windowStart ?? now()) + HOUR) / 1000) } } });
        return;
      }
      if (isGraphql) {
        state.counts.graphql++;
        const user = requireUser(req);
        headers = checkPrimary(user.token, 'graphql');
        if (info.contentCreating) checkContentLimit(headers);
        const result = handleGraphql(graphqlQuery, graphqlVariables, user);
        if (lostResponse) send(res, 502, { message: 'Server Error' });
        else send(res, 200, result, headers);
        return;
      }
      if (inRepo) {
        state.counts.rest++;
        const user = requireUser(req);
        headers = checkPrimary(user.token, 'core');
        if (info.contentCreating) checkContentLimit(headers);
        const params = method === 'GET' ? {} : parseParams(req, body);
        const result = handleGit(method, inRepo.rest, url, params, user);
        if (lostResponse) send(res, 502, { message: 'Server Error' });
        else send(res, result.status, result.body, headers);
        return;
      }
      throw new HttpError(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    } catch (error) {
      if (error instanceof HttpError) send(res, error.status, error.body, { ...headers, ...error.headers });
      else if (error instanceof GraphqlError) send(res, 422, { message: error.message }, headers);
      else send(res, 500, { message: `fake GitHub bug: ${(error as Error).message}` });
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: `fake GitHub bug: ${(error as Error).message}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function treeOf(refOrOid: string): string | null {
    const commit = resolveCommit(refOrOid);
    return commit ? parseCommit(commit)!.tree : null;
  }

  return {
    url: baseUrl,
    token: mainToken,
    login,
    owner,
    repo,
    clientId,
    clientSecret,
    state,
    setFault(next) {
      fault = next ? { ...next, remaining: next.count ?? 1 } : null;
    },
    approveDevice(userCode, who) {
      const grant = [...devices.values()].find((g) => normalizeUserCode(g.userCode) === normalizeUserCode(userCode));
      if (!grant) throw new Error(`no device code ${userCode} is pending`);
      grant.status = 'approved';
      grant.login = who;
    },
    denyDevice(userCode) {
      const grant = [...devices.values()].find((g) => normalizeUserCode(g.userCode) === normalizeUserCode(userCode));
      if (!grant) throw new Error(`no device code ${userCode} is pending`);
      grant.status = 'denied';
    },
    authorizeAs(who) {
      authorizeLogin = who;
    },
    createToken(who) {
      const token = randomToken('ghp_');
      state.tokens.set(token, who);
      return token;
    },
    pushCommit,
    head: (branch) => state.refs.get(`refs/heads/${branch}`) ?? null,
    readFile(refOrOid, path) {
      const tree = treeOf(refOrOid);
      const entry = tree ? entryAt(tree, path) : null;
      return entry && entry.mode !== '40000' ? (readObject(entry.oid, 'blob')?.data ?? null) : null;
    },
    listFiles(refOrOid, dir = '') {
      const tree = treeOf(refOrOid);
      if (!tree) return [];
      let start = tree;
      if (dir !== '') {
        const entry = entryAt(tree, dir);
        if (!entry || entry.mode !== '40000') return [];
        start = entry.oid;
      }
      const items: { path: string; entry: TreeEntry }[] = [];
      flatten(start, dir === '' ? '' : `${dir}/`, items);
      return items.filter((i) => i.entry.mode !== '40000').map((i) => i.path).sort();
    },
    maxCommitsInWindow(windowMs = MINUTE) {
      let best = 0;
      let start = 0;
      const times = state.commitLog.map((c) => c.at);
      for (let end = 0; end < times.length; end++) {
        while (times[end]! - times[start]! >= windowMs) start++;
        best = Math.max(best, end - start + 1);
      }
      return best;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
