// The shared keyword pass: trigger keys, i18n stems and phrase-gate word groups found in one loop
// over a view's `norm`, checked against plain reference implementations of each key's semantics.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '../../scripts/core/scan/rules/index.ts';
import { anchorWindows, createPhraseGate } from '../../scripts/core/scan/context.ts';
import { hashWord, keywordsOf, MAX_GATE_POSITIONS, registeredGroups, registeredKeywords, SCRIPT_CJK, SCRIPT_CYRILLIC, triggersOf } from '../../scripts/core/scan/keywords.ts';
import type { ViewKeywords } from '../../scripts/core/scan/keywords.ts';
import type { Anchors, PhraseRule, Within } from '../../scripts/core/scan/match.ts';
import { reachOf } from '../../scripts/core/scan/reach.ts';
import { TextView } from '../../scripts/core/scan/text.ts';
import type { TextFile } from '../../scripts/core/scan/types.ts';
import { generator, randomText } from '../helpers/random.ts';

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

/** The stems at word starts, as the alternation `[^a-z0-9](?:stem|...)` scanned left to right finds them. */
function referenceStems(norm: string): { atStart: string | null; stems: string[] } {
  const alternation = STEMS.map((k) => k.trimEnd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + (k.endsWith(' ') ? '(?![a-z])' : '')).join('|');
  const start = new RegExp(`^(?:${alternation})`).exec(norm);
  const gate = new RegExp(`[^a-z0-9](?:${alternation})`, 'g');
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
        expect(sorted(triggersOf(view))).toEqual(sorted(referenceTriggers(view.norm)));
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
    expect(triggersOf(new TextView(`run${key!} now`)).get(key!)).toEqual([norm.indexOf(key!)]);
  });

  it('does not find a whole-word trigger inside a longer word', () => {
    const t = triggersOf(new TextView('curling and curl'));
    expect(t.get('curl')).toEqual([12]);
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

  // the gate hands out anchors; the matcher makes each pattern's windows from them (anchorWindows)
  const windowsOf = (within: Within | undefined, norm: string, pattern: RegExp): readonly number[] | null => {
    if (within === undefined || within === null || Array.isArray(within)) throw new Error('expected anchors');
    return anchorWindows((within as Anchors).positions, norm, reachOf(pattern), (within as Anchors).spaces);
  };

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
    expect(windowsOf(windows[0], norm, /x/)).toEqual([z, z + 1]);
    expect(windowsOf(windows[1], norm, /x/)).toEqual([q, q + 1]);
  });

  it('runs a rule on the whole text when its windows would cover most of it', () => {
    const wide = createPhraseGate([{ rule: { id: 'W', patterns: [/zorblax[^\n]{0,40}/u] }, gate: { words: ['zorblax'] } }]);
    const short = file('short zorblax text');
    const long = file(`${'lorem ipsum '.repeat(50)}zorblax text`);
    expect(windowsOf(wide.select(short).windows[0], short.view.norm, /zorblax[^\n]{0,40}/u)).toBeNull();
    expect(windowsOf(wide.select(long).windows[0], long.view.norm, /zorblax[^\n]{0,40}/u)).not.toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// The whole pass against plain references of what each key means. The pass takes shortcuts (it
// walks the trie from after a word it looks up, walks a word's letters only where a pattern that
// goes on into longer words may end inside it, skips most words by bit sets): texts made of the
// registered words, their pieces and near misses must find exactly what the references find.

/** The registered groups (read when the tests run: this file registers a gate of its own), and by the hash of an anchor word, of a companion word, and by mark. */
let index: { groups: ReturnType<typeof registeredGroups>; anchors: Map<number, number[]>; companions: Map<number, number[]>; marks: Map<number, number[]> } | undefined;
function gateIndex(): NonNullable<typeof index> {
  if (index !== undefined) return index;
  const groups = registeredGroups();
  const anchors = new Map<number, number[]>();
  const companions = new Map<number, number[]>();
  const marks = new Map<number, number[]>();
  const push = (map: Map<number, number[]>, key: number, g: number): void => {
    const list = map.get(key) ?? [];
    if (!list.includes(g)) list.push(g);
    map.set(key, list);
  };
  groups.forEach(({ group }, g) => {
    for (const w of group.words) push(anchors, hashWord(w), g);
    for (const w of group.then ?? []) push(companions, hashWord(w), g);
    for (const m of group.marks ?? []) push(marks, m, g);
  });
  return (index = { groups, anchors, companions, marks });
}

/** What the phrase gates see in `norm`: words by their hash (as the gates look them up), marks, and split letter sequences. */
function referenceGates(norm: string): Pick<ViewKeywords, 'flags' | 'positions' | 'dense' | 'lettersDense'> {
  const { groups: GROUPS, anchors: ANCHORS, companions: COMPANIONS, marks: MARKS } = gateIndex();
  const total = GROUPS.length;
  const flags = new Uint8Array(total);
  const dense = new Uint8Array(total);
  const lettersDense = new Uint8Array(total);
  const positions = new Map<number, number[]>();
  const last: number[] = GROUPS.map(() => -Infinity);
  const open = (g: number, at: number): void => {
    flags[g]! |= 1;
    if (!GROUPS[g]!.rule || dense[g] === 1) return;
    const list = positions.get(g);
    if (list === undefined) positions.set(g, [at]);
    else if (list.length >= MAX_GATE_POSITIONS) dense[g] = 1;
    else if (list[list.length - 1] !== at) list.push(at);
  };
  for (let i = 0; i < norm.length; i++) {
    const c = norm.charCodeAt(i);
    if (c > 127) for (const g of MARKS.get(c) ?? []) open(g, i);
    if (c < 97 || c > 122 || (i > 0 && norm.charCodeAt(i - 1) >= 97 && norm.charCodeAt(i - 1) <= 122)) continue;
    let end = i;
    while (end < norm.length && norm.charCodeAt(end) >= 97 && norm.charCodeAt(end) <= 122) end++;
    const h = hashWord(norm.slice(i, end));
    for (const g of ANCHORS.get(h) ?? []) {
      if ((GROUPS[g]!.group.then ?? []).length > 0) last[g] = i;
      else open(g, i);
    }
    for (const g of COMPANIONS.get(h) ?? []) if (i - last[g]! <= (GROUPS[g]!.group.within ?? 60)) open(g, last[g]!);
  }
  const letters = norm.replace(/[^a-z]+/g, '');
  GROUPS.forEach(({ group }, g) => {
    for (const l of group.letters ?? []) {
      if (!letters.includes(l.slice(0, 8)) || !letters.includes(l.slice(-8))) continue;
      flags[g]! |= 2;
      lettersDense[g] = 1;
    }
  });
  return { flags, positions, dense, lettersDense };
}

const sortedPositions = (m: ReadonlyMap<number, readonly number[]>): Array<[number, readonly number[]]> => [...m].sort((a, b) => a[0] - b[0]);

/** Everything the pass reports for `raw`, next to what the references find. */
function bothWays(raw: string): { pass: unknown; reference: unknown } {
  const view = new TextView(raw);
  const k = keywordsOf(view);
  const gates = referenceGates(view.norm);
  const stems = referenceStems(view.norm);
  return {
    pass: { flags: [...k.flags], dense: [...k.dense], lettersDense: [...k.lettersDense], positions: sortedPositions(k.positions), triggers: sorted(triggersOf(view)), atStart: k.stemAtStart, stems: k.stems, spaces: [...k.spaces] },
    reference: {
      flags: [...gates.flags],
      dense: [...gates.dense],
      lettersDense: [...gates.lettersDense],
      positions: sortedPositions(gates.positions),
      triggers: sorted(referenceTriggers(view.norm)),
      atStart: stems.atStart,
      stems: stems.stems,
      spaces: [...view.norm].flatMap((ch, i) => (ch === ' ' ? [i] : [])),
    },
  };
}

/** A word with the hash of "instructions" (which "instructions that" and other triggers start with). */
const SAME_HASH = 'qqqqbboqesyn';

// The pieces of the random texts: registered keys, gate words and split letter sequences, with
// the places where a shortcut could go wrong (a prefix inside a longer word, a key cut short or
// run on, a word whose hash is a key's, a sequence broken by spaces and punctuation).
const GATE_WORDS = registeredGroups().flatMap(({ group }) => [...group.words, ...(group.then ?? [])]);
const SEQUENCES = registeredGroups().flatMap(({ group }) => group.letters ?? []);
const MARK_UNITS = registeredGroups().flatMap(({ group }) => group.marks ?? []);
const splitUp = (rand: () => number, letters: string): string => [...letters].map((l) => l + (rand() < 0.5 ? '' : [' ', '-', '. ', ' \n', '_'][Math.floor(rand() * 5)])).join('');
const SEPARATORS = [' ', ' ', ' ', '  ', '\n', '-', '.', ',', "'", '"', '(', ')', '[', '<', '/', ':', '$', '@', '_', '|', '0', '7', 'A', 'é', '\u2014', '\u4f60', '\u0416'];

function randomPiece(rand: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const r = rand();
  if (r < 0.25) return pick(PIECES);
  if (r < 0.45) return pick(GATE_WORDS);
  if (r < 0.52) return splitUp(rand, pick(SEQUENCES));
  if (r < 0.6) return pick(SEQUENCES).slice(0, 6 + Math.floor(rand() * 6));
  if (r < 0.7) return pick(PIECES).slice(0, 1 + Math.floor(rand() * 8));
  if (r < 0.8) return pick(PIECES).replace(/[^a-z].*$/, '') + pick(['s', 'ing', 'ed', 'x', 'able', 'ness']);
  if (r < 0.82) return SAME_HASH;
  if (r < 0.84) return String.fromCharCode(pick(MARK_UNITS));
  return pick(SEPARATORS);
}

describe('keyword pass against plain references', () => {
  it('finds what the references find in random texts of keys, gate words and their pieces', () => {
    const rand = generator(29);
    for (let n = 0; n < 600; n++) {
      let raw = '';
      const count = 1 + Math.floor(rand() * 40);
      for (let p = 0; p < count; p++) raw += randomPiece(rand) + (rand() < 0.6 ? ' ' : randomText(rand, SEPARATORS, 2));
      const { pass, reference } = bothWays(raw);
      expect(pass, JSON.stringify(raw)).toEqual(reference);
    }
  });

  it('finds what the references find in random letters, where most words are near misses', () => {
    const rand = generator(31);
    for (let n = 0; n < 300; n++) {
      const raw = randomText(rand, ['a', 'e', 'i', 'o', 'n', 's', 't', 'r', 'l', 'y', 'u', 'c', 'k', 'd', ' ', ' ', '.', '-'], 400);
      const { pass, reference } = bothWays(raw);
      expect(pass, JSON.stringify(raw)).toEqual(reference);
    }
  });

  it('finds what the references find around a few groups: anchors repeated, companions near and far', () => {
    const rand = generator(41);
    const { groups } = gateIndex();
    const filler = ['x', 'lorem', 'ipsum dolor', 'a', 'sit', '.', ',', '-', '12'];
    for (let n = 0; n < 300; n++) {
      const some = [0, 1, 2].map(() => groups[Math.floor(rand() * groups.length)]!.group);
      const words = some.flatMap((g) => [...g.words, ...(g.then ?? []), ...(g.then ?? [])]);
      let raw = '';
      const count = Math.floor(rand() * 120);
      for (let p = 0; p < count; p++) raw += (rand() < 0.4 ? words[Math.floor(rand() * words.length)]! : filler[Math.floor(rand() * filler.length)]!) + ' ';
      const { pass, reference } = bothWays(raw);
      expect(pass, JSON.stringify(raw)).toEqual(reference);
    }
  });

  it('opens a group with a companion exactly as far after its anchor as the group allows', () => {
    const { groups } = gateIndex();
    const g = groups.findIndex(({ group, rule }) => rule && (group.then ?? []).length > 0);
    const { words, then, within = 60 } = groups[g]!.group;
    for (const at of [within, within + 1]) {
      // the companion starts `at` characters after the anchor
      const fill = at - words[0]!.length - 1;
      const raw = `${words[0]} ${fill % 2 === 1 ? 'xx ' : ''}${'x '.repeat((fill - 3 * (fill % 2)) >> 1)}${then![0]}`;
      expect(new TextView(raw).norm.indexOf(then![0]!)).toBe(at);
      const { pass, reference } = bothWays(raw);
      expect(pass, raw).toEqual(reference);
      expect(keywordsOf(new TextView(raw)).flags[g]).toBe(at === within ? 1 : 0);
    }
  });

  it('lists at most MAX_GATE_POSITIONS anchors of a rule, then runs it on the whole text', () => {
    const { groups } = gateIndex();
    const g = groups.findIndex(({ group, rule }) => rule && (group.then ?? []).length === 0);
    const raw = `${groups[g]!.group.words[0]} and `.repeat(MAX_GATE_POSITIONS + 5);
    const k = keywordsOf(new TextView(raw));
    expect(k.dense[g]).toBe(1);
    expect(bothWays(raw).pass).toEqual(bothWays(raw).reference);
  });

  it('finds a pattern that goes on into a longer word inside one', () => {
    const t = triggersOf(new TextView('grabbing kidding passwords yourself'));
    expect(t.get('grab*')).toEqual([0]);
    expect(t.get('kid*')).toEqual([9]);
    expect(t.get('password*')).toEqual([17]);
    expect(t.get('your*')).toEqual([27]);
  });

  it('finds a trigger that goes on after the word it starts with, up to the end of the text', () => {
    expect(triggersOf(new TextView('follow the instructions that')).get('instructions that')).toEqual([11]);
  });

  it('finds the triggers that go on after a word they start with, whatever follows the word', () => {
    // most such words ("the", "to") are passed over in the loop by what follows them, without a
    // look-up: every character after them, and every letter after a space, must still find what
    // the reference finds (some characters share their five low bits with a space: '@', '`')
    const all = TRIGGERS.filter((k) => /^[a-z]+[^a-z*]/.test(k));
    expect(all.length).toBeGreaterThan(20);
    const rand = generator(43);
    const multi = all.filter(() => rand() < 0.25);
    const after = [' ', '@', '`', '.', '-', '(', '/', ':', '\n', '0', 'é', ''];
    for (const key of multi) {
      const word = /^[a-z]+/.exec(key)![0];
      const rest = key.slice(word.length).replace(/\*$/, '');
      for (const next of after) {
        const raw = `${word}${next}${rest.slice(1)} ${word}${next}${String.fromCharCode(97 + Math.floor(rand() * 26))}x ${word}${next}`;
        const { pass, reference } = bothWays(raw);
        expect(pass, raw).toEqual(reference);
      }
      const { pass, reference } = bothWays(`x ${key.replace(/\*$/, '')}`);
      expect(pass, key).toEqual(reference);
    }
  });

  it('finds the triggers that start with a digit or punctuation, whatever their first characters run into', () => {
    // the loop tells by the first two or three characters whether a walk from a digit or a
    // punctuation mark can find anything ("--", "0." and '"n' mostly cannot): every such trigger,
    // cut short after one, two or three characters and run on by other characters, must still
    // find what the reference finds
    const all = TRIGGERS.filter((k) => /^[^a-z]/.test(k.trimStart()) && !k.startsWith(' '));
    expect(all.filter((k) => /^[0-9]/.test(k)).length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(20);
    const rand = generator(47);
    const around = ['', ' ', 'x', '-', '.', '"', '0', '7', '/', ':', '(', '\n', 'é'];
    const pick = (): string => around[Math.floor(rand() * around.length)]!;
    for (const key of all) {
      const text = key.replace(/\*$/, '');
      let raw = '';
      for (const cut of [1, 2, 3, text.length]) raw += `${pick()}${text.slice(0, cut)}${pick()}${pick()} `;
      raw += `${text}${text.slice(0, 2)}${text.charAt(0).repeat(3)}${text}`;
      const { pass, reference } = bothWays(raw);
      expect(pass, JSON.stringify(raw)).toEqual(reference);
    }
  });

  it('keeps the flags of a view that opens nothing all zero after other views open groups', () => {
    // views that open nothing share one zero array: a write meant for another view must not reach it
    const { groups } = gateIndex();
    const g = groups.findIndex(({ group, rule }) => rule && (group.then ?? []).length === 0);
    const quiet = keywordsOf(new TextView('plain words only'));
    const raw = `${groups[g]!.group.words[0]} ${'x '.repeat(3)}${groups[g]!.group.words[0]} `.repeat(MAX_GATE_POSITIONS) + splitUp(generator(5), SEQUENCES[0]!);
    const loud = keywordsOf(new TextView(raw));
    expect(loud.flags[g]! & 1).toBe(1);
    expect(loud.dense[g]).toBe(1);
    expect([...loud.lettersDense].some((b) => b === 1)).toBe(true);
    for (const k of [quiet, keywordsOf(new TextView('more plain words'))]) {
      expect([...k.flags, ...k.dense, ...k.lettersDense].every((b) => b === 0)).toBe(true);
    }
  });

  it('does not take a word with the hash of a key for the key', () => {
    expect(hashWord(SAME_HASH)).toBe(hashWord('instructions'));
    expect(triggersOf(new TextView(`follow the ${SAME_HASH} that`)).has('instructions that')).toBe(false);
  });

  it('tells a letter sequence from one that differs only in its first two letters, however far back they are', () => {
    // the pass keeps a sequence's last six letters as it goes and reads the two before them back
    // from the text on a hit: across long gaps, at the start, and where only those two differ
    for (const l of SEQUENCES.slice(0, 12)) {
      const ends = [l.slice(0, 8), l.slice(-8)];
      for (const end of ends) {
        for (const raw of [end, `${end.slice(0, 2)}${' .-'.repeat(2000)}${end.slice(2)}`, `${end[0]} 9 ${end[1]}${end.slice(2)}`, end.slice(2), `z${end.slice(1)}`, `${end[1]}${end[0]}${end.slice(2)}`, `${ends.join(' ')} ${end.slice(1)}`]) {
          const { pass, reference } = bothWays(raw);
          expect(pass, raw.slice(0, 40)).toEqual(reference);
        }
      }
    }
  });

  it('reads the first letters of a short word from the letters kept for the grams, of a long one from the text', () => {
    // patterns that go on into longer words are looked for from a word's first four letters
    const stems = TRIGGERS.filter((k) => /^[a-z]{3,}\*$/.test(k)).map((k) => k.slice(0, -1));
    expect(stems.length).toBeGreaterThan(0);
    const rand = generator(41);
    for (const stem of stems) {
      for (let len = 4; len <= 9; len++) {
        const word = (stem + 'xyzzyxyzzy').slice(0, len);
        const raw = `${randomText(rand, ['ab', 'cdefgh', ' ', '9', '.'], 6)} ${word} ${stem}s`;
        const { pass, reference } = bothWays(raw);
        expect(pass, raw).toEqual(reference);
      }
    }
  });

  it('opens a group on a mark among characters of the scripts it notes', () => {
    for (const m of MARK_UNITS) {
      const raw = `привет ${String.fromCharCode(m)}你好 ${String.fromCharCode(m)}`;
      const { pass, reference } = bothWays(raw);
      expect(pass, raw).toEqual(reference);
      expect(keywordsOf(new TextView(raw)).scripts).toBe(SCRIPT_CYRILLIC | SCRIPT_CJK);
    }
  });

  it('notes a letter sequence after a flood of places where one may end (more than the pass notes as it goes)', () => {
    // past a few thousand such places the pass reads the letters again: the flood comes first,
    // then the sequence's ends, apart and split up
    const l = SEQUENCES[0]!;
    const flood = `${l.slice(-8)} `.repeat(5000);
    for (const raw of [`${flood}${l.slice(0, 8)}`, `${l.slice(0, 8)} ${flood}`, `${flood}${splitUp(generator(3), l)}`, flood]) {
      const { pass, reference } = bothWays(raw);
      expect(pass, raw.slice(-60)).toEqual(reference);
    }
    expect(bothWays(`${flood}${l.slice(0, 8)}`).reference).toMatchObject({ lettersDense: expect.arrayContaining([1]) });
  });

  it('notes a split letter sequence across words, punctuation and the start of the text', () => {
    const rand = generator(37);
    for (const l of SEQUENCES.slice(0, 20)) {
      const raw = splitUp(rand, l);
      const { pass, reference } = bothWays(raw);
      expect(pass, raw).toEqual(reference);
      expect(reference).toMatchObject({ lettersDense: expect.arrayContaining([1]) });
    }
  });
});
