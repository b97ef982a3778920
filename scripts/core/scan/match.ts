// Shared matcher for phrase rules: runs a family's patterns over every text view of every file
// (normalised text, hidden segments, decoded payloads, squashed letters), applies the refusal
// context, and emits one finding per rule and file.
import { isRefusalContext } from './context.ts';
import type { Segment, TextView } from './text.ts';
import type { Emit, ScanContext, TextFile } from './types.ts';

export interface PhraseRule {
  readonly id: string;
  /**
   * Patterns over `TextView.norm`: lower case, NFKC, homoglyphs folded, markdown emphasis removed,
   * every run of white space one ' '. Write ' ' (or ' ?') for white space. Linear-time only:
   * no nested quantifiers, bounded repeats. Flags are added by the matcher (g and u are fine).
   */
  readonly patterns: readonly RegExp[];
  /** Cheap prefilter: the patterns run only when `norm` contains one of these (lower case). */
  readonly anyOf?: readonly string[];
  /** Letters-and-digits-only phrases that also fire (split or spaced words), e.g. "ignoreallpreviousinstructions". */
  readonly squashed?: readonly string[];
  /** A refusal or quotation context lowers an error to a warning (default true). */
  readonly contextual?: boolean;
  /** Also look inside hidden and decoded segments (default true). */
  readonly segments?: boolean;
  /** Ignore matches inside fenced code blocks (default false). */
  readonly skipCode?: boolean;
  /** Message for a match; default: the rule's description and the matched text. */
  readonly message?: (matched: string) => string;
  /** Only scan files whose extension is listed (default: all text files). */
  readonly exts?: readonly string[];
}

export interface PhraseRuleOptions {
  /** Code emitted (once per file) when a rule fires inside hidden text. */
  readonly hiddenCode?: string;
  /** Code emitted (once per file) when a rule fires inside a decoded payload. */
  readonly decodedCode?: string;
  /** Code emitted (once per file) when a rule fires only on squashed letters. */
  readonly splitCode?: string;
}

const SEGMENT_LABEL: Record<Segment['kind'], string> = {
  'html-comment': 'hidden in an HTML comment',
  'link-title': 'hidden in a link title',
  'alt-text': 'hidden in image alt text',
  'html-attribute': 'hidden in an HTML attribute',
  'tag-characters': 'hidden in invisible Unicode tag characters',
  base64: 'decoded from base64',
  hex: 'decoded from hex',
  rot13: 'decoded from rot13',
  'url-encoded': 'decoded from percent-encoding',
};

const MAX_TRIES = 64;
const GLOBAL = new WeakMap<RegExp, RegExp>();

function globalOf(pattern: RegExp): RegExp {
  let re = GLOBAL.get(pattern);
  if (!re) {
    re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g');
    GLOBAL.set(pattern, re);
  }
  return re;
}

interface Hit {
  start: number;
  end: number;
  text: string;
  qualified: boolean;
}

function findHit(view: TextView, rule: PhraseRule, contextual: boolean): Hit | null {
  const norm = view.norm;
  if (rule.anyOf && !rule.anyOf.some((k) => norm.includes(k))) return null;
  let weak: Hit | null = null;
  for (const pattern of rule.patterns) {
    const re = globalOf(pattern);
    re.lastIndex = 0;
    let tries = 0;
    for (let m = re.exec(norm); m !== null && tries < MAX_TRIES; m = re.exec(norm), tries++) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      const start = m.index;
      const end = start + m[0].length;
      if (rule.skipCode && view.inCodeBlock(view.normOffset(start))) continue;
      const qualified = contextual && isRefusalContext(norm, start, end);
      const hit = { start, end, text: m[0], qualified };
      if (!qualified) return hit;
      weak ??= hit;
    }
  }
  return weak;
}

function snippet(s: string): string {
  const t = s.trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/** Run phrase rules over every text file of the scan. */
export function runPhraseRules(
  ctx: ScanContext,
  emit: Emit,
  rules: readonly PhraseRule[],
  describe: (id: string) => string,
  options: PhraseRuleOptions = {},
): void {
  for (const file of ctx.texts) runOnFile(file, emit, rules, describe, options);
}

function runOnFile(file: TextFile, emit: Emit, rules: readonly PhraseRule[], describe: (id: string) => string, options: PhraseRuleOptions): void {
  const view = file.view;
  for (const rule of rules) {
    if (rule.exts && !rule.exts.includes(file.ext)) continue;
    const contextual = rule.contextual ?? true;
    const message = (m: string) => (rule.message ? rule.message(m) : `${describe(rule.id)}: "${snippet(m)}"`);
    const hit = findHit(view, rule, contextual);
    if (hit) {
      const offset = view.normOffset(hit.start);
      emit({
        code: rule.id,
        file: file.name,
        offset,
        message: hit.qualified ? `${message(hit.text)} (quoted or forbidden by the persona; review it)` : message(hit.text),
        ...(hit.qualified ? { severity: 'warning' as const } : {}),
      });
      if (!hit.qualified) continue;
    }
    if (rule.segments ?? true) {
      let found = false;
      for (const seg of [...view.hidden, ...view.decoded]) {
        const segHit = findHit(seg.view, rule, false);
        if (!segHit) continue;
        const label = SEGMENT_LABEL[seg.kind];
        emit({ code: rule.id, file: file.name, offset: seg.offset, message: `${message(segHit.text)} (${label})` });
        const extra = seg.kind === 'base64' || seg.kind === 'hex' || seg.kind === 'rot13' || seg.kind === 'url-encoded' ? options.decodedCode : options.hiddenCode;
        if (extra) emit({ code: extra, file: file.name, offset: seg.offset, message: `Instructions ${label}: "${snippet(segHit.text)}"` });
        found = true;
        break;
      }
      if (found) continue;
    }
    if (!hit && rule.squashed && rule.squashed.length > 0) {
      const sq = view.squashed;
      for (const phrase of rule.squashed) {
        const at = sq.indexOf(phrase);
        if (at === -1) continue;
        const offset = view.squashedOffset(at);
        emit({ code: rule.id, file: file.name, offset, message: `${describe(rule.id)}: "${phrase}" (letters split or spaced out)` });
        if (options.splitCode) emit({ code: options.splitCode, file: file.name, offset, message: `Words split or spaced out to evade detection: "${phrase}"` });
        break;
      }
    }
  }
}
