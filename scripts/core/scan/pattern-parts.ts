// Building blocks for phrase patterns composed from word lists (the English injection and
// jailbreak families). Every composed pattern is checked by recheck in those families' tests.

/** `(?:a|b|c)` from a list of regex fragments. */
export const alt = (words: readonly string[]): string => `(?:${words.join('|')})`;

/** Start of a word. */
export const B = '\\b';

/** End of a word (the patterns avoid lookarounds, so `recheck` can prove them linear). */
export const E = '\\b';

/** A negation after a verb: " not", "n't". */
export const NOT = "(?: not|n['’]?t)";

/** Up to `words` words inside one sentence (a lazy gap that never crosses a full stop). */
export const gap = (words: number): string => `(?:[^ .!?]+ ){0,${words}}?`;
