// The generated validators settle maxLength / minLength from a string's length in code units when
// that bound decides (scripts/build/generate-schemas.ts): they must report exactly what ajv's own
// compiled validators report, on strings of surrogate pairs and lone surrogates around each limit.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { MANIFEST_SCHEMAS } from '../../scripts/core/manifest/index.ts';
import { validateSoul03, validateSoul04, validateSoul05 } from '../../scripts/core/manifest/validators.generated.js';
import type { GeneratedValidator } from '../../scripts/core/manifest/validators.generated.js';
import { validManifest } from '../helpers/soul.ts';

const GENERATED: Record<string, GeneratedValidator> = { '0.3': validateSoul03, '0.4': validateSoul04, '0.5': validateSoul05 };

/** A string of `count` characters drawn in turn from `chars` (each one code point). */
function textOf(count: number, chars: readonly string[]): string {
  let out = '';
  for (let i = 0; i < count; i++) out += chars[i % chars.length]!;
  return out;
}

describe('generated length checks', () => {
  it('report what ajv reports for strings around every limit, counted in code points', () => {
    const kinds: ReadonlyArray<readonly string[]> = [['a'], ['🙂'], ['a', '🙂'], ['\ud800'], ['\udc00', 'b'], ['é']];
    for (const version of ['0.3', '0.4', '0.5'] as const) {
      const reference = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true }).compile(MANIFEST_SCHEMAS[version]);
      const generated = GENERATED[version]!;
      for (const count of [0, 1, 2, 31, 32, 33, 63, 64, 65, 80, 81, 100, 101, 159, 160, 161, 200, 201]) {
        for (const chars of kinds) {
          const text = textOf(count, chars);
          const manifest = validManifest({ specVersion: version, displayName: text, description: text, license: text, author: { name: text }, tags: [text], modes: version === '0.3' ? [text] : undefined });
          const ok = generated(manifest);
          expect(ok, `${version} ${count} ${JSON.stringify(chars)}`).toBe(reference(manifest));
          expect(generated.errors ?? null, `${version} ${count} ${JSON.stringify(chars)}`).toEqual(reference.errors ?? null);
        }
      }
    }
  });
});
