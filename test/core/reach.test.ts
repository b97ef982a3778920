// How far a match can reach (reach.ts): exact on known shapes, Infinity where unbounded, and equal
// to an independent computation over the regexpp syntax tree for every shipped phrase pattern.
import { describe, expect, it } from 'vitest';
import { RegExpParser } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { reachOf, reachOfAll, wordThenSpace } from '../../scripts/core/scan/reach.ts';
import { fastPaths } from '../../scripts/core/scan/rules/code-execution.ts';
// every family registers its phrase rules with the shared runner on load
import '../../scripts/core/scan/rules/index.ts';
import { generator, randomText } from '../helpers/random.ts';
import { INJECTION_PHRASE_RULES } from '../../scripts/core/scan/rules/injection.ts';
import { JAILBREAK_PHRASE_RULES } from '../../scripts/core/scan/rules/jailbreak.ts';
import { I18N_PHRASE_RULES } from '../../scripts/core/scan/rules/injection-i18n.ts';

describe('reachOf', () => {
  it('counts code units and spaces of literals, groups and bounded repeats', () => {
    expect(reachOf(/\bignore (?:all |the )?rules\b/u)).toEqual({ chars: 16, spaces: 2, ahead: 1 });
    expect(reachOf(/ab{2,5}c/)).toEqual({ chars: 7, spaces: 0, ahead: 0 });
    expect(reachOf(/(?:a b){3}/)).toEqual({ chars: 9, spaces: 3, ahead: 0 });
  });

  it('knows which classes can hold a space', () => {
    expect(reachOf(/[^ .!?]{1,4}/).spaces).toBe(0);
    expect(reachOf(/[^.!?]{1,4}/).spaces).toBe(4);
    expect(reachOf(/[\t-!]/).spaces).toBe(1);
    // an escaped dash starts a range like any other character: '-' to '/' holds no space
    expect(reachOf(new RegExp('[\\--/]')).spaces).toBe(0);
    expect(reachOf(/\s\S\w\W\d\D/).spaces).toBe(3);
    expect(reachOf(/\p{L}{2}/u).spaces).toBe(0);
    expect(reachOf(/\P{L}/u).spaces).toBe(1);
  });

  it('bounds spaces but not length for unbounded words', () => {
    expect(reachOf(/you are [a-z]+ now/u)).toEqual({ chars: Infinity, spaces: 3, ahead: 0 });
  });

  it('counts astral characters as two code units in unicode mode', () => {
    expect(reachOf(/.[^a]/u).chars).toBe(4);
    expect(reachOf(/.[^a]/).chars).toBe(2);
    expect(reachOf(/😀/u).chars).toBe(2);
  });

  it('reads past the end for lookaheads, boundaries and the end of input', () => {
    expect(reachOf(/ignore(?! me)/u).ahead).toBe(3);
    expect(reachOf(/(?<=a )b/u)).toEqual({ chars: 1, spaces: 0, ahead: 0 });
    expect(reachOf(/end$/u).ahead).toBe(1);
    expect(reachOf(/end$/mu).ahead).toBe(1);
  });

  it('counts what a lookahead matches plus what it reads past that', () => {
    expect(reachOf(/a(?=bar\b)/u).ahead).toBe(4);
    expect(reachOf(/a(?!bar$)/u).ahead).toBe(4);
  });

  it('gives up (Infinity) on what it does not parse', () => {
    expect(reachOf(/(a)\1/)).toEqual({ chars: Infinity, spaces: Infinity, ahead: Infinity });
    expect(reachOf(/(?<x>a)\k<x>/)).toEqual({ chars: Infinity, spaces: Infinity, ahead: Infinity });
    expect(reachOf(new RegExp('[a&&b]', 'v'))).toEqual({ chars: Infinity, spaces: Infinity, ahead: Infinity });
  });

  it('takes the largest bounds of several patterns', () => {
    expect(reachOfAll([/a b/, /abcdef/, /x\b/])).toEqual({ chars: 6, spaces: 1, ahead: 1 });
  });
});

// An independent reference: the same bounds from regexpp's syntax tree.
function referenceReach(pattern: RegExp): { chars: number; spaces: number } {
  const unicode = pattern.flags.includes('u');
  const ast = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern.source, 0, pattern.source.length, { unicode });
  const space = (node: AST.Node): boolean => {
    switch (node.type) {
      case 'Character':
        return node.value === 0x20;
      case 'CharacterSet':
        if (node.kind === 'any' || node.kind === 'property') return node.kind === 'any' || node.negate;
        return node.kind === 'space' ? !node.negate : node.negate;
      case 'CharacterClass': {
        const inner = node.elements.some((e) => (e.type === 'CharacterClassRange' ? e.min.value <= 0x20 && e.max.value >= 0x20 : space(e)));
        return node.negate ? !inner : inner;
      }
      default:
        throw new Error(`unexpected ${node.type}`);
    }
  };
  const walk = (node: AST.Node): [number, number] => {
    switch (node.type) {
      case 'Pattern':
      case 'Group':
      case 'CapturingGroup':
        return node.alternatives.map(walk).reduce(([c, s], [x, y]) => [Math.max(c, x), Math.max(s, y)], [0, 0]);
      case 'Alternative':
        return node.elements.map(walk).reduce(([c, s], [x, y]) => [c + x, s + y], [0, 0]);
      case 'Character':
        return [node.value > 0xffff ? 2 : 1, node.value === 0x20 ? 1 : 0];
      case 'CharacterSet':
        return [unicode && (node.kind === 'any' || node.kind === 'property' || node.kind === 'space' || node.negate) ? 2 : 1, space(node) ? 1 : 0];
      case 'CharacterClass':
        return [unicode && node.negate ? 2 : 1, space(node) ? 1 : 0];
      case 'Quantifier': {
        const [c, s] = walk(node.element);
        return [c === 0 ? 0 : c * node.max, s === 0 ? 0 : s * node.max];
      }
      case 'Assertion':
        return [0, 0];
      default:
        throw new Error(`unexpected ${node.type}`);
    }
  };
  const [chars, spaces] = walk(ast);
  return { chars, spaces };
}

describe('reachOf on the shipped phrase patterns', () => {
  const patterns = [...INJECTION_PHRASE_RULES, ...JAILBREAK_PHRASE_RULES, ...I18N_PHRASE_RULES].flatMap((r) => r.patterns);

  it('agrees with the syntax tree on every pattern', () => {
    expect(patterns.length).toBeGreaterThan(200);
    const wrong = patterns.filter((p) => {
      const r = reachOf(p);
      const ref = referenceReach(p);
      return r.chars !== ref.chars || r.spaces !== ref.spaces;
    });
    expect(wrong.map((p) => p.source.slice(0, 80))).toEqual([]);
  });

  it('bounds most of them, so their windows stay small', () => {
    const bounded = patterns.filter((p) => reachOf(p).spaces !== Infinity || reachOf(p).chars !== Infinity);
    expect(bounded.length / patterns.length).toBeGreaterThan(0.9);
  });
});

const phrasePatterns = (): readonly RegExp[] => fastPaths.phrasePatterns();

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

describe('wordThenSpace: patterns whose matches begin with a word and a space', () => {
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
    [/[^a]b /y, false],
    [/.a /y, false],
    [/a /iy, false],
    [/a(?:b|\n)? /y, false],
    [/[a-\x7f] /y, false],
    [/(a) \1/y, false],
  ];
  for (const [re, expected] of cases) {
    it(`reads ${re} as ${expected ? 'a word and a space first' : 'not known to begin so'}`, () => {
      expect(wordThenSpace(re)).toBe(expected);
      // a yes must hold for every match; each no here has a text that shows why
      if (expected) expect(counterexample(re, texts)).toBeNull();
      else if (re.flags === 'y' && !re.source.includes('\\1') && !re.source.includes('\\x7f')) expect(counterexample(re, texts)).not.toBeNull();
    });
  }
  it('holds for every match of the registered phrase patterns it says yes to, on texts built from their own words', () => {
    const rand = generator(21);
    let checked = 0;
    for (const re of phrasePatterns()) {
      if (!wordThenSpace(re)) continue;
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
