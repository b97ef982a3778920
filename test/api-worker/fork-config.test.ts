// A fork edits one file, registry.config.json: its name, URLs, official namespace, superusers,
// token prefixes and limits. This builds and serves a registry from a fork's checkout with such a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRegistry } from '../../api-worker/src/node/local-registry.ts';
import type { LocalRegistry } from '../../api-worker/src/node/local-registry.ts';
import { gitRepo } from '../helpers/git-repo.ts';
import type { GitRepo } from '../helpers/git-repo.ts';
import { publishBody, soulFiles } from './harness.ts';

let repo: GitRepo;
let dataDir: string;
let registry: LocalRegistry;

beforeAll(async () => {
  repo = await gitRepo({ commits: [{ files: { ...soulFiles('acme-hq', 'greeter'), ...soulFiles('dana', 'notes') }, message: 'Seed\n\nPublished-by: dana' }] });
  writeFileSync(
    join(repo.dir, 'registry.config.json'),
    JSON.stringify({
      name: 'Acme Souls',
      publicUrl: 'https://souls.acme.test',
      apiBase: '/api/v2',
      githubRepository: 'acme/souls',
      officialNamespace: 'acme-hq',
      superusers: ['boss'],
      tokenPrefix: 'acme_',
      scanKeyPrefix: 'acme_scan_',
      limits: { anonymousPerMinute: 2, authenticatedPerMinute: 1000, freeScansPerMonth: 1 },
    }),
  );
  dataDir = mkdtempSync(join(tmpdir(), 'soul-fork-'));
  registry = await startLocalRegistry({ root: repo.dir, dataDir, port: 0 });
}, 120_000);

afterAll(async () => {
  await registry?.close();
  rmSync(dataDir, { recursive: true, force: true });
  repo?.cleanup();
});

describe('a registry with a fork config', () => {
  it('serves the API under the configured base over HTTP', async () => {
    expect(registry.apiUrl).toMatch(/\/api\/v2$/);
    const res = await fetch(`${registry.apiUrl}/souls`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total: number }).total).toBe(2);
    expect((await fetch(`${registry.url}/api/v1/souls`)).status).toBe(404);
  });

  it('applies the configured anonymous rate limit', async () => {
    const res = await fetch(`${registry.apiUrl}/categories`);
    expect(res.headers.get('x-ratelimit-limit')).toBe('2');
  });

  it('issues tokens and scan keys with the configured prefixes, and refuses other prefixes', async () => {
    const token = await registry.admin.createToken('dana');
    expect(token.startsWith('acme_')).toBe(true);
    const me = await fetch(`${registry.apiUrl}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const key = await registry.admin.createScanKey('dana');
    expect(key.startsWith('acme_scan_')).toBe(true);
    const scan = await fetch(`${registry.apiUrl}/soulscan/scan`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ files: { 'SOUL.md': '# Hi\n\nYou help.\n' } }) });
    expect(scan.status).toBe(200);
    const second = await fetch(`${registry.apiUrl}/soulscan/scan`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ files: { 'SOUL.md': '# Hi\n' } }) });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { limit: number }).limit).toBe(1);
  });

  it('reserves the configured official namespace for the configured superusers and links to the configured site', async () => {
    const dana = await registry.admin.createToken('dana');
    const boss = await registry.admin.createToken('boss');
    const put = (token: string, owner: string, name: string): Promise<Response> =>
      fetch(`${registry.apiUrl}/souls/${owner}/${name}/publish`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(publishBody(name)) });
    expect((await put(dana, 'acme-hq', 'intruder')).status).toBe(403);
    const ok = await put(boss, 'acme-hq', 'welcome');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { url: string }).url).toBe('https://souls.acme.test/souls/acme-hq/welcome/');
  });
});
