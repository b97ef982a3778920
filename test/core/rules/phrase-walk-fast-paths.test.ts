// The phrase runner's walk from the spaces (code-execution.ts): a rule whose every match begins
// with a word and a space has its start words looked for, in a window with few spaces, only in the
// words that end at a space and the word through its end. The pattern reading that decides it is
// checked against every match of small texts, and the walk against a search of every word start,
// on texts with and without spaces.
import { describe, expect, it } from 'vitest';
import { fastPaths, registerGates, runPhrases } from '../../../scripts/core/scan/rules/code-execution.ts';
import type { GatedPhraseRule } from '../../../scripts/core/scan/rules/code-execution.ts';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';
import { generator, randomText } from '../../helpers/random.ts';

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[a-z0-9'-]/.test(ch);

/** Every text of up to `max` characters of `alphabet`. */
function allTexts(alphabet: readonly string[], max: number): string[] {
  let level = [''];
  const out = [''];
  for (let n = 1; n <= max; n++) {
    level = level.flatMap((t) => alphabet.map((c) => t + c));
    out.push(...level);
  }
  return out;
}

/** Whether some match of `re` that is not empty, at the start of one of `texts`, does not begin with a word and a space. */
function counterexample(re: RegExp, texts: readonly string[]): string | null {
  const sticky = new RegExp(re.source, `${re.flags.replace('y', '')}y`);
  for (const text of texts) {
    sticky.lastIndex = 0;
    const m = sticky.exec(text);
    if (m === null || m[0].length === 0) continue;
    if (!/^[a-z0-9'-]+ /.test(m[0])) return text;
  }
  return null;
}

describe('fast path: patterns whose matches begin with a word and a space', () => {
  const texts = allTexts(['a', 'b', ' ', '-', "'", '.', '\n', 'A'], 5);
  // patterns over the alphabet above, with what the reading must answer
  const cases: Array<[RegExp, boolean]> = [
    [/a /y, true],
    [/\ba(?:b|ab)? b/y, true],
    [/(?:a|ba)s? (?:a|b)/y, true],
    [/(?:a|b)(?:a|b){0,3} a/y, true],
    [/(?<!b )a+ [^.]?/y, true],
    [/(?:a|b-a|a'b) ?b /y, true],
    [/a[a-b'-]{0,2} .*/y, true],
    [/(?=a)a\d? /y, true],
    [/(?:a|)b /y, true],
    [/a/y, false],
    [/a ?b/y, false],
    [/ a/y, false],
    [/a\.? b/y, false],
    [/(?:a |b)/y, false],
    [/a\s/y, false],
    [/a\s b/y, false],
    [/a\w* /y, false],
    [/[^ ]a /y, false],
    [/.a /y, false],
    [/a /iy, false],
    [/a(?:b|\n)? /y, false],
    [/[a-\x7f] /y, false],
    [/(a) \1/y, false],
  ];
  for (const [re, expected] of cases) {
    it(`reads ${re} as ${expected ? 'a word and a space first' : 'not known to begin so'}`, () => {
      expect(fastPaths.wordThenSpace(re)).toBe(expected);
      // a yes must hold for every match; each no here has a text that shows why
      if (expected) expect(counterexample(re, texts)).toBeNull();
      else if (re.flags === 'y' && !re.source.includes('\\1') && !re.source.includes('\\x7f')) expect(counterexample(re, texts)).not.toBeNull();
    });
  }
  it('holds for every match of the registered phrase patterns it says yes to, on texts built from their own words', () => {
    const rand = generator(21);
    let checked = 0;
    for (const re of fastPaths.phrasePatterns()) {
      if (!fastPaths.wordThenSpace(re)) continue;
      const words = re.source.match(/[a-z'-]{2,}/g) ?? ['a'];
      const sticky = new RegExp(re.source, re.flags);
      for (let k = 0; k < 40; k++) {
        const text = randomText(rand, [...words.slice(0, 40).map((w) => `${w} `), ' ', '.', 'x'], 12);
        for (let p = 0; p < text.length; p++) {
          sticky.lastIndex = p;
          const m = sticky.exec(text);
          if (m === null || m[0].length === 0) continue;
          expect(m[0], re.source.slice(0, 60)).toMatch(/^[a-z0-9'-]+ /);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

// Window rules whose matches begin with a word and a space: in a range with few spaces (JSON, or
// none at all) only the words before its spaces and the word through its end are tried.
const rule = (id: string, gate: string[], starts: string[], pattern: RegExp): GatedPhraseRule => ({ id, gate, starts, patterns: [pattern], contextual: false });
// the anchor is the start word: the start is tried at the anchor itself, the range's last place
const AT_ANCHOR = rule('TEST021', ['gostart'], ['gostart'], /gostart (?:now|then)\b/y);
// the first word runs through the anchor; unbounded, so the window is the full 130 characters
const LONG_WORD = rule('TEST022', ['gostart'], ['go*'], /go[a-z-]*-gostart now\b/y);
// the anchor is the space before its word (" zzq", as " ncat" is): the range ends at a space
const LEAD_SPACE = rule('TEST023', [' zzq'], ['go'], /go zzq\b/y);
// words and fillers before the anchor, in indented JSON: the words before its few spaces are tried
const FILLER = rule('TEST024', ['soulq.md', 'zanchor'], ['go', 'goes', 'edit*'], /(?:go|goes|edit|edits|editing) (?:[a-z'-]+ ){0,2}(?:soulq\.md|zanchor)\b/y);
const RULES = [AT_ANCHOR, LONG_WORD, LEAD_SPACE, FILLER];
registerGates(RULES);

describe('fast path: in a range with few spaces, the words before them and the word through its end are tried', () => {
  const table = RULES.map((r) => ({ id: r.id, stage: 'security', severity: 'error', category: 'test', description: 'test rule' }) as const);
  // words without anchors after the text keep the windows under half of it, where this path
  // runs (past half, the list of word starts is walked instead); both must agree
  const PAD = ` ${'pad '.repeat(100)}`;
  const run = (text: string, r: GatedPhraseRule): number[] => {
    const results = [text, text + PAD].map((t) => {
      const out: number[] = [];
      runPhrases(createScanContext({ 'notes.txt': t }), (e) => out.push(e.offset ?? -1), [r], table);
      return out;
    });
    expect(results[1], JSON.stringify(text)).toEqual(results[0]);
    return results[1]!;
  };
  /** The plain search: the first word start (an ASCII character after no word character) that begins a start word and where the pattern matches. */
  const slowFirst = (text: string, r: GatedPhraseRule, startWord: RegExp): number[] => {
    expect(new TextView(text).norm).toBe(text);
    const re = new RegExp(r.patterns[0]!.source, 'y');
    for (let p = 0; p < text.length; p++) {
      if (isWordChar(text[p - 1]) || !startWord.test(text.slice(p))) continue;
      re.lastIndex = p;
      if (re.test(text)) return [p];
    }
    return [];
  };
  it('reads the rules as ones whose matches begin with a word and a space', () => {
    for (const r of RULES) expect(fastPaths.wordThenSpace(r.patterns[0]!)).toBe(true);
  });
  it('tries a start word at the anchor itself', () => {
    expect(run('gostart now', AT_ANCHOR)).toEqual([0]);
    expect(run('{"a":"b","c":gostart now', AT_ANCHOR)).toEqual([13]);
    expect(run('{"a":"b","c":"gostart later"', AT_ANCHOR)).toEqual([]);
    expect(run('{"a":"b","c":x-gostart now', AT_ANCHOR)).toEqual([]);
  });
  it('does not try a word that begins before the window (130 characters before the anchor)', () => {
    const word = `go${'-'.repeat(128)}gostart now`;
    expect(run(word, LONG_WORD)).toEqual([0]);
    expect(run(`x${word}`, LONG_WORD)).toEqual([]);
    expect(run(`:${word}`, LONG_WORD)).toEqual([1]);
  });
  it('tries the words before the spaces of indented JSON', () => {
    const json = (value: string) => `{\n  "category": "general/assistant",\n  "files": {\n    "soul": "${value}",\n    "x": "y"\n  }\n}`;
    expect(run(json('soulq.md'), FILLER)).toEqual([]);
    expect(run(json('edit soulq.md'), FILLER)).toEqual([json('edit soulq.md').indexOf('edit')]);
    expect(run(json('go - soulq.md'), FILLER)).toEqual([json('go - soulq.md').indexOf('go -')]);
    expect(run(json('x-go soulq.md'), FILLER)).toEqual([]);
  });
  it('tries the word before a range that ends at a space', () => {
    expect(run('"go zzq', LEAD_SPACE)).toEqual([1]);
    expect(run('"ago zzq', LEAD_SPACE)).toEqual([]);
  });
  it('agrees with a search of every word start on random texts with few spaces', () => {
    const cases: Array<[GatedPhraseRule, RegExp]> = [
      [AT_ANCHOR, /^gostart(?![a-z0-9'-])/],
      [LONG_WORD, /^go/],
      [FILLER, /^(?:go|goes|edit[a-z0-9'-]*)(?![a-z0-9'-])/],
    ];
    let hits = 0;
    const rand = generator(5);
    const pieces = ['gostart', ' now', ' then', '-gostart now', 'gostart now', '"', ':', ',', '{', '-', "'", 'x', 'go', 'go-', ' ', 'é', '\n', '.', '\n    ', 'edits ', 'soulq.md', 'zanchor', 'ab '];
    for (let k = 0; k < 4000; k++) {
      const text = randomText(rand, pieces, 16);
      if (new TextView(text).norm !== text) continue;
      for (const [r, startWord] of cases) {
        const slow = slowFirst(text, r, startWord);
        expect(run(text, r), `${r.id} ${JSON.stringify(text)}`).toEqual(slow);
        hits += slow.length;
      }
    }
    expect(hits).toBeGreaterThan(150);
  });
});
