// Secrets of the state store: random tokens and ids, SHA-256 hashing and constant-time comparison,
// on Web Crypto only (the same code runs in Node 24 and workerd).

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62 * 4: bytes at or above it are rejected so that `byte % 62` is uniform. */
const UNBIASED_LIMIT = 248;
const MAX_RANDOM_BYTES = 65_536;

/** Random characters in a token (43 base62 characters carry 256 bits). */
export const SECRET_LENGTH = 43;

/**
 * `length` uniformly random base62 characters from `crypto.getRandomValues`, by rejection sampling
 * (no modulo bias).
 *
 * @example
 * randomBase62(22); // 'x3V0aQ...'
 */
export function randomBase62(length: number): string {
  let out = '';
  // Each byte is kept with probability 248/256, so a batch of length + 8 bytes nearly always
  // suffices; getRandomValues refuses more than 65,536 bytes per call.
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(Math.min(length - out.length + 8, MAX_RANDOM_BYTES)));
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * A new secret: `prefix` + 43 random base62 characters.
 *
 * @example
 * generateSecret('cs_'); // 'cs_4fQ...' (46 characters)
 */
export function generateSecret(prefix = ''): string {
  return prefix + randomBase62(SECRET_LENGTH);
}

/**
 * A random record id: `prefix` + 22 base62 characters (about 131 bits).
 *
 * @example
 * generateId('tok_'); // 'tok_7Hk...'
 */
export function generateId(prefix = ''): string {
  return prefix + randomBase62(22);
}

/**
 * SHA-256 of the UTF-8 bytes of `secret`, as 64 lower-case hex characters. Secrets are 256-bit
 * random values, so an unsalted fast hash is enough: there is nothing to brute-force.
 *
 * @example
 * await hashSecret('abc'); // 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
 */
export async function hashSecret(secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Whether two strings are equal, in time that depends only on their length (no early exit). Strings
 * of different lengths are unequal at once: the lengths compared here (hashes) are public.
 *
 * @example
 * constantTimeEqual(await hashSecret(token), storedHash);
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
