// Normalised views of one text, built lazily: what the content rules match against.
//
// `norm` defeats the cheap evasions (full-width letters, zero-width and bidi characters,
// homoglyphs, diacritics, markdown emphasis, odd whitespace) while keeping a map back to the
// raw text, so every finding still points at a real line. `squashed` drops everything but
// letters and digits, for words split or spaced out. `hidden` and `decoded` hold text a reader
// of the rendered page would not see: HTML comments, link titles, alt text, tag characters,
// and base64 / hex / rot13 payloads, each with its own view so rules rescan it.
import { foldConfusable, invisibleKind, type InvisibleKind } from './unicode.ts';
import { extractDecoded, extractHidden } from './segments.ts';

export interface Segment {
  readonly kind: SegmentKind;
  /** Offset in the raw text of the containing view where the segment starts. */
  readonly offset: number;
  readonly text: string;
  readonly view: TextView;
}

export type SegmentKind =
  | 'html-comment'
  | 'link-title'
  | 'alt-text'
  | 'html-attribute'
  | 'tag-characters'
  | 'base64'
  | 'hex'
  | 'rot13'
  | 'url-encoded';

export interface Invisible {
  readonly kind: InvisibleKind;
  /** Raw offset of the first character of the run. */
  readonly offset: number;
  /** Number of code points in the run. */
  readonly count: number;
}

const MARKDOWN_EMPHASIS = new Set(['*', '_', '~', '`']);
const MAX_DEPTH = 2;

/** A lazily normalised view of a text. Create with `createTextView(raw)`. */
export class TextView {
  readonly raw: string;
  readonly depth: number;
  #norm?: string;
  #normMap?: Uint32Array;
  #squashed?: string;
  #squashedMap?: Uint32Array;
  #invisibles?: Invisible[];
  #mixedScriptWords?: number[];
  #lineStarts?: number[];
  #fences?: Array<[number, number]>;
  #hidden?: Segment[];
  #decoded?: Segment[];

  constructor(raw: string, depth = 0) {
    this.raw = raw;
    this.depth = depth;
  }

  /** NFKC, invisibles removed, homoglyphs folded, lower case, emphasis dropped, spaces collapsed. */
  get norm(): string {
    if (this.#norm === undefined) this.#buildNorm();
    return this.#norm!;
  }

  /** Raw offset of the character at `i` in `norm`. */
  normOffset(i: number): number {
    if (this.#normMap === undefined) this.#buildNorm();
    const map = this.#normMap!;
    if (map.length === 0) return 0;
    return map[Math.min(Math.max(i, 0), map.length - 1)]!;
  }

  /** Only letters and digits of `norm` (any script), for split and spaced-out words. */
  get squashed(): string {
    if (this.#squashed === undefined) this.#buildSquashed();
    return this.#squashed!;
  }

  /** Raw offset of the character at `i` in `squashed`. */
  squashedOffset(i: number): number {
    if (this.#squashedMap === undefined) this.#buildSquashed();
    const map = this.#squashedMap!;
    if (map.length === 0) return 0;
    return this.normOffset(map[Math.min(Math.max(i, 0), map.length - 1)]!);
  }

  /** Runs of invisible or direction-changing characters, in raw order. */
  get invisibles(): readonly Invisible[] {
    if (this.#invisibles === undefined) this.#buildNorm();
    return this.#invisibles!;
  }

  /** Raw offsets of words that mixed Latin with look-alike letters of another script. */
  get mixedScriptWords(): readonly number[] {
    if (this.#mixedScriptWords === undefined) this.#buildNorm();
    return this.#mixedScriptWords!;
  }

  /** Text hidden from a reader of the rendered page (comments, titles, alt text, tag characters). */
  get hidden(): readonly Segment[] {
    if (this.#hidden === undefined) {
      this.#hidden = this.depth >= MAX_DEPTH ? [] : extractHidden(this.raw).map((s) => ({ ...s, view: new TextView(s.text, this.depth + 1) }));
    }
    return this.#hidden;
  }

  /** Encoded payloads (base64, hex, rot13, percent-encoding) decoded to text. */
  get decoded(): readonly Segment[] {
    if (this.#decoded === undefined) {
      this.#decoded = this.depth >= MAX_DEPTH ? [] : extractDecoded(this.raw).map((s) => ({ ...s, view: new TextView(s.text, this.depth + 1) }));
    }
    return this.#decoded;
  }

  /** 1-based line of a raw offset. */
  lineAt(offset: number): number {
    if (this.#lineStarts === undefined) {
      const starts = [0];
      for (let i = this.raw.indexOf('\n'); i !== -1; i = this.raw.indexOf('\n', i + 1)) starts.push(i + 1);
      this.#lineStarts = starts;
    }
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Whether a raw offset sits inside a fenced code block (``` or ~~~). */
  inCodeBlock(offset: number): boolean {
    if (this.#fences === undefined) this.#fences = findFences(this.raw);
    for (const [start, end] of this.#fences) {
      if (offset >= start && offset < end) return true;
      if (start > offset) break;
    }
    return false;
  }

  #buildNorm(): void {
    const raw = this.raw;
    const out: string[] = [];
    const map: number[] = [];
    const invisibles: Invisible[] = [];
    const mixed: number[] = [];
    let lastSpace = true; // drop leading space
    let i = 0;
    const n = raw.length;
    // Word buffer for homoglyph folding: a word is folded only when it mixes Latin letters with
    // look-alikes of another script (or is made entirely of look-alikes), so real Cyrillic or
    // Greek text stays as it is for the rules of those languages.
    let word: string[] = [];
    let wordMap: number[] = [];
    let wordHasLatin = false;
    let wordLookalikes = 0;
    let wordOther = 0;
    const flushWord = (): void => {
      if (word.length === 0) return;
      const fold = wordLookalikes > 0 && ((wordHasLatin) || (wordOther === 0 && word.length >= 4));
      if (fold && wordHasLatin) mixed.push(wordMap[0]!);
      for (let k = 0; k < word.length; k++) {
        const ch = word[k]!;
        out.push(fold ? (foldConfusable(ch) ?? ch) : ch);
        map.push(wordMap[k]!);
      }
      word = [];
      wordMap = [];
      wordHasLatin = false;
      wordLookalikes = 0;
      wordOther = 0;
      lastSpace = false;
    };
    while (i < n) {
      const code = raw.codePointAt(i)!;
      const width = code > 0xffff ? 2 : 1;
      // ASCII fast path
      if (code < 0x80) {
        if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c || code === 0x0b) {
          flushWord();
          if (!lastSpace) {
            out.push(' ');
            map.push(i);
            lastSpace = true;
          }
        } else {
          const ch = raw[i]!;
          if (MARKDOWN_EMPHASIS.has(ch)) {
            // emphasis markers vanish; they can split a word ("ig**nore**")
          } else if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39)) {
            word.push(code <= 0x5a && code >= 0x41 ? String.fromCharCode(code + 32) : ch);
            wordMap.push(i);
            if (code >= 0x41) wordHasLatin = true;
          } else {
            flushWord();
            out.push(ch);
            map.push(i);
            lastSpace = false;
          }
        }
        i += width;
        continue;
      }
      const inv = invisibleKind(code);
      if (inv !== null) {
        const prev = invisibles[invisibles.length - 1];
        if (prev && prev.kind === inv && prev.offset + prev.count * (width) >= i - width) {
          invisibles[invisibles.length - 1] = { kind: inv, offset: prev.offset, count: prev.count + 1 };
        } else {
          invisibles.push({ kind: inv, offset: i, count: 1 });
        }
        i += width;
        continue;
      }
      const ch = String.fromCodePoint(code);
      let nf = ch.normalize('NFKC');
      if (/^\s+$/u.test(nf)) {
        flushWord();
        if (!lastSpace) {
          out.push(' ');
          map.push(i);
          lastSpace = true;
        }
        i += width;
        continue;
      }
      // strip diacritics from Latin letters: "ïgnörè" -> "ignore"
      const nfd = nf.normalize('NFD');
      if (nfd.length > 1 && nfd.charCodeAt(0) < 0x80 && /^[\p{M}]+$/u.test(nfd.slice(1))) nf = nfd[0]!;
      nf = nf.toLowerCase();
      for (const c of nf) {
        const cp = c.codePointAt(0)!;
        if (cp < 0x80) {
          if (/[a-z0-9]/.test(c)) {
            word.push(c);
            wordMap.push(i);
            wordHasLatin = true;
          } else if (c === ' ') {
            flushWord();
            if (!lastSpace) {
              out.push(' ');
              map.push(i);
              lastSpace = true;
            }
          } else if (!MARKDOWN_EMPHASIS.has(c)) {
            flushWord();
            out.push(c);
            map.push(i);
            lastSpace = false;
          }
        } else if (/\p{L}|\p{M}|\p{N}/u.test(c)) {
          word.push(c);
          wordMap.push(i);
          if (foldConfusable(c) !== undefined) wordLookalikes++;
          else wordOther++;
        } else {
          flushWord();
          out.push(c);
          map.push(i);
          lastSpace = false;
        }
      }
      i += width;
    }
    flushWord();
    this.#norm = out.join('');
    this.#normMap = Uint32Array.from(map);
    this.#invisibles = invisibles;
    this.#mixedScriptWords = mixed;
  }

  #buildSquashed(): void {
    const norm = this.norm;
    const out: string[] = [];
    const map: number[] = [];
    for (let i = 0; i < norm.length; i++) {
      const c = norm[i]!;
      const code = c.charCodeAt(0);
      if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || (code >= 0x80 && /[\p{L}\p{N}]/u.test(c))) {
        out.push(c);
        map.push(i);
      }
    }
    this.#squashed = out.join('');
    this.#squashedMap = Uint32Array.from(map);
  }
}

/** Views are cheap until read; build one per text. */
export function createTextView(raw: string): TextView {
  return new TextView(raw);
}

function findFences(raw: string): Array<[number, number]> {
  const fences: Array<[number, number]> = [];
  const re = /^ {0,3}(`{3,}|~{3,})/gm;
  let open: { start: number; marker: string } | null = null;
  for (let m = re.exec(raw); m !== null; m = re.exec(raw)) {
    const marker = m[1]!;
    if (open === null) open = { start: m.index, marker };
    else if (marker[0] === open.marker[0] && marker.length >= open.marker.length) {
      const lineEnd = raw.indexOf('\n', m.index);
      fences.push([open.start, lineEnd === -1 ? raw.length : lineEnd]);
      open = null;
    }
  }
  if (open !== null) fences.push([open.start, raw.length]);
  return fences;
}
