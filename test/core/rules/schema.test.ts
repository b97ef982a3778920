import { describe, expect, it } from 'vitest';
import { scanPackage } from '../../../scripts/core/index.ts';
import { schema } from '../../../scripts/core/scan/rules/schema.ts';
import { allFindings, codes, soulTree, validManifest } from '../../helpers/soul.ts';

const schemaCodes = (r: ReturnType<typeof scanPackage>) => codes(r).filter((c) => c.startsWith('SCHEMA'));
const finding = (r: ReturnType<typeof scanPackage>, code: string) => allFindings(r).find((f) => f.code === code);

function scanManifest(manifest: Record<string, unknown>, name: string | undefined = 'test-soul') {
  return scanPackage(soulTree({}, manifest), name !== undefined ? { name } : {});
}

describe('schema rules', () => {
  it('reports nothing for a valid manifest', () => {
    expect(schemaCodes(scanManifest(validManifest()))).toEqual([]);
  });

  it('SCHEMA001: soul.json missing', () => {
    const files = soulTree();
    delete files['soul.json'];
    const r = scanPackage(files);
    expect(finding(r, 'SCHEMA001')).toMatchObject({ severity: 'error' });
    expect(finding(r, 'SCHEMA001')).not.toHaveProperty('file');
  });

  it('SCHEMA002: soul.json is not JSON, with the line of the error', () => {
    const r = scanPackage(soulTree({ 'soul.json': '{\n  "name": "x"\n  "version": "1.0.0"\n}' }));
    expect(finding(r, 'SCHEMA002')?.message).toMatch(/line 3/);
    expect(schemaCodes(r)).toEqual(['SCHEMA002']);
  });

  it('SCHEMA003: soul.json is not an object', () => {
    expect(schemaCodes(scanPackage(soulTree({ 'soul.json': '"hello"' })))).toEqual(['SCHEMA003']);
  });

  it('SCHEMA004: a required field is missing', () => {
    const { license: _drop, ...manifest } = validManifest();
    expect(finding(scanManifest(manifest), 'SCHEMA004')?.message).toMatch(/\/license is missing/);
  });

  it('SCHEMA005: a field has the wrong type', () => {
    expect(schemaCodes(scanManifest(validManifest({ tags: 'test' })))).toEqual(['SCHEMA005']);
  });

  it('SCHEMA006: a bad version, with the line of the version key', () => {
    const r = scanManifest(validManifest({ version: '1.0' }));
    const f = finding(r, 'SCHEMA006');
    expect(f).toMatchObject({ severity: 'error', file: 'soul.json', message: '/version: "1.0" is not MAJOR.MINOR.PATCH; use e.g. "1.0.0"' });
    expect(f?.line).toBe(5);
  });

  it('SCHEMA006: several format problems are listed in one finding', () => {
    const r = scanManifest(validManifest({ version: '1.0', category: 'Bad Category' }));
    const found = allFindings(r).filter((f) => f.code === 'SCHEMA006');
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toMatch(/^2 problems: \/version.*; \/category/);
  });

  it('SCHEMA007: a description over 160 characters', () => {
    expect(schemaCodes(scanManifest(validManifest({ description: 'x'.repeat(200) })))).toEqual(['SCHEMA007']);
  });

  it('SCHEMA008 and SCHEMA014: an older soul without specVersion and files gets warnings only', () => {
    const { specVersion: _s, files: _f, ...legacy } = validManifest({ author: 'Test Author' });
    const r = scanManifest(legacy);
    expect(schemaCodes(r)).toEqual(['SCHEMA008', 'SCHEMA014']);
    expect(r.errors.filter((f) => f.code.startsWith('SCHEMA'))).toEqual([]);
  });

  it('SCHEMA009: an unknown specVersion is a warning', () => {
    const r = scanManifest(validManifest({ specVersion: '0.9' }));
    expect(finding(r, 'SCHEMA009')).toMatchObject({ severity: 'warning' });
  });

  it('SCHEMA010: a copyleft license is an error', () => {
    expect(finding(scanManifest(validManifest({ license: 'AGPL-3.0-only' })), 'SCHEMA010')).toMatchObject({ severity: 'error' });
  });

  it('SCHEMA011: a license off the list is a warning', () => {
    expect(finding(scanManifest(validManifest({ license: 'MPL-2.0' })), 'SCHEMA011')).toMatchObject({ severity: 'warning' });
  });

  it('SCHEMA012: the name differs from the folder / URL name', () => {
    expect(finding(scanManifest(validManifest(), 'another-name'), 'SCHEMA012')?.message).toContain('"another-name"');
  });

  it('SCHEMA012 does not fire when no folder name is known', () => {
    expect(schemaCodes(scanManifest(validManifest(), undefined))).toEqual([]);
  });

  it('SCHEMA013: files.soul names a missing file, and FILE010 does not repeat it', () => {
    const r = scanManifest(validManifest({ files: { soul: 'PERSONA.md' } }));
    expect(finding(r, 'SCHEMA013')).toMatchObject({ severity: 'error' });
    expect(codes(r)).not.toContain('FILE010');
  });

  it('SCHEMA013 does not fire when files.soul names a file that is there', () => {
    const r = scanPackage(soulTree({ 'PERSONA.md': '# Persona\n\nA kind helper.\n' }, validManifest({ files: { soul: 'PERSONA.md' } })), { name: 'test-soul' });
    expect(schemaCodes(r)).toEqual([]);
  });

  it('SCHEMA015: another role names a missing file', () => {
    expect(finding(scanManifest(validManifest({ files: { soul: 'SOUL.md', style: 'STYLE.md' } })), 'SCHEMA015')).toMatchObject({ severity: 'warning' });
  });

  it('SCHEMA016: a tag that is not a slug is a warning', () => {
    expect(finding(scanManifest(validManifest({ tags: ['Not A Slug'] })), 'SCHEMA016')).toMatchObject({ severity: 'warning' });
  });

  it('SCHEMA017: embodied fields under 0.4 are noted, not scored', () => {
    const r = scanManifest(validManifest({ environment: 'embodied' }));
    expect(finding(r, 'SCHEMA017')).toMatchObject({ severity: 'info' });
  });

  it('lists every code it can emit in its rule table, all in the schema stage', () => {
    expect(schema.rules.map((r) => r.id)).toEqual(Array.from({ length: 17 }, (_, i) => `SCHEMA${String(i + 1).padStart(3, '0')}`));
    expect(schema.rules.every((r) => r.stage === 'schema')).toBe(true);
  });
});
