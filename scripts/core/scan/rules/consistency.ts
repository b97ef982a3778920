// Rule family: consistency (CONSIST001..CONSIST010). Does the package agree with itself: the name
// IDENTITY.md declares and the one SOUL.md introduces match soul.json's name or displayName, and
// every file soul.json lists (other than files.soul, which the schema family checks) is present.
// CONSIST010 is the one info line that says the check ran. The manifest may be missing or
// ill-typed: nothing here throws.
import type { Emit, RuleFamily, RuleInfo, ScanContext, TextFile } from '../types.ts';

const CATEGORY = 'consistency';

const RULES: readonly RuleInfo[] = [
  { id: 'CONSIST001', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'IDENTITY.md declares a name that differs from soul.json name and displayName' },
  { id: 'CONSIST002', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'SOUL.md introduces the persona under a name that differs from soul.json displayName' },
  { id: 'CONSIST003', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'A file listed in soul.json files is missing from the package' },
  { id: 'CONSIST010', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Persona consistency check completed' },
];

const ASCII = /^[\x00-\x7f]*$/;

/** Letters and digits only, lower case: "Test-Soul" and "test soul" compare equal. */
export function nameKey(s: string): string {
  // In ASCII the letters and digits are a-z, A-Z and 0-9: a plain class does the same, faster.
  if (ASCII.test(s)) return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Whether a declared name agrees with the manifest's name or displayName (equal, or one contains the other). */
export function namesAgree(declared: string, manifestNames: readonly string[]): boolean {
  return keysAgree(declared, manifestNames.map(nameKey));
}

/** namesAgree, given the nameKey of each manifest name (worked out once for both files). */
function keysAgree(declared: string, keys: readonly string[]): boolean {
  const d = nameKey(declared);
  if (d.length === 0) return true;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.length === 0) continue;
    if (k === d) return true;
    if (Math.min(k.length, d.length) >= 3 && (k.includes(d) || d.includes(k))) return true;
  }
  return false;
}

function str(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t !== '' ? t : undefined;
}

function filesMap(ctx: ScanContext): Record<string, unknown> | null {
  const files = ctx.manifest?.['files'];
  return files !== null && typeof files === 'object' && !Array.isArray(files) ? (files as Record<string, unknown>) : null;
}

function textNamed(ctx: ScanContext, name: string): TextFile | undefined {
  for (const t of ctx.texts) if (t.name === name) return t;
  return undefined;
}

function fileFor(ctx: ScanContext, role: string, fallback: string): TextFile | undefined {
  const declared = str(filesMap(ctx)?.[role]);
  if (declared) {
    const t = textNamed(ctx, declared.startsWith('./') ? declared.slice(2) : declared);
    if (t) return t;
  }
  return textNamed(ctx, fallback);
}

// ---- IDENTITY.md ------------------------------------------------------------------------------------

const NAME_CUE = /n[*_`]*a[*_`]*m[*_`]*e|n[*_`]*o[*_`]*m/i;
const NAME_KEYS = new Set(['name', 'display name', 'displayname', 'full name', 'agent name', 'persona name', 'soul name', 'character name', 'assistant name', 'bot name', 'nombre', 'nom']);
const GENERIC_HEADINGS = new Set(['identity', 'identitymd', 'about', 'aboutme', 'whoiam', 'whoami', 'profile', 'persona', 'overview', 'agentidentity', 'identitycard', 'soul', 'soulidentity', 'character', 'charactersheet', 'personaidentity', 'basics', 'introduction']);

const QUOTE_CHARS = new Set(['"', "'", '“', '”', '‘', '’']);

/** `s` without the characters of `set` at its start and end. */
function trimChars(s: string, set: ReadonlySet<string>, start = true): string {
  let a = 0;
  let b = s.length;
  if (start) while (a < b && set.has(s[a]!)) a++;
  while (b > a && set.has(s[b - 1]!)) b--;
  return s.slice(a, b);
}

const END_PUNCT = new Set(['.', ':', ';', '!', ',', "'", '’']);

/** What ends a name in a value: a dash, a parenthesis, a comma, a semicolon or a bar after it. */
const VALUE_ENDS: readonly string[] = [' — ', ' – ', ' - ', ' (', ', ', '; ', ' |'];

/** A name value cut to the name; `v` holds no emphasis mark (both callers removed them). */
function cleanValue(v: string): string {
  let s = trimChars(v.trim(), QUOTE_CHARS).trim();
  // "Aria (she/her)", "Aria — the tutor", "Aria, a tutor"
  let cut = s.length;
  for (let k = 0; k < VALUE_ENDS.length; k++) {
    const i = s.indexOf(VALUE_ENDS[k]!);
    if (i > 0 && i < cut) cut = i;
  }
  s = s.slice(0, cut);
  return trimChars(s, END_PUNCT, false).trim();
}

/** "key: value" or "| key | value |" on one line, emphasis already removed; null otherwise. */
function keyValue(plain: string): [string, string] | null {
  if (plain.startsWith('|')) {
    const cells = plain.split('|').map((c) => c.trim());
    return cells.length >= 3 ? [cells[1]!, cells[2]!] : null;
  }
  // `plain` is trimmed, so it starts with white space only when empty: a list or quote mark is
  // the one prefix to drop
  const first = plain.charCodeAt(0);
  const line = first === 45 || first === 43 || first === 62 ? plain.replace(/^[-+>\s]+/, '') : plain;
  let colon = line.indexOf(':');
  const wide = line.indexOf('：');
  if (wide !== -1 && (colon === -1 || wide < colon)) colon = wide;
  if (colon <= 0 || colon > 30) return null;
  return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
}

/** The text of an ATX heading line ("## Aria" -> "Aria"), or null. */
function headingText(line: string): string | null {
  let k = 0;
  while (k < 3 && line[k] === ' ') k++;
  let hashes = 0;
  while (line[k + hashes] === '#') hashes++;
  if (hashes === 0 || hashes > 6 || (line[k + hashes] !== ' ' && line[k + hashes] !== '\t')) return null;
  const text = line.slice(k + hashes).trim();
  return text === '' ? null : text.slice(0, 120);
}

const IDENTITY_WORDS = ['identity.md', 'identity', 'profile', 'persona', 'about'];

/** "Identity: Aria" / "Aria — Identity" / "Aria's Identity" -> "Aria". */
function stripIdentityWord(t: string): string {
  let s = t.trim();
  const lower = s.toLowerCase();
  for (const w of IDENTITY_WORDS) {
    if (lower.startsWith(w)) {
      const rest = s.slice(w.length);
      const m = /^\s?[:—–-]\s?/.exec(rest);
      if (m) return rest.slice(m[0].length).trim();
    }
  }
  for (const w of IDENTITY_WORDS) {
    if (lower.endsWith(w)) {
      let head = s.slice(0, s.length - w.length).trimEnd();
      if (head.endsWith("'s")) head = head.slice(0, -2);
      else if (/[:—–-]$/.test(head)) head = head.slice(0, -1).trimEnd();
      else if (head === s.slice(0, s.length - w.length)) continue;
      s = head.trim();
      break;
    }
  }
  return s;
}

/** Where `needle` next occurs in `raw` at or after `from`; raw.length when it does not. */
function nextAt(raw: string, needle: string, from: number): number {
  const i = raw.indexOf(needle, from);
  return i === -1 ? raw.length : i;
}

/** Whether raw[from, end) starts like a heading: up to three spaces, then '#' (headingText needs it). */
function startsHeading(raw: string, from: number, end: number): boolean {
  let k = from;
  while (k - from < 3 && k < end && raw.charCodeAt(k) === 32) k++;
  return k < end && raw.charCodeAt(k) === 35;
}

/** The name IDENTITY.md declares: a `Name:` line (or table row), else a non-generic first heading. */
export function declaredIdentityName(raw: string): string | undefined {
  let inFence = false;
  let firstHeading: string | undefined;
  // The next place of each cue in the whole text (raw.length: none), searched again only once a
  // line starts past it. No cue holds a line feed, so a line holds one exactly when the cue's next
  // place from the line's start is before its end: a line is cut out only when it may matter.
  let ticks = -1;
  let tildes = -1;
  let colon = -1;
  let bar = -1;
  let wide = -1;
  // the first 300 lines (as raw.split('\n', 300)), one by one: the name is usually near the top
  let start = 0;
  for (let count = 0; count < 300 && start !== -1; count++) {
    const from = start;
    const nl = raw.indexOf('\n', from);
    const end = nl === -1 ? raw.length : nl;
    start = nl === -1 ? -1 : nl + 1;
    let line: string | undefined;
    // a fence line holds ``` or ~~~ (looked for before trimming a copy)
    if (ticks < from) ticks = nextAt(raw, '```', from);
    if (tildes < from) tildes = nextAt(raw, '~~~', from);
    if (ticks < end || tildes < end) {
      line = raw.slice(from, end);
      const t = line.trimStart();
      if (t.startsWith('```') || t.startsWith('~~~')) {
        inFence = !inFence;
        continue;
      }
    }
    if (inFence) continue;
    // keyValue needs a colon or a table bar, and every NAME_KEYS key holds "name" or "nom" (read
    // through emphasis marks): most lines have neither
    if (colon < from) colon = nextAt(raw, ':', from);
    if (bar < from) bar = nextAt(raw, '|', from);
    if (wide < from) wide = nextAt(raw, '：', from);
    if (colon < end || bar < end || wide < end) {
      line ??= raw.slice(from, end);
      if (NAME_CUE.test(line)) {
        const plain = line.replace(/[*_`]+/g, '').trim();
        const kv = keyValue(plain);
        if (kv && NAME_KEYS.has(kv[0].toLowerCase())) {
          const v = cleanValue(kv[1]);
          if (v) return v;
        }
      }
    }
    if (firstHeading === undefined && startsHeading(raw, from, end)) firstHeading = headingText(line ?? raw.slice(from, end)) ?? undefined;
  }
  if (firstHeading === undefined) return undefined;
  const t = stripIdentityWord(firstHeading.replace(/[*_`#]+/g, '').trim());
  if (GENERIC_HEADINGS.has(nameKey(t))) return undefined;
  const v = cleanValue(t);
  return v || undefined;
}

// ---- SOUL.md ------------------------------------------------------------------------------------------

// Tried at one position (sticky). Every match starts with "You", "My name is" or a first-person
// "I" (one of "I am", "I'm", "I’m", "I go by": each alternative begins with one of them, and the
// leading \b is zero-width), so trying it at each of their places, left to right, finds what a
// global search finds: the leftmost match from where the last one ended. The native searches skip
// the text between the few places.
const INTRO = /\b(?:You are|You're|You’re|I am|I'm|I’m|Your name is|My name is|You are called|I'm called|You go by|I go by)\s+((?:[A-Z][\w'’.-]{0,30})(?:[ \t]{1,6}[A-Z][\w'’.-]{0,30}){0,3})/y;
const NOT_NAMES = new Set([
  'a', 'an', 'the', 'not', 'now', 'here', 'your', 'my', 'always', 'never', 'also', 'very', 'currently', 'going', 'able', 'sorry', 'happy', 'glad', 'ready', 'just', 'only',
  'still', 'so', 'no', 'yes', 'it', 'this', 'that', 'in', 'on', 'at', 'of', 'for', 'to', 'one', 'someone', 'somebody', 'everyone', 'ai', 'human', 'here', 'there', 'expected',
  'responsible', 'allowed', 'designed', 'built', 'trained', 'tasked', 'acting', 'working', 'speaking', 'talking', 'helping', 'english', 'american', 'british', 'french', 'german',
  'spanish', 'italian', 'chinese', 'japanese', 'korean', 'indian', 'canadian', 'australian', 'european', 'russian', 'portuguese', 'dutch', 'swedish', 'polish', 'turkish',
  'arabic', 'hindi', 'unable', 'available', 'capable', 'aware', 'fluent', 'bilingual', 'multilingual', 'friendly', 'helpful', 'kind', 'honest', 'patient', 'direct', 'curious',
  'we', 'they', 'he', 'she', 'i', 'you', 'if', 'when', 'as', 'like', 'both', 'either', 'neither', 'all', 'every', 'each', 'today', 'tomorrow', 'thinking', 'sure', 'certain',
]);

/**
 * The next place at or after `from` where "I am", "I'm", "I’m" or "I go by" starts, or -1. One
 * search for the capital I and a look at what follows each costs about half as much as a search
 * per start: most texts hold none of them, so every search reads the whole text.
 */
function nextFirstPerson(head: string, from: number): number {
  for (let p = head.indexOf('I', from); p !== -1; p = head.indexOf('I', p + 1)) {
    const c = head.charCodeAt(p + 1);
    if (c === 32 ? head.startsWith('am', p + 2) || head.startsWith('go by', p + 2) : (c === 39 || c === 0x2019) && head.charCodeAt(p + 2) === 109) return p;
  }
  return -1;
}

/** The next place at or after `from` where an INTRO match may start: "You" (kind 0), a first-person "I" (1) or "My name is" (2); -1 for none. */
function nextStart(head: string, kind: number, from: number): number {
  return kind === 0 ? head.indexOf('You', from) : kind === 1 ? nextFirstPerson(head, from) : head.indexOf('My name is', from);
}

/**
 * The next match of INTRO in `head` at or after `from`, as a global search from there finds it.
 * `next` holds, per kind of nextStart, its next place (-1: none), updated as it goes.
 */
function nextIntro(head: string, next: number[], from: number): RegExpExecArray | null {
  for (let at = from; ; ) {
    let k = -1;
    for (let j = 0; j < next.length; j++) {
      if (next[j]! !== -1 && next[j]! < at) next[j] = nextStart(head, j, at);
      if (next[j]! !== -1 && (k === -1 || next[j]! < next[k]!)) k = j;
    }
    if (k === -1) return null;
    INTRO.lastIndex = next[k]!;
    const m = INTRO.exec(head);
    if (m !== null) return m;
    at = next[k]! + 1;
  }
}

/** The name SOUL.md introduces the persona by ("You are Aria, ...", "I am Aria"), from its first part. */
export function introducedName(raw: string): string | undefined {
  const head = raw.length > 4000 ? raw.slice(0, 4000) : raw;
  const next = [nextStart(head, 0, 0), nextStart(head, 1, 0), nextStart(head, 2, 0)];
  for (let m = nextIntro(head, next, 0); m !== null; m = nextIntro(head, next, m.index + m[0].length)) {
    const words = m[1]!.split(/[ \t]{1,6}/);
    const first = trimChars(words[0]!, END_PUNCT, false);
    // "English-speaking", "Well-read": a capitalised adjective, not a name
    if (NOT_NAMES.has(first.toLowerCase()) || NOT_NAMES.has(first.toLowerCase().split('-')[0]!) || /-[a-z]/.test(first)) continue;
    // stop at the first word that reads as an ordinary word ("You are Aria And ...")
    const kept: string[] = [];
    for (const w of words) {
      if (kept.length > 0 && NOT_NAMES.has(w.toLowerCase())) break;
      kept.push(w);
    }
    const name = trimChars(kept.join(' '), END_PUNCT, false);
    if (name.length > 0) return name;
  }
  return undefined;
}

function describeManifestNames(name: string | undefined, displayName: string | undefined): string {
  if (displayName && name) return `displayName "${displayName}" (name "${name}")`;
  if (displayName) return `displayName "${displayName}"`;
  return `name "${name ?? ''}"`;
}

/** Rule family: consistency (CONSIST001..CONSIST010). */
export const consistency: RuleFamily = {
  name: 'consistency',
  rules: RULES,
  check(ctx, emit: Emit) {
    let issues = 0;
    const counted: Emit = (e) => {
      issues++;
      emit(e);
    };
    const m = ctx.manifest;
    const name = str(m?.['name']);
    const displayName = str(m?.['displayName']);
    if (name !== undefined || displayName !== undefined) {
      // A name equal to the manifest's name or displayName agrees (it has that name's key). The
      // manifest's name keys are worked out only for another name, at the first one.
      let keys: string[] | undefined;
      const agrees = (n: string): boolean =>
        n === name || n === displayName || keysAgree(n, (keys ??= name === undefined ? [nameKey(displayName!)] : displayName === undefined ? [nameKey(name)] : [nameKey(name), nameKey(displayName)]));
      const identity = fileFor(ctx, 'identity', 'IDENTITY.md');
      const declared = identity ? declaredIdentityName(identity.raw) : undefined;
      if (identity && declared && !agrees(declared)) {
        counted({ code: 'CONSIST001', file: identity.name, message: `${identity.name} names the persona "${declared.slice(0, 60)}", but soul.json has ${describeManifestNames(name, displayName)}; make them match.` });
      }
      const soul = fileFor(ctx, 'soul', 'SOUL.md');
      const intro = soul ? introducedName(soul.raw) : undefined;
      if (soul && intro && !agrees(intro)) {
        const at = soul.raw.indexOf(intro);
        counted({ code: 'CONSIST002', file: soul.name, ...(at >= 0 ? { offset: at } : {}), message: `${soul.name} introduces the persona as "${intro.slice(0, 60)}", but soul.json has ${describeManifestNames(name, displayName)}; use one name.` });
      }
    }
    const files = filesMap(ctx);
    if (files) {
      // the package's names by lower case, built at the first missing entry
      let lower: Map<string, string> | null = null;
      for (const role in files) {
        if (role === 'soul' || !Object.prototype.hasOwnProperty.call(files, role)) continue;
        const value = files[role];
        // a string is a list of one (no array made for it)
        const count = Array.isArray(value) ? value.length : 1;
        for (let i = 0; i < count; i++) {
          const entry: unknown = Array.isArray(value) ? value[i] : value;
          if (typeof entry !== 'string') continue;
          let path = entry.trim();
          if (path.startsWith('./')) path = path.slice(2);
          if (path === '' || Object.prototype.hasOwnProperty.call(ctx.files, path)) continue;
          lower ??= new Map(Object.keys(ctx.files).map((p) => [p.toLowerCase(), p]));
          const near = lower.get(path.toLowerCase());
          counted({
            code: 'CONSIST003',
            file: 'soul.json',
            message: near
              ? `soul.json lists files.${role} as "${path.slice(0, 80)}", but the package has "${near.slice(0, 80)}"; file names are case-sensitive, make them match.`
              : `soul.json lists files.${role} as "${path.slice(0, 80)}", but the package has no such file; add it or remove the entry.`,
          });
        }
      }
    }
    emit({ code: 'CONSIST010', message: issues === 0 ? 'Persona consistency check completed: names and listed files agree with soul.json.' : `Persona consistency check completed: ${issues} issue${issues === 1 ? '' : 's'} found.` });
  },
};
