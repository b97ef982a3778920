// Rule family: classifier. SEC009, a learned prompt-injection / jailbreak detector: a logistic
// regression over hashed character n-grams of each text file's normalised view (see
// ../classifier/), trained by `npm run train:scan` on the licensed corpus. It complements the
// phrase rules: it scores the whole shape of a text (persona hijacks, "no rules" characters,
// fake modes), so reworded attacks that no phrase list names still stand out.
//
// No refusal-context downgrade here, on purpose: the model is trained with personas that quote
// and refuse jailbreaks (a security teacher, a red-team analyst, moderation bots) as negatives,
// so it already weighs that context, and its threshold is set for ≤ 0.5% false positives on
// cross-validated benign personas. A downgrade keyed on refusal words would give an attacker a
// switch ("never refuse" contains one); the phrase rules keep that finer, local judgement.
import { MODEL } from '../classifier/model.generated.ts';
import { decodeModel, scoreNorm, type LinearModel } from '../classifier/model.ts';
import type { Segment, TextView } from '../text.ts';
import type { Emit, RuleFamily } from '../types.ts';

/** Extensions of the files the model reads (prose and markup; not soul.json or other data). */
const EXTENSIONS: ReadonlySet<string> = new Set(['md', 'markdown', 'txt', 'yaml', 'yml', 'svg']);
/** Hidden or decoded segments shorter than this are left to the phrase rules. */
const MIN_SEGMENT = 40;

const SEGMENT_LABEL: Partial<Record<Segment['kind'], string>> = {
  'html-comment': 'in an HTML comment',
  'link-title': 'in a link title',
  'alt-text': 'in image alt text',
  'html-attribute': 'in an HTML attribute',
  'hidden-element': 'in a hidden HTML element',
  'tag-characters': 'in invisible Unicode tag characters',
  base64: 'decoded from base64',
  hex: 'decoded from hex',
  rot13: 'decoded from rot13',
  'url-encoded': 'decoded from percent-encoding',
  escaped: 'decoded from escape sequences',
  'spaced-letters': 'spelled out in spaced letters',
  'html-rendered': 'as rendered from HTML entities and tags',
  leetspeak: 'written in leetspeak',
};

let decoded: LinearModel | undefined;

/** The shipped model, decoded on first use. */
export function classifierModel(): LinearModel {
  decoded ??= decodeModel(MODEL);
  return decoded;
}

/** Where to point: the start of the raw line holding the window's strongest block (or the block itself in a long line). */
function pointAt(view: TextView, normIndex: number): { offset: number; snippet: string } {
  const at = view.normOffset(normIndex);
  const lineStart = view.raw.lastIndexOf('\n', at - 1) + 1;
  const offset = at - lineStart > 200 ? at : lineStart;
  return { offset, snippet: snippetAt(view.raw, offset) };
}

/**
 * The line from `offset` with white space collapsed, cut to 67 characters and "..." when longer
 * than 70.
 *
 * @example snippetAt('a  b\nc', 0) // 'a b'
 */
export function snippetAt(raw: string, offset: number): string {
  const found = raw.indexOf('\n', offset);
  const lineEnd = found === -1 ? raw.length : found;
  // the snippet needs the line's first 70 characters once white space is collapsed: a prefix
  // that already yields more gives the same 67 (a line of a megabyte is not copied to find them)
  if (lineEnd - offset > 512) {
    const head = collapsedPrefix(raw, offset, offset + 512, false);
    if (head.length > SNIPPET) return `${head.slice(0, SNIPPET - 3)}...`;
  }
  const line = collapsedPrefix(raw, offset, lineEnd, true);
  return line.length > SNIPPET ? `${line.slice(0, SNIPPET - 3)}...` : line;
}

/** Longest snippet shown whole. */
const SNIPPET = 70;

/** White space as `\s` and `trim()` see it. */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * The first SNIPPET + 1 characters (or all, when fewer) of
 * `raw.slice(from, to).replace(/\s+/g, ' ')` trimmed at the start, and at the end when `trimEnd`:
 * read character by character and stopped there, so a long line costs no more than a short one.
 */
function collapsedPrefix(raw: string, from: number, to: number, trimEnd: boolean): string {
  let out = '';
  let pending = false; // a run of white space after some output
  let i = from;
  while (i < to && out.length <= SNIPPET) {
    if (isSpace(raw.charCodeAt(i))) {
      pending = out.length > 0;
      i++;
      continue;
    }
    if (pending) {
      out += ' ';
      pending = false;
      if (out.length > SNIPPET) break;
    }
    // a run of other characters, copied as one slice (not character by character), up to
    // SNIPPET + 1 characters of output
    const start = i;
    const stop = Math.min(to, i + SNIPPET + 1 - out.length);
    while (i < stop && !isSpace(raw.charCodeAt(i))) i++;
    out += raw.slice(start, i);
  }
  if (pending && !trimEnd && out.length <= SNIPPET) out += ' ';
  return out;
}

function formatProbability(p: number): string {
  return p >= 0.9995 ? '>0.999' : p.toFixed(3);
}

/** Flag the first hidden or decoded segment the model flags; whether one was. */
function flagSegment(name: string, segments: readonly Segment[], model: LinearModel, emit: Emit): boolean {
  for (const seg of segments) {
    if (seg.text.length < MIN_SEGMENT) continue;
    const hit = scoreNorm(seg.view.norm, model);
    if (hit.probability <= model.threshold) continue;
    emit({
      code: 'SEC009',
      file: name,
      offset: seg.offset,
      message: `Hidden text ${SEGMENT_LABEL[seg.kind] ?? `(${seg.kind})`} reads like a prompt injection or jailbreak (learned model: probability ${formatProbability(hit.probability)}) near "${pointAt(seg.view, hit.focus).snippet}"; remove it`,
    });
    return true;
  }
  return false;
}

export const classifier: RuleFamily = {
  name: 'classifier',
  rules: [
    {
      id: 'SEC009',
      stage: 'security',
      severity: 'error',
      category: 'prompt-injection',
      description: 'Prompt injection / jailbreak (learned model)',
    },
  ],
  check(ctx, emit) {
    const model = classifierModel();
    for (const file of ctx.texts) {
      if (file.name === 'soul.json' || !EXTENSIONS.has(file.ext)) continue;
      const view = file.view;
      const best = scoreNorm(view.norm, model);
      if (best.probability > model.threshold) {
        const { offset, snippet } = pointAt(view, best.focus);
        emit({
          code: 'SEC009',
          file: file.name,
          offset,
          message: `Text reads like a prompt injection or jailbreak (learned model: probability ${formatProbability(best.probability)}, threshold ${model.threshold.toFixed(3)}) near "${snippet}"; remove instructions that tell the agent to drop its rules, adopt an unrestricted persona or obey injected commands`,
        });
        continue;
      }
      if (!flagSegment(file.name, view.hidden, model, emit)) flagSegment(file.name, view.decoded, model, emit);
    }
  },
};
