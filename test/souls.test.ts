// Every example soul in souls/ must be Verified by the full scanner, sit in a folder named after it,
// and between them cover the registry's variety (owners, categories, spec versions, embodied fields).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scanPackage } from '../scripts/core/index.ts';
import { readRegistryConfig } from '../scripts/core/config.ts';
import { readPackageFolder } from '../scripts/cli/lib/read-package.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOULS = join(ROOT, 'souls');
const ALLOWED_LICENSES = ['Apache-2.0', 'MIT', 'BSD-2-Clause', 'BSD-3-Clause', 'CC-BY-4.0', 'CC0-1.0', 'ISC', 'Unlicense'];

const dirs = (p: string): string[] => readdirSync(p).filter((n) => !n.startsWith('.') && statSync(join(p, n)).isDirectory()).sort();
const souls = dirs(SOULS).flatMap((owner) => dirs(join(SOULS, owner)).map((name) => ({ owner, name, dir: join(SOULS, owner, name) })));
const manifests = souls.map((s) => JSON.parse(readFileSync(join(s.dir, 'soul.json'), 'utf8')) as Record<string, unknown>);

describe('example souls', () => {
  it.each(souls.map((s) => [`${s.owner}/${s.name}`, s] as const))('%s is Verified with no errors', (_id, s) => {
    const pkg = readPackageFolder(s.dir, ROOT, s.owner);
    const result = scanPackage(pkg.files, { name: s.name, owner: s.owner });
    expect([...result.errors, ...result.warnings], 'findings').toEqual([]);
    expect(result.grade).toBe('Verified');
    expect(result.ok).toBe(true);
    expect(result.status, 'every rule family finished and nothing was found').toBe('pass');
    expect(result.score).toBeGreaterThanOrEqual(90);
  });

  it.each(souls.map((s, i) => [`${s.owner}/${s.name}`, s, manifests[i]!] as const))('%s has a manifest name equal to its folder name', (_id, s, m) => {
    expect(m['name']).toBe(s.name);
  });

  it('has at least 8 souls from at least 4 owners', () => {
    expect(souls.length).toBeGreaterThanOrEqual(8);
    expect(new Set(souls.map((s) => s.owner)).size).toBeGreaterThanOrEqual(4);
  });

  it('has a soul in the official namespace of registry.config.json', () => {
    const config = readRegistryConfig(JSON.parse(readFileSync(join(ROOT, 'registry.config.json'), 'utf8')));
    expect(souls.some((s) => s.owner === config.officialNamespace)).toBe(true);
  });

  it('covers several category groups and spec versions 0.3, 0.4 and 0.5', () => {
    expect(new Set(manifests.map((m) => String(m['category']).split('/')[0])).size).toBeGreaterThanOrEqual(6);
    expect(new Set(manifests.map((m) => m['specVersion']))).toEqual(new Set(['0.3', '0.4', '0.5']));
  });

  it('uses only allowed licenses', () => {
    for (const m of manifests) expect(ALLOWED_LICENSES).toContain(m['license']);
  });

  it('has an embodied 0.5 soul with every embodied field and prioritised safety laws', () => {
    const embodied = manifests.filter((m) => m['specVersion'] === '0.5');
    expect(embodied.length).toBeGreaterThanOrEqual(1);
    for (const m of embodied) {
      expect(m).toHaveProperty('environment');
      expect(m).toHaveProperty('interactionMode');
      expect(m).toHaveProperty('hardwareConstraints');
      const safety = m['safety'] as { physical: object; laws: Array<{ priority: number; rule: string }> };
      expect(Object.keys(safety.physical).length).toBeGreaterThan(0);
      const priorities = safety.laws.map((l) => l.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
      expect(new Set(priorities).size).toBe(priorities.length);
    }
  });

  it('names only files that exist in each manifest', () => {
    souls.forEach((s, i) => {
      const files = (manifests[i]!['files'] ?? {}) as Record<string, string>;
      for (const f of Object.values(files)) expect(statSync(join(s.dir, f)).isFile(), `${s.owner}/${s.name}: ${f}`).toBe(true);
    });
  });

  it('ships real PNG bytes for avatars', () => {
    const pngs = souls.flatMap((s) => readdirSync(s.dir).filter((f) => f.endsWith('.png')).map((f) => join(s.dir, f)));
    expect(pngs.length).toBeGreaterThan(0);
    for (const p of pngs) expect([...readFileSync(p).subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  });
});
