// Rule family: secrets (stage 3). Credentials written into a package: provider tokens recognised
// by their documented formats, private keys, JSON Web Tokens, credentials in URLs, connection
// strings and HTTP headers, and literal values assigned to password / token / key names.
//
// Matching runs on the raw text (tokens are case-sensitive). Everything is found from cheap
// anchors so that ordinary prose costs almost nothing: runs of 16 or more token characters
// (16-character windows read from their end, so prose costs a few reads per window; a provider
// table indexed by the first two characters of each word), ':' and '=' (assignments, URLs,
// headers), "-u" (curl, in texts whose keyword pass found the option) and "E KEY" (PEM blocks).
// Provider formats are confident on their own but still reject placeholder bodies; generic
// candidates must also look random (entropy, character classes) and not be placeholders.
// Each code is emitted once per file; a secret is reported once, under its most specific code.
import type { Emit, RuleFamily, ScanContext } from '../types.ts';
import { registerTriggerBits, triggerBitsOf } from '../keywords.ts';
import type { TextView } from '../text.ts';
import {
  DATABASE_SCHEMES,
  LOCAL_HOSTS,
  NAME_EXCLUSIONS,
  PASSWORD_PLACEHOLDERS,
  PROVIDER_KEYWORDS,
  PUBLISHED_SAMPLE_BODIES,
  SECRET_RULES,
  STRONG_NAME_ENDINGS,
  TOKEN_PLACEHOLDER_WORDS,
  TOKEN_RULES,
  VALUE_PLACEHOLDER_WORDS,
  type TokenRule,
} from './secrets-patterns.ts';

const ROTATE = 'revoke it and load it from an environment variable or secret store at run time';

// ---------------------------------------------------------------------------------------------
// Character tables

const RUN = new Uint8Array(128);
const ALNUM = new Uint8Array(128);
for (let c = 48; c <= 57; c++) ALNUM[c] = 1;
for (let c = 65; c <= 90; c++) ALNUM[c] = 1;
for (let c = 97; c <= 122; c++) ALNUM[c] = 1;
for (let c = 0; c < 128; c++) RUN[c] = ALNUM[c]!;
for (const ch of '_-.+/=~:@%$|') RUN[ch.charCodeAt(0)] = 1;

/** RUN over the whole UTF-16 range, so the hot loop indexes without a range test (NaN reads undefined). */
const RUN_WIDE = new Uint8Array(65536);
RUN_WIDE.set(RUN);
const isNameChar = (c: number): boolean => c < 128 && NAME[c] === 1;
const isAlnum = (c: number): boolean => c < 128 && ALNUM[c] === 1;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;

/** Shortest run of token characters worth looking at. */
const MIN_RUN = 16;
/** Longer runs are blobs (base64 images, minified data): no token is that long. */
const MAX_RUN = 20_000;
/** Bound on regex attempts and value evaluations per file (adversarial input). */
const MAX_WORK = 20_000;

/**
 * Token rules to try where a word starts, indexed by its first two characters (c0 * 128 + c1):
 * rules whose prefix starts with both, then rules with a one-character prefix c0.
 */
const RULES_AT: Array<readonly TokenRule[] | undefined> = Array.from({ length: 128 * 128 }, (): readonly TokenRule[] | undefined => undefined);
{
  const two = new Map<number, TokenRule[]>();
  const one = new Map<number, TokenRule[]>();
  for (const r of TOKEN_RULES) {
    for (const p of r.prefixes) {
      const [map, key] = p.length === 1 ? [one, p.charCodeAt(0)] : [two, p.charCodeAt(0) * 128 + p.charCodeAt(1)];
      const list = map.get(key) ?? [];
      if (!list.includes(r)) list.push(r);
      map.set(key, list);
    }
  }
  for (let c0 = 0; c0 < 128; c0++) {
    for (let c1 = 0; c1 < 128; c1++) {
      const list = [...(two.get(c0 * 128 + c1) ?? []), ...(one.get(c0) ?? [])];
      if (list.length > 0) RULES_AT[c0 * 128 + c1] = list;
    }
  }
}

/** Characters that must not follow a token, by the rule's boundary. */
const BOUNDARY: Record<'alnum' | 'word' | 'url', Uint8Array> = { alnum: new Uint8Array(128), word: new Uint8Array(128), url: new Uint8Array(128) };

/** Characters of a variable name (looked up backwards from an operator). */
const NAME = new Uint8Array(128);
/** Characters of a URL scheme. */
const SCHEME = new Uint8Array(128);
/** Characters of an Entra ID client secret. */
const AZURE = new Uint8Array(128);
const DIGIT = new Uint8Array(128);
for (const ch of '0123456789') DIGIT[ch.charCodeAt(0)] = 1;
const HEX_LOWER = new Uint8Array(128);
for (const ch of '0123456789abcdef') HEX_LOWER[ch.charCodeAt(0)] = 1;
/** base64url characters; the body of a Terraform Cloud token adds "=". */
const URL_SAFE = new Uint8Array(128);
const TF_BODY = new Uint8Array(128);

for (let c = 0; c < 128; c++) {
  NAME[c] = ALNUM[c]!;
  SCHEME[c] = ALNUM[c]!;
  AZURE[c] = ALNUM[c]!;
}
for (const ch of '_.$@-') NAME[ch.charCodeAt(0)] = 1;
BOUNDARY.alnum.set(ALNUM);
BOUNDARY.word.set(ALNUM);
BOUNDARY.url.set(ALNUM);
BOUNDARY.word[95] = 1;
BOUNDARY.url[95] = 1;
BOUNDARY.url[45] = 1;
URL_SAFE.set(BOUNDARY.url);
TF_BODY.set(BOUNDARY.url);
TF_BODY[61] = 1;
for (const ch of '+.-') SCHEME[ch.charCodeAt(0)] = 1;
for (const ch of '_~.-') AZURE[ch.charCodeAt(0)] = 1;

const PROVIDER_ONLY = new Map<string, string>(PROVIDER_KEYWORDS.map(([k, code]) => [k, code]));

// ---------------------------------------------------------------------------------------------
// Small measures

const COUNTS = new Int32Array(256);

/** Shannon entropy in bits per character. */
export function shannonEntropy(s: string): number {
  const n = s.length;
  if (n === 0) return 0;
  const seen: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) & 255;
    const was = COUNTS[c]!;
    COUNTS[c] = was + 1;
    if (was === 0) seen.push(c);
  }
  let h = 0;
  for (const c of seen) {
    const p = COUNTS[c]! / n;
    h -= p * Math.log2(p);
    COUNTS[c] = 0;
  }
  return h;
}

interface Classes {
  lower: number;
  upper: number;
  digit: number;
  other: number;
}

function classesOf(s: string): Classes {
  const k: Classes = { lower: 0, upper: 0, digit: 0, other: 0 };
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 97 && c <= 122) k.lower++;
    else if (c >= 65 && c <= 90) k.upper++;
    else if (c >= 48 && c <= 57) k.digit++;
    else k.other++;
  }
  return k;
}

function classCount(k: Classes): number {
  return (k.lower > 0 ? 1 : 0) + (k.upper > 0 ? 1 : 0) + (k.digit > 0 ? 1 : 0) + (k.other > 0 ? 1 : 0);
}

function alnumOnly(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) if (isAlnum(s.charCodeAt(i))) out += s[i];
  return out;
}

/** The string repeats a unit of 1 to 8 characters from start to end ("AAAA", "FakeFake", "123123"). */
function isPeriodic(s: string): boolean {
  const n = s.length;
  for (let p = 1; p <= 8 && p * 3 <= n; p++) {
    let ok = true;
    for (let i = p; i < n; i++) {
      if (s.charCodeAt(i) !== s.charCodeAt(i - p)) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
  }
  return false;
}

function foldSeq(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  return c;
}

interface Filler {
  /** Share of characters in filler: one character 3+ times, or a sequence of 3+ ("abc", "123", "987"). */
  share: number;
  /** Longest ascending or descending sequence (case ignored). */
  longest: number;
}

function fillerOf(s: string): Filler {
  const n = s.length;
  if (n === 0) return { share: 0, longest: 0 };
  const marks = new Uint8Array(n);
  let same = 1;
  let seq = 1;
  let step = 0;
  let longest = 1;
  for (let i = 1; i <= n; i++) {
    const a = i < n ? foldSeq(s.charCodeAt(i)) : -1;
    const b = foldSeq(s.charCodeAt(i - 1));
    if (a === b) same++;
    else {
      if (same >= 3) marks.fill(1, i - same, i);
      same = 1;
    }
    let d = a - b;
    if (b === 57 && a === 48) d = 1;
    else if (b === 48 && a === 57) d = -1;
    const step1 = i < n && ((isDigit(a) && isDigit(b)) || (a >= 97 && a <= 122 && b >= 97 && b <= 122)) && (d === 1 || d === -1);
    if (step1 && (seq === 1 || d === step)) {
      seq++;
      step = d;
    } else {
      if (seq >= 3) marks.fill(1, i - seq, i);
      if (seq > longest) longest = seq;
      seq = step1 ? 2 : 1;
      step = step1 ? d : 0;
    }
  }
  let covered = 0;
  for (let i = 0; i < n; i++) covered += marks[i]!;
  return { share: covered / n, longest };
}

/** Show a few characters and an ellipsis, never the secret itself. */
export function maskSecret(s: string): string {
  const n = s.length >= 16 ? 4 : s.length >= 8 ? 2 : 1;
  return `${s.slice(0, n)}…`;
}

function hasAnyWord(lower: string, words: readonly string[]): boolean {
  for (const w of words) if (lower.includes(w)) return true;
  return false;
}

/** Placeholder body of a provider token: filler words, x-runs, one character or one unit repeated. */
function isPlaceholderBody(body: string): boolean {
  const lower = body.toLowerCase();
  if (hasAnyWord(lower, TOKEN_PLACEHOLDER_WORDS)) return true;
  const core = alnumOnly(body);
  return core.length === 0 || isPeriodic(core);
}

function looksRandom(body: string): boolean {
  const k = classesOf(body);
  if (k.digit === 0 || k.lower + k.upper === 0) return false;
  return shannonEntropy(body) >= 3 && !isPeriodic(alnumOnly(body));
}

function decodeBase64(s: string): string | null {
  try {
    let t = s.replace(/-/g, '+').replace(/_/g, '/');
    t += '='.repeat((4 - (t.length % 4)) % 4);
    return atob(t);
  } catch {
    return null;
  }
}

function printableShare(s: string): number {
  if (s.length === 0) return 0;
  let p = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 32 && c < 127) || c === 10 || c === 13 || c === 9) p++;
  }
  return p / s.length;
}

// ---------------------------------------------------------------------------------------------
// Per-file state

interface Scan {
  readonly text: string;
  readonly file: string;
  readonly emit: Emit;
  /** Codes emitted (made at the first: most texts have none). */
  emitted: Set<string> | null;
  /** Flat [start, end) pairs of text already judged by a specific rule. */
  readonly claims: number[];
  work: number;
}

function claim(s: Scan, start: number, end: number): void {
  s.claims.push(start, end);
}

function claimed(s: Scan, start: number, end: number): boolean {
  const c = s.claims;
  for (let i = 0; i < c.length; i += 2) if (start < c[i + 1]! && end > c[i]!) return true;
  return false;
}

function report(s: Scan, code: string, offset: number, message: string): void {
  s.emitted ??= new Set();
  if (s.emitted.has(code)) return;
  s.emitted.add(code);
  s.emit({ code, file: s.file, offset, message });
}

function providerMessage(label: string, token: string, fix?: string): string {
  return `${label} found (${maskSecret(token)}): remove it from the package and ${fix ?? ROTATE}.`;
}

// ---------------------------------------------------------------------------------------------
// Provider tokens inside runs of token characters

type Verdict = 'ok' | 'placeholder' | 'mismatch';

function matchedPrefix(rule: TokenRule, text: string, at: number): string | null {
  for (const p of rule.prefixes) if (text.startsWith(p, at)) return p;
  return null;
}

function judgeToken(rule: TokenRule, token: string, prefixLen: number, text: string, end: number): { verdict: Verdict; label: string } {
  let label = rule.label;
  const body = token.slice(rule.bodyFrom ?? prefixLen);
  if (rule.body && (body.length < rule.body[0] || body.length > rule.body[1])) return { verdict: 'mismatch', label };
  if (rule.check && !rule.check(token)) return { verdict: 'mismatch', label };
  if (rule.code === 'SEC066') {
    if (token.startsWith('sk-ant-') || token.startsWith('sk-or-')) return { verdict: 'mismatch', label };
    if (!token.includes('T3BlbkFJ')) {
      // Unmarked sk- keys: OpenAI-compatible providers; only plain random bodies.
      if (!/^sk-[A-Za-z0-9]{32,64}$/.test(token) || !looksRandom(body) || isPlaceholderValue(body) || fillerOf(body).longest >= 5 || shannonEntropy(body) < 3.5) {
        return { verdict: 'mismatch', label };
      }
      label = 'OpenAI-style API key';
    }
  }
  // A token cut short in documentation: "sk-proj-abc…" / "ghp_abc...".
  const after = text.charCodeAt(end);
  if (after === 0x2026 || (after === 46 && text.charCodeAt(end + 1) === 46)) return { verdict: 'placeholder', label };
  if (isPlaceholderBody(body)) return { verdict: 'placeholder', label };
  // AWS documents example credentials with an EXAMPLE suffix (AKIAIOSFODNN7EXAMPLE).
  if (rule.code === 'SEC060' && token.includes('EXAMPLE')) return { verdict: 'placeholder', label };
  if (PUBLISHED_SAMPLE_BODIES.has(body)) return { verdict: 'placeholder', label };
  if (rule.weak && !looksRandom(body)) return { verdict: 'mismatch', label };
  return { verdict: 'ok', label };
}

/** Lazily advanced search positions for the literals the run scan needs, so each is linear. */
class Cursor {
  readonly #text: string;
  readonly #needle: string;
  #pos = -2;
  constructor(text: string, needle: string) {
    this.#text = text;
    this.#needle = needle;
  }
  /** First occurrence at or after `from`, or -1. */
  next(from: number): number {
    if (this.#pos === -1) return -1;
    if (this.#pos < from) this.#pos = this.#text.indexOf(this.#needle, from);
    return this.#pos;
  }
}

/** Length of the run of characters of `table` starting at `at`, counting at most `max` + 1. */
function spanIn(text: string, at: number, table: Uint8Array, max: number): number {
  let i = at;
  while (i - at <= max) {
    const c = text.charCodeAt(i);
    if (!(c < 128 && table[c] === 1)) break;
    i++;
  }
  return i - at;
}

/**
 * The literals looked for inside a run. Each is made of token characters and a run is maximal, so
 * an occurrence that starts in a run lies whole inside it: searching the run's own string finds
 * what a search of the text from there would find before the run's end, and reads nothing past it
 * (a search of the text reads on to the next occurrence anywhere, for every run).
 */
const RUN_LITERALS = ['Q~', '|', '-us', 'PuTTY', ':AA', '.'] as const;
for (const literal of RUN_LITERALS) {
  for (let k = 0; k < literal.length; k++) if (RUN[literal.charCodeAt(k)] !== 1) throw new Error(`"${literal}" must be made of token characters (see RUN_LITERALS)`);
}

/** A maximal run of token characters: text[start, end), and its string. */
export interface Run {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * The first occurrence of a RUN_LITERALS entry in the run at or after text offset `from`, as a
 * text offset, or -1.
 *
 * @example findInRun({ start: 4, end: 9, text: 'ab|cd' }, '|', 4) // 6
 */
export function findInRun(run: Run, literal: (typeof RUN_LITERALS)[number], from: number): number {
  const k = run.text.indexOf(literal, from - run.start);
  return k === -1 ? -1 : run.start + k;
}

function scanRuns(s: Scan): void {
  const text = s.text;
  const n = text.length;
  const run = RUN_WIDE;
  // Every maximal run of MIN_RUN or more token characters, left to right. A window of MIN_RUN
  // characters is checked from its last character backwards: a miss at k means no window starts
  // at or before k, so the next one starts at k + 1 (and what was seen to be token characters is
  // not looked at again). Prose has a space every few characters, so a window costs a few reads.
  let start = 0; // a window start; text[start - 1] is not a token character
  let known = 0; // [start, known) are known token characters
  while (start + MIN_RUN <= n) {
    let k = start + MIN_RUN - 1;
    const low = known > start ? known : start;
    while (k >= low && run[text.charCodeAt(k)] === 1) k--;
    if (k >= low) {
      known = start + MIN_RUN;
      start = k + 1;
      continue;
    }
    let end = start + MIN_RUN;
    while (end < n && run[text.charCodeAt(end)] === 1) end++;
    if (end - start <= MAX_RUN && !text.startsWith('base64,', start - 7)) scanRun(s, { start, end, text: text.slice(start, end) });
    if (s.work > MAX_WORK) return;
    start = end + 1;
    known = start;
  }
}

/** A bit for each literal scanRunSpecials looks for, set in SPECIAL_FIRST at its first character. */
const AZURE_BIT = 1; // 'Q~'
const META_BIT = 2; // '|'
const MAILCHIMP_BIT = 4; // '-us'
const PUTTY_BIT = 8; // 'PuTTY'
const ALL_SPECIALS = AZURE_BIT | META_BIT | MAILCHIMP_BIT | PUTTY_BIT;
const SPECIAL_FIRST = new Uint8Array(128);
SPECIAL_FIRST['Q'.charCodeAt(0)] = AZURE_BIT;
SPECIAL_FIRST['|'.charCodeAt(0)] = META_BIT;
SPECIAL_FIRST['-'.charCodeAt(0)] = MAILCHIMP_BIT;
SPECIAL_FIRST['P'.charCodeAt(0)] = PUTTY_BIT;

function scanRun(s: Scan, run: Run): void {
  const text = s.text;
  const { start, end } = run;
  let wordStart = true;
  // the first characters of scanRunSpecials' literals seen on the way (run characters are ASCII):
  // a literal whose first character the run lacks is not looked for
  let seen = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    seen |= SPECIAL_FIRST[c]!;
    if (c >= 128 || ALNUM[c] !== 1) {
      wordStart = true;
      continue;
    }
    if (!wordStart) continue;
    wordStart = false;
    if (c === 97 && text.charCodeAt(i - 1) === 46 && text.startsWith('atlasv1.', i)) terraformToken(s, i - 15, start);
    const rules = RULES_AT[c * 128 + (text.charCodeAt(i + 1) & 127)];
    if (rules === undefined) continue;
    for (const rule of rules) {
      const prefix = matchedPrefix(rule, text, i);
      if (prefix === null) continue;
      if (rule.needle === ':AA') {
        if (findInRun(run, ':AA', i) === -1) continue;
      } else if (rule.needle === '.') {
        if (findInRun(run, '.', i) === -1) continue;
      }
      if (rule.noPathBefore && i > 0) {
        const b = text.charCodeAt(i - 1);
        if (b === 46 || b === 47) continue;
      }
      if (++s.work > MAX_WORK) return;
      let matchEnd = -1;
      if (rule.scan) matchEnd = rule.scan(text, i);
      else if (rule.re) {
        rule.re.lastIndex = i;
        const m = rule.re.exec(text);
        if (m) matchEnd = i + m[0].length;
      }
      if (matchEnd <= i) continue;
      const follow = text.charCodeAt(matchEnd);
      if (follow < 128 && BOUNDARY[rule.boundary ?? 'alnum'][follow] === 1) continue;
      let token = text.slice(i, matchEnd);
      while (token.endsWith('.')) token = token.slice(0, -1);
      const tokenEnd = i + token.length;
      const { verdict, label } = judgeToken(rule, token, prefix.length, text, tokenEnd);
      if (verdict === 'mismatch') continue;
      claim(s, i, tokenEnd);
      if (verdict === 'ok') report(s, rule.code, i, providerMessage(label, token, rule.fix));
      i = tokenEnd - 1;
      seen = ALL_SPECIALS; // the token's characters are skipped unseen
      wordStart = false;
      break;
    }
  }
  scanRunSpecials(s, run, seen);
}

/** Terraform Cloud / Enterprise API tokens: "<14>.atlasv1.<60-90>", found from "atlasv1." at `at` + 15. */
function terraformToken(s: Scan, at: number, runStart: number): void {
  const text = s.text;
  if (at < runStart || (at > runStart && isAlnum(text.charCodeAt(at - 1))) || spanIn(text, at, ALNUM, 14) !== 14) return;
  const length = spanIn(text, at + 23, TF_BODY, 90);
  if (length < 60 || length > 90) return;
  const token = text.slice(at, at + 23 + length);
  claim(s, at, at + token.length);
  if (!isPlaceholderBody(token.slice(0, 14)) && !isPlaceholderBody(token.slice(23))) report(s, 'SEC151', at, providerMessage('Terraform Cloud API token', token));
}

/** Formats whose start is not a fixed prefix: found from an inner literal. */
function scanRunSpecials(s: Scan, run: Run, seen: number): void {
  const text = s.text;
  const start = run.start;
  // Microsoft Entra ID (Azure AD) client secrets: three characters, a digit, "Q~", 31-34 more.
  for (let q = seen & AZURE_BIT ? findInRun(run, 'Q~', start) : -1; q !== -1; q = findInRun(run, 'Q~', q + 2)) {
    const at = q - 4;
    if (at < start || !isDigit(text.charCodeAt(q - 1)) || spanIn(text, at, AZURE, 3) < 3) continue;
    if (at > start && text.charCodeAt(at - 1) < 128 && AZURE[text.charCodeAt(at - 1)] === 1) continue;
    const bodyLength = spanIn(text, q + 2, AZURE, 34);
    if (bodyLength < 31 || bodyLength > 34) continue;
    const secret = text.slice(at, q + 2 + bodyLength);
    const body = secret.slice(6);
    claim(s, at, at + secret.length);
    if (!isPlaceholderBody(body) && shannonEntropy(body) >= 3.5 && classCount(classesOf(body)) >= 2) report(s, 'SEC132', at, providerMessage('Microsoft Entra ID (Azure AD) client secret', secret));
  }
  // Meta app access tokens: "<app id>|<app secret or client token>".
  for (let q = seen & META_BIT ? findInRun(run, '|', start) : -1; q !== -1; q = findInRun(run, '|', q + 1)) {
    let at = q;
    while (at > start && isDigit(text.charCodeAt(at - 1)) && q - at < 17) at--;
    if (q - at < 15 || q - at > 16 || (at > start && isAlnum(text.charCodeAt(at - 1)))) continue;
    const length = spanIn(text, q + 1, URL_SAFE, 40);
    if (length < 27 || length > 40) continue;
    const secret = text.slice(q + 1, q + 1 + length);
    claim(s, at, q + 1 + length);
    if (!isPlaceholderBody(secret) && looksRandom(secret)) report(s, 'SEC159', at, providerMessage('Meta (Facebook) app access token', text.slice(at, q + 1 + length)));
  }
  // Mailchimp API keys: 32 hex digits, "-us", the data-centre number.
  for (let q = seen & MAILCHIMP_BIT ? findInRun(run, '-us', start) : -1; q !== -1; q = findInRun(run, '-us', q + 3)) {
    const at = q - 32;
    if (at < start || (at > start && isAlnum(text.charCodeAt(at - 1))) || spanIn(text, at, HEX_LOWER, 32) !== 32) continue;
    const dc = spanIn(text, q + 3, DIGIT, 2);
    if (dc < 1 || dc > 2 || isAlnum(text.charCodeAt(q + 3 + dc)) || claimed(s, at, q)) continue;
    const hexPart = text.slice(at, q);
    claim(s, at, q + 3 + dc);
    if (!isPlaceholderBody(hexPart) && looksRandom(hexPart)) report(s, 'SEC155', at, providerMessage('Mailchimp API key', text.slice(at, q + 3 + dc)));
  }
  // PuTTY private key files.
  const putty = seen & PUTTY_BIT ? findInRun(run, 'PuTTY', start) : -1;
  if (putty !== -1 && text.startsWith('PuTTY-User-Key-File-', putty)) {
    const block = text.slice(putty, putty + 4000);
    const lines = block.indexOf('Private-Lines:');
    if (lines !== -1 && /^Private-Lines: *\d+\r?\n[A-Za-z0-9+/=]{40}/.test(block.slice(lines, lines + 80))) {
      report(s, 'SEC063', putty, 'PuTTY private key file found: remove it from the package and replace the key pair.');
    }
  }
}

// ---------------------------------------------------------------------------------------------
// PEM private keys

const PRIVATE_KEY_KIND = /^[A-Z0-9 ]{0,24}$/;
const PEM_PLACEHOLDER = /\.\.\.|…|\*\*\*|x{4,}|X{4,}|your|paste|insert|redacted|placeholder|example/i;

/**
 * The first "E KEY" at or after `from`, as `text.indexOf('E KEY', from)`, found from its "KEY": a
 * native search jumps from one occurrence of its literal's first character to the next, and a
 * capital K is several times rarer in prose than a capital E. No "KEY" starts one or two
 * characters after another, so the search resumes three on.
 *
 * @example indexOfEKey('-----BEGIN RSA PRIVATE KEY-----', 0) // 21
 */
export function indexOfEKey(text: string, from: number): number {
  for (let k = text.indexOf('KEY', from + 2); k !== -1; k = text.indexOf('KEY', k + 3)) {
    if (text.charCodeAt(k - 1) === 32 && text.charCodeAt(k - 2) === 69) return k - 2;
  }
  return -1;
}

function scanPrivateKeys(s: Scan): void {
  const text = s.text;
  const dashRun = new Cursor(text, '-----');
  // "E KEY" is a short, fast literal; "PRIVATE KEY" is checked around it.
  for (let e = indexOfEKey(text, 0); e !== -1; e = indexOfEKey(text, e + 5)) {
    const i = e - 6;
    if (i < 11 || !text.startsWith('PRIVATE KEY', i)) continue;
    const window = Math.max(0, i - 40);
    const found = text.slice(window, i).lastIndexOf('-----BEGIN ');
    if (found === -1) continue;
    const begin = window + found;
    const kind = text.slice(begin + 11, i).trim();
    if (!PRIVATE_KEY_KIND.test(kind)) continue;
    const dashes = dashRun.next(i + 11);
    if (dashes === -1 || dashes - i > 17) continue;
    const bodyStart = dashes + 5;
    // The body runs to the next armour line ("-----END ..." or another "-----BEGIN").
    let bodyEnd = dashRun.next(bodyStart);
    if (bodyEnd === -1 || bodyEnd - bodyStart > 20_000) bodyEnd = Math.min(text.length, bodyStart + 8000);
    e = Math.max(e, bodyEnd - 5);
    if (++s.work > MAX_WORK) return;
    const raw = text.slice(bodyStart, bodyEnd);
    if (PEM_PLACEHOLDER.test(raw)) continue;
    let b64 = '';
    for (const line of raw.split(/\\r\\n|\\n|\\r|\r?\n/)) {
      if (line.includes(':')) continue; // armour headers: Proc-Type, DEK-Info, Version, Comment
      for (let k = 0; k < line.length; k++) {
        const c = line.charCodeAt(k);
        if (isAlnum(c) || c === 43 || c === 47 || c === 61) b64 += line[k];
      }
    }
    if (b64.length < 50) continue;
    let head = b64.slice(0, 64);
    while (head.endsWith('=')) head = head.slice(0, -1);
    const probe = decodeBase64(head);
    if (probe === null || printableShare(probe) > 0.9) continue;
    const serviceAccount = text.slice(Math.max(0, begin - 200), begin).includes('"private_key"') && text.includes('service_account');
    const label = kind === '' ? 'Private key' : `${kind} private key`;
    claim(s, begin, bodyEnd);
    if (serviceAccount) {
      report(s, 'SEC131', begin, 'Google Cloud service-account key (JSON with a private key) found: delete the key in IAM, remove the file, and use workload identity or an environment-provided key instead.');
    } else {
      report(s, 'SEC063', begin, `${label} block found: remove it from the package and replace the key pair (never ship private keys).`);
    }
    if (s.emitted?.has('SEC063') && s.emitted.has('SEC131')) return;
  }
}

// ---------------------------------------------------------------------------------------------
// Values: templates, placeholders, strength

const DOTTED_PATH = /^[A-Za-z_$][A-Za-z_$]*\d{0,2}(?:\.[A-Za-z_$][A-Za-z_$]*\d{0,2})+$/;
const WORDS_ONLY = /^[A-Za-z_. -]+$/;
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const FILE_NAME = /\.(?:pem|key|p12|pfx|crt|cer|der|json|ya?ml|toml|ini|cfg|conf|env|txt|md|js|ts|py|sh|gpg|asc|jks|keystore)$/i;
const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;
const VERSION = /^v?\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z.-]+)?$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A reference to a value kept elsewhere: ${X}, {{x}}, <x>, $X, %X%, process.env.X, config.x. */
function isTemplate(v: string): boolean {
  const c0 = v.charCodeAt(0);
  if (c0 === 36 /* $ */) {
    const c1 = v.charCodeAt(1);
    if (c1 === 123 || c1 === 40 || c1 === 95 || (c1 >= 65 && c1 <= 90) || (c1 >= 97 && c1 <= 122) || isDigit(c1)) return true;
  }
  if (c0 === 37 /* % */ || c0 === 123 /* { */ || c0 === 60 /* < */ || c0 === 91 /* [ */) return true;
  if (v.includes('${') || v.includes('{{') || v.includes('}}') || v.includes('#{') || v.includes('$(') || v.includes('<') || v.includes('>')) return true;
  const lower = v.toLowerCase();
  if (lower.includes('process.env') || lower.includes('environ') || lower.includes('getenv') || lower.startsWith('env.') || lower.startsWith('env:') || lower.startsWith('secrets.') || lower.startsWith('vars.')) return true;
  return DOTTED_PATH.test(v);
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
const LEET_PLACEHOLDERS: ReadonlySet<string> = new Set(['password', 'passw', 'secret', 'changeme', 'letmein', 'admin', 'qwerty', 'passwort']);

/** "pa$$word", "P@ssw0rd", "s3cr3t": a placeholder written in leetspeak. */
function isLeetPlaceholder(lower: string): boolean {
  if (lower.length > 12) return false;
  let plain = '';
  for (const ch of lower) plain += LEET[ch] ?? ch;
  return LEET_PLACEHOLDERS.has(plain);
}

/** Obvious placeholder or illustrative value of a generic assignment. */
function isPlaceholderValue(v: string): boolean {
  const lower = v.toLowerCase();
  if (hasAnyWord(lower, VALUE_PLACEHOLDER_WORDS) || isLeetPlaceholder(lower)) return true;
  if (v.includes('*') || v.includes('•') || v.includes('…') || v.includes('...')) return true;
  const core = alnumOnly(v);
  if (core.length === 0 || isPeriodic(core)) return true;
  return fillerOf(v).share >= 0.4;
}

/** Looks like code or prose rather than a secret: words, env-var names, paths, versions, e-mail. */
function isNotSecretShape(v: string): boolean {
  if (ENV_NAME.test(v) || FILE_NAME.test(v) || EMAIL.test(v) || VERSION.test(v)) return true;
  if (v.includes('://') || v.startsWith('/') || v.startsWith('./') || v.startsWith('~/') || v.startsWith('../')) return true;
  if (/^\d+$/.test(v) || /^(?:true|false|yes|no|on|off|nil)$/i.test(v)) return true;
  if (WORDS_ONLY.test(v)) {
    // Letters only: a word or identifier unless it is long, mixed case and random.
    const k = classesOf(v);
    if (!(v.length >= 20 && k.upper >= 4 && k.lower >= 4 && k.other === 0 && shannonEntropy(v) >= 3.8)) return true;
  }
  // Base64 of ordinary text ("dummy text data") is not a key.
  if (v.length >= 16 && v.length % 4 === 0 && BASE64.test(v)) {
    const d = decodeBase64(v);
    if (d !== null && printableShare(d) > 0.97 && /[a-z]{3} [a-z]{2}/i.test(d)) return true;
  }
  return false;
}

type ValueKind = 'password' | 'token' | 'header' | 'provider' | 'weak';

/** Every part between separators is a plain word or a short number: "jjwt-jackson-0.11.2". */
function isIdentifierLike(v: string): boolean {
  const parts = v.split(/[-_.:/@]/);
  if (parts.length < 2) return false;
  for (const p of parts) {
    if (p.length === 0) continue;
    if (!/^[A-Za-z]+$/.test(p) && !/^\d{1,4}$/.test(p)) return false;
  }
  return true;
}

/** Whether a literal value of a credential-named field looks like a real credential. */
const MIN_LENGTH: Record<ValueKind, number> = { password: 6, header: 8, token: 12, provider: 20, weak: 20 };

function isCredentialValue(v: string, kind: ValueKind): boolean {
  if (v.length < MIN_LENGTH[kind] || v.length > 512) return false;
  if (/\s/.test(v)) return false;
  if (isTemplate(v) || isPlaceholderValue(v) || isNotSecretShape(v)) return false;
  if (kind !== 'password' && isIdentifierLike(v)) return false;
  const k = classesOf(v);
  const h = shannonEntropy(v);
  switch (kind) {
    case 'password':
      return v.length >= 6 && (classCount(k) >= 2 || (v.length >= 12 && h >= 3));
    case 'header':
      return v.length >= 8 && h >= 2.5 && (classCount(k) >= 2 || (v.length >= 16 && h >= 3));
    case 'token':
      if (v.length < 12 || h < 3) return false;
      return k.digit > 0 || UUID.test(v) || (v.length >= 20 && k.upper >= 2 && k.lower >= 2 && h >= 3.5);
    case 'provider':
      // A bare service name ("github:", "discord:") often holds a handle or a URL: ask for a token shape.
      return v.length >= 20 && h >= 3.5 && k.digit >= 4 && k.lower + k.upper >= 4 && !v.includes('@');
    case 'weak':
      // Long pure hex under a loose name is a hash or fingerprint ("GPG key: 3ABC...").
      if (HEX.test(v) && v.length >= 32) return false;
      return v.length >= 20 && k.digit > 0 && k.lower + k.upper > 0 && h >= 3.7;
  }
}

// ---------------------------------------------------------------------------------------------
// Names

interface NameClass {
  kind: ValueKind | 'authorization' | 'aws-secret' | 'azure-account-key' | 'azure-shared-key' | 'npm-auth' | 'sidekiq' | 'sas-signature';
  /** The provider's code when the name is just a provider ("sourcegraph: ..."); else decided on report. */
  code?: string;
  compact: string;
}

function providerCode(compact: string): string {
  for (const [k, code] of PROVIDER_KEYWORDS) if (compact.includes(k)) return code;
  return 'SEC031';
}

function withoutSeparators(lower: string): string {
  let out = '';
  for (let i = 0; i < lower.length; i++) if (isAlnum(lower.charCodeAt(i))) out += lower[i];
  return out;
}

/** The endings of credential names and the stem each stands for; "sig" only as the whole name. */
const STEMS: ReadonlyArray<readonly [ending: string, stem: string]> = [
  ['password', 'password'], ['passwd', 'password'], ['pwd', 'password'], ['seed', 'seed'],
  ['passphrase', 'password'], ['cookie', 'cookie'],
  ['sig', 'sig'],
  ['auth', 'auth'],
  ['credential', 'credential'],
  ['contribsys__com', 'sidekiq'],
  ['authorization', 'authorization'], ['token', 'token'],
  ['credentials', 'credential'], ['creds', 'credential'], ['pass', 'pass'],
  ['secret', 'secret'], ['salt', 'salt'],
  ['key', 'key'],
];

/** STEMS by the last letter of their ending (no name ends with two endings of one letter). */
const STEMS_BY_LAST: ReadonlyArray<ReadonlyArray<readonly [string, string]> | undefined> = (() => {
  const table: Array<Array<readonly [string, string]> | undefined> = [];
  for (const entry of STEMS) (table[entry[0].charCodeAt(entry[0].length - 1)] ??= []).push(entry);
  return table;
})();

/** The stem a name ends with ("password", "token", "key", ...), tested on the lower-case name. */
function nameStem(lower: string): string | null {
  const entries = STEMS_BY_LAST[lower.charCodeAt(lower.length - 1)];
  if (entries === undefined) return null;
  for (const [ending, stem] of entries) {
    if (ending === 'sig' ? lower === 'sig' : lower.endsWith(ending)) return stem;
  }
  return null;
}

/** Name characters as 1..41 (a letter of either case alike), any other character as 0. */
const TAIL_CODE = new Uint8Array(128);
{
  let k = 1;
  for (let c = 97; c <= 122; c++) TAIL_CODE[c] = TAIL_CODE[c - 32] = k++;
  for (const ch of '0123456789_.$@-') TAIL_CODE[ch.charCodeAt(0)] = k++;
}
const TAIL_BASE = 42;
const tailKey = (a: number, b: number, c: number): number => (TAIL_CODE[a]! * TAIL_BASE + TAIL_CODE[b]!) * TAIL_BASE + TAIL_CODE[c]!;

/**
 * A bit for the last three characters of each provider name and each ending of STEMS, the names
 * classifyName takes (a provider name whole; any other class needs an ending, after trailing
 * non-alphanumerics are dropped). All are at least three characters long.
 */
const NAME_TAILS = new Uint32Array(Math.ceil((TAIL_BASE * TAIL_BASE * TAIL_BASE) / 32));
for (const word of [...PROVIDER_KEYWORDS.map(([k]) => k), ...STEMS.map(([ending]) => ending)]) {
  if (word.length < 3) throw new Error(`"${word}" must be at least three characters long (see NAME_TAILS)`);
  const key = tailKey(word.charCodeAt(word.length - 3), word.charCodeAt(word.length - 2), word.charCodeAt(word.length - 1));
  NAME_TAILS[key >>> 5]! |= 1 << (key & 31);
}

/**
 * Whether a name ending at `end` (text[end - 1] is its last character) may be one classifyName
 * takes, from its last three characters alone, before the name is looked for: most colons and
 * equals signs follow ordinary words ("name", "Tone", "description"). A name ending in a
 * non-alphanumeric is left to the full test (its ending comes after those are dropped).
 */
export function mayEndCredentialName(text: string, end: number): boolean {
  const c1 = text.charCodeAt(end - 1);
  if (!isAlnum(c1)) return true;
  const c2 = text.charCodeAt(end - 2);
  const c3 = text.charCodeAt(end - 3);
  // a shorter name (or one holding other characters there) is neither a provider name nor long
  // enough for an ending
  if (!(c2 < 128 && c3 < 128)) return false;
  const key = tailKey(c3, c2, c1);
  return (NAME_TAILS[key >>> 5]! & (1 << (key & 31))) !== 0;
}

const lowerAscii = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/**
 * The provider names by first and last character (first * 128 + last): bit n is set when one of
 * them is n characters long. One read tells whether a name has a provider name's length, first and
 * last letter (they are ASCII and shorter than 32, checked here).
 */
const PROVIDER_SHAPES = new Uint32Array(128 * 128);
for (const [k] of PROVIDER_KEYWORDS) {
  const first = k.charCodeAt(0);
  const last = k.charCodeAt(k.length - 1);
  if (k.length >= 32 || first >= 128 || last >= 128) throw new Error(`provider name "${k}" must be ASCII and shorter than 32 characters (see PROVIDER_SHAPES)`);
  PROVIDER_SHAPES[first * 128 + last]! |= 1 << k.length;
}

/** Whether some provider name is `length` characters long, starts with `first` and ends with `last`. */
function hasProviderShape(length: number, first: number, last: number): boolean {
  return length < 32 && first < 128 && last < 128 && (PROVIDER_SHAPES[first * 128 + last]! & (1 << length)) !== 0;
}

/** Whether text[start, end) ends with `suffix` (lower case) when ASCII capitals are lowered. */
function endsWithLower(text: string, start: number, end: number, suffix: string): boolean {
  const from = end - suffix.length;
  if (from < start) return false;
  for (let i = 0; i < suffix.length; i++) if (lowerAscii(text.charCodeAt(from + i)) !== suffix.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether classifyName can return a class for the name text[start, end), without copying it:
 * false when the name has neither the length, first and last letter of a provider name nor, with
 * trailing non-alphanumerics dropped, one of the endings nameStem looks for (names are ASCII).
 */
function mayNameCredential(text: string, start: number, end: number): boolean {
  if (hasProviderShape(end - start, lowerAscii(text.charCodeAt(start)), lowerAscii(text.charCodeAt(end - 1)))) return true;
  let e = end;
  while (e > start && !isAlnum(text.charCodeAt(e - 1))) e--;
  if (e === start) return false;
  // nameStem looks at the part after the last dot, but no ending holds a dot: the whole name ends alike
  const entries = STEMS_BY_LAST[lowerAscii(text.charCodeAt(e - 1))];
  if (entries === undefined) return false;
  for (const entry of entries) if (endsWithLower(text, start, e, entry[0])) return true;
  return false;
}

/** Classify an assignment's name; null when it does not name a credential. */
export function classifyName(raw: string): NameClass | null {
  let lower = raw.toLowerCase();
  const only = PROVIDER_ONLY.get(lower);
  if (only !== undefined) return { kind: 'provider', code: only, compact: lower };
  let k = lower.length;
  while (k > 0 && !isAlnum(lower.charCodeAt(k - 1))) k--;
  if (k < lower.length) lower = lower.slice(0, k);
  const full = lower;
  const dot = lower.lastIndexOf('.');
  if (dot !== -1) lower = lower.slice(dot + 1);
  const stem = nameStem(lower);
  if (stem === null) return null;
  // The whole name without separators: "api.key" and "api_key" both end in "apikey".
  const compact = withoutSeparators(full);
  let kind: NameClass['kind'] | null = null;
  switch (stem) {
    case 'password':
      kind = 'password';
      break;
    case 'seed':
    case 'cookie':
    case 'salt':
      kind = 'weak';
      break;
    case 'sig':
      kind = 'sas-signature';
      break;
    case 'auth':
      if (lower === '_auth') kind = 'npm-auth';
      else if (compact === 'auth' || /[_-]auth$/.test(lower)) kind = 'token';
      break;
    case 'credential':
      kind = 'token';
      break;
    case 'sidekiq':
      if (compact.includes('contribsys')) kind = 'sidekiq';
      break;
    case 'authorization':
      kind = 'authorization';
      break;
    case 'token':
      kind = lower === '_authtoken' || compact.endsWith('npmauthtoken') ? 'npm-auth' : 'token';
      break;
    case 'pass':
      if (compact === 'pass' || /[_-]pass$/.test(lower) || /[a-z0-9]Pass$/.test(raw)) kind = 'password';
      break;
    case 'secret':
      kind = compact.includes('aws') ? 'aws-secret' : 'token';
      break;
    case 'key':
      if (compact.includes('aws') && (compact.endsWith('secretaccesskey') || compact.endsWith('secretkey'))) kind = 'aws-secret';
      else if (compact === 'accountkey') kind = 'azure-account-key';
      else if (compact === 'sharedaccesskey') kind = 'azure-shared-key';
      else if (STRONG_NAME_ENDINGS.some((e) => e.endsWith('key') && compact.endsWith(e))) kind = 'token';
      else kind = providerCode(compact) !== 'SEC031' ? 'token' : 'weak';
      break;
  }
  if (kind === null) return null;
  for (const x of NAME_EXCLUSIONS) if (compact.includes(x)) return null;
  return { kind, compact };
}

// ---------------------------------------------------------------------------------------------
// Assignments: name [=|:|:=|=>] value

const HEADER_CONTEXT = /(?:^|\s)(?:-H|--header)[ =]?["']?$/;
const AUTH_SCHEME = /^([A-Za-z][A-Za-z0-9-]{1,24})[ \t]+(\S)/;
const ADO_CONTEXT = /(?:server|data source|host|addr|address)\s*=/i;
const LOOPBACK_IN_LINE = /localhost|127\.0\.0\.1/;

interface Value {
  readonly start: number;
  readonly text: string;
  readonly quoted: boolean;
  /** Character right after the value (for "value(" calls and ";" terminators). */
  readonly after: number;
  /** Followed by "..." or "…": a value cut short in documentation. */
  readonly truncated: boolean;
}

function readValue(text: string, from: number): Value | null {
  const n = text.length;
  let i = from;
  while (i < n && i - from < 8) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 42 /* markdown ** */) i++;
    else break;
  }
  let q = text.charCodeAt(i);
  let escaped = false;
  if (q === 92 /* \ */) {
    const next = text.charCodeAt(i + 1);
    if (next === 34 || next === 39) {
      escaped = true;
      i++;
      q = next;
    }
  }
  if (q === 34 || q === 39 || q === 96) {
    const start = i + 1;
    for (let j = start; j < n && j - start <= 512; j++) {
      const d = text.charCodeAt(j);
      if (d === 10 || d === 13) return null;
      if (escaped ? d === 92 && text.charCodeAt(j + 1) === q : d === q) {
        const v = text.slice(start, j);
        return { start, text: v, quoted: true, after: text.charCodeAt(escaped ? j + 2 : j + 1), truncated: v.endsWith('...') || v.endsWith('…') };
      }
    }
    return null;
  }
  const start = i;
  let j = start;
  while (j < n && j - start <= 512) {
    const d = text.charCodeAt(j);
    if (isSpace(d) || d === 44 || d === 59 || d === 41 || d === 93 || d === 125 || d === 39 || d === 34 || d === 96 || d === 60 || d === 62 || d === 38 || d === 40 || d === 92) break;
    // "a=b=c": another assignment starts (base64 padding is never followed by a letter).
    if (d === 61 && j > start && text.charCodeAt(j + 1) > 64 && isAlnum(text.charCodeAt(j + 1))) break;
    j++;
  }
  let end = j;
  while (end > start && text.charCodeAt(end - 1) === 46) end--;
  if (end === start) return null;
  const truncated = j - end >= 2 || text.charCodeAt(j) === 0x2026;
  return { start, text: text.slice(start, end), quoted: false, after: text.charCodeAt(j), truncated };
}

function lineAround(text: string, at: number): string {
  const around = text.slice(Math.max(0, at - 300), Math.min(text.length, at + 300));
  const rel = at - Math.max(0, at - 300);
  const a = around.lastIndexOf('\n', rel) + 1;
  const b = around.indexOf('\n', rel);
  return around.slice(a, b === -1 ? around.length : b);
}

function handleAssignment(s: Scan, op: number, opLen: number): void {
  const text = s.text;
  let j = op - 1;
  while (j >= 0 && (text.charCodeAt(j) === 63 || text.charCodeAt(j) === 124 || text.charCodeAt(j) === 43) && op - j <= 2) j--;
  while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) && op - j < 10) j--;
  for (let k = 0; k < 3 && j >= 0; k++) {
    const c = text.charCodeAt(j);
    if (c === 34 || c === 39 || c === 96 || c === 93 || c === 92) j--;
    else break;
  }
  const nameEnd = j + 1;
  if (!mayEndCredentialName(text, nameEnd)) return;
  while (j >= 0 && nameEnd - j <= 80 && isNameChar(text.charCodeAt(j))) j--;
  let nameStart = j + 1;
  while (nameStart < nameEnd && !isAlnum(text.charCodeAt(nameStart)) && text.charCodeAt(nameStart) !== 95) nameStart++;
  if (nameEnd - nameStart < 2 || !mayNameCredential(text, nameStart, nameEnd)) return;
  const name = text.slice(nameStart, nameEnd);
  const cls = classifyName(name);
  if (cls === null) return;
  if (++s.work > MAX_WORK) return;
  const value = readValue(text, op + opLen);
  if (value === null || value.truncated || claimed(s, value.start, value.start + value.text.length)) return;
  const v = value.text;
  const at = value.start;

  switch (cls.kind) {
    case 'authorization':
      handleAuthorization(s, value, name);
      return;
    case 'aws-secret':
      if (/^[A-Za-z0-9/+]{40}$/.test(v) && looksRandom(v) && !v.includes('EXAMPLE') && !isPlaceholderBody(v)) {
        claim(s, at, at + v.length);
        report(s, 'SEC060', at, providerMessage('AWS secret access key', v, 'deactivate the key pair in IAM and ' + ROTATE));
      }
      return;
    case 'azure-account-key':
      if (/^[A-Za-z0-9+/]{86}==$/.test(v) && looksRandom(v)) {
        claim(s, at, at + v.length);
        report(s, 'SEC132', at, providerMessage('Azure storage account key', v, 'rotate the account key and ' + ROTATE));
      }
      return;
    case 'azure-shared-key':
      if (/^[A-Za-z0-9+/]{43}=$/.test(v) && looksRandom(v)) {
        claim(s, at, at + v.length);
        report(s, 'SEC132', at, providerMessage('Azure shared access key', v, 'regenerate the key and ' + ROTATE));
      }
      return;
    case 'sas-signature': {
      const before = text.slice(Math.max(0, op - 400), op);
      if (before.includes('sv=') && !before.includes('/workflows/') && /^[A-Za-z0-9%+/]{40,}={0,2}$/.test(v) && v.includes('%')) {
        claim(s, at, at + v.length);
        report(s, 'SEC132', at, providerMessage('Azure shared access signature (SAS)', v, 'revoke the SAS policy or rotate the account key and ' + ROTATE));
      }
      return;
    }
    case 'npm-auth':
      if (!isTemplate(v) && !isPlaceholderValue(v) && v.length >= 16 && looksRandom(v)) {
        claim(s, at, at + v.length);
        report(s, 'SEC065', at, providerMessage('npm registry auth token', v, 'revoke it with `npm token revoke` and ' + ROTATE));
      }
      return;
    case 'sidekiq': {
      const colon = v.indexOf(':');
      if (colon > 0 && colon < v.length - 1 && !isTemplate(v) && !isPlaceholderValue(v.slice(colon + 1))) {
        claim(s, at, at + v.length);
        report(s, 'SEC159', at, providerMessage('Sidekiq Pro/Enterprise license credentials', v));
      }
      return;
    }
    default:
      break;
  }

  // isCredentialValue turns down a value shorter than its kind's minimum (a header's, if the name
  // turns out to be a header's): most values are handles and words ("github": "alice")
  if (v.length < MIN_LENGTH[cls.kind] && (cls.kind === 'weak' || v.length < MIN_LENGTH.header)) return;
  if (value.after === 40 /* ( */ && !value.quoted) return;
  // "github:owner/repo", "key:value" in a URI or a tag: not an assignment for loose names.
  if ((cls.kind === 'provider' || cls.kind === 'weak') && !value.quoted && text.charCodeAt(op) === 58 && value.start === op + opLen) return;
  if (cls.kind === 'provider' && /[/#?&]/.test(v) && !BASE64.test(v)) return;
  const header = HEADER_CONTEXT.test(text.slice(Math.max(0, nameStart - 16), nameStart));
  let kind: ValueKind = cls.kind;
  if (header && kind !== 'weak') kind = 'header';
  if (!isCredentialValue(v, kind)) return;
  const code = kind === 'header' ? 'SEC158' : (cls.code ?? providerCode(cls.compact));
  claim(s, at, at + v.length);
  if (kind === 'weak') {
    report(s, 'SEC069', at, `Possible hardcoded secret: "${name}" is set to a high-entropy value (${maskSecret(v)}). If it is a credential, remove it and load it from the environment.`);
    return;
  }
  if (kind === 'password' && value.after === 59 && ADO_CONTEXT.test(lineAround(text, at))) {
    report(s, 'SEC156', at, `Connection string with a password (${maskSecret(v)}): remove it, change the password, and read the connection string from the environment.`);
    return;
  }
  if (code === 'SEC158') {
    report(s, code, at, `Credential in the "${name}" header (${maskSecret(v)}): remove it from the package and ${ROTATE}.`);
    return;
  }
  const what = kind === 'password' ? 'password' : 'credential';
  report(s, code, at, `Hardcoded ${what}: "${name}" is set to a literal value (${maskSecret(v)}). Remove it, ${ROTATE}.`);
}

function handleAuthorization(s: Scan, value: Value, name: string): void {
  let v = value.text;
  let at = value.start;
  if (value.quoted) {
    // "Authorization": "Bearer abc" — the value is the quoted string.
  } else {
    // Unquoted: the scheme word was read as the value; take the credential after it.
    const rest = s.text.slice(value.start, value.start + 4200);
    const m = AUTH_SCHEME.exec(rest);
    if (m) {
      const cred = readValue(s.text, value.start + m[1]!.length);
      if (cred === null) return;
      v = `${m[1]} ${cred.text}`;
      at = cred.start;
    }
  }
  let scheme = '';
  let cred = v;
  const space = v.indexOf(' ');
  if (space !== -1) {
    scheme = v.slice(0, space).toLowerCase();
    cred = v.slice(space + 1).trim();
    if (value.quoted) at = value.start + space + 1;
  }
  if (cred.length === 0 || claimed(s, at, at + cred.length)) return;
  if (scheme === 'digest' || scheme === 'negotiate' || scheme.startsWith('aws4')) return;
  if (scheme === 'basic') {
    handleBasic(s, cred, at);
    return;
  }
  if (!isCredentialValue(cred, 'header')) return;
  claim(s, at, at + cred.length);
  report(s, 'SEC158', at, `Credential in the "${name}" header (${maskSecret(cred)}): remove it from the package and ${ROTATE}.`);
}

function handleBasic(s: Scan, cred: string, at: number): void {
  if (!BASE64.test(cred) || cred.length < 8) return;
  const decoded = decodeBase64(cred);
  if (decoded === null || printableShare(decoded) < 0.9) return;
  const colon = decoded.indexOf(':');
  if (colon < 0) return;
  const user = decoded.slice(0, colon);
  const pass = decoded.slice(colon + 1);
  const secret = pass.length > 0 ? pass : user;
  if (secret.length === 0 || isTemplate(secret) || PASSWORD_PLACEHOLDERS.has(secret.toLowerCase())) return;
  if (pass.length > 0 && PASSWORD_PLACEHOLDERS.has(user.toLowerCase()) && secret.length < 6) return;
  claim(s, at, at + cred.length);
  report(s, 'SEC157', at, `Basic-auth credentials in an Authorization header (${maskSecret(cred)}): remove them, change the password, and ${ROTATE}.`);
}

// ---------------------------------------------------------------------------------------------
// curl -u / --user


function readShellWord(text: string, from: number): { word: string; end: number } {
  let word = '';
  let quote = 0;
  let i = from;
  const n = text.length;
  for (; i < n && i - from < 300; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      else if (c === 10) break;
      else word += text[i];
    } else if (c === 34 || c === 39) quote = c;
    else if (isSpace(c)) break;
    else word += text[i];
  }
  return { word, end: i };
}

function stripBraces(v: string): string {
  if (v.length > 2 && v.startsWith('{') && v.endsWith('}')) {
    const inner = v.slice(1, -1);
    if (!/^[A-Za-z_ .]+$/.test(inner)) return inner;
  }
  return v;
}

/**
 * The options scanCurlUser reads, as triggers of the shared keyword pass: a view whose `norm` holds
 * neither has none in its raw text, so its search for "-u" (which stops at every hyphen) is skipped.
 * An option it reads is followed by a space or a tab ("-u"), or by "=", a space or a tab ("--user"),
 * and `norm` keeps ASCII hyphens and letters (capitals lowered) and white space as white space, so
 * each is a whole word there, as a trigger ending in a letter must be.
 */
const CURL_USER_TRIGGERS = registerTriggerBits(['-u', '--user'], () => 1);

/** curl -u / --user arguments: "user:password" (or "key:") given on the command line. */
function scanCurlUser(s: Scan): void {
  const text = s.text;
  // The last "curl" that ends before the option, found by one search moving forward over the text
  // (the options come in text order): a search of the 600 characters before each option read them
  // again for every option (1 MB of "-u " cost 80 ms).
  const curls = new Cursor(text, 'curl');
  let curl = -4; // none yet (the next one may start at 0)
  for (let i = text.indexOf('-u'); i !== -1; i = text.indexOf('-u', i + 2)) {
    if (s.work > MAX_WORK) return;
    let from: number;
    if (i > 0 && text.charCodeAt(i - 1) === 45) {
      // "--user" followed by "=" or white space
      if (!text.startsWith('ser', i + 2) || (i > 1 && !isSpace(text.charCodeAt(i - 2)))) continue;
      from = i + 5;
      if (text.charCodeAt(from) === 61) from++;
    } else {
      if (i > 0 && !isSpace(text.charCodeAt(i - 1))) continue;
      from = i + 2;
    }
    const gap = from;
    while (from < text.length && (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9) && from - gap < 8) from++;
    if (from === gap && text.charCodeAt(from - 1) !== 61) continue;
    const window = Math.max(0, i - 600);
    for (let c = curls.next(Math.max(window, curl + 4)); c !== -1 && c + 4 <= i; c = curls.next(c + 4)) curl = c;
    if (curl < window) continue;
    s.work++;
    const { word, end } = readShellWord(text, from);
    const split = word.indexOf(':');
    if (split < 0) continue;
    const user = stripBraces(word.slice(0, split));
    const pass = stripBraces(word.slice(split + 1));
    const secret = pass.length > 0 ? pass : user;
    claim(s, from, end);
    if (pass.toLowerCase() === user.toLowerCase()) continue;
    // Only a key-like user name stands alone ("-u sk_abc123:"); a plain word is a user name.
    if (pass.length === 0 && !looksRandom(user)) continue;
    if (!isLoginSecret(secret, text.slice(curl, Math.min(text.length, end + 300)))) continue;
    report(s, 'SEC157', from, `Credentials passed to curl -u (${maskSecret(secret)}): remove them, change the password, and ${ROTATE}.`);
  }
}

/** A password (or user-as-key) given to curl or in a URL that is not a placeholder. */
function isLoginSecret(secret: string, context: string): boolean {
  if (secret.length < 4 || isTemplate(secret) || secret.includes('[') || secret.includes('{')) return false;
  const lower = secret.toLowerCase();
  // "CHANGE_ME", "change-me": the placeholder words with their separators dropped
  const bare = lower.replace(/[-_.]/g, '');
  if (PASSWORD_PLACEHOLDERS.has(bare) || isLeetPlaceholder(lower) || lower.includes('password') || lower.includes('passwd') || lower.includes('your') || lower.includes('replace') || bare.includes('changeme') || lower.includes('placeholder') || lower.includes('redacted')) return false;
  if (lower.includes('xxx') || lower.includes('***') || isPeriodic(secret)) return false;
  const k = classesOf(secret);
  const weak = classCount(k) === 1 && secret.length <= 8;
  if (weak && (LOOPBACK_IN_LINE.test(context) || context.includes('0.0.0.0'))) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// URLs: credentials in userinfo, connection strings, webhook URLs

const SLACK_HOOK = /\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]+/y;
const DISCORD_HOOK = /\/api\/webhooks\/\d{17,20}\/[A-Za-z0-9_-]+/y;
const TEAMS_HOOK = /\/webhookb?2?\/[A-Za-z0-9@/-]+/y;
/** Characters of a Power Automate "sig=" value (read by a loop: recheck calls `sig=[...]{30,}` polynomial). */
const FLOW_SIG = new Uint8Array(128);
FLOW_SIG.set(ALNUM);
for (const ch of '%_-') FLOW_SIG[ch.charCodeAt(0)] = 1;

function handleUrl(s: Scan, colon: number): void {
  const text = s.text;
  let a = colon;
  while (a > 0 && colon - a < 24 && text.charCodeAt(a - 1) < 128 && SCHEME[text.charCodeAt(a - 1)] === 1) a--;
  if (a === colon) return;
  if (++s.work > MAX_WORK) return;
  const scheme = text.slice(a, colon).toLowerCase();
  const hostStart = colon + 3;
  // Authority: up to the first "/", "?", "#", white space or quote; the last "@" ends userinfo.
  let e = hostStart;
  const n = text.length;
  while (e < n && e - hostStart < 300) {
    const c = text.charCodeAt(e);
    if (isSpace(c) || c === 47 || c === 63 || c === 35 || c === 34 || c === 39 || c === 96 || c === 60 || c === 62 || c === 92 || c === 41) break;
    e++;
  }
  const authority = text.slice(hostStart, e);
  const atSign = authority.lastIndexOf('@');
  const host = authority.slice(atSign + 1).toLowerCase();
  if (atSign <= 0) {
    if (scheme === 'https' || scheme === 'http') webhook(s, host, hostStart, e);
    return;
  }
  const userinfo = authority.slice(0, atSign);
  const split = userinfo.indexOf(':');
  if (split < 0) return;
  const pass = userinfo.slice(split + 1);
  const passAt = hostStart + split + 1;
  if (pass.length === 0 || claimed(s, passAt, passAt + pass.length)) return;
  // "postgres:postgres", "guest:guest": a product's default pair, not a secret.
  if (pass.toLowerCase() === userinfo.slice(0, split).toLowerCase()) return;
  const local = LOCAL_HOSTS.some((h) => host.startsWith(h));
  if (!isLoginSecret(pass, local ? 'localhost' : host)) return;
  claim(s, passAt, passAt + pass.length);
  const shown = `${scheme}://${userinfo.slice(0, split)}:${maskSecret(pass)}@${host}`;
  // "postgresql+asyncpg" is still PostgreSQL.
  if (DATABASE_SCHEMES.has(scheme) || DATABASE_SCHEMES.has(scheme.split('+')[0] ?? scheme)) {
    report(s, 'SEC156', passAt, `Connection string with a password (${shown}): remove it, change the password, and read the URL from the environment.`);
  } else if (host.endsWith('contribsys.com')) {
    report(s, 'SEC159', passAt, `Sidekiq Pro/Enterprise license credentials in a gem source URL (${shown}): remove them and set BUNDLE_ENTERPRISE__CONTRIBSYS__COM in the environment instead.`);
  } else {
    report(s, 'SEC157', passAt, `Password in a URL (${shown}): remove it, change the password, and ${ROTATE}.`);
  }
}

/** Webhook URLs whose path is the secret: Slack, Discord, Teams, Power Automate. */
function webhook(s: Scan, host: string, hostStart: number, pathStart: number): void {
  const text = s.text;
  const url = (end: number): string => text.slice(hostStart, end);
  if (host === 'hooks.slack.com') {
    SLACK_HOOK.lastIndex = pathStart;
    const m = SLACK_HOOK.exec(text);
    if (!m) return;
    const segs = m[0].split('/').filter((x) => x.length > 0);
    const secret = segs[segs.length - 1] ?? '';
    claim(s, hostStart, pathStart + m[0].length);
    if (segs.length >= 4 && secret.length >= 16 && !isPlaceholderBody(secret) && !isPlaceholderBody(segs[1] ?? '')) {
      report(s, 'SEC062', hostStart, providerMessage('Slack webhook URL', url(pathStart + m[0].length), 'regenerate the webhook in Slack and keep the URL in an environment variable'));
    }
  } else if (host === 'discord.com' || host === 'discordapp.com' || host.endsWith('.discord.com')) {
    DISCORD_HOOK.lastIndex = pathStart;
    const m = DISCORD_HOOK.exec(text);
    if (!m) return;
    const secret = m[0].slice(m[0].lastIndexOf('/') + 1);
    claim(s, hostStart, pathStart + m[0].length);
    if (secret.length >= 60 && secret.length <= 80 && !isPlaceholderBody(secret)) {
      report(s, 'SEC138', hostStart, providerMessage('Discord webhook URL', url(pathStart + m[0].length), 'delete the webhook in Discord and keep the URL in an environment variable'));
    }
  } else if (host.endsWith('.webhook.office.com') || host.startsWith('outlook.office')) {
    TEAMS_HOOK.lastIndex = pathStart;
    const m = TEAMS_HOOK.exec(text);
    if (!m || m[0].length < 60) return;
    claim(s, hostStart, pathStart + m[0].length);
    const tail = m[0].slice(m[0].lastIndexOf('/IncomingWebhook/') + 1);
    if (!isPlaceholderBody(tail) && /[0-9a-f]{32}/.test(m[0])) {
      report(s, 'SEC141', hostStart, providerMessage('Microsoft Teams webhook URL', url(pathStart + m[0].length), 'remove the connector in Teams and keep the URL in an environment variable'));
    }
  } else if (host.endsWith('.logic.azure.com') || host.endsWith('.logic.azure.com:443') || host.endsWith('.powerplatform.com') || host.endsWith('.powerplatform.com:443')) {
    const rel = text.slice(pathStart, pathStart + 600).indexOf('sig=');
    if (rel === -1) return;
    const sig = pathStart + rel;
    let end = sig + 4;
    while (end < text.length && text.charCodeAt(end) < 128 && FLOW_SIG[text.charCodeAt(end)] === 1) end++;
    if (end - sig - 4 < 30) return;
    claim(s, hostStart, end);
    const value = text.slice(sig + 4, end);
    if (!isPlaceholderBody(value) && looksRandom(value)) {
      report(s, 'SEC141', hostStart, providerMessage('Power Automate / Teams workflow webhook URL', url(end), 'regenerate the trigger URL and keep it in an environment variable'));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Anchors

function scanColons(s: Scan): void {
  const text = s.text;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    if (s.work > MAX_WORK) return;
    const next = text.charCodeAt(i + 1);
    if (next === 47 && text.charCodeAt(i + 2) === 47) {
      handleUrl(s, i);
      continue;
    }
    if (next === 58 || text.charCodeAt(i - 1) === 58) continue;
    handleAssignment(s, i, next === 61 ? 2 : 1);
  }
}

function scanEquals(s: Scan): void {
  const text = s.text;
  for (let i = text.indexOf('='); i !== -1; i = text.indexOf('=', i + 1)) {
    if (s.work > MAX_WORK) return;
    const prev = text.charCodeAt(i - 1);
    const next = text.charCodeAt(i + 1);
    if (next === 61 || prev === 61 || prev === 33 || prev === 60 || prev === 62 || prev === 58) continue;
    handleAssignment(s, i, next === 62 ? 2 : 1);
  }
}

/**
 * Scan one text for secrets; emits at most one finding per code. A view of the text (as the
 * engine makes them) tells, from its keyword pass, whether the curl options can occur.
 */
export function scanSecrets(text: string, file: string, emit: Emit, view?: TextView): void {
  const s: Scan = { text, file, emit, emitted: null, claims: [], work: 0 };
  scanRuns(s);
  scanPrivateKeys(s);
  s.work = 0;
  if (view === undefined || triggerBitsOf(view, CURL_USER_TRIGGERS) !== 0) scanCurlUser(s);
  scanColons(s);
  scanEquals(s);
}

export const secrets: RuleFamily = {
  name: 'secrets',
  rules: SECRET_RULES,
  check(ctx: ScanContext, emit: Emit): void {
    for (const t of ctx.texts) scanSecrets(t.raw, t.name, emit, t.view);
  },
};
