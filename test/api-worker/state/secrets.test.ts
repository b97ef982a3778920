import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, generateId, generateSecret, hashSecret, randomBase62, SECRET_LENGTH } from '../../../api-worker/src/state/secrets.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('generateSecret', () => {
  it('is the prefix followed by 43 base62 characters', () => {
    expect(SECRET_LENGTH).toBe(43);
    expect(generateSecret('cs_')).toMatch(/^cs_[0-9A-Za-z]{43}$/);
    expect(generateSecret()).toMatch(/^[0-9A-Za-z]{43}$/);
  });

  it('never repeats across many draws', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => generateSecret('cs_')));
    expect(seen.size).toBe(2000);
  });
});

describe('randomBase62', () => {
  it('returns exactly the requested length, including zero', () => {
    expect(randomBase62(0)).toBe('');
    expect(randomBase62(1)).toHaveLength(1);
    expect(randomBase62(1000)).toHaveLength(1000);
  });

  it('has no modulo bias: the first 8 characters are not favoured', () => {
    // With `byte % 62` and no rejection, characters 0..7 would come 5/4 as often as the rest.
    const counts = new Map<string, number>();
    for (const ch of randomBase62(248_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const mean = (chars: string): number => [...chars].reduce((sum, ch) => sum + (counts.get(ch) ?? 0), 0) / chars.length;
    const ratio = mean(BASE62.slice(0, 8)) / mean(BASE62.slice(8));
    expect(ratio).toBeGreaterThan(0.95);
    expect(ratio).toBeLessThan(1.05);
  });
});

describe('generateId', () => {
  it('is the prefix followed by 22 base62 characters', () => {
    expect(generateId('tok_')).toMatch(/^tok_[0-9A-Za-z]{22}$/);
  });
});

describe('hashSecret', () => {
  it('is SHA-256 in lower-case hex', async () => {
    expect(await hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await hashSecret('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes the UTF-8 bytes of non-ASCII input', async () => {
    // node:crypto as an independent oracle: "é" is the two bytes C3 A9 in UTF-8.
    expect(await hashSecret('\u00e9')).toBe(createHash('sha256').update(Uint8Array.from([0xc3, 0xa9])).digest('hex'));
  });
});

describe('constantTimeEqual', () => {
  it('is true for equal strings and false for any difference', () => {
    const a = 'f'.repeat(64);
    expect(constantTimeEqual(a, 'f'.repeat(64))).toBe(true);
    expect(constantTimeEqual(a, 'f'.repeat(63) + 'e')).toBe(false);
    expect(constantTimeEqual(a, 'e' + 'f'.repeat(63))).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });

  it('is false for strings of different lengths', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abcd', 'abc')).toBe(false);
  });
});

describe('secrets module', () => {
  it('uses Web Crypto only, so it runs in workerd', () => {
    const source = readFileSync(new URL('../../../api-worker/src/state/secrets.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from ['"](?:node:)?crypto['"]|require\(/);
    expect(source).not.toMatch(/Math\.random/);
  });
});
