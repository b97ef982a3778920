// The keyword pass hands the trigger keys it found to the families as numbers (triggerNumber) with
// their position lists; the families map numbers to what they open with arrays built once. Each
// test compares that with the plain meaning: the keys found, by string, the slow way.
import { describe, expect, it } from 'vitest';
import '../../scripts/core/scan/rules/index.ts';
import { keywordsOf, registerTriggerBits, registerTriggers, triggerBitsOf, triggerNumber } from '../../scripts/core/scan/keywords.ts';
import { fastPaths, registerGates, triggersOf } from '../../scripts/core/scan/rules/code-execution.ts';
import { TextView } from '../../scripts/core/scan/text.ts';
import { generator, randomText } from '../helpers/random.ts';

const KEYS = ['zqalpha', 'zqbeta*', 'zqgamma zqdelta', '<zq*', 'zq]('];
// a key numbered but never registered: the numbers of the keys after it are no longer their
// places in the pass's list of patterns, so a pass reporting places instead fails below
triggerNumber('zq numbered only');
registerTriggers(KEYS);

/** Each key of KEYS in `norm`, the plain way: every occurrence at a word start, whole words unless a stem. */
function plainTriggers(norm: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const key of KEYS) {
    const stem = key.endsWith('*');
    const text = stem ? key.slice(0, -1) : key;
    const wordStart = /[a-z0-9]/.test(text[0]!);
    const wholeWord = !stem && /[a-z0-9]/.test(text[text.length - 1]!);
    const at: number[] = [];
    for (let i = norm.indexOf(text); i !== -1; i = norm.indexOf(text, i + 1)) {
      if (wordStart && i > 0 && /[a-z0-9]/.test(norm[i - 1]!)) continue;
      if (wholeWord && /[a-z0-9]/.test(norm[i + text.length] ?? '')) continue;
      at.push(i);
    }
    if (at.length > 0) out.set(key, at);
  }
  return out;
}

/** The keys of KEYS the pass found, by number turned back into strings, with their lists. */
function foundByNumber(view: TextView): Map<string, readonly number[]> {
  const found = keywordsOf(view);
  const out = new Map<string, readonly number[]>();
  found.triggerKeys.forEach((n, k) => {
    const key = KEYS.find((w) => triggerNumber(w) === n);
    if (key !== undefined) out.set(key, found.triggerLists[k]!);
  });
  return out;
}

const sorted = (m: ReadonlyMap<string, readonly number[]>): Array<[string, readonly number[]]> => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));

const PIECES = ['zqalpha', 'zqbeta', 'zqbetas', 'zqgamma', 'zqdelta', '<zq', '<zqx', 'zq](', 'zq]', ' ', ' ', 'x', '.', '<', '('];
const rand = generator(7);
const TEXTS = Array.from({ length: 400 }, () => randomText(rand, PIECES, 12));

describe('trigger keys by number', () => {
  it('gives each key the same number every time, and different keys different numbers', () => {
    const numbers = KEYS.map(triggerNumber);
    expect(KEYS.map(triggerNumber)).toEqual(numbers);
    expect(new Set(numbers).size).toBe(KEYS.length);
  });
  it('reports the keys found by number, with the positions a plain search finds', () => {
    for (const raw of TEXTS) {
      const view = new TextView(raw);
      expect(sorted(foundByNumber(view)), raw).toEqual(sorted(plainTriggers(view.norm)));
    }
    expect(TEXTS.filter((raw) => plainTriggers(new TextView(raw).norm).size > 0).length).toBeGreaterThan(300);
  });
  it('lists by number exactly the keys of the map by key', () => {
    for (const raw of TEXTS) {
      const view = new TextView(raw);
      const found = keywordsOf(view);
      const byKey = triggersOf(view);
      expect([...found.triggerKeys].map((n) => [...byKey.keys()].find((key) => triggerNumber(key) === n))).toEqual([...byKey.keys()]);
      expect(found.triggerLists).toEqual([...byKey.values()]);
    }
  });
});

describe('trigger bits', () => {
  const BITS = new Map(KEYS.map((key, k) => [key, 1 << k]));
  const table = registerTriggerBits(KEYS, (key) => BITS.get(key)!);
  it('ORs the bits of the keys found, as a walk over the keys found by string does', () => {
    for (const raw of TEXTS) {
      const view = new TextView(raw);
      let slow = 0;
      for (const key of plainTriggers(view.norm).keys()) slow |= BITS.get(key)!;
      expect(triggerBitsOf(view, table), raw).toBe(slow);
    }
  });
  it('registers the keys it makes bits for', () => {
    const only = registerTriggerBits(['zqbitsonly'], () => 4);
    expect(triggerBitsOf(new TextView('a zqbitsonly b'), only)).toBe(4);
    expect(triggersOf(new TextView('a zqbitsonly b')).get('zqbitsonly')).toEqual([2]);
  });
  it('gives no bits for a key numbered after the table was built', () => {
    const late = 'zqlatecomer';
    registerTriggers([late]);
    expect(triggerNumber(late)).toBeGreaterThanOrEqual(table.length);
    expect(triggerBitsOf(new TextView(`${late} zqalpha`), table)).toBe(BITS.get('zqalpha'));
  });
});

describe('gates by trigger number', () => {
  it('opens a rule numbered before its gate word was registered once the word is', () => {
    const early = { gate: ['zqearly', 'zqalpha'] };
    // numbered by the first look-up (after the view's gates were made), its words not yet all registered
    fastPaths.anchorsOf(new TextView(''), early);
    expect(fastPaths.anchorsOf(new TextView('zqearly zqalpha'), early)).toEqual([[8]]);
    registerGates([{ gate: ['zqearly'] }]);
    const view = new TextView('zqalpha zqearly zqearly');
    const found = triggersOf(view);
    const slow = early.gate.flatMap((w) => (found.has(w) ? [found.get(w)!] : []));
    expect(fastPaths.anchorsOf(view, early)).toEqual(slow);
    expect(slow).toEqual([[8, 16], [0]]);
  });
});
