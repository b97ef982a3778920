// The fast paths of the classifier, quality, secrets and PII families against the plain code they
// replace, written out here as it was, on tricky and seeded random inputs.
import { describe, it, expect } from 'vitest';
import { classifierModel, snippetAt } from '../../../scripts/core/scan/rules/classifier.ts';
import { sumFeatures } from '../../../scripts/core/scan/classifier/features.ts';
import { forEachWindow, scoreNorm, type LinearModel, type WindowScore } from '../../../scripts/core/scan/classifier/model.ts';
import { contentLength, contentLengthUpTo, countChars, formatCount, headingsOf, quality } from '../../../scripts/core/scan/rules/quality.ts';
import { findInRun, scanSecrets } from '../../../scripts/core/scan/rules/secrets.ts';
import { PROVIDER_KEYWORDS } from '../../../scripts/core/scan/rules/secrets-patterns.ts';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';
import type { Emission, TextFile } from '../../../scripts/core/scan/types.ts';
import { generator, randomText } from '../../helpers/random.ts';

// ---- classifier: the best window -------------------------------------------------------------

/** forEachWindow as first written: the order the windows are scored in. */
function plainWindows(blocks: number, spans: readonly number[], visit: (from: number, to: number) => void): void {
  let whole = false;
  for (const span of spans) {
    if (blocks <= span) {
      if (!whole) visit(0, blocks);
      whole = true;
      continue;
    }
    const stride = Math.max(1, span >> 1);
    let k = 0;
    for (; k + span <= blocks; k += stride) visit(k, k + span);
    if (k - stride + span < blocks) visit(blocks - span, blocks);
  }
}

/** scoreNorm as first written: the probability of every window, the first highest wins. */
function plainScore(norm: string, model: LinearModel): WindowScore {
  const blocks = Math.max(1, Math.ceil(norm.length / model.blockSize));
  const sums = new Int32Array(blocks);
  const counts = new Uint32Array(blocks);
  sumFeatures(norm, model.blockSize, model.bits, model.weights, sums, counts);
  let best = -1;
  let bestFrom = 0;
  let bestTo = blocks;
  plainWindows(blocks, model.spans, (from, to) => {
    let sum = 0;
    let count = 0;
    for (let k = from; k < to; k++) {
      sum += sums[k]!;
      count += counts[k]!;
    }
    const p = 1 / (1 + Math.exp(-(model.bias + (count > 0 ? (sum * model.scale) / Math.sqrt(count) : 0))));
    if (p > best) {
      best = p;
      bestFrom = from;
      bestTo = to;
    }
  });
  let focus = bestFrom;
  for (let k = bestFrom + 1; k < bestTo; k++) if (sums[k]! > sums[focus]!) focus = k;
  const size = model.blockSize;
  return { probability: best, start: bestFrom * size, end: Math.min(norm.length, bestTo * size), focus: Math.min(focus * size, Math.max(0, norm.length - 1)) };
}

const PIECES = ['ignore ', 'all ', 'previous ', 'instructions ', 'you are ', 'now ', 'DAN ', 'a tutor ', 'who helps ', 'students ', 'no rules ', 'never refuse ', '\n', 'é', '🙂', 'x', ' ', '. '];

/** A model of `bits` buckets whose weights come from the generator, scaled by `scale`. */
function randomModel(rand: () => number, bits: number, scale: number, spans: readonly number[], blockSize: number): LinearModel {
  const weights = new Int8Array(1 << bits);
  for (let i = 0; i < weights.length; i++) weights[i] = Math.floor(rand() * 256) - 128;
  return { bits, blockSize, spans, bias: rand() * 2 - 1, scale, threshold: 0.5, weights };
}

describe('fast path: the classifier computes exp only near the best window', () => {
  it('lists the windows of the first forEachWindow, in its order', () => {
    for (const spans of [[2, 8], [3], [1, 5, 7], [8, 2], [4, 4]]) {
      for (let blocks = 1; blocks <= 40; blocks++) {
        const plain: number[] = [];
        const fast: number[] = [];
        plainWindows(blocks, spans, (a, b) => plain.push(a, b));
        forEachWindow(blocks, spans, (a, b) => fast.push(a, b));
        expect(fast, `${blocks} blocks, spans ${spans.join()}`).toEqual(plain);
      }
    }
  });

  it('picks the window the plain scoring picks with the shipped model', () => {
    const rand = generator(11);
    const model = classifierModel();
    for (let i = 0; i < 300; i++) {
      const norm = new TextView(randomText(rand, PIECES, 400)).norm;
      expect(scoreNorm(norm, model), JSON.stringify(norm.slice(0, 80))).toEqual(plainScore(norm, model));
    }
  });

  it('picks the first window when many round to a probability of 1', () => {
    // weights all at the maximum: every window's z is far past 37, where the sigmoid is exactly 1
    const model: LinearModel = { bits: 10, blockSize: 16, spans: [2, 8], bias: 0, scale: 1, threshold: 0.5, weights: new Int8Array(1 << 10).fill(127) };
    const norm = 'a long text of many blocks, '.repeat(20);
    const fast = scoreNorm(norm, model);
    expect(fast).toEqual(plainScore(norm, model));
    expect(fast.probability).toBe(1);
    expect(fast.start).toBe(0);
  });

  it('picks the first of windows with equal scores', () => {
    const model: LinearModel = { bits: 10, blockSize: 16, spans: [2, 8], bias: 0.3, scale: 0, threshold: 0.5, weights: new Int8Array(1 << 10).fill(5) };
    const norm = 'same text in every block here. '.repeat(12);
    expect(scoreNorm(norm, model)).toEqual(plainScore(norm, model));
  });

  it('picks the window the plain scoring picks with random models, small and saturated', () => {
    const rand = generator(23);
    for (let i = 0; i < 200; i++) {
      const scale = [0, 1e-4, 0.01, 0.05, 0.5, 5][i % 6]!;
      const model = randomModel(rand, 8 + (i % 5), scale, i % 2 === 0 ? [2, 8] : [1, 3, 6], 8 + (i % 4) * 8);
      const norm = new TextView(randomText(rand, PIECES, 120)).norm;
      expect(scoreNorm(norm, model), `model ${i}`).toEqual(plainScore(norm, model));
    }
  });
});

// ---- classifier: the snippet -------------------------------------------------------------------

/** The snippet as first written: the line (or a 512-character prefix of a long one) through the regular expression. */
function plainSnippet(raw: string, offset: number): string {
  const found = raw.indexOf('\n', offset);
  const lineEnd = found === -1 ? raw.length : found;
  if (lineEnd - offset > 512) {
    const head = raw.slice(offset, offset + 512).replace(/\s+/g, ' ').trimStart();
    if (head.length > 70) return `${head.slice(0, 67)}...`;
  }
  const line = raw.slice(offset, lineEnd).replace(/\s+/g, ' ').trim();
  return line.length > 70 ? `${line.slice(0, 67)}...` : line;
}

describe('fast path: the classifier snippet collapses white space while reading', () => {
  const SPACES = [' ', '  ', '\t', '\u000b', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u200b', '\u0085'];

  it('matches the regular expression at the 70-character edges and on long lines', () => {
    const cases = [
      '',
      'short line',
      `${'x'.repeat(70)}`,
      `${'x'.repeat(71)}`,
      `${'x'.repeat(69)}   `,
      `${'x'.repeat(70)}   \nnext`,
      `   ${'x'.repeat(70)} ${' '.repeat(600)}`,
      `${'x'.repeat(70)} ${' '.repeat(600)}y`,
      `${'ab '.repeat(23)}c${' '.repeat(500)}`,
      `${' '.repeat(511)}${'z'.repeat(80)}`,
      `${'w '.repeat(300)}`,
      `${'🙂'.repeat(40)}`,
      `${'x'.repeat(66)}🙂🙂`,
    ];
    for (const raw of cases) for (const offset of [0, 1, 3]) expect(snippetAt(raw, offset), JSON.stringify(raw.slice(0, 40))).toBe(plainSnippet(raw, offset));
  });

  it('matches the regular expression on random lines of every kind of white space', () => {
    const rand = generator(5);
    const alphabet = [...SPACES, 'a', 'bc', 'déf', '🙂', '\n', 'x'.repeat(30), ' '.repeat(200)];
    for (let i = 0; i < 2000; i++) {
      const raw = randomText(rand, alphabet, 60);
      const offset = Math.floor(rand() * Math.min(raw.length + 1, 20));
      expect(snippetAt(raw, offset), JSON.stringify(raw)).toBe(plainSnippet(raw, offset));
    }
  });
});

// ---- quality ---------------------------------------------------------------------------------

/** headingsOf as first written: the pattern at each line start that holds a '#'. */
function plainHeadings(raw: string, inCode: (offset: number) => boolean): Array<{ level: number; text: string; offset: number }> {
  const out: Array<{ level: number; text: string; offset: number }> = [];
  const line = / {0,3}(#{1,6})[ \t]{1,6}([^\n]{0,200})/y;
  for (let j = raw.indexOf('#'); j !== -1 && out.length < 500; j = raw.indexOf('#', j + 1)) {
    let ls = j;
    while (ls > 0 && j - ls < 3 && raw.charCodeAt(ls - 1) === 32) ls--;
    if (ls > 0 && raw.charCodeAt(ls - 1) !== 10) continue;
    line.lastIndex = ls;
    const m = line.exec(raw);
    if (m !== null && !inCode(ls)) out.push({ level: m[1]!.length, text: m[2]!.replace(/[#*_`]+/g, '').trim(), offset: ls });
  }
  return out;
}

const fileOf = (raw: string, name = 'SOUL.md'): TextFile => ({ name, ext: name.slice(name.lastIndexOf('.') + 1).toLowerCase(), raw, view: new TextView(raw) });

describe('fast path: quality reads heading lines by hand', () => {
  it('finds the headings the pattern finds on tricky lines', () => {
    const raw = [
      '# Title',
      '####### seven',
      '###### six',
      '#nospace',
      '#\ttab',
      '   ### three spaces',
      '    #### four spaces',
      '## ',
      '##',
      `## ${'long '.repeat(60)}`,
      '## **Bold** _it_ `code` ## closed ##',
      '##\t\t\t\t\t\t\t\tmany tabs',
      '```',
      '# in a fence',
      '```',
      '# after #hash',
      'text # not a heading',
      '#',
    ].join('\n');
    const file = fileOf(raw);
    expect(headingsOf(file)).toEqual(plainHeadings(raw, (o) => file.view.inCodeBlock(o)));
  });

  it('finds the headings the pattern finds in random markdown', () => {
    const rand = generator(29);
    const alphabet = ['#', '##', '###', '#######', ' ', '   ', '\t', '\n', 'Role', '*', '_', '`', '```', '~~~', 'x', '\r\n', 'é'];
    for (let i = 0; i < 2000; i++) {
      const raw = randomText(rand, alphabet, 40);
      const file = fileOf(raw);
      expect(headingsOf(file), JSON.stringify(raw)).toEqual(plainHeadings(raw, (o) => file.view.inCodeBlock(o)));
    }
  });
});

describe('fast path: quality counts runs of printable ASCII at once', () => {
  it('equals the capped content length at the limits and around surrogates', () => {
    const texts = ['', ' ', 'a', '  a  b  ', 'x'.repeat(499), 'x'.repeat(500), 'x'.repeat(501), `${'ab '.repeat(200)}`, '🙂🙂 🙂', '\ud83d', '\ude42x', `a\u00a0\u2028b\u3000\ufeffc`, `${'y'.repeat(199)} z`];
    for (const s of texts) for (const limit of [1, 2, 5, 200, 500]) expect(contentLengthUpTo(s, limit), `${JSON.stringify(s.slice(0, 20))} ${limit}`).toBe(Math.min(contentLength(s), limit));
  });

  it('equals the capped content length on random text', () => {
    const rand = generator(31);
    const alphabet = ['a', 'word', ' ', '\n', '\t', '\u00a0', '\u2003', '🙂', '\ud83d', '\ude42', 'é', '中', 'x'.repeat(40), '.'];
    for (let i = 0; i < 3000; i++) {
      const s = randomText(rand, alphabet, 80);
      const limit = 1 + Math.floor(rand() * 300);
      expect(contentLengthUpTo(s, limit), JSON.stringify(s)).toBe(Math.min(contentLength(s), limit));
    }
  });
});

describe('fast path: quality counts characters without the file facts for one-byte text', () => {
  it('reports countChars of every file, with and without wide characters', () => {
    const texts = ['plain ascii', 'latin-1 éàü ÿ', 'wide ’ quote', '🙂 pair', `${'x'.repeat(300)}🙂`, 'lone \ud83d high', 'lone \ude42 low', ''];
    for (const raw of texts) {
      const out: Emission[] = [];
      quality.check(createScanContext({ 'notes.txt': raw }), (e) => out.push(e));
      const message = out.find((e) => e.code === 'QUALITY010')?.message;
      expect(message, JSON.stringify(raw)).toBe(`notes.txt: ${formatCount(countChars(raw))} characters`);
    }
  });
});

// ---- secrets ---------------------------------------------------------------------------------

const codesOf = (text: string): string[] => {
  const out: string[] = [];
  scanSecrets(text, 'SOUL.md', (e) => out.push(`${e.code}@${e.offset}`));
  return out;
};

describe('fast path: secrets look for literals inside the run alone', () => {
  // Literal look-alikes before, between and after runs: a search of the whole text met them too.
  const MAILCHIMP = '0123456789abcdef0123456789abcdef-us12';
  const META = '1234567890123456|Xk9pQ2mN7vR4tY8wZ3aB6cD1eF5gH0jL';
  const AZURE = 'aBc3Q~kT9pLmN2xR7vQ1wE5yU8iO4pAs6dF0gH3';

  it('finds a Mailchimp key, a Meta token and an Entra secret after runs holding their literals', () => {
    const text = `-us | Q~ PuTTY x-us-east-1-region-name.long|pipe|value|here ${MAILCHIMP} ${META} ${AZURE} -us | Q~`;
    const codes = codesOf(text);
    expect(codes).toContain(`SEC155@${text.indexOf(MAILCHIMP)}`);
    expect(codes).toContain(`SEC159@${text.indexOf(META)}`);
    expect(codes).toContain(`SEC132@${text.indexOf(AZURE)}`);
  });

  it('reports nothing for literals outside runs', () => {
    expect(codesOf('a -us b | c Q~ d PuTTY e :AA f . g '.repeat(20))).toEqual([]);
  });
});

describe('fast path: a literal found in its run is the one a search of the text finds there', () => {
  const isRunChar = (c: string): boolean => /[A-Za-z0-9_\-.+/=~:@%$|]/.test(c);
  const LITERALS = ['Q~', '|', '-us', 'PuTTY', ':AA', '.'] as const;

  it('agrees with a whole-text search bounded by the run on random text', () => {
    const rand = generator(37);
    const alphabet = ['Q~', '|', '-us', 'PuTTY', ':AA', '.', 'Q', '~', '-u', 's', 'AA', ':', 'Pu', 'TTY', 'x', '0', ' ', '\n', ',', 'é'];
    let found = 0;
    for (let i = 0; i < 400; i++) {
      const text = randomText(rand, alphabet, 24);
      // every maximal run of token characters, as scanRuns hands them on
      for (let start = 0; start < text.length; start++) {
        if (!isRunChar(text[start]!) || (start > 0 && isRunChar(text[start - 1]!))) continue;
        let end = start;
        while (end < text.length && isRunChar(text[end]!)) end++;
        const run = { start, end, text: text.slice(start, end) };
        for (const literal of LITERALS) {
          for (let from = start; from <= end; from++) {
            const at = text.indexOf(literal, from);
            const expected = at !== -1 && at < end ? at : -1;
            if (expected !== -1) found++;
            expect(findInRun(run, literal, from), `${JSON.stringify(text)} ${literal} ${from}`).toBe(expected);
          }
        }
      }
    }
    expect(found).toBeGreaterThan(300);
  });
});

describe('fast path: quality formats counts a group at a time', () => {
  /** formatCount as first written: a character at a time. */
  function plainFormat(n: number): string {
    const digits = String(Math.trunc(n));
    let out = '';
    for (let i = 0; i < digits.length; i++) {
      if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
      out += digits[i];
    }
    return out;
  }

  it('formats like the character loop, signs and non-finite numbers included', () => {
    const values = [0, 1, 12, 123, 1234, 12345, 123456, 1234567, 999, 1000, 1e15, 2 ** 53, -1, -12, -123, -1234, -123456, 3.7, -0.5, NaN, Infinity, -Infinity];
    for (const n of values) expect(formatCount(n), String(n)).toBe(plainFormat(n));
  });
});

describe('fast path: secrets tell provider names by one table read', () => {
  it('reports a credential under each provider name, and none under a look-alike name', () => {
    const value = 'Zq8Xw2Lm9Rt4Vb7Np3Kd6';
    for (const [name, code] of PROVIDER_KEYWORDS) {
      const text = `${name}: ${value}`;
      expect(codesOf(text), text).toEqual([`${code}@${name.length + 2}`]);
      // same length, first and last letter, another middle: not a provider name (nor a credential ending)
      if (name.length >= 3) {
        const other = `${name[0]}${'q'.repeat(name.length - 2)}${name[name.length - 1]}`;
        if (!PROVIDER_KEYWORDS.some(([k]) => k === other)) expect(codesOf(`${other}: ${value}`), other).toEqual([]);
      }
    }
  });
});

// A value shorter than its kind's minimum is turned down before the header context is read; a
// header name's shorter minimum still counts. These are the old answers at each length bound.
describe('fast path: secrets turn down short values early', () => {
  const cases: ReadonlyArray<readonly [string, string[]]> = [
    ['curl -H "X-Api-Token: q7Zr2kP9x1" https://a.example', ['SEC158']],
    ['X-Api-Token: q7Zr2kP9x1', []],
    ['curl -H "X-Api-Token: q7Zr2kP" https://a.example', []],
    ['curl -H "X-Api-Token: q7Zr2kP9" https://a.example', ['SEC158']],
    ['github: a1B2c3D4e5F6g7H8i9J0k1', ['SEC061']],
    ['github = "a1B2c3D4e5F6g7H8i9J0"', ['SEC061']],
    ['github = "a1B2c3D4e5F6g7H8i9J"', []],
    ['db_salt = "a1B2c3D4e5F6g7H8i9J0xq"', ['SEC069']],
    ['db_salt = "a1B2c3D4e5F6g7H8i9J"', []],
    ['db_password = "Hunter2!x"', ['SEC031']],
    ['db_password = "Hun2!"', []],
  ];
  for (const [text, expected] of cases) {
    it(`answers ${JSON.stringify(text)} as before`, () => {
      const out: string[] = [];
      scanSecrets(text, 'SOUL.md', (f) => out.push(f.code));
      expect(out).toEqual(expected);
    });
  }
});

describe('fast path: quality opens its gates from the words found', () => {
  it('reports each kind of placeholder and each section named only by its words', () => {
    const kinds = ['TODO: fill in', 'Lorem ipsum dolor', '[Your name here]', '<insert name>', '(your name here)', 'token REPLACE_ME now'];
    for (const kind of kinds) {
      const out: Emission[] = [];
      quality.check(createScanContext({ 'NOTES.md': `Some notes.\n\n${kind}\n` }), (e) => out.push(e));
      expect(out.some((e) => e.code === 'QUALITY005'), kind).toBe(true);
    }
    const words = `You are a tutor. Your tone is warm and patient. You never share answers to graded work. ${'Plenty of ordinary text here. '.repeat(10)}`;
    const out: Emission[] = [];
    quality.check(createScanContext({ 'SOUL.md': words }), (e) => out.push(e));
    expect(out.filter((e) => e.code === 'QUALITY007')).toEqual([]);
    const bare: Emission[] = [];
    quality.check(createScanContext({ 'SOUL.md': 'Plenty of ordinary text here. '.repeat(12) }), (e) => bare.push(e));
    expect(bare.find((e) => e.code === 'QUALITY007')?.message).toContain('role or purpose, personality or tone, boundaries');
  });
});
