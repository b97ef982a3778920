// The fast paths of hidden-text extraction must find exactly what the scans they replaced found.
// Each test compares extractHidden with a copy of the replaced scan, kept here.
import { describe, expect, it } from 'vitest';
import { extractHidden, SEGMENT_LIMITS } from '../../scripts/core/scan/segments.ts';
import type { RawSegment } from '../../scripts/core/scan/segments.ts';
import { generator, randomText } from '../helpers/random.ts';
import { referenceCollector } from '../helpers/segment-collector.ts';

// ---------------------------------------------------------------------------------------------
// Reference definitions: the multiline pattern searched from every line start, as it was

const REFERENCE_TITLE = /^ {0,3}\[[^\][\r\n]{1,200}\]: {0,8}<?[^\s<>]{1,2000}>?[ \t]{1,8}\n?[ \t]{0,8}(?:"([^"\n]{1,1000})"|'([^'\n]{1,1000})'|\(([^()\n]{1,1000})\))[ \t]{0,8}$/gm;

function referenceTitles(raw: string): RawSegment[] {
  const c = referenceCollector(SEGMENT_LIMITS.hiddenSegments, SEGMENT_LIMITS.hiddenChars);
  REFERENCE_TITLE.lastIndex = 0;
  for (let m = REFERENCE_TITLE.exec(raw); m !== null && !c.full(); m = REFERENCE_TITLE.exec(raw)) {
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    c.add({ kind: 'link-title', offset: m.index + m[0].lastIndexOf(text), length: text.length, verbatim: true, text });
  }
  return c.out;
}

/** Our titles of reference definitions, on texts with no inline link (whose titles are link titles too). */
const titlesOf = (raw: string): RawSegment[] => extractHidden(raw).filter((s) => s.kind === 'link-title');

describe('reference definition titles', () => {
  it('finds the definitions the whole-text search found, at line starts of every kind', () => {
    const cases = [
      '[a]: http://x "title one"',
      'text\n[a]: http://x "t"\n   [b]: <http://y>  \'two\'\n    [c]: http://z "four spaces"',
      'x [a]: http://x "not at a line start"',
      '\r[a]: http://x (paren)\u2028[b]: http://y "sep"\u2029 [c]: u "para"',
      '[]: http://x "empty label"\n[a]b]: u "bracket"\n[a[b]: u "open bracket"',
      `[${'l'.repeat(200)}]: u "200"\n[${'l'.repeat(201)}]: u "201"`,
      '[a]: u\n  "title on the next line"',
      '[a]: u "t ]: inside the title"\n[b]: v "after"',
      // a definition inside the title of another, after a line terminator the title may hold
      '[a]: u \'x\r[b]: v "y"\u2028z\'',
      '[a\u2028b]: u "separator in the label"',
      '  [a]: u "t"  \n[b]:u "no space"\n[c]: u "t" trailing',
    ];
    for (const raw of cases) expect(titlesOf(raw), JSON.stringify(raw)).toEqual(referenceTitles(raw));
    expect(referenceTitles(cases[1]!)).toHaveLength(2);
  });

  it('matches the whole-text search on random text', () => {
    const rand = generator(31);
    const pieces = ['\n[a]: u "t"', '\n  [b]: <u>\t\'t\'', '[c]: u (t)', '[', ']', ']:', '[a]: ', ' ', '   ', '\n', '\r', '\u2028', 'u', '<', '>', '"', "'", '(', ')', '"t"', '\t', 'ab'];
    let found = 0;
    for (let i = 0; i < 6000; i++) {
      const raw = randomText(rand, pieces, 30);
      if (raw.includes('](')) continue;
      const ref = referenceTitles(raw);
      if (ref.length > 0) found++;
      expect(titlesOf(raw), JSON.stringify(raw)).toEqual(ref);
    }
    expect(found).toBeGreaterThan(300);
  });

  it('stops at the same definition when the caps are reached', () => {
    const raw = Array.from({ length: 100 }, (_, i) => `[r${i}]: http://x/${i} "${'t'.repeat(900)}"`).join('\n');
    const ours = titlesOf(raw);
    expect(ours).toEqual(referenceTitles(raw));
    expect(ours).toHaveLength(SEGMENT_LIMITS.hiddenSegments);
  });
});
