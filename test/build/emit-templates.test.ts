// The precompiled Markdown templates: fresh, and free of run-time code generation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTemplatesModule, templateExportName, TEMPLATES_MODULE_PATH, TEMPLATES_TYPES_PATH } from '../../scripts/build/generate-templates.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('generated templates', () => {
  it('match the .eta sources (run `npm run gen:templates` after editing a template)', () => {
    const { js, dts } = generateTemplatesModule(ROOT);
    expect(readFileSync(join(ROOT, TEMPLATES_MODULE_PATH), 'utf8')).toBe(js);
    expect(readFileSync(join(ROOT, TEMPLATES_TYPES_PATH), 'utf8')).toBe(dts);
  });

  it('contain no eval or new Function (Cloudflare Workers forbid them)', () => {
    const js = readFileSync(join(ROOT, TEMPLATES_MODULE_PATH), 'utf8');
    expect(js).not.toMatch(/new Function|\beval\s*\(|\bFunction\s*\(/);
    expect(js).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('export one function per template, named in camel case', () => {
    expect(templateExportName('soul-details.eta')).toBe('soulDetails');
    const js = readFileSync(join(ROOT, TEMPLATES_MODULE_PATH), 'utf8');
    expect(js).toContain('export function soulDetails(it, escape)');
    expect(js).toContain('export function soulList(it, escape)');
  });
});
