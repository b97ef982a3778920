// Unicode tables for evasion: invisible characters and homoglyphs folded to Latin.
// (Filled in by the evasion work; this file owns the tables.)

export type InvisibleKind = 'zero-width' | 'bidi' | 'tag' | 'variation-selector' | 'other-format';

/** Kind of an invisible or direction-changing code point, or null for a visible one. */
export function invisibleKind(code: number): InvisibleKind | null {
  if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0x2060 || code === 0xfeff || code === 0x00ad || code === 0x180e) return 'zero-width';
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f || code === 0x061c) return 'bidi';
  if (code >= 0xe0000 && code <= 0xe007f) return 'tag';
  if ((code >= 0xfe00 && code <= 0xfe0f) || (code >= 0xe0100 && code <= 0xe01ef)) return 'variation-selector';
  return null;
}

const CONFUSABLES: Record<string, string> = {
  'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's',
  'ԁ': 'd', 'ɡ': 'g', 'ο': 'o', 'α': 'a', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'τ': 't',
};

/** The Latin letter a look-alike stands for, or undefined when the character is not a look-alike. */
export function foldConfusable(ch: string): string | undefined {
  return CONFUSABLES[ch];
}
