import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGitReader } from '../../scripts/build/git/reader.ts';
import { historyToJSON, walkHistory } from '../../scripts/build/history.ts';
import { runCheck } from '../../scripts/check/check.ts';
import { readSavedHistory } from '../../scripts/check/published.ts';
import type { CheckResult } from '../../scripts/check/check.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import { BENIGN_SOUL } from '../helpers/soul.ts';
import { INJECTION, LEAKED_TOKEN, prRepo, registryRoot, soulFolder } from './fixtures.ts';
import type { PrRepo } from './fixtures.ts';

const repos: { cleanup: () => void }[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});

async function check(repo: PrRepo, author: string, refs: { base?: string; head?: string; stateFile?: string } = {}): Promise<CheckResult> {
  const reader = createGitReader({ dir: repo.dir });
  try {
    const savedHistory = refs.stateFile !== undefined ? readSavedHistory(refs.stateFile) : null;
    return await runCheck({ reader, base: refs.base ?? repo.base, head: refs.head ?? repo.head, author, savedHistory });
  } finally {
    reader.close();
  }
}

async function build(options: Parameters<typeof prRepo>[0]): Promise<PrRepo> {
  const repo = await prRepo(options);
  repos.push(repo);
  return repo;
}

function failCodes(result: CheckResult): string[] {
  return [...result.checks, ...result.souls.flatMap((s) => s.checks)].filter((c) => c.type === 'fail').map((c) => c.code);
}

const PUBLISHED = { files: soulFolder('alice', 'tutor', { version: '1.0.0' }), message: 'Publish alice/tutor v1.0.0\n' };

describe('soul check: publishing', () => {
  it('accepts a new soul in the author namespace', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor') }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(true);
    expect(r.souls).toHaveLength(1);
    expect(r.souls[0]).toMatchObject({ id: 'alice/tutor', change: 'added', version: '1.0.0', latestVersion: null, ok: true, status: null });
    expect(r.souls[0]?.checks.map((c) => c.code)).toContain('VERSION_NEW');
    expect(r.mergeBase).toBe(repo.base);
  });

  it('accepts an update with a version bump', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- You summarise each plan in one line.\n` }) }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(true);
    expect(r.souls[0]).toMatchObject({ change: 'updated', version: '1.1.0', latestVersion: '1.0.0', publishedVersions: ['1.0.0'] });
  });

  it('refuses an update without a version bump (409)', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: { 'souls/alice/tutor/SOUL.md': `${BENIGN_SOUL}\n- You answer in short paragraphs.\n` } }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(false);
    const fail = r.souls[0]?.checks.find((c) => c.type === 'fail');
    expect(fail).toMatchObject({ code: 'VERSION_NOT_BUMPED', status: 409 });
    expect(fail?.message).toMatch(/^version 1\.0\.0 is already published; bump "version" in soul\.json/);
    expect(fail?.message).toContain('SOUL.md');
  });

  it('refuses a change to an older published version', async () => {
    const repo = await build({
      main: [PUBLISHED, { files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- v1.1\n` }) }],
      pr: [{ files: soulFolder('alice', 'tutor', { version: '1.0.0', soul: `${BENIGN_SOUL}\n- rewritten 1.0.0\n` }) }],
    });
    const r = await check(repo, 'alice');
    expect(failCodes(r)).toEqual(['PUBLISHED_VERSION_CHANGED']);
    expect(r.souls[0]?.publishedVersions).toEqual(['1.0.0', '1.1.0']);
    expect(r.souls[0]?.checks.find((c) => c.type === 'fail')?.message).toMatch(/above the latest 1\.1\.0/);
  });

  it('refuses a version lower than the latest published', async () => {
    const repo = await build({ main: [{ files: soulFolder('alice', 'tutor', { version: '2.0.0' }) }], pr: [{ files: soulFolder('alice', 'tutor', { version: '1.5.0', soul: `${BENIGN_SOUL}\n- x\n` }) }] });
    expect(failCodes(await check(repo, 'alice'))).toEqual(['VERSION_NOT_GREATER']);
  });

  it('compares with the base tip: a version main published after the PR branched conflicts', async () => {
    const repo = await build({
      main: [PUBLISHED],
      pr: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- from the PR\n` }) }],
      after: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- from main\n` }) }],
    });
    const r = await check(repo, 'alice');
    expect(r.mergeBase).not.toBe(repo.base);
    expect(failCodes(r)).toEqual(['VERSION_NOT_BUMPED']);
  });

  it('lets a pull request restore the exact published content', async () => {
    const repo = await build({
      main: [PUBLISHED, { files: { 'souls/alice/tutor/SOUL.md': `${BENIGN_SOUL}\n- unbumped edit on main\n` } }],
      pr: [{ files: soulFolder('alice', 'tutor', { version: '1.0.0' }) }],
    });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(true);
    expect(r.souls[0]?.checks.map((c) => c.code)).toContain('VERSION_UNCHANGED');
  });
});

describe('soul check: namespaces', () => {
  it('refuses a soul in another namespace (403)', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor') }] });
    const r = await check(repo, 'mallory');
    expect(failCodes(r)).toEqual(['NAMESPACE_FORBIDDEN']);
    expect(r.souls[0]?.status).toBe(403);
  });

  it('accepts a login the owners file at the base lists for the namespace', async () => {
    const repo = await build({ pr: [{ files: soulFolder('acme', 'helper') }], owners: { acme: ['Bob'] } });
    expect((await check(repo, 'bob')).ok).toBe(true);
  });

  it('ignores an owners file the pull request itself edits', async () => {
    const repo = await build({ pr: [{ files: { ...soulFolder('acme', 'helper'), 'OWNERS.json': '{ "acme": ["mallory"] }\n' } }], owners: { acme: ['bob'] } });
    const r = await check(repo, 'mallory');
    expect(failCodes(r)).toEqual(expect.arrayContaining(['MIXED_CHANGE', 'NAMESPACE_FORBIDDEN']));
  });

  it('accepts the official namespace from a superuser', async () => {
    const repo = await build({ pr: [{ files: soulFolder('official', 'scribe') }] });
    expect((await check(repo, 'Root-Admin')).ok).toBe(true);
  });

  it('refuses the official namespace to anyone else', async () => {
    const repo = await build({ pr: [{ files: soulFolder('official', 'scribe') }] });
    expect(failCodes(await check(repo, 'official'))).toEqual(['OFFICIAL_NAMESPACE_RESERVED']);
  });
});

describe('soul check: content', () => {
  it('blocks a soul with a prompt injection, with file and line', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor', { soul: `${BENIGN_SOUL}\n${INJECTION}\n` }) }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(false);
    expect(r.souls[0]?.status).toBe(422);
    const sec = r.souls[0]?.scan?.errors.find((f) => f.code === 'SEC001');
    expect(sec).toMatchObject({ file: 'SOUL.md', line: 13 });
  });

  it('blocks a soul with a leaked key', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor', { extra: { 'notes.md': `# Notes\n\nDeploy token: ${LEAKED_TOKEN}\n` } }) }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(false);
    expect(r.souls[0]?.scan?.errors.some((f) => f.file === 'notes.md' && f.line === 3)).toBe(true);
    expect(JSON.stringify(r)).not.toContain(LEAKED_TOKEN);
  });

  it('refuses a manifest name that differs from the folder', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor', { manifest: { name: 'teacher' } }) }] });
    expect(failCodes(await check(repo, 'alice'))).toEqual(['NAME_MISMATCH']);
  });

  it('reads images as base64 and folders one level deep', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const repo = await build({ pr: [{ files: { ...soulFolder('alice', 'tutor', { extra: { 'examples/good.md': '# Example\n\nA good answer.\n' } }), 'souls/alice/tutor/deep/er/x.md': 'x\n', 'souls/alice/tutor/avatar.png': png } }] });
    const r = await check(repo, 'alice');
    expect(failCodes(r)).toContain('SOUL_FILES_INVALID');
    expect(r.souls[0]?.checks.find((c) => c.code === 'SOUL_FILES_INVALID')?.message).toMatch(/deep\/er/);
  });
});

describe('soul check: the shape of the change', () => {
  it('refuses souls mixed with code', async () => {
    const repo = await build({ pr: [{ files: { ...soulFolder('alice', 'tutor'), 'scripts/build.ts': 'export const x = 2;\n' } }] });
    const r = await check(repo, 'alice');
    expect(r.ok).toBe(false);
    const mixed = r.checks.find((c) => c.code === 'MIXED_CHANGE');
    expect(mixed?.message).toContain('scripts/build.ts');
    expect(mixed?.path).toBe('scripts/build.ts');
    expect(r.souls[0]?.ok).toBe(true); // the soul itself is fine: only the mix is refused
  });

  it('passes a code-only pull request to the code checks', async () => {
    const repo = await build({ pr: [{ files: { 'scripts/build.ts': 'export const x = 3;\n' } }] });
    const r = await check(repo, 'anyone');
    expect(r.ok).toBe(true);
    expect(r.checks.map((c) => c.code)).toEqual(['NO_SOULS_CHANGED']);
    expect(r.history).toBeNull();
  });

  it('refuses a deleted soul with a message', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: { 'souls/alice/tutor': null } }] });
    const r = await check(repo, 'alice');
    expect(r.souls[0]).toMatchObject({ change: 'deleted', ok: false, status: 403 });
    expect(r.souls[0]?.checks[0]?.message).toMatch(/removed by the maintainers/);
  });

  it('never lets a pull request edit review files', async () => {
    const repo = await build({ main: [{ files: { 'reviews/alice/tutor/r1.json': '{"rating":5}\n' } }], pr: [{ files: { 'reviews/alice/tutor/r1.json': '{"rating":1}\n' } }] });
    const r = await check(repo, 'alice');
    expect(r.checks.find((c) => c.code === 'REVIEWS_READ_ONLY')).toMatchObject({ path: 'reviews/alice/tutor/r1.json', status: 403 });
    expect(r.ok).toBe(false);
  });

  it('refuses a file under souls/ outside a soul folder', async () => {
    const repo = await build({ pr: [{ files: { 'souls/alice/notes.md': 'x\n' } }] });
    expect(failCodes(await check(repo, 'alice'))).toEqual(['SOUL_PATH_INVALID']);
  });

  it('checks a pull request from a fork fetched into the base repository', async () => {
    const upstream = await build({ main: [PUBLISHED], pr: [] });
    // The fork: a clone of upstream with the contributor's commit on a branch of its own.
    const fork = await gitRepo({ commits: [{ files: registryRoot(), message: 'Registry root\n' }, PUBLISHED, { files: soulFolder('carol', 'poet'), author: 'carol', branch: 'feature' }] });
    repos.push(fork);
    const fetched = spawnSync('git', ['-C', upstream.dir, 'fetch', '--quiet', fork.dir, 'refs/heads/feature:refs/pull/7/head'], { encoding: 'utf8' });
    expect(fetched.status, fetched.stderr).toBe(0);
    const r = await check(upstream, 'carol', { base: 'main', head: 'refs/pull/7/head' });
    expect(r.ok).toBe(true);
    expect(r.souls.map((s) => s.id)).toEqual(['carol/poet']);
    expect(r.mergeBase).toBe(upstream.base);
  });

  it('says how to fetch a head that is not in the repository', async () => {
    const repo = await build({ pr: [{ files: soulFolder('alice', 'tutor') }] });
    await expect(check(repo, 'alice', { head: 'refs/pull/99/head' })).rejects.toThrow(/git fetch origin pull/);
  });
});

describe('soul check: the published history', () => {
  /** A build state (`{ format, history }`) of `ref`, as `soul build` leaves in dist/private. */
  async function buildState(repo: PrRepo, ref: string): Promise<string> {
    const reader = createGitReader({ dir: repo.dir });
    const history = await walkHistory({ reader, ref });
    reader.close();
    const file = join(repo.dir, `state-${ref.slice(0, 7)}.json`);
    writeFileSync(file, JSON.stringify({ format: 1, head: history.head, history: historyToJSON(history) }));
    return file;
  }

  it('continues a build state whose head is behind the base', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: soulFolder('alice', 'tutor', { version: '1.2.0', soul: `${BENIGN_SOUL}\n- pr\n` }) }], after: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- main\n` }) }] });
    const state = await buildState(repo, repo.commits[1]!);
    const r = await check(repo, 'alice', { stateFile: state });
    expect(r.history).toEqual({ source: 'incremental', commitsWalked: 1 });
    expect(r.souls[0]?.latestVersion).toBe('1.1.0');
    expect(r.ok).toBe(true);
  });

  it('uses a build state newer than the base as it is', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- pr\n` }) }], after: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- main\n` }) }] });
    const state = await buildState(repo, repo.base);
    const r = await check(repo, 'alice', { base: repo.commits[1]!, stateFile: state });
    expect(r.history?.source).toBe('saved');
    expect(failCodes(r)).toEqual(['VERSION_NOT_BUMPED']);
  });

  it('walks the whole history when the saved one is unrelated', async () => {
    const repo = await build({ main: [PUBLISHED], pr: [{ files: soulFolder('alice', 'tutor', { version: '1.1.0', soul: `${BENIGN_SOUL}\n- pr\n` }) }] });
    const other = await build({ main: [{ files: soulFolder('zed', 'x') }], pr: [] });
    const r = await check(repo, 'alice', { stateFile: await buildState(other, other.base) });
    expect(r.history?.source).toBe('full');
    expect(r.souls[0]?.latestVersion).toBe('1.0.0');
  });
});
