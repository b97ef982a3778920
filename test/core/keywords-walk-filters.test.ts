// The keyword pass starts a walk of the trie only where a trigger or stem may be found, told by
// small tables: after a word and a space, by the two letters after the space (Trie.afterPairs, and
// the same pairs merged per slot for the words the loop passes over without a look-up); inside a
// word, by its first letters (Trie.prefixMin, Trie.prefixNext). Keys cut short, run on and changed
// at each letter those tables look at must still find exactly what a plain search finds.
import { describe, expect, it } from 'vitest';
import '../../scripts/core/scan/rules/index.ts';
import { keywordsOf, registeredKeywords, triggersOf } from '../../scripts/core/scan/keywords.ts';
import { TextView } from '../../scripts/core/scan/text.ts';

const { triggers: TRIGGERS, stems: STEMS } = registeredKeywords();
const isAlnum = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The registered triggers in `norm`, the plain way (none here starts with a space). */
function plainTriggers(norm: string): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  for (const key of TRIGGERS) {
    if (key.startsWith(' ')) continue;
    const stem = key.endsWith('*');
    const text = stem ? key.slice(0, -1) : key;
    const wholeWord = !stem && isAlnum(text.charCodeAt(text.length - 1));
    const at: number[] = [];
    for (let i = norm.indexOf(text); i !== -1; i = norm.indexOf(text, i + 1)) {
      if (isAlnum(text.charCodeAt(0)) && i > 0 && isAlnum(norm.charCodeAt(i - 1))) continue;
      if (wholeWord && isAlnum(norm.charCodeAt(i + text.length))) continue;
      at.push(i);
    }
    if (at.length > 0) out.push([key, at]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** The stems after a space, as the alternation ` (?:stem|...)` scanned left to right finds them. */
function plainStems(norm: string): string[] {
  const alternation = STEMS.map((k) => k.trimEnd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (k.endsWith(' ') ? '(?![a-z])' : '')).join('|');
  return [...norm.matchAll(new RegExp(` (?:${alternation})`, 'g'))].map((m) => m[0].slice(1));
}

/** What the pass finds in `raw` (its triggers and stems after a space), next to what a plain search finds. */
function bothWays(raw: string): { pass: unknown; plain: unknown } {
  const view = new TextView(raw);
  const triggers = [...triggersOf(view)].filter(([key]) => !key.startsWith(' ')).sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return { pass: { triggers, stems: keywordsOf(view).stems }, plain: { triggers: plainTriggers(view.norm), stems: plainStems(view.norm) } };
}

/** A key of a word and a space, run on by every letter after the first letter after the space, and cut short. */
function variants(key: string): string[] {
  const text = key.replace(/\*$/, '');
  const word = /^[a-z]+ /.exec(text)![0];
  const first = text.charAt(word.length);
  const out = [text, `${text}s`, word.trimEnd(), `${word}${first}`];
  for (const l of LETTERS) out.push(`${word}${first}${l}`, `${word}${l}${first}`);
  return out;
}

describe('walks of the trie', () => {
  it('find every key of a word, a space and letters, whatever two letters follow the space', () => {
    const keys = [...TRIGGERS, ...STEMS].filter((k) => /^[a-z]+ [a-z]/.test(k) || /^[a-z]+ $/.test(k));
    expect(keys.filter((k) => k.endsWith(' ')).length).toBeGreaterThan(0);
    expect(keys.length).toBeGreaterThan(500);
    let texts = 0;
    for (let from = 0; from < keys.length; from += 40) {
      const raw = keys
        .slice(from, from + 40)
        .flatMap((k) => (k.endsWith(' ') ? [k, ...[...LETTERS].map((l) => `${k}${l}${l}`)] : variants(k)))
        .join(', ');
      const { pass, plain } = bothWays(raw);
      expect(pass).toEqual(plain);
      texts++;
    }
    expect(texts).toBeGreaterThan(10);
  });

  it('find every key that may go on into a longer word, in words that begin like it', () => {
    // keys of letters only that go on into longer words ("grab*", the stems of other languages),
    // in words of their first four letters and each fifth letter, of lengths around theirs
    const keys = [...TRIGGERS.filter((k) => /^[a-z]+\*$/.test(k)).map((k) => k.slice(0, -1)), ...STEMS.filter((k) => /^[a-z]+$/.test(k))];
    expect(keys.filter((k) => k.length > 4).length).toBeGreaterThan(100);
    expect(keys.filter((k) => k.length <= 4).length).toBeGreaterThan(10);
    let texts = 0;
    for (let from = 0; from < keys.length; from += 40) {
      const words = keys.slice(from, from + 40).flatMap((k) => [
        k,
        `${k}s`,
        `${k}ing`,
        k.slice(0, -1),
        ...[...LETTERS].flatMap((l) => [`${k.slice(0, 4)}${l}${k.slice(5)}s`, `${k.slice(0, 4)}${l}xxxxxxxx`.slice(0, k.length + 1)]),
      ]);
      const { pass, plain } = bothWays(words.join(' '));
      expect(pass).toEqual(plain);
      texts++;
    }
    expect(texts).toBeGreaterThan(5);
  });
});

describe('prefix keys', () => {
  // A key that may go on into a longer word ("kid*", the stem "ia") makes the pass walk every word
  // longer than it and shorter than four letters from its first letter: one of two letters would
  // walk every "the" and "you" (it cost a tenth of the pass when the stem "ia" came in).
  it('are all at least three letters long', () => {
    const prefixes = [...TRIGGERS.filter((t) => t.endsWith('*')).map((t) => t.slice(0, -1)), ...STEMS.filter((s) => !s.endsWith(' '))];
    const short = prefixes.filter((p) => /^[a-z]+$/.test(p) && p.length < 3);
    expect(short).toEqual([]);
    // the check sees the prefix keys at all
    expect(prefixes.filter((p) => /^[a-z]+$/.test(p) && p.length === 3).length).toBeGreaterThan(0);
  });
});
