// Fast paths of the per-package checks (quality, consistency, the engine) against the plain
// behaviour they replace.
import { describe, expect, it } from 'vitest';
import { createScanContext } from '../../scripts/core/index.ts';
import { contentLength, formatCount, quality } from '../../scripts/core/scan/rules/quality.ts';
import type { Emission } from '../../scripts/core/scan/types.ts';
import { generator, randomText } from '../helpers/random.ts';

/** The quality findings of a package of one persona file. */
function qualityOf(raw: string): Emission[] {
  const out: Emission[] = [];
  quality.check(createScanContext({ 'SOUL.md': raw }), (e) => out.push(e));
  return out;
}

describe('fast path: quality counts a persona only as far as 500 characters unless it has no headings', () => {
  it('reports length and no-headings advice from the whole content length, around every threshold', () => {
    const rand = generator(8);
    const spaces = [' ', '  ', '\n', '\t \n', '\u00a0', '\u3000'];
    const words = ['word', 'é', '🙂', 'x', 'longerword'];
    for (let i = 0; i < 400; i++) {
      // a content length near 200, 500 or 1,500, with and without a heading
      const target = [200, 500, 1500][i % 3]! + Math.floor(rand() * 9) - 4;
      let raw = randomText(rand, spaces, 3);
      while (contentLength(raw) < target) raw += words[Math.floor(rand() * words.length)]! + spaces[Math.floor(rand() * spaces.length)]!;
      if (i % 4 === 0) raw = `## Notes\n\n${raw}`;
      const content = contentLength(raw);
      const out = qualityOf(raw);
      const codes = out.map((e) => e.code);
      expect(codes.includes('QUALITY001'), `${content}`).toBe(content < 200);
      expect(codes.includes('QUALITY002'), `${content}`).toBe(content >= 200 && content < 500);
      const length = out.find((e) => e.code === 'QUALITY001' || e.code === 'QUALITY002');
      if (length) expect(length.message).toContain(`${formatCount(content)} characters of content`);
      const advice = out.find((e) => e.code === 'QUALITY008')?.message ?? '';
      expect(advice.includes('it has no headings'), `${content}`).toBe(content >= 200 && content > 1500 && !raw.startsWith('##'));
    }
  });
});
