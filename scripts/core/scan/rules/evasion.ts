// Rule family: evasion. Text made to read differently to a person, a filter and a model:
// invisible characters, direction overrides, tag characters, look-alike letters, instructions
// hidden in markup or encoded, letters spaced out, and floods of combining marks.
//
// Phrase rules of the other families already see through these (they match the normalised
// text and rescan hidden and decoded segments, emitting SEC114 / SEC115 / SEC116 when they fire
// there); this family reports the evasion itself, even when nothing else fires.
import type { Emit, RuleFamily, RuleInfo, ScanContext, Severity, TextFile } from '../types.ts';
import type { Invisible, Segment, TextView } from '../text.ts';
import { DECODED_KINDS, TextView as View } from '../text.ts';
import { isEmojiPart, isJoiningScript, isRtlLetter, charInfo, CK_MASK, CK_LETTER, CK_NUMBER, CK_MARK, CF_LATIN } from '../unicode.ts';
import { isEmojiTagSequence } from '../segments.ts';

const RULES: readonly RuleInfo[] = [
  {
    id: 'SEC110',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Zero-width characters inside words or in long runs (hide words from readers and filters); a warning between words',
  },
  {
    id: 'SEC111',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Bidirectional control characters that make text display in a different order than it reads (Trojan Source)',
  },
  {
    id: 'SEC112',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Invisible Unicode tag characters carrying hidden text (ASCII smuggling)',
  },
  {
    id: 'SEC113',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Words mixing Latin with look-alike letters of another script (homoglyph spoofing); a warning unless the word is a sensitive one',
  },
  {
    id: 'SEC114',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Instructions hidden from readers: in an HTML comment, link title, alt text, attribute or hidden element',
  },
  {
    id: 'SEC115',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Encoded payload (base64, hex, rot13, percent or \\u escapes, leetspeak) that decodes to instructions',
  },
  {
    id: 'SEC116',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Letters split or spaced out to slip instructions past filters',
  },
  {
    id: 'SEC117',
    stage: 'security',
    severity: 'error',
    category: 'evasion',
    description: 'Variation selectors or other invisible format characters hiding data or splitting words',
  },
  {
    id: 'SEC118',
    stage: 'security',
    severity: 'warning',
    category: 'evasion',
    description: 'Text hidden from the rendered page by HTML or CSS (hidden attribute, display:none, zero size, template)',
  },
  {
    id: 'SEC119',
    stage: 'security',
    severity: 'warning',
    category: 'evasion',
    description: 'Floods of combining marks ("Zalgo" text) that obscure the letters under them',
  },
];

/** Words whose spoofed spelling makes a look-alike an attack rather than a typo. */
const SENSITIVE = [
  'ignore', 'disregard', 'forget', 'override', 'bypass', 'instruction', 'previous', 'system', 'prompt', 'jailbreak',
  'password', 'passwd', 'secret', 'token', 'apikey', 'credential', 'admin', 'root', 'sudo', 'exec', 'eval', 'execute',
  'delete', 'remove', 'rules', 'reveal', 'login', 'verify', 'account', 'wallet', 'bank', 'paypal', 'openai', 'anthropic',
  'google', 'microsoft', 'apple', 'github', 'developer', 'unrestricted', 'unfiltered', 'uncensored',
];

// Cues that hidden or decoded text speaks to the model rather than the reader.
const STRONG_CUES: readonly RegExp[] = [
  /\b(?:if|when|whenever) (?:you are|you're|you re) (?:an? |the )?(?:ai|a\.i\.|llm|language model|large language model|assistant|chatbot|bot|agent|gpt|chatgpt|claude|gemini|copilot|model)\b/,
  /\bwhen (?:you|the (?:ai|assistant|agent|model|llm|bot)) (?:read|reads|see|sees|process|processes|parse|parses|encounter|encounters|find|finds) (?:this|these)\b/,
  /\b(?:note|message|instructions?|reminder|directive|attention|important|hidden instructions?) (?:to|for) (?:the |any |all |every )?(?:ai|llm|assistant|agent|model|bot|chatbot|gpt|claude|language model|ai assistant)s?\b/,
  /(?:^|[^a-z])(?:ai|llm|assistant|agent|model|claude|gpt|chatgpt|bot)s?, (?:you )?(?:must|should|shall|will|need to|have to|are to|always|never|do not|don't|ignore|please)\b/,
  /(?:^|[.!?] )(?:system|assistant|ai|developer|admin|operator) ?: [^.!?]{0,60}\b(?:you|your|must|always|never|ignore|disregard|forget|do not|don't)\b/,
  /\b(?:do not|don't|never) (?:tell|inform|mention|reveal|show|disclose|let on|alert|notify) (?:this |it |any of this |them )?(?:to )?(?:the )?(?:user|human|reader|operator|reviewer|owner|person|people)s?\b/,
  /\b(?:ignore|disregard|forget|override|bypass) (?:all |any |the |your |previous |prior |earlier |above |these |those |other |every )/,
  /\b(?:you are now|from now on,? you|new instructions|updated instructions|system prompt|developer mode|jailbreak)\b/,
  /\b(?:secretly|covertly|without (?:the user|the human|them|anyone|the reader) (?:knowing|noticing|seeing|being told))\b/,
];
const WEAK_CUES: readonly RegExp[] = [
  /\byou (?:must|should|shall|will always|will never|need to|have to|are required to|are instructed to)\b/,
  /^(?:always|never|do not|don't|must|please) [a-z]/,
  /\b(?:respond|reply|answer|act|behave) (?:only )?(?:as|with|in|like)\b/,
];

/** Strong cue → error, weak cue → warning, none → null; with the matched text. */
function cueIn(norm: string): { severity: Severity; text: string; at: number } | null {
  for (const re of STRONG_CUES) {
    const m = re.exec(norm);
    if (m) return { severity: 'error', text: m[0].trim(), at: m.index };
  }
  for (const re of WEAK_CUES) {
    const m = re.exec(norm);
    if (m) return { severity: 'warning', text: m[0].trim(), at: m.index };
  }
  return null;
}

export const evasion: RuleFamily = {
  name: 'evasion',
  rules: RULES,
  check(ctx: ScanContext, emit: Emit): void {
    for (const file of ctx.texts) {
      checkInvisibles(file, file.view, emit);
      // \u200b and the like written as JSON escapes (soul.json) are invisible once parsed
      for (const seg of file.view.decoded) {
        if (seg.kind === 'escaped') checkInvisibles(file, seg.view, (e) => emit({ ...e, offset: seg.offset }));
      }
      checkLookalikes(file, emit);
      checkHidden(file, emit);
      checkDecoded(file, emit);
      const floods = file.view.markFloods;
      if (floods.length > 0) {
        emit({
          code: 'SEC119',
          file: file.name,
          offset: floods[0]!,
          message: `${plural(floods.length, 'letter')} buried under floods of combining marks ("Zalgo" text); remove the marks so readers and filters see the same letters`,
        });
      }
    }
  },
};

// ---------------------------------------------------------------------------------------------
// Invisible characters

interface Tally {
  count: number;
  severity: Severity | null;
  offset: number;
  example: string;
}

function tally(): Tally {
  return { count: 0, severity: null, offset: 0, example: '' };
}

function note(t: Tally, severity: Severity, raw: string, inv: Invisible): void {
  t.count++;
  if (t.severity === null || (severity === 'error' && t.severity !== 'error')) {
    t.severity = severity;
    t.offset = inv.offset;
    t.example = show(raw, inv);
  }
}

function checkInvisibles(file: TextFile, view: TextView, emit: Emit): void {
  const invisibles = view.invisibles;
  if (invisibles.length === 0) return;
  const raw = view.raw;
  const zw = tally();
  const bidi = tally();
  const tags = tally();
  const selectors = tally();
  const other = tally();
  let lines: LineInfo | null = null; // only bidi controls need line facts (emoji bring selectors and joiners)
  let tagPayload = '';
  for (const inv of invisibles) {
    const before = cpBefore(raw, inv.offset);
    const after = cpAt(raw, inv.end);
    switch (inv.kind) {
      case 'zero-width': {
        const sev = zeroWidthSeverity(raw, inv, before, after);
        if (sev) note(zw, sev, raw, inv);
        break;
      }
      case 'bidi': {
        const sev = bidiSeverity(raw, inv, before, after, (lines ??= new LineInfo(raw)));
        if (sev) note(bidi, sev, raw, inv);
        break;
      }
      case 'tag': {
        if (isEmojiTagSequence(raw, inv)) break;
        note(tags, 'error', raw, inv);
        if (tagPayload.length < 80) tagPayload += decodeTags(raw, inv);
        break;
      }
      case 'variation-selector': {
        const sev = inv.count >= 4 ? 'error' : inv.count >= 2 ? 'warning' : strayVariationSelector(before, after) ? 'warning' : null;
        if (sev) note(selectors, sev, raw, inv);
        break;
      }
      case 'other-format': {
        // ASCII control characters between words are data separators pasted in, not a disguise
        const control = raw.charCodeAt(inv.offset) < 0x80;
        const sev = insideWord(before, after) || (inv.count >= 4 && !control) ? 'error' : control ? null : 'warning';
        if (sev) note(other, sev, raw, inv);
        break;
      }
    }
  }
  if (zw.severity) {
    emit({
      code: 'SEC110',
      file: file.name,
      offset: zw.offset,
      severity: zw.severity,
      message:
        zw.severity === 'error'
          ? `Zero-width characters split words or hide data (${plural(zw.count, 'place')}, e.g. "${zw.example}"); delete them: they make text read differently to people and filters`
          : `Zero-width characters between words (${plural(zw.count, 'place')}, e.g. "${zw.example}"); delete them unless the script needs them`,
    });
  }
  if (bidi.severity) {
    emit({
      code: 'SEC111',
      file: file.name,
      offset: bidi.offset,
      severity: bidi.severity,
      message: `Bidirectional control characters reorder how text displays (${plural(bidi.count, 'place')}, e.g. "${bidi.example}"); remove them so the text shows as it reads`,
    });
  }
  if (tags.severity) {
    const payload = tagPayload.length > 60 ? `${tagPayload.slice(0, 57)}...` : tagPayload;
    emit({
      code: 'SEC112',
      file: file.name,
      offset: tags.offset,
      message: `Invisible Unicode tag characters (${plural(tags.count, 'run')})${payload.trim() ? ` spell hidden text: "${payload}"` : ''}; delete them`,
    });
  }
  if (selectors.severity) {
    const vsPayload = view.hidden.find((s) => s.kind === 'variation-selectors');
    emit({
      code: 'SEC117',
      file: file.name,
      offset: selectors.offset,
      severity: selectors.severity,
      message: vsPayload
        ? `Variation selectors encode hidden text: "${clip(vsPayload.text)}"; delete them`
        : `Runs of variation selectors (${plural(selectors.count, 'place')}, e.g. "${selectors.example}") can carry hidden data; keep at most one after an emoji`,
    });
  } else if (other.severity) {
    emit({
      code: 'SEC117',
      file: file.name,
      offset: other.offset,
      severity: other.severity,
      message: `Invisible format or control characters (${plural(other.count, 'place')}, e.g. "${other.example}"); delete them`,
    });
  }
}

const ZWJ = 0x200d;
const ZWNJ = 0x200c;
const ZWSP = 0x200b;

function zeroWidthSeverity(raw: string, inv: Invisible, before: number, after: number): Severity | null {
  if (inv.offset === 0 && inv.count === 1 && raw.charCodeAt(0) === 0xfeff) return null; // byte order mark
  if (inv.count >= 4) return 'error'; // zero-width steganography: bits in runs of ZWSP / ZWNJ / ZWJ
  let onlyJoiners = true;
  let onlySoftHyphens = true;
  for (let k = inv.offset; k < inv.end; k++) {
    const c = raw.charCodeAt(k);
    if (c !== ZWJ && c !== ZWNJ && c !== ZWSP) onlyJoiners = false;
    if (c !== 0xad) onlySoftHyphens = false;
  }
  // 👨‍👩‍👧, ❤️‍🔥, 👩🏽‍💻: joiners between emoji
  if (inv.count === 1 && raw.charCodeAt(inv.offset) === ZWJ && isEmojiPart(before) && isEmojiPart(after)) return null;
  // Persian, Arabic, Indic, Thai, CJK...: joiners and word-break hints are spelling
  if (onlyJoiners && inv.count <= 2 && (isJoiningScript(before) || isJoiningScript(after) || raw.charCodeAt(inv.offset) === 0x180e)) return null;
  // soft hyphens are hyphenation hints ("Donau\u00addampf\u00adschiff"); a word they split still matches the rules
  if (onlySoftHyphens) return null;
  return insideWord(before, after) ? 'error' : 'warning';
}

/** One selector after a letter inside a word (not an emoji, keycap or ideographic variant). */
function strayVariationSelector(before: number, after: number): boolean {
  if (isEmojiPart(before) || after === 0x20e3 || isJoiningScript(before)) return false;
  return insideWord(before, after);
}

const OVERRIDES = new Set([0x202d, 0x202e]);
const OPENERS = new Set([0x202a, 0x202b, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068]);
const CLOSERS = new Set([0x202c, 0x2069]);
const MARKS = new Set([0x200e, 0x200f, 0x061c]);

function bidiSeverity(raw: string, inv: Invisible, before: number, after: number, lines: LineInfo): Severity | null {
  let override = false;
  let controls = false;
  for (let k = inv.offset; k < inv.end; k++) {
    const c = raw.charCodeAt(k);
    if (OVERRIDES.has(c)) override = true;
    if (!MARKS.has(c)) controls = true;
  }
  const line = lines.at(inv.offset);
  if (override) return 'error';
  if (controls) {
    // embeddings and isolates belong in right-to-left text, balanced on their line
    if (line.rtl && line.balanced) return null;
    return line.rtl ? 'warning' : 'error';
  }
  // LRM / RLM / ALM
  if (insideWord(before, after) && !isRtlLetter(before) && !isRtlLetter(after)) return 'error';
  return line.rtl ? null : 'warning';
}

/** Per-line facts for bidi checks, computed once per line. */
class LineInfo {
  readonly raw: string;
  readonly newlines: number[] = [];
  readonly cache = new Map<number, { rtl: boolean; balanced: boolean }>();

  constructor(raw: string) {
    this.raw = raw;
    for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) this.newlines.push(i);
  }

  at(offset: number): { rtl: boolean; balanced: boolean } {
    // the newline before and after the offset, by binary search (many runs may share a long line)
    const nl = this.newlines;
    let lo = 0;
    let hi = nl.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (nl[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    const start = lo === 0 ? 0 : nl[lo - 1]! + 1;
    let info = this.cache.get(start);
    if (info) return info;
    const end = lo < nl.length ? nl[lo]! : this.raw.length;
    const raw = this.raw;
    let rtl = false;
    let depth = 0;
    let balanced = true;
    for (let k = start; k < end; k++) {
      const c = raw.charCodeAt(k);
      if (c < 0x590) continue;
      if (isRtlLetter(c)) rtl = true;
      else if (OPENERS.has(c)) depth++;
      else if (CLOSERS.has(c)) {
        depth--;
        if (depth < 0) balanced = false;
      }
    }
    info = { rtl, balanced: balanced && depth === 0 };
    this.cache.set(start, info);
    return info;
  }
}

function insideWord(before: number, after: number): boolean {
  return isWordChar(before) && isWordChar(after);
}

function isWordChar(cp: number): boolean {
  if (cp < 0) return false;
  if (cp < 0x80) return (cp >= 0x30 && cp <= 0x39) || ((cp | 0x20) >= 0x61 && (cp | 0x20) <= 0x7a);
  const kind = charInfo(cp) & CK_MASK;
  return kind === CK_LETTER || kind === CK_NUMBER || kind === CK_MARK;
}

function cpBefore(raw: string, offset: number): number {
  if (offset <= 0) return -1;
  const c = raw.charCodeAt(offset - 1);
  if (c >= 0xdc00 && c <= 0xdfff && offset >= 2) return raw.codePointAt(offset - 2)!;
  return c;
}

function cpAt(raw: string, offset: number): number {
  return offset < raw.length ? raw.codePointAt(offset)! : -1;
}

function decodeTags(raw: string, inv: Invisible): string {
  let out = '';
  for (let k = inv.offset; k + 1 < inv.end && out.length < 80; k += 2) {
    const cp = raw.codePointAt(k)! - 0xe0000;
    if (cp >= 0x20 && cp <= 0x7e) out += String.fromCharCode(cp);
  }
  return out;
}

/** A short excerpt around a run with the invisible characters spelled out as [U+XXXX]. */
function show(raw: string, inv: Invisible): string {
  const from = Math.max(0, inv.offset - 8);
  const to = Math.min(raw.length, inv.end + 8);
  let out = '';
  let shownRun = 0;
  for (let k = from; k < to; ) {
    const cp = raw.codePointAt(k)!;
    const w = cp > 0xffff ? 2 : 1;
    if (k >= inv.offset && k < inv.end) {
      if (shownRun < 3) out += `[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`;
      else {
        out += `[+${inv.count - 3} more]`;
        k = inv.end;
        continue;
      }
      shownRun++;
    } else if (cp === 0x0a || cp === 0x0d) out += ' ';
    else if (cp >= 0x20) out += String.fromCodePoint(cp);
    k += w;
  }
  return out.replace(/"/g, "'").trim();
}

// ---------------------------------------------------------------------------------------------
// Look-alike letters

function checkLookalikes(file: TextFile, emit: Emit): void {
  const view = file.view;
  const raw = view.raw;
  const spoofed: Array<{ offset: number; word: string; folded: string }> = [];
  for (const offset of view.mixedScriptWords) {
    const word = wordAt(raw, offset);
    spoofed.push({ offset, word, folded: new View(word).norm });
  }
  for (const offset of view.lookalikeWords) {
    const word = wordAt(raw, offset);
    // a word of Cyrillic or Greek look-alikes in a line with no other letters of that script
    if (!foreignElsewhereOnLine(raw, offset, word.length)) spoofed.push({ offset, word, folded: new View(word).norm });
  }
  if (spoofed.length === 0) return;
  const sensitive = spoofed.find((s) => SENSITIVE.some((k) => s.folded.includes(k)));
  const first = sensitive ?? spoofed[0]!;
  emit({
    code: 'SEC113',
    file: file.name,
    offset: first.offset,
    ...(sensitive ? {} : { severity: 'warning' as const }),
    message: `${plural(spoofed.length, 'word')} mix Latin with look-alike letters of another script, e.g. "${markForeign(first.word)}" reads as "${first.folded}"${sensitive ? ' (a sensitive word spelled to slip past filters)' : ''}; retype them in one script`,
  });
}

function wordAt(raw: string, offset: number): string {
  let end = offset;
  while (end < raw.length && end - offset < 64) {
    const cp = raw.codePointAt(end)!;
    const kind = charInfo(cp) & CK_MASK;
    if (kind !== CK_LETTER && kind !== CK_NUMBER && kind !== CK_MARK && !(cp >= 0x200b && cp <= 0x200d)) break;
    end += cp > 0xffff ? 2 : 1;
  }
  return raw.slice(offset, end);
}

/** Whether letters of another script (or no Latin at all) surround a word on its line, within 400 characters. */
function foreignElsewhereOnLine(raw: string, offset: number, length: number): boolean {
  let start = offset;
  while (start > 0 && offset - start < 400 && raw.charCodeAt(start - 1) !== 0x0a) start--;
  let end = offset + length;
  while (end < raw.length && end - offset - length < 400 && raw.charCodeAt(end) !== 0x0a) end++;
  let latin = false;
  for (let k = start; k < end; k++) {
    if (k >= offset && k < offset + length) continue;
    const c = raw.charCodeAt(k);
    if (c >= 0x370 && c < 0x590) return true; // Greek, Cyrillic, Armenian
    if (c >= 0x13a0 && c < 0x1400) return true; // Cherokee
    if (c < 0x80 && (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) latin = true;
  }
  return !latin;
}

function markForeign(word: string): string {
  let out = '';
  for (const ch of word) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x80 || (charInfo(cp) & CF_LATIN) !== 0 ? ch : `[${ch} U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hidden and encoded text

function checkHidden(file: TextFile, emit: Emit): void {
  const view = file.view;
  let hiddenElement: Segment | null = null;
  let cue: { seg: Segment; severity: Severity; text: string; at: number } | null = null;
  for (const seg of view.hidden) {
    if (seg.kind === 'tag-characters' || seg.kind === 'variation-selectors') continue; // SEC112 / SEC117
    // a few words hidden in an HTML example (tabs, accordions) are markup, not a message
    if (seg.kind === 'hidden-element' && hiddenElement === null && hasWords(seg.text, 4) && !view.inCodeBlock(seg.offset)) hiddenElement = seg;
    const found = cueIn(seg.view.norm);
    if (!found) continue;
    const severity = found.severity === 'error' && view.inCodeBlock(seg.offset) ? 'warning' : found.severity;
    if (cue === null || (severity === 'error' && cue.severity !== 'error')) cue = { seg, severity, text: found.text, at: found.at };
  }
  if (cue) {
    const offset = cue.seg.verbatim ? cue.seg.offset + cue.seg.view.normOffset(cue.at) : cue.seg.offset;
    emit({
      code: 'SEC114',
      file: file.name,
      offset,
      severity: cue.severity,
      message: `Text ${HIDDEN_WHERE[cue.seg.kind] ?? 'hidden from readers'} addresses the model ("${clip(cue.text)}"); instructions must be visible to the people who review the persona`,
    });
  }
  if (hiddenElement) {
    emit({
      code: 'SEC118',
      file: file.name,
      offset: hiddenElement.offset,
      message: `Text hidden from the rendered page by HTML or CSS: "${clip(hiddenElement.text.trim())}"; show it or remove it`,
    });
  }
}

const WORD = /\p{L}{2,}/gu;

/** Hidden element text worth reporting: at least four words. */
function hasWords(text: string, min: number): boolean {
  WORD.lastIndex = 0;
  let n = 0;
  while (n < min && WORD.exec(text) !== null) n++;
  return n >= min;
}

const HIDDEN_WHERE: Partial<Record<Segment['kind'], string>> = {
  'html-comment': 'in an HTML comment',
  'link-title': 'in a link title',
  'alt-text': 'in image alt text',
  'html-attribute': 'in an HTML attribute',
  'hidden-element': 'in an HTML element that is not displayed',
};

const DECODED_WHERE: Partial<Record<Segment['kind'], string>> = {
  base64: 'base64',
  hex: 'hex',
  rot13: 'rot13',
  'url-encoded': 'percent-encoded',
  escaped: '\\u-escaped',
  'spaced-letters': 'spaced-out',
  leetspeak: 'leetspeak',
};

/** Encoded payloads whose text speaks to the model, and spaced-out sensitive words. */
function checkDecoded(file: TextFile, emit: Emit): void {
  const view = file.view;
  let decoded: { seg: Segment; severity: Severity; text: string } | null = null;
  let spaced: { seg: Segment; text: string } | null = null;
  for (const seg of view.decoded) {
    const norm = seg.view.norm;
    if (seg.kind === 'spaced-letters') {
      const word = SENSITIVE.find((k) => seg.view.squashed.includes(k));
      if (word && spaced === null) spaced = { seg, text: word };
      continue;
    }
    if (!DECODED_KINDS.has(seg.kind)) continue;
    const found = cueIn(norm);
    if (!found) continue;
    // a leetspeak line keeps its plain words: a cue they make alone was not decoded
    if (seg.kind === 'leetspeak' && file.raw.slice(seg.offset, seg.offset + seg.length).toLowerCase().includes(found.text)) continue;
    if (decoded === null || (found.severity === 'error' && decoded.severity !== 'error')) decoded = { seg, severity: found.severity, text: found.text };
  }
  if (decoded) {
    emit({
      code: 'SEC115',
      file: file.name,
      offset: decoded.seg.offset,
      severity: decoded.severity,
      message: `A ${DECODED_WHERE[decoded.seg.kind] ?? 'encoded'} payload decodes to instructions ("${clip(decoded.text)}"): "${clip(decoded.seg.text.trim())}"; write instructions in plain text`,
    });
  }
  if (spaced) {
    emit({
      code: 'SEC116',
      file: file.name,
      offset: spaced.seg.offset,
      message: `Letters spaced out or split to hide the word "${spaced.text}": "${clip(spaced.seg.text.trim())}"; write words normally`,
    });
  }
}

function clip(s: string, max = 80): string {
  const t = s.replace(/\s+/g, ' ');
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
