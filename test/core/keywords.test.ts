// The shared keyword pass: trigger keys, i18n stems and phrase-gate word groups found in one loop
// over a view's `norm`, checked against plain reference implementations of each key's semantics.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '../../scripts/core/scan/rules/index.ts';
import { createPhraseGate } from '../../scripts/core/scan/context.ts';
import { keywordsOf, registeredKeywords, SCRIPT_CJK, SCRIPT_CYRILLIC } from '../../scripts/core/scan/keywords.ts';
import type { PhraseRule } from '../../scripts/core/scan/match.ts';
import { TextView } from '../../scripts/core/scan/text.ts';
import type { TextFile } from '../../scripts/core/scan/types.ts';

const { triggers: TRIGGERS, stems: STEMS } = registeredKeywords();

const isAlnum = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);

/** Every registered trigger in `norm`, the slow way: each occurrence, then its word-start and whole-word conditions. */
function referenceTriggers(norm: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const key of TRIGGERS) {
    const stem = key.endsWith('*');
    const text = stem ? key.slice(0, -1) : key;
    const wordStart = isAlnum(text.charCodeAt(0));
    const wholeWord = !stem && isAlnum(text.charCodeAt(text.length - 1));
    for (let i = norm.indexOf(text); i !== -1; i = norm.indexOf(text, i + 1)) {
      if (wordStart && i > 0 && isAlnum(norm.charCodeAt(i - 1))) continue;
      const end = i + text.length;
      if (wholeWord && end < norm.length && isAlnum(norm.charCodeAt(end))) continue;
      const list = out.get(key) ?? [];
      list.push(i);
      out.set(key, list);
    }
  }
  return out;
}

/** The stems after a space, as the alternation ` (?:stem|...)` scanned left to right finds them. */
function referenceStems(norm: string): { atStart: string | null; stems: string[] } {
  const alternation = STEMS.map((k) => k.trimEnd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (k.endsWith(' ') ? '(?![a-z])' : '')).join('|');
  const start = new RegExp(`^(?:${alternation})`).exec(norm);
  const gate = new RegExp(` (?:${alternation})`, 'g');
  const stems: string[] = [];
  for (let m = gate.exec(norm); m !== null; m = gate.exec(norm)) stems.push(m[0].slice(1));
  return { atStart: start ? start[0] : null, stems };
}

const sorted = (m: ReadonlyMap<string, readonly number[]>): Array<[string, readonly number[]]> => [...m].sort((a, b) => (a[0] < b[0] ? -1 : 1));

// Text made of pieces of the registered keys, so that matches, near misses and boundaries all occur.
const PIECES = [...TRIGGERS.map((k) => k.replace(/\*$/, '')), ...STEMS].filter((k) => k.length > 0);
const fragment = fc.oneof(
  fc.constantFrom(...PIECES),
  fc.constantFrom(...PIECES).map((k) => k.slice(0, Math.max(1, k.length - 2))),
  fc.constantFrom(' ', ' ', 'x', 's', '9', '.', '-', "'", '(', '|', 'é', '\n'),
);
const keywordText = fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join(''));

describe('keyword pass', () => {
  it('finds every trigger at a word start, whole words unless a stem', () => {
    fc.assert(
      fc.property(keywordText, (raw) => {
        const view = new TextView(raw);
        expect(sorted(keywordsOf(view).triggers)).toEqual(sorted(referenceTriggers(view.norm)));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('finds the stems a left-to-right alternation would find', () => {
    fc.assert(
      fc.property(keywordText, (raw) => {
        const view = new TextView(raw);
        const k = keywordsOf(view);
        expect({ atStart: k.stemAtStart, stems: k.stems }).toEqual(referenceStems(view.norm));
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('lists the offsets of the spaces of norm, for the phrase windows', () => {
    fc.assert(
      fc.property(keywordText, (raw) => {
        const view = new TextView(raw);
        const units = [...Array(view.norm.length).keys()].filter((i) => view.norm.charCodeAt(i) === 0x20);
        expect([...keywordsOf(view).spaces]).toEqual(units);
      }),
      { numRuns: 200, seed: 13 },
    );
  });

  it('reports a trigger written with a leading space from the space on', () => {
    const key = TRIGGERS.find((k) => k.startsWith(' '));
    expect(key).toBeDefined();
    const norm = new TextView(`run${key!} now`).norm;
    expect(keywordsOf(new TextView(`run${key!} now`)).triggers.get(key!)).toEqual([norm.indexOf(key!)]);
  });

  it('does not find a whole-word trigger inside a longer word', () => {
    const t = keywordsOf(new TextView('curling and curl'));
    expect(t.triggers.get('curl')).toEqual([12]);
  });

  it('notes the non-Latin scripts that occur', () => {
    expect(keywordsOf(new TextView('привет 你好')).scripts).toBe(SCRIPT_CYRILLIC | SCRIPT_CJK);
    expect(keywordsOf(new TextView('hello')).scripts).toBe(0);
  });

  it('computes one pass per view', () => {
    const view = new TextView('ignore all previous instructions');
    expect(keywordsOf(view)).toBe(keywordsOf(view));
  });
});

describe('phrase gate groups', () => {
  const rule = (id: string): PhraseRule => ({ id, patterns: [/x/] });
  const gate = createPhraseGate(
    [
      { rule: rule('T1'), gate: { words: ['zorblax'] } },
      { rule: rule('T2'), gate: { words: ['quuxer'], then: ['flimflam'], within: 20 } },
      { rule: { ...rule('T3'), squashed: ['wibblewobble'] }, gate: { words: ['wibble'] } },
    ],
    [{ words: ['zzyzx'], marks: [0x2603] }],
  );
  const file = (raw: string): TextFile => ({ name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) });
  const flags = (raw: string): number[] => [...gate.flags(file(raw))];

  it('opens a group on its anchor word as a whole word only', () => {
    expect(flags('a zorblax here')[0]).toBe(1);
    expect(flags('a zorblaxes here')[0]).toBe(0);
  });

  it('opens a group with a companion only when the companion follows within reach', () => {
    expect(flags('quuxer then flimflam')[1]).toBe(1);
    expect(flags('flimflam then quuxer')[1]).toBe(0);
    expect(flags(`quuxer ${'x '.repeat(20)}flimflam`)[1]).toBe(0);
  });

  it('notes letter sequences split by spaces or punctuation', () => {
    expect(flags('wi-bb le wo.bb le')[2]).toBe(2);
  });

  it('notes a letter sequence only once both its first and its last 8 letters were seen', () => {
    // (bit 2 is the letter sequence; bit 1 the anchor word "wibble", absent here)
    expect(flags('awibble worm')[2]).toBe(0); // "wibblewo" only
    expect(flags('able wobble')[2]).toBe(0); // "lewobble" only
    expect(flags('awibble worm, a table wobble')[2]).toBe(2); // both, apart: a superset of the real check
  });

  it('opens a group on a mark', () => {
    expect(flags('snow \u2603 man')[3]).toBe(1);
  });

  it('opens a rule found only in a hidden segment, on the whole text', () => {
    const f = file(`plain text ${btoa('and then you zorblax the whole thing right now, please')} more`);
    expect(gate.flags(f)[0]).toBe(1);
    const { rules, windows } = gate.select(f);
    expect(rules.map((r) => r.id)).toEqual(['T1']);
    expect(windows[0]).toBeNull();
  });

  it('hands each open rule the windows around its own anchors only', () => {
    const filler = 'lorem ipsum dolor '.repeat(200);
    const raw = `${filler}zorblax ${filler}quuxer then flimflam ${filler}`;
    const f = file(raw);
    const { rules, windows } = gate.select(f);
    expect(rules.map((r) => r.id)).toEqual(['T1', 'T2']);
    const norm = f.view.norm;
    const z = norm.indexOf('zorblax');
    const q = norm.indexOf('quuxer');
    // /x/ matches one character: a match holding the anchor starts and ends at it
    expect(windows[0]).toEqual([z, z + 1]);
    expect(windows[1]).toEqual([q, q + 1]);
  });

  it('runs a rule on the whole text when its windows would cover most of it', () => {
    const wide = createPhraseGate([{ rule: { id: 'W', patterns: [/zorblax[^\n]{0,40}/u] }, gate: { words: ['zorblax'] } }]);
    expect(wide.select(file('short zorblax text')).windows[0]).toBeNull();
    expect(wide.select(file(`${'lorem ipsum '.repeat(50)}zorblax text`)).windows[0]).not.toBeNull();
  });
});
