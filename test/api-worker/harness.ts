// A registry for in-process API tests: a git repository built in the test (fixed timestamps), the
// embedded registry opened on it (bare repository, SQLite state, static build, flusher), tokens for
// a few users, and a `call` helper that sends Web-standard Requests to its fetch handler.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_REGISTRY_CONFIG } from '../../scripts/core/config.ts';
import type { RegistryConfig, RegistryLimits } from '../../scripts/core/config.ts';
import { openLocalRegistry } from '../../api-worker/src/node/local-registry.ts';
import type { OpenLocalRegistry } from '../../api-worker/src/node/local-registry.ts';
import type { GitHubOAuth } from '../../api-worker/src/deps.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import type { GitCommitSpec } from '../helpers/git-repo.ts';
import { BENIGN_IDENTITY, BENIGN_SOUL, validManifest } from '../helpers/soul.ts';

export const ORIGIN = 'http://registry.test';

/** The files of a soul folder at `souls/<owner>/<name>/` for a commit. */
export function soulFiles(owner: string, name: string, overrides: Record<string, unknown> = {}, extra: Record<string, string> = {}): Record<string, string> {
  const manifest = validManifest({ name, displayName: `Soul ${name}`, description: `A helpful ${name} persona for tests.`, ...overrides });
  const files: Record<string, string> = { 'soul.json': `${JSON.stringify(manifest, null, 2)}\n`, 'SOUL.md': BENIGN_SOUL, 'IDENTITY.md': BENIGN_IDENTITY, ...extra };
  return Object.fromEntries(Object.entries(files).map(([f, c]) => [`souls/${owner}/${name}/${f}`, c]));
}

/** The default history: three souls, one of them with two versions. */
export function defaultCommits(): GitCommitSpec[] {
  return [
    { files: { ...soulFiles('alice', 'tutor', { version: '1.0.0', tags: ['education', 'maths'], category: 'education/tutoring' }), ...soulFiles('official', 'helper', { tags: ['general'], category: 'general' }) }, message: 'Add tutor and helper\n\nPublished-by: alice' },
    { files: soulFiles('bob', 'reviewer', { tags: ['code', 'security'], category: 'developer-tools/review' }), message: 'Add reviewer\n\nPublished-by: bob' },
    { files: soulFiles('alice', 'tutor', { version: '1.1.0', tags: ['education', 'maths'], category: 'education/tutoring' }, { 'SOUL.md': `${BENIGN_SOUL}\nAlways show worked examples.\n` }), message: 'Tutor 1.1.0\n\nPublished-by: alice' },
  ];
}

export interface TestRegistry extends OpenLocalRegistry {
  tokens: Record<'alice' | 'bob' | 'carol' | 'admin', string>;
  call(method: string, path: string, init?: { token?: string | null; body?: unknown; raw?: BodyInit; headers?: Record<string, string> }): Promise<Response>;
  cleanup(): Promise<void>;
}

export interface TestRegistryOptions {
  commits?: GitCommitSpec[];
  limits?: Partial<RegistryLimits>;
  config?: Partial<RegistryConfig>;
  github?: GitHubOAuth;
}

/**
 * Open a registry for a test. Limits default high so tests do not trip the rate limiter unless they mean to.
 *
 * @example const reg = await openTestRegistry(); const res = await reg.call('GET', '/souls'); await reg.cleanup();
 */
export async function openTestRegistry(options: TestRegistryOptions = {}): Promise<TestRegistry> {
  const repo = await gitRepo({ commits: options.commits ?? defaultCommits() });
  const dataDir = mkdtempSync(join(tmpdir(), 'soul-api-'));
  const config: RegistryConfig = {
    ...structuredClone(DEFAULT_REGISTRY_CONFIG as RegistryConfig),
    publicUrl: ORIGIN,
    superusers: ['admin'],
    ...options.config,
    limits: { ...DEFAULT_REGISTRY_CONFIG.limits, anonymousPerMinute: 100_000, authenticatedPerMinute: 100_000, ...options.limits },
  };
  const registry = await openLocalRegistry({ root: repo.dir, dataDir, config, ...(options.github ? { github: options.github } : {}) });
  const tokens = {
    alice: await registry.admin.createToken('alice'),
    bob: await registry.admin.createToken('bob'),
    carol: await registry.admin.createToken('carol'),
    admin: await registry.admin.createToken('admin'),
  };
  const base = config.apiBase;
  return {
    ...registry,
    tokens,
    call(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers['authorization'] = `Bearer ${init.token}`;
      let body: BodyInit | undefined = init.raw;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const url = path.startsWith('http') ? path : `${ORIGIN}${path.startsWith(base) || path.startsWith('/schemas') ? '' : base}${path}`;
      return registry.fetch(new Request(url, { method, headers, ...(body !== undefined ? { body } : {}) }));
    },
    async cleanup() {
      await registry.close();
      rmSync(dataDir, { recursive: true, force: true });
      repo.cleanup();
    },
  };
}

/** The body of a publish request for a soul. */
export function publishBody(name: string, overrides: Record<string, unknown> = {}, files: Record<string, string> = {}): { manifest: Record<string, unknown>; files: Record<string, string> } {
  return {
    manifest: validManifest({ name, displayName: `Soul ${name}`, description: `A helpful ${name} persona for tests.`, ...overrides }),
    files: { 'SOUL.md': BENIGN_SOUL, 'IDENTITY.md': BENIGN_IDENTITY, ...files },
  };
}
