// The content-store contract: one suite every driver (local git, GitHub) must pass.
import { afterEach, describe, expect, it } from 'vitest';
import { isRegistryError } from '../../../scripts/core/errors.ts';
import { ContentConflictError } from '../../../api-worker/src/content/types.ts';
import type { CommitRequest, ContentStore, FileChange } from '../../../api-worker/src/content/types.ts';

/** A driver under test: a store on an empty branch, optionally a second store on the same repository. */
export interface ContentStoreFixture {
  store: ContentStore;
  /** Another store object on the same repository and branch (another isolate or process). */
  other?: ContentStore;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const AUTHOR = { name: 'Registry Bot', email: 'bot@example.com' };
const T0 = 1_700_000_000_000;

/** Text as bytes. */
export function text(value: string): Uint8Array {
  return encoder.encode(value);
}

/** Changes from a path → content map (null deletes). */
export function changesOf(files: Record<string, string | Uint8Array | null>): FileChange[] {
  return Object.entries(files).map(([path, content]) => ({ path, content: typeof content === 'string' ? text(content) : content }));
}

/** A commit request on `expectedHead` with fixed author and time. */
export function request(expectedHead: string | null, files: Record<string, string | Uint8Array | null>, message = 'Update files\n\nPublished-by: tester'): CommitRequest {
  return { expectedHead, message, author: AUTHOR, changes: changesOf(files), timestamp: T0 };
}

async function readText(store: ContentStore, commit: string, path: string): Promise<string | null> {
  const bytes = await store.readFile(commit, path);
  return bytes === null ? null : decoder.decode(bytes);
}

async function expectBadRequest(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isRegistryError(error), `expected a RegistryError, got ${String(error)}`).toBe(true);
  expect((error as { code: string }).code).toBe('BAD_REQUEST');
}

/**
 * Define the shared content-store suite for a driver.
 *
 * @example
 * defineContentStoreContract('local git', async () => ({ store: createLocalGitStore({ dir }), close: async () => {} }));
 */
export function defineContentStoreContract(name: string, open: () => Promise<ContentStoreFixture>): void {
  describe(`content store contract: ${name}`, () => {
    let fixture: ContentStoreFixture | null = null;
    async function setup(): Promise<ContentStore> {
      fixture = await open();
      return fixture.store;
    }
    afterEach(async () => {
      await fixture?.close();
      fixture = null;
    });

    it('reports no head for a branch that does not exist yet', async () => {
      const store = await setup();
      expect(await store.head()).toBeNull();
    });

    it('creates the branch with the first commit', async () => {
      const store = await setup();
      const { commit } = await store.commit(request(null, { 'README.md': 'hello' }));
      expect(commit).toMatch(/^[0-9a-f]{40}$/);
      expect(await store.head()).toBe(commit);
      expect(await readText(store, commit, 'README.md')).toBe('hello');
    });

    it('reads a missing file, a missing folder and a folder as null', async () => {
      const store = await setup();
      const { commit } = await store.commit(request(null, { 'souls/acme/tutor/soul.json': '{}' }));
      expect(await store.readFile(commit, 'souls/acme/tutor/SOUL.md')).toBeNull();
      expect(await store.readFile(commit, 'souls/nobody/x/soul.json')).toBeNull();
      expect(await store.readFile(commit, 'souls/acme')).toBeNull();
      expect(await store.readFile(commit, 'souls/acme/tutor/soul.json/deeper')).toBeNull();
    });

    it('adds, modifies and deletes files in nested folders, each commit a snapshot', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'souls/acme/tutor/soul.json': 'v1', 'souls/acme/tutor/examples/a.md': 'A', 'top.txt': 'top' }));
      const second = await store.commit(request(first.commit, { 'souls/acme/tutor/soul.json': 'v2', 'souls/acme/tutor/examples/a.md': null, 'reviews/acme/tutor/r1.json': 'review' }));
      expect(await store.head()).toBe(second.commit);
      expect(await readText(store, second.commit, 'souls/acme/tutor/soul.json')).toBe('v2');
      expect(await store.readFile(second.commit, 'souls/acme/tutor/examples/a.md')).toBeNull();
      expect(await readText(store, second.commit, 'reviews/acme/tutor/r1.json')).toBe('review');
      expect(await readText(store, second.commit, 'top.txt')).toBe('top');
      expect(await readText(store, first.commit, 'souls/acme/tutor/soul.json')).toBe('v1');
      expect(await readText(store, first.commit, 'souls/acme/tutor/examples/a.md')).toBe('A');
    });

    it('drops a folder whose last file is deleted', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a/b/c.txt': 'c', 'a/d.txt': 'd' }));
      const second = await store.commit(request(first.commit, { 'a/b/c.txt': null }));
      expect(await store.listFiles(second.commit, 'a/b')).toEqual([]);
      expect(await store.listFiles(second.commit, 'a')).toEqual(['a/d.txt']);
    });

    it('lists files recursively, sorted, with repository-relative paths', async () => {
      const store = await setup();
      const { commit } = await store.commit(request(null, { 'souls/b/x/soul.json': '1', 'souls/a/y/SOUL.md': '2', 'souls/a/y/examples/z.md': '3', 'other.txt': '4' }));
      expect(await store.listFiles(commit, 'souls')).toEqual(['souls/a/y/SOUL.md', 'souls/a/y/examples/z.md', 'souls/b/x/soul.json']);
      expect(await store.listFiles(commit, 'souls/a/')).toEqual(['souls/a/y/SOUL.md', 'souls/a/y/examples/z.md']);
      expect(await store.listFiles(commit, '')).toEqual(['other.txt', 'souls/a/y/SOUL.md', 'souls/a/y/examples/z.md', 'souls/b/x/soul.json']);
      expect(await store.listFiles(commit, 'missing')).toEqual([]);
      expect(await store.listFiles(commit, 'other.txt')).toEqual([]);
    });

    it('refuses a commit on a stale head with ContentConflictError and writes nothing', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a.txt': '1' }));
      const second = await store.commit(request(first.commit, { 'a.txt': '2' }));
      const error = await store.commit(request(first.commit, { 'a.txt': 'stale', 'b.txt': 'new' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentConflictError);
      expect((error as ContentConflictError).actualHead).toBe(second.commit);
      expect(await store.head()).toBe(second.commit);
      expect(await readText(store, second.commit, 'a.txt')).toBe('2');
      expect(await store.readFile(second.commit, 'b.txt')).toBeNull();
    });

    it('refuses a first commit when the branch already exists', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a.txt': '1' }));
      const error = await store.commit(request(null, { 'b.txt': '2' })).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ContentConflictError);
      expect((error as ContentConflictError).actualHead).toBe(first.commit);
      expect(await store.head()).toBe(first.commit);
    });

    it('lets exactly one of several concurrent commits on the same head win', async () => {
      const store = await setup();
      const other = fixture!.other ?? store;
      const base = await store.commit(request(null, { 'seed.txt': 'seed' }));
      const attempts = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? store : other).commit(request(base.commit, { [`file-${i}.txt`]: `writer ${i}` })));
      const results = await Promise.allSettled(attempts);
      const winners = results.filter((r) => r.status === 'fulfilled');
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(winners).toHaveLength(1);
      for (const loser of losers) expect(loser.reason).toBeInstanceOf(ContentConflictError);
      const head = await store.head();
      expect(head).toBe((winners[0] as PromiseFulfilledResult<{ commit: string }>).value.commit);
      const files = await store.listFiles(head!, '');
      expect(files.filter((f) => f.startsWith('file-'))).toHaveLength(1);
    });

    it('refuses an empty change list and writes nothing', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a.txt': '1' }));
      await expectBadRequest(store.commit({ ...request(first.commit, {}), changes: [] }));
      expect(await store.head()).toBe(first.commit);
    });

    it('refuses unsafe and repeated paths', async () => {
      const store = await setup();
      for (const bad of ['../x', '/abs.txt', 'a//b', 'a/./b', 'a\\b', '.git/config', 'trailing/', 'nul\u0000.txt', '']) {
        await expectBadRequest(store.commit(request(null, { [bad]: 'x' })));
      }
      await expectBadRequest(store.commit({ ...request(null, {}), changes: [{ path: 'a.txt', content: text('1') }, { path: 'a.txt', content: text('2') }] }));
      expect(await store.head()).toBeNull();
    });

    it('keeps binary content byte-exact', async () => {
      const store = await setup();
      const bytes = new Uint8Array(256 * 4 + 3);
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 256;
      const invalidUtf8 = Uint8Array.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x0d, 0x0a, 0x80]);
      const { commit } = await store.commit(request(null, { 'bin/data.bin': bytes, 'bin/bad-utf8.txt': invalidUtf8, 'empty.txt': new Uint8Array(0) }));
      expect(await store.readFile(commit, 'bin/data.bin')).toEqual(bytes);
      expect(await store.readFile(commit, 'bin/bad-utf8.txt')).toEqual(invalidUtf8);
      expect(await store.readFile(commit, 'empty.txt')).toEqual(new Uint8Array(0));
    });

    it('ignores the deletion of a file that does not exist', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a.txt': '1' }));
      const second = await store.commit(request(first.commit, { 'gone/never.txt': null, 'b.txt': '2' }));
      expect(await store.listFiles(second.commit, '')).toEqual(['a.txt', 'b.txt']);
    });

    it('reads back a commit with its parent and message', async () => {
      const store = await setup();
      const first = await store.commit(request(null, { 'a.txt': '1' }));
      const second = await store.commit(request(first.commit, { 'a.txt': '2' }, 'Publish acme/tutor v1.1.0\n\nPublished-by: acme'));
      const info = await store.readCommit!(second.commit);
      expect(info?.parents).toEqual([first.commit]);
      expect(info?.message.trim()).toBe('Publish acme/tutor v1.1.0\n\nPublished-by: acme');
      expect(await store.readCommit!('0'.repeat(40))).toBeNull();
    });

    it('serves reads from another store object on the same repository', async () => {
      const store = await setup();
      const other = fixture!.other ?? store;
      const { commit } = await store.commit(request(null, { 'x/y.txt': 'shared' }));
      expect(await other.head()).toBe(commit);
      expect(await readText(other, commit, 'x/y.txt')).toBe('shared');
    });
  });
}
