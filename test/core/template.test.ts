import { describe, expect, it } from 'vitest';
import { scanPackage } from '../../scripts/core/index.ts';
import { createTemplate } from '../../scripts/core/template.ts';
import { parseManifest } from '../../scripts/core/manifest/index.ts';
import { RegistryError, toErrorBody } from '../../scripts/core/errors.ts';

describe('createTemplate', () => {
  it.each(['0.3', '0.4', '0.5'] as const)('scaffolds a %s soul that scores 100 (Verified) with no findings but info', (spec) => {
    const files = createTemplate({ name: 'study-buddy', spec, author: 'Ada Lovelace' });
    const r = scanPackage(files, { name: 'study-buddy' });
    expect({ errors: r.errors, warnings: r.warnings }).toEqual({ errors: [], warnings: [] });
    expect(r.score).toBe(100);
    expect(r.grade).toBe('Verified');
    expect(r.status).toBe('pass');
  });

  it('earns the full embodied bonus for 0.5', () => {
    expect(scanPackage(createTemplate({ name: 'home-robot', spec: '0.5' }), { name: 'home-robot' }).bonus).toBe(10);
  });

  it('returns soul.json, SOUL.md and IDENTITY.md', () => {
    expect(Object.keys(createTemplate({ name: 'study-buddy' }))).toEqual(['soul.json', 'SOUL.md', 'IDENTITY.md']);
  });

  it('writes soul.json with two-space indentation and a trailing newline', () => {
    const json = createTemplate({ name: 'study-buddy' })['soul.json']!;
    expect(json.endsWith('}\n')).toBe(true);
    expect(json).toContain('\n  "name": "study-buddy",\n');
  });

  it('defaults to specVersion 0.4 and a manifest that parses without issues', () => {
    const parsed = parseManifest(createTemplate({ name: 'study-buddy' })['soul.json'], { expectedName: 'study-buddy', fileNames: ['soul.json', 'SOUL.md', 'IDENTITY.md'] });
    expect(parsed.specVersion).toBe('0.4');
    expect(parsed.issues).toEqual([]);
  });

  it('uses the given display name, description, author and category', () => {
    const files = createTemplate({ name: 'chef', displayName: 'Chef Remy', description: 'A cheerful cooking coach.', author: 'Ada', category: 'lifestyle/cooking' });
    const manifest = JSON.parse(files['soul.json']!) as Record<string, unknown>;
    expect(manifest).toMatchObject({ displayName: 'Chef Remy', description: 'A cheerful cooking coach.', author: { name: 'Ada' }, category: 'lifestyle/cooking' });
    expect(files['SOUL.md']).toMatch(/^# Chef Remy\n/);
    expect(files['IDENTITY.md']).toContain('**Name:** Chef Remy');
  });

  it('derives the display name from the soul name', () => {
    expect(JSON.parse(createTemplate({ name: 'senior-devops-2' })['soul.json']!)).toMatchObject({ displayName: 'Senior Devops 2' });
  });

  it('declares laws in soul.json and restates them in SOUL.md for 0.5', () => {
    const files = createTemplate({ name: 'home-robot', spec: '0.5' });
    const manifest = JSON.parse(files['soul.json']!) as { safety: { laws: Array<{ priority: number }> } };
    expect(manifest.safety.laws.map((l) => l.priority)).toEqual([0, 1, 2, 3]);
    expect(files['SOUL.md']).toContain('## Safety');
  });

  it('refuses a name that is not a valid soul id with a VALIDATION_FAILED error', () => {
    let caught: unknown;
    try {
      createTemplate({ name: 'My Soul' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(RegistryError);
    expect(toErrorBody(caught)).toEqual({ error: expect.stringContaining('e.g. "my-soul"'), code: 'VALIDATION_FAILED' });
  });

  it('refuses a category that is not a slug path', () => {
    expect(() => createTemplate({ name: 'x', category: 'Not/A/Category' })).toThrow(/category/);
  });

  it('refuses a description over 160 characters', () => {
    expect(() => createTemplate({ name: 'x', description: 'd'.repeat(161) })).toThrow(/description/);
  });
});

describe('error catalogue', () => {
  it('turns a foreign error into INTERNAL without echoing its message', () => {
    expect(toErrorBody(new Error('token cs_secret leaked'))).toEqual({ error: 'Internal error; please retry later', code: 'INTERNAL' });
  });

  it('carries details and extra fields such as a quota', () => {
    const err = new RegistryError('QUOTA_EXCEEDED', 'monthly scan allowance used', { fields: { limit: 100, used: 100 }, details: ['x'] });
    expect(err.status).toBe(429);
    expect(toErrorBody(err)).toEqual({ error: 'monthly scan allowance used', code: 'QUOTA_EXCEEDED', limit: 100, used: 100, details: ['x'] });
  });
});
