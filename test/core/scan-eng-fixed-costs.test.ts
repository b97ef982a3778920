// Per-package shortcuts outside the rule families' text passes (remembered name keys and
// extensions, few names checked in place, a scan's names handed to the file family) must give exactly what the plain computation gives.
// Each test compares with a plain reference, on first and on remembered calls.
import { describe, expect, it } from 'vitest';
import { scanPackage } from '../../scripts/core/scan/engine.ts';
import { FAMILIES } from '../../scripts/core/scan/rules/index.ts';
import type { RuleFamily } from '../../scripts/core/scan/types.ts';
import { fileNamesOf } from '../../scripts/core/manifest/context.ts';
import { checkFileNames, fileNameKey } from '../../scripts/core/paths.ts';
import { extensionOf } from '../../scripts/core/package.ts';
import { generator, randomText } from '../helpers/random.ts';

describe('fileNameKey', () => {
  // the key as computed before names were remembered
  const reference = (name: string): string => name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');

  it('gives the plain key on first and remembered calls, for ASCII, composed, folded and long names', () => {
    const names = ['SOUL.md', 'soul.md', 'Straße.md', 'STRASSE.md', 'café.md', 'cafe\u0301.md', 'İ.md', 'ǅ.md', 'ﬁle.md', 'a/B.MD', '', `${'X'.repeat(200)}.md`];
    const rand = generator(31);
    for (let i = 0; i < 2000; i++) names.push(randomText(rand, ['a', 'A', 'ß', 'e\u0301', 'é', 'İ', 'Σ', '/', '.'], 6));
    for (let round = 0; round < 2; round++) for (const name of names) expect(fileNameKey(name), JSON.stringify(name)).toBe(reference(name));
  });
});

describe('checkFileNames of few flat names', () => {
  it('reports what the general way reports for names with non-string entries, duplicates and look-alike keys', () => {
    const cases: unknown[][] = [
      ['soul.json', 'SOUL.md', 'IDENTITY.md'],
      ['SOUL.md', 'soul.md', 'Soul.MD'],
      ['a.md', 'a.md'],
      ['caf\u00e9.md', 'cafe\u0301.md', 'CAFÉ.md'],
      ['stra\u00dfe.md', 'STRASSE.md'],
      ['x.md', 7 as unknown, 'X.md'],
      ['con.md', 'CON.md', '../x', 'a\u202eb.md'],
      Array.from({ length: 16 }, (_, i) => `f${i % 5}.md`.toUpperCase()),
      Array.from({ length: 17 }, (_, i) => `f${i % 5}.md`),
    ];
    // an iterable that is no array takes the general way, duplicates kept
    const general = function* (names: unknown[]): Iterable<string> {
      yield* names as string[];
    };
    for (const names of cases) expect(checkFileNames(names as string[]), JSON.stringify(names)).toEqual(checkFileNames(general(names)));
  });
});

describe('extensionOf', () => {
  const reference = (name: string): string => {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
  };

  it('gives the plain extension on remembered calls after the names were seen in another case', () => {
    const names = ['a.MD', 'a.md', 'A.Md', 'x.JSON', 'x.json', '.png', 'a/.png', `${'y'.repeat(130)}.PNG`];
    for (let round = 0; round < 3; round++) for (const name of names) expect(extensionOf(name), name).toBe(reference(name));
  });
});

describe("a scan's file names", () => {
  // what the file family reads during a scan, and the keys it listed itself before the engine handed them over
  const seen = (files: object): { handed: readonly string[]; listed: string[] } => {
    let result = { handed: [] as readonly string[], listed: [] as string[] };
    const spy: RuleFamily = {
      name: 'spy',
      rules: [],
      check(ctx) {
        result = { handed: fileNamesOf(ctx), listed: [...Object.keys(ctx.files), ...ctx.invalidEntries] };
      },
    };
    const families = FAMILIES as RuleFamily[];
    families.push(spy);
    try {
      scanPackage(files as Record<string, string>, { now: () => 0 });
    } finally {
      families.pop();
    }
    return result;
  };

  it('are the keys of the sanitised files in their order, for index-like names, other entries and proxies too', () => {
    const rand = generator(41);
    const alphabet = ['a.md', 'A.md', '1', '01', '10', '9', '2.md', 'b.md', '-1', 'x/a.md', '', '__proto__', '4294967295', '4294967294'];
    for (let i = 0; i < 500; i++) {
      const files: Record<string, unknown> = {};
      const count = 1 + Math.floor(rand() * 7);
      for (let k = 0; k < count; k++) files[alphabet[Math.floor(rand() * alphabet.length)]!] = rand() < 0.15 ? 5 : 'text';
      const ownKeys = Object.keys(files).reverse();
      for (const input of [files, new Proxy(files, { ownKeys: () => ownKeys })]) {
        const { handed, listed } = seen(input);
        expect(handed, JSON.stringify(ownKeys)).toEqual(listed);
      }
    }
  });
});
