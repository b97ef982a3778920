// A 1 MB adversarial input scans in bounded time (the bench reports the real figures).
import { describe, expect, it } from 'vitest';
import { scanPackage } from '../../scripts/core/index.ts';
import { soulTree } from '../helpers/soul.ts';

const MB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);

const INPUTS: Record<string, string> = {
  'a run of one letter': fill('a'),
  spaces: fill(' '),
  'unclosed comments': fill('<!--'),
  'zero-width characters': fill('\u200b'),
  'combining marks': 'a' + fill('\u0301'),
  'repeated injection words': fill('ignore '),
  'base64-looking text': fill('QUJD'),
  digits: fill('4111 '),
  brackets: fill('[(') ,
  quotes: fill('"'),
  'markdown links': fill('[a](b "'),
  'mixed scripts': fill('аa'),
  'hex run': fill('6a'),
  'emails without domains': fill('a@'),
  "curl's user option without curl": fill('-u '),
  'card-like digit groups': fill('4111 '),
  'letters spaced out by dots': fill('.a'),
  'IPv6-like colons': fill(':1'),
  'entities and tags inside words': fill('a&#105;<b></b>b&apos;'),
};

// Generous bound for a shared CI machine; `npm run bench:scan` measures the real worst case.
const BOUND_MS = 3000;

describe('a 1 MB adversarial input', () => {
  for (const [label, text] of Object.entries(INPUTS)) {
    it(`scans ${label} in bounded time`, () => {
      const started = performance.now();
      const r = scanPackage(soulTree({ 'SOUL.md': text }), { name: 'test-soul' });
      const elapsed = performance.now() - started;
      expect(r.status).not.toBe('error');
      expect(elapsed).toBeLessThan(BOUND_MS);
    });
  }
});
