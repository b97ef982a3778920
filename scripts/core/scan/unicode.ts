// Unicode tables for evasion: invisible characters, character classes and homoglyphs folded to Latin.
//
// The homoglyph table is ours, written from the shapes the Unicode confusables data (UTS #39) lists
// for Latin letters: Cyrillic, Greek, Armenian and Cherokee look-alikes (folded only inside words
// that mix them with Latin, or long words made only of them, so real Russian or Greek stays intact),
// and Latin-script look-alikes (small capitals, IPA letters, stroked letters: always folded, like
// diacritics). Full-width letters, mathematical alphanumerics, circled and ligature forms are left
// to NFKC, which the normaliser applies first.

export type InvisibleKind = 'zero-width' | 'bidi' | 'tag' | 'variation-selector' | 'other-format';

/**
 * Kind of an invisible or direction-changing code point, or null for a visible one.
 *
 * @example invisibleKind(0x200b) // 'zero-width'
 */
export function invisibleKind(code: number): InvisibleKind | null {
  if (code < 0x80) return code < 0x20 ? (code === 0x09 || code === 0x0a || code === 0x0b || code === 0x0c || code === 0x0d ? null : 'other-format') : code === 0x7f ? 'other-format' : null;
  if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0x2060 || code === 0xfeff || code === 0x00ad || code === 0x180e) return 'zero-width';
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f || code === 0x061c) return 'bidi';
  if (code >= 0xe0000 && code <= 0xe007f) return 'tag';
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef)) return 'variation-selector';
  if (isOtherFormat(code)) return 'other-format';
  return null;
}

/** Default-ignorable or blank-looking code points that are neither zero-width, bidi, tag nor selector. */
function isOtherFormat(code: number): boolean {
  return (
    code === 0x034f || // combining grapheme joiner
    code === 0x115f || code === 0x1160 || code === 0x3164 || code === 0xffa0 || // Hangul fillers
    code === 0x17b4 || code === 0x17b5 || // Khmer inherent vowels
    (code >= 0x2061 && code <= 0x2065) || // invisible operators
    (code >= 0x206a && code <= 0x206f) || // deprecated format characters
    (code >= 0xfff0 && code <= 0xfffb) || // interlinear annotation, unassigned specials
    code === 0x2800 || // Braille blank
    (code >= 0x1bca0 && code <= 0x1bca3) || // shorthand format controls
    (code >= 0x1d173 && code <= 0x1d17a) || // musical format characters
    (code >= 0xe0080 && code <= 0xe00ff) || (code >= 0xe01f0 && code <= 0xe0fff) // reserved default-ignorables
  );
}

/** Invisible characters that a reader sees as a blank: the normaliser turns them into a space. */
export function isBlankLike(code: number): boolean {
  return code === 0x2800 || code === 0x3164 || code === 0x115f || code === 0x1160 || code === 0xffa0;
}

/** Scripts that are written right to left (Hebrew, Arabic, Syriac, Thaana, NKo, ...). */
export function isRtlLetter(code: number): boolean {
  return (
    (code >= 0x0590 && code <= 0x08ff) ||
    (code >= 0xfb1d && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfefc) ||
    (code >= 0x10800 && code <= 0x10fff) ||
    (code >= 0x1e800 && code <= 0x1efff)
  );
}

/**
 * Scripts in which zero-width joiners and non-joiners are part of correct spelling (Arabic,
 * Persian, Syriac, the Indic scripts, Sinhala, Myanmar, Khmer, Mongolian, Thai, Lao, Tibetan) or
 * in which a zero-width space is a word-break hint (Thai, Lao, Khmer, Myanmar, CJK).
 */
export function isJoiningScript(code: number): boolean {
  return (
    (code >= 0x0600 && code <= 0x08ff) ||
    (code >= 0x0900 && code <= 0x0fff) ||
    (code >= 0x1000 && code <= 0x109f) ||
    (code >= 0x1780 && code <= 0x18af) ||
    (code >= 0x1900 && code <= 0x1aaf) ||
    (code >= 0x1b00 && code <= 0x1bff) ||
    (code >= 0xa8e0 && code <= 0xa8ff) ||
    (code >= 0xa9e0 && code <= 0xaaff) ||
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfefc) ||
    (code >= 0x11000 && code <= 0x11fff) ||
    (code >= 0x20000 && code <= 0x3ffff)
  );
}

const EXTENDED_PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

/** Emoji and pictographs, skin-tone modifiers and keycap/selector parts of emoji sequences. */
export function isEmojiPart(code: number): boolean {
  if (code < 0xa9) return false;
  if (code >= 0x1f3fb && code <= 0x1f3ff) return true; // skin tones
  if (code === 0xfe0f || code === 0x20e3) return true;
  if (code >= 0x1f1e6 && code <= 0x1f1ff) return true; // regional indicators
  return EXTENDED_PICTOGRAPHIC.test(String.fromCodePoint(code));
}

// ---------------------------------------------------------------------------------------------
// Homoglyphs. Each string lists code points that look like the Latin letter named by its key.

/** Look-alikes from other scripts: folded only in words that mix them with Latin (or long all-look-alike words). */
const FOREIGN: Record<string, string> = {
  // Cyrillic, Greek, Armenian, Cherokee (upper case; Cherokee small letters are added below)
  a: '\u0430\u0410\u04d3\u04d2\u03b1\u0391\u03ac\u13aa',
  b: '\u0412\u0392\u13f4\u13cf',
  c: '\u0441\u0421\u03f2\u03f9\u13df',
  d: '\u0501\u13a0\u13e7',
  e: '\u0435\u0415\u0451\u0401\u04bd\u0395\u03b5\u03ad\u13ac',
  g: '\u0581\u13c0',
  h: '\u041d\u04bb\u04ba\u0397\u0570\u13bb\u13c2',
  i: '\u0456\u0406\u0457\u0407\u03b9\u0399\u03af\u13a5\u04c0\u04cf',
  j: '\u0458\u0408\u03f3\u13ab',
  k: '\u041a\u043a\u039a\u03ba\u13e6',
  l: '\u053c\u13de\u13dd',
  m: '\u041c\u039c\u13b7',
  n: '\u039d\u03b7\u0578',
  o: '\u043e\u041e\u04e7\u03bf\u039f\u03cc\u0585\u0555',
  p: '\u0440\u0420\u03c1\u03a1\u13e2',
  q: '\u051b\u051a\u0566',
  r: '\u13a1\u13d2',
  s: '\u0455\u0405\u054f\u13d5\u13da',
  t: '\u0422\u03a4\u03c4\u13a2',
  u: '\u03c5\u03cd\u057d\u054d',
  v: '\u0475\u0474\u03bd\u13d9',
  w: '\u051d\u051c\u03c9\u13b3\u13d4',
  x: '\u0445\u0425\u03c7\u03a7',
  y: '\u0443\u0423\u04af\u04ae\u03b3\u03a5\u03d2\u13a9\u13bd',
  z: '\u0396\u13c3',
};

/** Latin-script look-alikes: small capitals, IPA and stroked letters. Always folded. */
const LATIN: Record<string, string> = {
  a: '\u1d00\u0251\u0250',
  b: '\u0299\u0180\u0253',
  c: '\u1d04\u023c\u0188',
  d: '\u1d05\u0111\u0110\u0257\u018c',
  e: '\u1d07\u025b\u0247\u0246',
  f: '\ua730\u0192',
  g: '\u0262\u0261\u0260\u01e5',
  h: '\u029c\u0127\u0126\u0266',
  i: '\u026a\u0131\u0269\u0268\u0197\u01c0',
  j: '\u1d0a\u0237\u0249',
  k: '\u1d0b\u0199',
  l: '\u029f\u0142\u0141\u026b\u019a\u023d',
  m: '\u1d0d\u0271',
  n: '\u0274\u0272\u019e',
  o: '\u1d0f\u00f8\u00d8\u0275\u019f',
  p: '\u1d18\u01a5',
  q: '\ua7af',
  r: '\u0280\u024d\u027d',
  s: '\ua731\u0282',
  t: '\u1d1b\u0167\u0166\u01ad',
  u: '\u1d1c\u0289',
  v: '\u1d20\u028b',
  w: '\u1d21',
  y: '\u028f\u024f\u01b4',
  z: '\u1d22\u01b6\u0290',
};

/** Fold target (an ASCII lower-case letter code) per BMP code point, 0 when none. */
const FOLD = new Uint8Array(0x10000);
/** 1 when the fold is unconditional (Latin script), 2 when only in mixed or all-look-alike words. */
const FOLD_KIND = new Uint8Array(0x10000);

for (const [target, chars] of Object.entries(FOREIGN)) {
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    FOLD[cp] = target.charCodeAt(0);
    FOLD_KIND[cp] = 2;
    // Cherokee capitals lower-case to the small letters at U+AB70.., which look alike too.
    if (cp >= 0x13a0 && cp <= 0x13ef) {
      FOLD[cp - 0x13a0 + 0xab70] = target.charCodeAt(0);
      FOLD_KIND[cp - 0x13a0 + 0xab70] = 2;
    }
  }
}
for (const [target, chars] of Object.entries(LATIN)) {
  for (const ch of chars) {
    const cp = ch.codePointAt(0)!;
    FOLD[cp] = target.charCodeAt(0);
    FOLD_KIND[cp] = 1;
  }
}

/**
 * The Latin letter a look-alike stands for, or undefined when the character is not a look-alike.
 * Characters NFKC already maps to Latin (full-width, mathematical, circled) are not listed.
 *
 * @example foldConfusable('\u0430') // 'a' (Cyrillic a)
 */
export function foldConfusable(ch: string): string | undefined {
  const cp = ch.codePointAt(0);
  if (cp === undefined || cp > 0xffff || ch.length !== 1) return foldAstral(cp ?? 0);
  const f = FOLD[cp]!;
  return f === 0 ? undefined : String.fromCharCode(f);
}

/** Whether a look-alike is Latin script (always folded) rather than another script's letter. */
export function isLatinLookalike(code: number): boolean {
  return code <= 0xffff ? FOLD_KIND[code] === 1 : foldAstral(code) !== undefined;
}

/** Regional indicators and negative circled or squared letters, which NFKC leaves alone. */
function foldAstral(cp: number): string | undefined {
  if (cp >= 0x1f1e6 && cp <= 0x1f1ff) return String.fromCharCode(0x61 + cp - 0x1f1e6);
  if (cp >= 0x1f150 && cp <= 0x1f169) return String.fromCharCode(0x61 + cp - 0x1f150);
  if (cp >= 0x1f170 && cp <= 0x1f189) return String.fromCharCode(0x61 + cp - 0x1f170);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Character classes for the normaliser: computed once per BMP code point on first sight.

export const CK_OTHER = 1;
export const CK_LETTER = 2;
export const CK_MARK = 3;
export const CK_NUMBER = 4;
export const CK_SPACE = 5;
export const CK_INVISIBLE = 6;
/** Mask of the class bits. */
export const CK_MASK = 7;
/** NFKC, lower case and NFD leave it as it is (or NFD splits off marks from a non-Latin base). */
export const CF_SIMPLE = 8;
/** Latin script (for the mixed-script test). */
export const CF_LATIN = 16;
/** A look-alike of another script (FOLD_KIND 2). */
export const CF_FOREIGN_LOOKALIKE = 32;
/** Folds unconditionally to an ASCII letter (Latin look-alike or Latin letter with diacritics). */
export const CF_FOLD_ALWAYS = 64;
/** Starts or continues a cluster NFKC must see whole (combining marks, conjoining jamo). */
export const CF_COMBINING = 128;

const INFO = new Uint8Array(0x10000);
const ALWAYS = new Uint8Array(0x10000); // target of CF_FOLD_ALWAYS (look-alike or diacritic base)
const ASTRAL = new Map<number, number>();
const MAX_ASTRAL_CACHE = 4096;

const RE_LETTER = /\p{L}/u;
const RE_MARK = /\p{M}/u;
const RE_NUMBER = /\p{N}/u;
const RE_SPACE = /\s/u;
const RE_LATIN = /\p{Script=Latin}/u;

function computeInfo(cp: number): number {
  const inv = invisibleKind(cp);
  if (inv !== null) return CK_INVISIBLE;
  const ch = String.fromCodePoint(cp);
  let kind: number;
  if (RE_SPACE.test(ch)) kind = CK_SPACE;
  else if (RE_LETTER.test(ch)) kind = CK_LETTER;
  else if (RE_MARK.test(ch)) kind = CK_MARK;
  else if (RE_NUMBER.test(ch)) kind = CK_NUMBER;
  else kind = CK_OTHER;
  let flags = kind;
  if (RE_LATIN.test(ch)) flags |= CF_LATIN;
  if (kind === CK_MARK || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xd7b0 && cp <= 0xd7ff)) flags |= CF_COMBINING;
  const nfkc = ch.normalize('NFKC');
  const nfd = ch.normalize('NFD');
  const lower = ch.toLowerCase();
  if (cp <= 0xffff) {
    const fk = FOLD_KIND[cp]!;
    if (fk === 1) {
      flags |= CF_FOLD_ALWAYS | CF_LATIN;
      ALWAYS[cp] = FOLD[cp]!;
    } else if (fk === 2) flags |= CF_FOREIGN_LOOKALIKE;
    // a Latin letter with diacritics: fold to its base letter
    if (fk === 0 && kind === CK_LETTER && nfkc === ch && nfd.length > 1) {
      const base = nfd.charCodeAt(0);
      if (base < 0x80 && RE_LETTER.test(nfd[0]!)) {
        flags |= CF_FOLD_ALWAYS | CF_LATIN;
        ALWAYS[cp] = base | 0x20;
      }
    }
  } else if (foldAstral(cp) !== undefined) {
    flags |= CF_FOLD_ALWAYS | CF_LATIN;
  }
  const nfdKeepsBase = nfd === ch || nfd.charCodeAt(0) >= 0x80;
  if (nfkc === ch && lower === ch && nfdKeepsBase && (flags & CF_FOLD_ALWAYS) === 0) flags |= CF_SIMPLE;
  return flags;
}

/**
 * Class and flags of a code point (CK_* | CF_*), cached.
 *
 * @example charInfo(0x0430) & CF_FOREIGN_LOOKALIKE // non-zero: Cyrillic a looks like Latin a
 */
export function charInfo(cp: number): number {
  if (cp <= 0xffff) {
    let v = INFO[cp]!;
    if (v === 0) {
      v = computeInfo(cp);
      INFO[cp] = v;
    }
    return v;
  }
  let v = ASTRAL.get(cp);
  if (v === undefined) {
    v = computeInfo(cp);
    if (ASTRAL.size < MAX_ASTRAL_CACHE) ASTRAL.set(cp, v);
  }
  return v;
}

/** ASCII lower-case letter code a CF_FOLD_ALWAYS code point folds to (0 when none). */
export function alwaysFold(cp: number): number {
  if (cp <= 0xffff) return ALWAYS[cp]!;
  const f = foldAstral(cp);
  return f === undefined ? 0 : f.charCodeAt(0);
}

/** ASCII lower-case letter code a CF_FOREIGN_LOOKALIKE code point stands for (0 when none). */
export function foreignFold(cp: number): number {
  return cp <= 0xffff && FOLD_KIND[cp] === 2 ? FOLD[cp]! : 0;
}
