// Seeded pseudo-random inputs for tests that compare a fast path with a plain one: the same
// sequence on every run, so a failure always reproduces.

/**
 * A small deterministic generator of numbers in [0, 1] (a linear congruential one).
 *
 * @example const rand = generator(7); rand() // the same number on every run
 */
export function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** A text of up to `max` pieces drawn from `alphabet`. */
export function randomText(rand: () => number, alphabet: readonly string[], max: number): string {
  let out = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i++) out += alphabet[Math.floor(rand() * alphabet.length)]!;
  return out;
}
