// The dashed and dotted MAC search reads only runs of hex digits, '-' and '.' long enough to hold a
// MAC; it must report what the seed search over the whole text reported. The reference below is
// that search as first written, returning the first MAC it would report.
import { describe, expect, it } from 'vitest';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import { PII_CODES, pii } from '../../../scripts/core/scan/rules/pii.ts';
import type { Emission } from '../../../scripts/core/scan/types.ts';
import { generator } from '../../helpers/random.ts';

function macOffset(text: string): number | undefined {
  const out: Emission[] = [];
  pii.check(createScanContext({ 'SOUL.md': text }), (e) => out.push(e));
  return out.find((e) => e.code === PII_CODES.mac)?.offset;
}

/** Offset of the first MAC the whole-text seed search reports, if any. */
function referenceMacOffset(raw: string): number | undefined {
  const seedRe = /[-.][0-9A-Fa-f]{2}(?:-|[0-9A-Fa-f]{2}\.)/g;
  const dashRe = /[0-9A-Fa-f]{2}(?:-[0-9A-Fa-f]{2}){5}/y;
  const dotRe = /[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}/y;
  const word = (c: number): boolean => c === c && /[\p{L}\p{N}_]/u.test(String.fromCharCode(c));
  while (seedRe.test(raw)) {
    const dash = raw.charCodeAt(seedRe.lastIndex - 1) === 45;
    const seed = seedRe.lastIndex - (dash ? 4 : 6);
    seedRe.lastIndex = seed + 1;
    const a = seed - (dash ? 2 : 4);
    if (a < 0) continue;
    const re = dash ? dashRe : dotRe;
    const total = dash ? 17 : 14;
    const before = raw.charCodeAt(a - 1);
    if (word(before) || before === 45 || before === 46 || before === 58) continue;
    re.lastIndex = a;
    if (!re.test(raw)) continue;
    seedRe.lastIndex = a + total;
    const after = raw.charCodeAt(a + total);
    if (word(after) || after === 45 || after === 58 || (after === 46 && word(raw.charCodeAt(a + total + 1)))) continue;
    const hex = raw.slice(a, a + total).replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
    if (/^0+$/.test(hex) || /^f+$/.test(hex)) continue;
    return a;
  }
  return undefined;
}

describe('dashed and dotted MAC addresses', () => {
  it('reports the MAC the whole-text search reported, at run edges and after look-alikes', () => {
    const cases = [
      '3C-22-FB-12-34-56',
      'x 3C-22-FB-12-34-56',
      '3c22.fb12.3456',
      'a-3C-22-FB-12-34-56',
      '00-00-00-00-00-00 then 3C-22-FB-12-34-56',
      'de-ad-be-ef-ca-fe-ba-be 3c22.fb12.3456.',
      '3C-22-FB-12-34-5 3C-22-FB-12-34-56-',
      'see 3c22.fb12.3456.x and 0012.3456.789a',
      'ab.cdef.0123.4567.89ab',
      '1-3C-22-FB-12-34-56 (3C-22-FB-12-34-56)',
    ];
    for (const text of cases) expect(macOffset(text), text).toBe(referenceMacOffset(text));
    expect(macOffset('x 3C-22-FB-12-34-56')).toBe(2);
  });

  it('reports the MAC the whole-text search reported when runs end just short of or just past a MAC length', () => {
    const cases = [];
    for (let pad = 0; pad < 16; pad++) {
      cases.push(`${'x'.repeat(pad)} 3c22.fb12.3456`, `${'x'.repeat(pad)}3c22.fb12.345 3c22.fb12.3456`, `${'y'.repeat(pad)} ab-cd 3C-22-FB-12-34-56`);
      cases.push(`${'x '.repeat(pad)}${'ace.'.repeat(4)} 3c22.fb12.3456`, `${'z'.repeat(pad)} deadbeefcafe 0012.3456.789a`, `face ${'b'.repeat(pad)}-00-1A-2B-3C-4D-5E`);
    }
    cases.push('3c22.fb12.3456', 'x3c22.fb12.3456', `${'a'.repeat(13)} ${'3c22.fb12.3456'}`, `${'e'.repeat(14)}\n3C-22-FB-12-34-56`);
    for (const text of cases) expect(macOffset(text), text).toBe(referenceMacOffset(text));
  });

  it('matches the whole-text search on random text', () => {
    const rand = generator(17);
    const alphabet = ['3c', '22', 'A0', '1', '-', '.', '12', '3456', ' ', 'x', '\n', 'é', '3C-22-', 'fb12.', 'fb-12-34-56', '3c22.fb12.3456', '00-00-', '-34-56', '0012.'];
    let found = 0;
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const n = Math.floor(rand() * 40);
      for (let k = 0; k < n; k++) text += alphabet[Math.floor(rand() * alphabet.length)]!;
      const ref = referenceMacOffset(text);
      if (ref !== undefined) found++;
      expect(macOffset(text), JSON.stringify(text)).toBe(ref);
    }
    expect(found).toBeGreaterThan(50);
  });
});
