// The phrase runner's walk from the spaces (code-execution.ts): a rule whose every match begins
// with a word and a space (wordThenSpace in reach.ts, tested in reach.test.ts) has its start words
// looked for, in a window with few spaces, only in the words that end at a space and the word
// through its end. The walk is checked against a search of every word start, on texts with and
// without spaces.
import { describe, expect, it } from 'vitest';
import { registerGates, runPhrases } from '../../../scripts/core/scan/rules/code-execution.ts';
import type { GatedPhraseRule } from '../../../scripts/core/scan/rules/code-execution.ts';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';
import { wordThenSpace } from '../../../scripts/core/scan/reach.ts';
import { generator, randomText } from '../../helpers/random.ts';

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[a-z0-9'-]/.test(ch);

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
    for (const r of RULES) expect(wordThenSpace(r.patterns[0]!)).toBe(true);
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
