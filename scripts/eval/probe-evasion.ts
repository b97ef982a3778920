// `npm run eval:evasion`: how many of today's detections survive rewritings a person or an LLM
// still reads as the same text (full-width letters, homoglyphs, invisible characters, entities,
// look-alike punctuation, ...). Takes every attack of the eval corpus that the rules alone flag
// with a security error, and every short ASCII phrase of the rules' own tests that they flag,
// rewrites each one per transformation, scans it again and prints, per transformation, how many
// detections are kept, how many only the evasion family (SEC110-SEC119) still catches, and which
// rule codes are lost most. Deterministic (no randomness), and well under a minute.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scanPackage } from '../core/scan/engine.ts';
import type { ScanResult } from '../core/scan/types.ts';
import { corpusPresent, loadAttacks, loadSkills } from '../train/corpus.ts';
import { MODEL_CODE, wrapAsSoul } from './eval-scan.ts';

/** A rewriting of a text that a reader takes for the same text. */
export interface Transformation {
  readonly name: string;
  readonly apply: (text: string) => string;
}

const isEvasionCode = (code: string): boolean => /^SEC11\d$/.test(code);

/** The security errors a scan raised, the model's and the evasion family's apart. */
export function detections(r: ScanResult): { content: Set<string>; evasion: boolean } {
  const content = new Set<string>();
  let evasion = false;
  for (const f of r.errors) {
    if (!f.code.startsWith('SEC') || f.code === MODEL_CODE) continue;
    if (isEvasionCode(f.code)) evasion = true;
    else content.add(f.code);
  }
  return { content, evasion };
}

// --- building blocks of the transformations

const WORD = /[A-Za-z]+/g;
const LETTER = /[A-Za-z]/g;

/** Each ASCII letter through `f` (lower and upper case alike). */
function mapLetters(f: (c: string) => string): (t: string) => string {
  return (t) => t.replace(LETTER, f);
}

/** Each word of ASCII letters through `f`, with its index among the words. */
function mapWords(f: (w: string, k: number) => string): (t: string) => string {
  return (t) => {
    let k = 0;
    return t.replace(WORD, (w) => f(w, k++));
  };
}

/** A letter through an alphabet of 26 code points from a start for A and one for a, with exceptions. */
function alphabet(upper: number, lower: number, holes: Record<string, number> = {}): (c: string) => string {
  return (c) => {
    const hole = holes[c];
    if (hole !== undefined) return String.fromCodePoint(hole);
    const code = c.charCodeAt(0);
    return String.fromCodePoint(code <= 0x5a ? upper + code - 0x41 : lower + code - 0x61);
  };
}

/** A letter through a table of look-alikes keyed by the lower-case letter (kept when none). */
function table(map: string, keepCase = false): (c: string) => string {
  const to = new Map<string, string>();
  for (const pair of map.split(' ')) {
    const [from, ...rest] = [...pair];
    to.set(from!, rest.join(''));
  }
  return (c) => to.get(keepCase ? c : c.toLowerCase()) ?? c;
}

/** Insert `mark` in the middle of every word of three letters or more. */
function splitWords(mark: string): (t: string) => string {
  return mapWords((w) => (w.length < 3 ? w : w.slice(0, w.length >> 1) + mark + w.slice(w.length >> 1)));
}

const SMALL_CAPS = table('aᴀ bʙ cᴄ dᴅ eᴇ fꜰ gɢ hʜ iɪ jᴊ kᴋ lʟ mᴍ nɴ oᴏ pᴘ qꞯ rʀ sꜱ tᴛ uᴜ vᴠ wᴡ xx yʏ zᴢ');
const SUPERSCRIPT = table('aᵃ bᵇ cᶜ dᵈ eᵉ fᶠ gᵍ hʰ iⁱ jʲ kᵏ lˡ mᵐ nⁿ oᵒ pᵖ q𐞥 rʳ sˢ tᵗ uᵘ vᵛ wʷ xˣ yʸ zᶻ');
// look-alikes of both cases, each case to its own twin (Cyrillic and Greek letters that are read as Latin)
const CYRILLIC = table('aа cс eе hһ iі jј oо pр sѕ xх yу AА BВ CС EЕ HН IІ JЈ KК MМ OО PР SЅ TТ XХ YҮ', true);
const GREEK = table('aα iι kκ oο pρ tτ uυ vν xχ yγ AΑ BΒ EΕ HΗ IΙ KΚ MΜ NΝ OΟ PΡ TΤ XΧ YΥ ZΖ', true);
const LEET = table('a4 e3 i1 o0 s5 t7');
/** Spaces a reader takes for a space: no-break, en to hair, narrow no-break, medium mathematical, ideographic, ogham. */
const SPACES = ['\u00a0', '\u2002', '\u2003', '\u2004', '\u2005', '\u2006', '\u2007', '\u2008', '\u2009', '\u200a', '\u202f', '\u205f', '\u3000', '\u1680'];
const QUOTES: Record<string, string> = { "'": '’', '"': '”' };
const HYPHENS: Record<string, string> = { '-': '‐' };
const SLASHES: Record<string, string> = { '/': '∕', '|': '∣', '.': '․', '\\': '∖' };
const OTHER_PUNCT: Record<string, string> = { ':': '∶', ';': ';', ',': '‚', '!': 'ǃ', '?': '？', '(': '❨', ')': '❩', '<': '‹', '>': '›', '=': '꓿', '$': '＄', '&': '＆', '~': '∼', '*': '∗', '#': '＃' };
const NAMED_ENTITIES: Record<string, string> = { "'": '&apos;', '"': '&quot;', '&': '&amp;', '<': '&lt;', '>': '&gt;', '-': '&hyphen;', '/': '&sol;', '|': '&vert;', '.': '&period;', ':': '&colon;', ',': '&comma;' };

function punctuation(map: Record<string, string>): (t: string) => string {
  return (t) => t.replace(/[^\sA-Za-z0-9]/g, (c) => map[c] ?? c);
}

/** Every line's text reversed and wrapped in a right-to-left override: it displays as written. */
function rtlOverride(t: string): string {
  return t
    .split('\n')
    .map((line) => (line.trim() === '' ? line : `\u202e${[...line].reverse().join('')}\u202c`))
    .join('\n');
}

export const TRANSFORMATIONS: readonly Transformation[] = [
  { name: 'full-width', apply: (t) => t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) },
  { name: 'small capitals', apply: mapLetters(SMALL_CAPS) },
  { name: 'math bold', apply: mapLetters(alphabet(0x1d400, 0x1d41a)) },
  { name: 'math italic', apply: mapLetters(alphabet(0x1d434, 0x1d44e, { h: 0x210e })) },
  { name: 'math script', apply: mapLetters(alphabet(0x1d49c, 0x1d4b6, { B: 0x212c, E: 0x2130, F: 0x2131, H: 0x210b, I: 0x2110, L: 0x2112, M: 0x2133, R: 0x211b, e: 0x212f, g: 0x210a, o: 0x2134 })) },
  { name: 'math monospace', apply: mapLetters(alphabet(0x1d670, 0x1d68a)) },
  { name: 'circled letters', apply: mapLetters(alphabet(0x24b6, 0x24d0)) },
  { name: 'superscripts', apply: mapLetters(SUPERSCRIPT) },
  { name: 'Cyrillic, 1st look-alike per word', apply: mapWords((w) => w.replace(/[acehijopsxyABCEHIJKMOPSTXY]/, CYRILLIC)) },
  { name: 'Cyrillic, every look-alike', apply: mapLetters(CYRILLIC) },
  { name: 'Greek, 1st look-alike per word', apply: mapWords((w) => w.replace(/[aikoptuvxyABEHIKMNOPTXYZ]/, GREEK)) },
  { name: 'Greek, every look-alike', apply: mapLetters(GREEK) },
  { name: 'combining acute on every letter', apply: (t) => t.replace(LETTER, '$&\u0301') },
  { name: 'combining overlay on every letter', apply: (t) => t.replace(LETTER, '$&\u0336') },
  { name: 'zero-width space in words', apply: splitWords('\u200b') },
  { name: 'word joiner in words', apply: splitWords('\u2060') },
  { name: 'soft hyphen in words', apply: splitWords('\u00ad') },
  { name: 'Unicode spaces between words', apply: (t) => { let k = 0; return t.replace(/ /g, () => SPACES[k++ % SPACES.length]!); } },
  { name: 'line break every 3rd space', apply: (t) => { let k = 0; return t.replace(/ /g, () => (++k % 3 === 0 ? '\n' : ' ')); } },
  { name: 'markdown emphasis in words', apply: mapWords((w) => (w.length < 3 ? w : `${w.slice(0, w.length >> 1)}**${w.slice(w.length >> 1)}**`)) },
  { name: 'HTML tags in words', apply: splitWords('<b></b>') },
  { name: 'decimal entity, 1st letter', apply: mapWords((w) => `&#${w.charCodeAt(0)};${w.slice(1)}`) },
  { name: 'hex entity, every letter', apply: (t) => t.replace(LETTER, (c) => `&#x${c.charCodeAt(0).toString(16)};`) },
  { name: 'named entities for punctuation', apply: punctuation(NAMED_ENTITIES) },
  { name: 'look-alike quotes', apply: punctuation(QUOTES) },
  { name: 'look-alike hyphens', apply: punctuation(HYPHENS) },
  { name: 'look-alike / | . \\', apply: punctuation(SLASHES) },
  { name: 'other look-alike punctuation', apply: punctuation(OTHER_PUNCT) },
  { name: 'upper case', apply: (t) => t.toUpperCase() },
  { name: 'letter spacing', apply: (t) => t.replace(/ /g, '   ').replace(WORD, (w) => w.split('').join(' ')) },
  { name: 'leetspeak', apply: mapLetters(LEET) },
  { name: 'RTL override, reversed lines', apply: rtlOverride },
];

// --- the texts

/** A short phrase as the tests scan it: inside a benign persona. */
function persona(body: string): string {
  return `# Tutor\n\nYou are a patient maths tutor for teenagers.\n\n${body}\n\n## Boundaries\n- Keep answers short.\n`;
}

const TEST_DIR = resolve(import.meta.dirname, '../../test/core/rules');
const LITERAL = /'([^'\\\n]{20,200})'|"([^"\\\n]{20,200})"|`([^`\\$\n]{20,200})`/g;

/** The ASCII string literals of three words or more in the rules' tests, each once. */
function testPhrases(): string[] {
  const out = new Set<string>();
  for (const f of readdirSync(TEST_DIR).filter((n) => n.endsWith('.ts')).sort()) {
    for (const m of readFileSync(join(TEST_DIR, f), 'utf8').matchAll(LITERAL)) {
      const s = m[1] ?? m[2] ?? m[3]!;
      if (/^[\x20-\x7e]+$/.test(s) && s.trim().split(/\s+/).length >= 3) out.add(s);
    }
  }
  return [...out];
}

interface Item {
  readonly body: string;
  readonly wrap: (body: string) => string;
  readonly codes: ReadonlySet<string>;
}

function scan(text: string): ScanResult {
  return scanPackage(wrapAsSoul(text), { name: 'eval-soul' });
}

/** The texts whose scan raises a content-rule security error, with those codes. */
function detected(bodies: readonly string[], wrap: (body: string) => string): Item[] {
  const out: Item[] = [];
  for (const body of bodies) {
    const { content } = detections(scan(wrap(body)));
    if (content.size > 0) out.push({ body, wrap, codes: content });
  }
  return out;
}

interface Tally {
  kept: number;
  evasionOnly: number;
  lost: number;
  pairs: number;
  pairsKept: number;
  lostCodes: Map<string, number>;
}

function probe(items: readonly Item[], t: Transformation, tally: Tally, show: boolean): void {
  for (const item of items) {
    const rewritten = t.apply(item.body);
    const { content, evasion } = detections(scan(item.wrap(rewritten)));
    const missed = [...item.codes].filter((c) => !content.has(c));
    if (show && missed.length > 0) console.log(`${missed.join(' ')}${evasion ? ' (evasion error)' : ''}: ${rewritten.length > 160 ? `${rewritten.slice(0, 160)}...` : rewritten}`);
    if (content.size > 0) tally.kept++;
    else if (evasion) tally.evasionOnly++;
    else tally.lost++;
    for (const code of item.codes) {
      tally.pairs++;
      if (content.has(code)) tally.pairsKept++;
      else tally.lostCodes.set(code, (tally.lostCodes.get(code) ?? 0) + 1);
    }
  }
}

function newTally(): Tally {
  return { kept: 0, evasionOnly: 0, lost: 0, pairs: 0, pairsKept: 0, lostCodes: new Map() };
}

function cell(t: Tally): string {
  return `${String(t.kept).padStart(4)} ${String(t.evasionOnly).padStart(4)} ${String(t.lost).padStart(4)}`;
}

function main(): void {
  if (!corpusPresent()) {
    console.log('eval:evasion: the corpus folder is absent; probing the test phrases only.');
  }
  const started = performance.now();
  // `--show NAME` prints, for that transformation, each rewritten text that lost a code
  const at = process.argv.indexOf('--show');
  const shown = at === -1 ? null : process.argv[at + 1];
  const attacks = corpusPresent()
    ? detected(
        [...loadAttacks().map((a) => a.text), ...loadSkills().filter((s) => s.kind === 'attack').map((s) => s.text)],
        (b) => b,
      )
    : [];
  const phrases = detected(testPhrases(), persona);
  const rows: string[] = [];
  const pad = 36;
  rows.push(`${''.padEnd(pad)} ${`corpus attacks (${attacks.length})`.padEnd(16)} ${`test phrases (${phrases.length})`.padEnd(16)} codes   codes lost most (count)`);
  rows.push(`${'transformation'.padEnd(pad)} ${'kept  ev lost'.padEnd(16)} ${'kept  ev lost'.padEnd(16)} kept`);
  rows.push('-'.repeat(120));
  for (const t of TRANSFORMATIONS) {
    const show = t.name === shown;
    const a = newTally();
    probe(attacks, t, a, show);
    const p = newTally();
    probe(phrases, t, p, show);
    const lost = new Map(a.lostCodes);
    for (const [c, k] of p.lostCodes) lost.set(c, (lost.get(c) ?? 0) + k);
    const top = [...lost]
      .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
      .slice(0, 6)
      .map(([c, k]) => `${c}(${k})`)
      .join(' ');
    const pairs = a.pairs + p.pairs;
    const pct = pairs === 0 ? '—' : `${((100 * (a.pairsKept + p.pairsKept)) / pairs).toFixed(1)}%`;
    rows.push(`${t.name.padEnd(pad)} ${cell(a).padEnd(16)} ${cell(p).padEnd(16)} ${pct.padStart(6)}  ${top}`);
  }
  console.log('SoulScan evasion probe: detections (security errors of the rules, the model SEC009 left out) kept under');
  console.log('rewritings a reader takes for the same text. kept = still an error of a content rule; ev = only the evasion');
  console.log('family (SEC110-SEC119) still raises an error; lost = no security error left. "codes kept" counts each');
  console.log('(text, code) detection of the original texts.\n');
  console.log(rows.join('\n'));
  console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.main) main();
