import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { describe, expect, it } from 'vitest';
import { compactPattern, compactSource } from '../../scripts/core/scan/compact-regex.ts';
import { fastPaths } from '../../scripts/core/scan/rules/code-execution.ts';
import { INJECTION_PHRASE_RULES } from '../../scripts/core/scan/rules/injection.ts';
import { I18N_PHRASE_RULES } from '../../scripts/core/scan/rules/injection-i18n.ts';
import { JAILBREAK_PHRASE_RULES } from '../../scripts/core/scan/rules/jailbreak.ts';
import { generator, randomText } from '../helpers/random.ts';

describe('compactSource', () => {
  it('closes an optional group with an empty capture, keeping its alternatives together', () => {
    expect(compactSource('\\bignore (?:all|every )?rules')).toBe('\\bignore (?:(?:all|every )())?rules');
  });

  it('closes groups repeated at most three times', () => {
    expect(compactSource('a(?:b ){0,3}c(?:d){1,2}e(?:f){3}')).toBe('a(?:(?:b )()){0,3}c(?:(?:d)()){1,2}e(?:(?:f)()){3}');
  });

  it('leaves loops V8 does not unroll, capturing groups and lookarounds alone', () => {
    for (const source of ['a(?:b ){0,4}c', 'a(?:b )*c', 'a(?:b )+c', 'a(?:b ){2,}c', 'a(b )?c', 'a(?<w>b )?c', '(?<=a)b', '(?<!x )(?:y)z', 'a(?:b)c']) {
      expect(compactSource(source)).toBe(source);
    }
  });

  it('leaves a group alone when a capture inside it already stops the unrolling, and marks the groups around a closed one', () => {
    expect(compactSource('(?:a(b))?c')).toBe('(?:a(b))?c');
    // the inner group gets the capture, so the outer one needs none
    expect(compactSource('(?:x(?:y)?)?')).toBe('(?:x(?:(?:y)())?)?');
  });

  it('reads escaped parentheses and character classes as characters', () => {
    expect(compactSource('\\((?:a)?\\)')).toBe('\\((?:(?:a)())?\\)');
    expect(compactSource('[(?:)]x(?:[)\\]]y)?')).toBe('[(?:)]x(?:(?:[)\\]]y)())?');
  });

  it('does not touch a source with back references, whose numbers would move', () => {
    expect(compactSource('(a)(?:b)?\\1')).toBe('(a)(?:b)?\\1');
    expect(compactSource('(?<q>a)(?:b)?\\k<q>')).toBe('(?<q>a)(?:b)?\\k<q>');
  });
});

describe('compactPattern', () => {
  it('keeps the flags asked for, and returns the pattern itself when nothing changes', () => {
    const plain = /abc/y;
    expect(compactPattern(plain)).toBe(plain);
    const re = compactPattern(/a(?:b)?c/u, 'gu');
    expect(re.flags).toBe('gu');
    expect(re.source).toBe('a(?:(?:b)())?c');
  });
});

/** A random text that the pattern's syntax tree spells out (assertions ignored, so some do not match). */
function spell(node: AST.Node, rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return spell(pick(node.alternatives), rand);
    case 'Alternative':
      return node.elements.map((e) => spell(e, rand)).join('');
    case 'Quantifier': {
      const count = node.min + Math.floor(rand() * (Math.min(node.max, node.min + 3) - node.min + 1));
      let out = '';
      for (let i = 0; i < count; i++) out += spell(node.element, rand);
      return out;
    }
    case 'Character':
      return String.fromCodePoint(node.value);
    case 'CharacterClass': {
      if (node.negate || node.elements.length === 0) return pick(['x', ' ', '.']);
      return spell(pick(node.elements), rand);
    }
    case 'CharacterClassRange':
      return String.fromCodePoint(node.min.value + Math.floor(rand() * (node.max.value - node.min.value + 1)));
    case 'CharacterSet':
      if (node.kind === 'digit') return node.negate ? 'a' : '7';
      if (node.kind === 'space') return node.negate ? 'a' : ' ';
      if (node.kind === 'word') return node.negate ? ' ' : 'a';
      return 'a';
    default:
      return ''; // assertions, lookarounds
  }
}

/** Every match of `re` (global) in `text`, as index and text. */
function matchesOf(re: RegExp, text: string): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(`${m.index}:${m[0]}`);
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

describe('compacted phrase patterns find what the patterns as written find', () => {
  const patterns = [
    ...INJECTION_PHRASE_RULES.flatMap((r) => r.patterns),
    ...JAILBREAK_PHRASE_RULES.flatMap((r) => r.patterns),
    ...I18N_PHRASE_RULES.flatMap((r) => r.patterns),
    ...fastPaths.phrasePatterns(),
  ];

  it('compacts most of them (a test that checks nothing would pass too)', () => {
    const changed = patterns.filter((p) => compactSource(p.source) !== p.source).length;
    expect(patterns.length).toBeGreaterThan(150);
    expect(changed).toBeGreaterThan(patterns.length / 3);
  });

  it('on texts made of their own words, every match is the same, at the same place', () => {
    const rand = generator(11);
    let matched = 0;
    for (const p of patterns) {
      const compact = compactSource(p.source);
      if (compact === p.source) continue;
      const flags = p.flags.replace('y', '') + (p.flags.includes('g') ? '' : 'g');
      const a = new RegExp(p.source, flags);
      const b = new RegExp(compact, flags);
      const tree = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(p.source, 0, p.source.length, { unicode: p.flags.includes('u') });
      const filler = ['the ', 'all ', 'not ', '. ', 'never ', 'you ', ''];
      for (let k = 0; k < 12; k++) {
        // what the pattern spells, between random words, sometimes twice or cut short
        const phrase = spell(tree, rand);
        const cut = k % 4 === 3 ? phrase.slice(0, Math.floor(rand() * phrase.length)) : phrase;
        const text = randomText(rand, filler, 4) + cut + randomText(rand, filler, 3) + (k % 3 === 0 ? spell(tree, rand) : '');
        const expected = matchesOf(a, text);
        if (expected.length > 0) matched++;
        expect(matchesOf(b, text), `/${p.source.slice(0, 60)}/ on "${text.slice(0, 80)}"`).toEqual(expected);
      }
    }
    // the texts do reach the patterns: many of them match
    expect(matched).toBeGreaterThan(1000);
  });
});
