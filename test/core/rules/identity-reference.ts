// The identity name as the consistency family read it before its line walk kept the next place of
// each cue (and before cleanValue and keyValue skipped the no-op replaces): the reference the
// fast path must agree with.
import { nameKey } from '../../../scripts/core/scan/rules/consistency.ts';

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

function cleanValue(v: string): string {
  let s = trimChars(v.replace(/[*_`]+/g, '').trim(), QUOTE_CHARS).trim();
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
  const line = plain.replace(/^[-+>\s]+/, '');
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

/** The name IDENTITY.md declares: a `Name:` line (or table row), else a non-generic first heading. */
/** declaredIdentityName as it was. */
export function referenceDeclaredIdentityName(raw: string): string | undefined {
  let inFence = false;
  let firstHeading: string | undefined;
  // the first 300 lines (as raw.split('\n', 300)), cut one by one: the name is usually near the top
  let start = 0;
  for (let count = 0; count < 300 && start !== -1; count++) {
    const nl = raw.indexOf('\n', start);
    const line = nl === -1 ? raw.slice(start) : raw.slice(start, nl);
    start = nl === -1 ? -1 : nl + 1;
    // a fence line holds ``` or ~~~ (looked for before trimming a copy)
    if (line.indexOf('```') !== -1 || line.indexOf('~~~') !== -1) {
      const t = line.trimStart();
      if (t.startsWith('```') || t.startsWith('~~~')) {
        inFence = !inFence;
        continue;
      }
    }
    if (inFence) continue;
    // keyValue needs a colon or a table bar, and every NAME_KEYS key holds "name" or "nom" (read
    // through emphasis marks): most lines have neither
    if ((line.indexOf(':') !== -1 || line.indexOf('|') !== -1 || line.indexOf('：') !== -1) && NAME_CUE.test(line)) {
      const plain = line.replace(/[*_`]+/g, '').trim();
      const kv = keyValue(plain);
      if (kv && NAME_KEYS.has(kv[0].toLowerCase())) {
        const v = cleanValue(kv[1]);
        if (v) return v;
      }
    }
    if (firstHeading === undefined) firstHeading = headingText(line) ?? undefined;
  }
  if (firstHeading === undefined) return undefined;
  const t = stripIdentityWord(firstHeading.replace(/[*_`#]+/g, '').trim());
  if (GENERIC_HEADINGS.has(nameKey(t))) return undefined;
  const v = cleanValue(t);
  return v || undefined;
}
