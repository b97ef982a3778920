// A phrase gate's windows (anchorWindows in context.ts, findHitWithin in match.ts) must find
// exactly what the rule finds over the whole text: the same first match, the same context.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anchorWindows, createPhraseGate, spaceIndexes } from '../../scripts/core/scan/context.ts';
import { runPhraseRule, type PhraseRule, type Within } from '../../scripts/core/scan/match.ts';
import { gatePassOf, keywordsOf } from '../../scripts/core/scan/keywords.ts';
import { reachOf } from '../../scripts/core/scan/reach.ts';
import { TextView } from '../../scripts/core/scan/text.ts';
import type { Finding, TextFile } from '../../scripts/core/scan/types.ts';

const RULES: Array<{ rule: PhraseRule; gate: { words: string[]; then?: string[]; within?: number } }> = [
  { rule: { id: 'R1', patterns: [/\bignore (?:all |the )?(?:previous |prior )?(?:instructions|rules)\b/u] }, gate: { words: ['ignore'] } },
  // unbounded words: bounded by spaces only
  { rule: { id: 'R2', patterns: [/\byou are (?:now )?(?:[^ .!?]+ ){0,3}?(?:free|unbound)\b/u] }, gate: { words: ['free', 'unbound'] } },
  // a lookahead past the match
  { rule: { id: 'R3', patterns: [/\breveal(?! nothing) (?:the |your )?prompt/u] }, gate: { words: ['reveal'] } },
  // a companion word within reach
  { rule: { id: 'R4', patterns: [/\bforget\b[^.]{0,30}\brules\b/u] }, gate: { words: ['forget'], then: ['rules'], within: 40 } },
  { rule: { id: 'R5', patterns: [/(?:^|[^a-z])(?:pretend|pretending) to be\b/u, /\bbe free\b/u] }, gate: { words: ['pretend', 'pretending', 'free'] } },
  // the end of the text: whole text
  { rule: { id: 'R6', patterns: [/\bstop now$/u] }, gate: { words: ['stop'] } },
];
const GATE = createPhraseGate(RULES);

const FILLER = 'lorem ipsum dolor sit amet consectetur '.repeat(6);
const TOKEN = fc.constantFrom(
  'ignore', 'all', 'the', 'previous', 'prior', 'instructions', 'rules', 'you', 'are', 'now', 'free', 'unbound', 'reveal',
  'nothing', 'prompt', 'your', 'forget', 'pretend', 'pretending', 'to', 'be', 'stop', 'never', '"', '.', ',', '!', '\n', 'IGNORE',
  'xyzzyplugh', '*', 'ig', 'nore', FILLER,
);
const TEXT = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(TOKEN, fc.constantFrom(' ', ' ', ' ', '', '  ', '\n')), { maxLength: 160 }))
  .map(([pad, parts]) => (pad ? FILLER : '') + parts.map(([t, sep]) => t + sep).join('') + (pad ? FILLER : ''));

const describeRule = (id: string): string => `rule ${id}`;

function findings(file: TextFile, rule: PhraseRule, within: Within): Finding[] {
  const out: Finding[] = [];
  runPhraseRule(file, (f) => out.push(f as Finding), rule, describeRule, { hiddenCode: 'H', decodedCode: 'D', splitCode: 'S' }, within);
  return out;
}

describe('phrase windows', () => {
  it('find what the whole text finds, for every open rule', () => {
    let windowed = 0;
    fc.assert(
      fc.property(TEXT, (raw) => {
        const file: TextFile = { name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) };
        const { rules, windows } = GATE.select(file);
        rules.forEach((rule, i) => {
          if (windows[i] !== null) windowed++;
          expect(findings(file, rule, windows[i]!)).toEqual(findings(file, rule, null));
        });
      }),
      { numRuns: 600 },
    );
    // the property is about windows: most runs must have had some
    expect(windowed).toBeGreaterThan(150);
  });

  it('start after the (spaces + 1)-th space before an anchor and end at the one after it', () => {
    const norm = 'one two three four ignore five six seven eight nine ten eleven twelve thirteen fourteen';
    const p = norm.indexOf('ignore');
    // at most one space in a match: from "four" to "five"
    expect(anchorWindows([p], norm, reachOf(/\w+ ignore|ignore \w+/u))).toEqual([norm.indexOf('four'), norm.indexOf(' six')]);
  });

  it('merge windows that touch and drop to the whole text past half of it', () => {
    const reach = reachOf(/ignore \w+/u);
    const norm = `ignore this ${'x '.repeat(40)}ignore that ignore more ${'y '.repeat(40)}`;
    const at = [0, norm.indexOf('ignore that'), norm.indexOf('ignore more')];
    expect(anchorWindows(at, norm, reach)).toEqual([0, norm.indexOf(' x'), at[1]! - 2, norm.indexOf(' ', at[2]! + 7)]);
    expect(anchorWindows([0, 5, 9], 'ignore ignore ignore', reach)).toBeNull();
  });

  it('take the spaces after the anchors found once for several reaches', () => {
    const WORD = fc.constantFrom('ignore', 'x', 'yy', 'rules', 'now');
    const REACHES = [/ignore \w+/u, /\w+ \w+ ignore \w+ \w+/u, /ignore(?: \w+){0,5}/u, /ignore/u].map((re) => reachOf(re));
    fc.assert(
      fc.property(fc.array(WORD, { minLength: 1, maxLength: 60 }), (words) => {
        const view = new TextView(words.join(' '));
        const norm = view.norm;
        const spaces = Int32Array.from([...norm].flatMap((c, i) => (c === ' ' ? [i] : [])));
        const at: number[] = [];
        for (let i = norm.indexOf('ignore'); i !== -1; i = norm.indexOf('ignore', i + 1)) at.push(i);
        const firsts = spaceIndexes(at, spaces, new Int32Array(1));
        for (const reach of REACHES) expect(anchorWindows(at, norm, reach, spaces, firsts)).toEqual(anchorWindows(at, norm, reach, spaces));
      }),
      { numRuns: 500 },
    );
  });

  it('read a view without segments from its own keyword pass, as the gate pass would give it', () => {
    // the gates skip gatePassOf for such views (context.ts passOf): both must say the same
    const WORD = fc.constantFrom('ignore', 'previous', 'instructions', 'dan', 'DAN', 'system', 'without', 'restrictions', 'you', 'are', 'now', 'x', '.', '\n', '无视', 'i g n o r e');
    let seen = 0;
    fc.assert(
      fc.property(fc.array(WORD, { maxLength: 40 }), (words) => {
        const view = new TextView(words.join(' '));
        if (view.hidden.length > 0 || view.decoded.length > 0) return;
        const own = keywordsOf(view);
        const pass = gatePassOf(view);
        seen += own.flags.reduce((a, b) => a + b, 0);
        expect([...pass.flags]).toEqual([...own.flags]);
        expect([...pass.dense]).toEqual([...own.dense]);
        expect([...pass.positions]).toEqual([...own.positions]);
      }),
      { numRuns: 800 },
    );
    expect(seen).toBeGreaterThan(60);
  });

  it('search the whole text when a match runs past its window (the cut made it)', () => {
    const raw = 'please ignore thereby all';
    const file: TextFile = { name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) };
    const rule: PhraseRule = { id: 'R7', patterns: [/\bignore \w+\b/u] };
    // a window too short on purpose: in it the match would read "ignore the"
    expect(findings(file, rule, [7, 16])).toEqual(findings(file, rule, null));
    expect(findings(file, rule, [7, 16])[0]!.message).toContain('"ignore thereby"');
  });

  it('find a match at the end of the input through a window, and none at a window\'s cut', () => {
    const rule = RULES.find((r) => r.rule.id === 'R6')!.rule;
    for (const raw of [`${FILLER}${FILLER}please stop now`, `${FILLER}${FILLER}please stop now and then ${FILLER}${FILLER}`]) {
      const file: TextFile = { name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) };
      const { rules, windows } = GATE.select(file);
      expect(rules.map((r) => r.id)).toEqual(['R6']);
      expect(windows[0]).not.toBeNull();
      expect(findings(file, rules[0]!, windows[0]!)).toEqual(findings(file, rule, null));
    }
    // a window one short of "stop now": `$` holds at the cut, so the match runs past the window
    // and the whole text is searched, where it fails
    const raw = `${FILLER}${FILLER}please stop now and then ${FILLER}${FILLER}`;
    const file: TextFile = { name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) };
    const at = file.view.norm.indexOf('stop now');
    expect(findings(file, rule, [at, at + 7])).toEqual([]);
  });
});

describe('split phrases', () => {
  // the matcher looks for a split phrase in `squashed` only when the a-z letters alone hold it:
  // it must report what a plain search of `squashed` finds
  const SPLIT: PhraseRule = { id: 'R8', patterns: [/\bnever matches this\b/u], squashed: ['ignoreallrules', 'revealprompt'] };
  // a phrase with a digit is not made of a-z letters alone
  const DIGITS: PhraseRule = { id: 'R8', patterns: [/\bnever matches this\b/u], squashed: ['dan11mode'] };
  // a phrase (or a near miss) with characters put between its letters: some dropped from
  // squashed (spaces, punctuation, invisibles), some kept (digits, other letters, marks)
  const JUNK = fc.constantFrom(' ', '.', '-', '*', '\n', '\u200b', 'é', 'ж', '1', '\u0301', 'x', '');
  const TEXT = fc
    .tuple(fc.constantFrom('ignoreallrules', 'dan11mode', 'revealprompt', 'ignoreallrulez', 'dan1mode', 'reveal prompt'), fc.array(fc.tuple(fc.nat(20), JUNK), { maxLength: 6 }))
    .map(([phrase, cuts]) => {
      let text = phrase;
      for (const [at, junk] of cuts) {
        const k = at % (text.length + 1);
        text = text.slice(0, k) + junk + text.slice(k);
      }
      return `say ${text} now`;
    });

  it('find what a search of squashed finds', () => {
    let found = 0;
    fc.assert(
      fc.property(TEXT, (raw) => {
        for (const rule of [SPLIT, DIGITS]) {
          const file: TextFile = { name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) };
          const expected = rule.squashed!.find((p) => file.view.squashed.includes(p));
          const got = findings(file, rule, null).filter((f) => f.code === 'R8');
          if (expected === undefined) expect(got).toEqual([]);
          else {
            found++;
            expect(got.map((f) => f.message)).toEqual([`rule R8: "${expected}" (letters split or spaced out)`]);
          }
        }
      }),
      { numRuns: 1500 },
    );
    expect(found).toBeGreaterThan(100);
  });
});
