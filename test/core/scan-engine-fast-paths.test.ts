// The per-package shortcuts (sorted names without Array.prototype.sort, lines counted without the
// view's table, files sanitised without Object.entries, few file names checked without maps, an
// allowed license known without its verdict) must give exactly what the plain computation gives. Each test compares with a plain reference on tricky inputs.
import { describe, expect, it } from 'vitest';
import { createLineCounter, createScanContext, scanPackage } from '../../scripts/core/scan/engine.ts';
import { sortNames } from '../../scripts/core/paths.ts';
import { TextView } from '../../scripts/core/scan/text.ts';
import type { TextFile } from '../../scripts/core/scan/types.ts';
import { checkFileNames } from '../../scripts/core/paths.ts';
import { extensionOf } from '../../scripts/core/package.ts';
import { ALLOWED_LICENSES, checkLicense, isAllowedLicenseId } from '../../scripts/core/manifest/licenses.ts';
import { soulTree, validManifest } from '../helpers/soul.ts';
import { generator, randomText } from '../helpers/random.ts';

describe('sortNames', () => {
  it('orders few and many names as Array.prototype.sort does', () => {
    const rand = generator(5);
    const alphabet = ['a', 'A', 'b', 'Z', '.', '/', 'é', '中', '\ud83d\ude00', '\ud800', '0', ' ', '_'];
    for (let i = 0; i < 2000; i++) {
      const count = Math.floor(rand() * 24);
      const names = [...new Set(Array.from({ length: count }, () => randomText(rand, alphabet, 6)))];
      expect(sortNames([...names]), JSON.stringify(names)).toEqual([...names].sort());
    }
  });
});

describe('createLineCounter', () => {
  const textFile = (name: string, raw: string): TextFile => ({ name, ext: 'md', raw, view: new TextView(raw) });

  it('gives the line the view gives for any offset, counted or from the table', () => {
    const rand = generator(9);
    for (let i = 0; i < 300; i++) {
      const raw = randomText(rand, ['a', 'bc', '\n', '\r\n', '\n\n', ' '], 40);
      const files = [textFile('a.md', raw), textFile('b.md', `x\n${raw}`)];
      const lines = createLineCounter(files);
      // more asks than are counted, so later ones come from the view's table
      for (let k = 0; k < 8; k++) {
        const file = files[k % 2]!;
        const offset = k === 7 ? Number.NaN : Math.floor(rand() * (file.raw.length + 4)) - 2;
        expect(lines.lineAt(file.name, offset), `${JSON.stringify(file.raw)} @${offset}`).toBe(new TextView(file.raw).lineAt(offset));
      }
    }
  });

  it('gives no line for a file that is not a text file of the scan', () => {
    expect(createLineCounter([textFile('a.md', 'x\ny')]).lineAt('b.md', 2)).toBeUndefined();
  });
});

describe('sanitised files', () => {
  it('keeps string entries, reports the others and reads each getter once, as Object.entries does', () => {
    let reads = 0;
    const files: Record<string, unknown> = { ...soulTree({ 'SOUL.md': '# Soul\n\nYou are Tiny, a helpful gardener.\n' }), 'b.md': 7, '10': 'ten' };
    Object.defineProperty(files, 'lazy.md', { enumerable: true, get: () => `read ${++reads}` });
    Object.defineProperty(files, 'hidden.md', { enumerable: false, value: 'not a package file' });
    const result = scanPackage(files as Record<string, string>, { now: () => 0 });
    expect(reads).toBe(1);
    expect(result.errors.find((f) => f.code === 'FILE009')).toMatchObject({ file: 'b.md' });
    const sized = result.info.filter((f) => f.code === 'QUALITY010').map((f) => f.file);
    expect(sized).toEqual(['10', 'IDENTITY.md', 'SOUL.md', 'lazy.md', 'soul.json']);
  });

  it('builds the same context from a scan and from createScanContext', () => {
    const files = soulTree({ 'z.md': 'z', 'a.md': 'a', 'img.png': 'iVBORw0KGgo=' }, validManifest({ name: 'x' }));
    const ctx = createScanContext(files, { name: 'x', owner: 'o' });
    expect(ctx.texts.map((t) => t.name)).toEqual(Object.keys(files).filter((n) => n !== 'img.png').sort());
    expect([ctx.expectedName, ctx.expectedOwner, ctx.specVersion]).toEqual(['x', 'o', validManifest().specVersion ?? '0.3']);
    const mixed = createScanContext({ ...files, 'n.md': 5 } as unknown as Record<string, string>);
    expect(mixed.texts.map((t) => t.name)).toEqual(ctx.texts.map((t) => t.name));
  });
});

describe('checkFileNames of a few names', () => {
  it('reports what the general way reports, in the same order, for few names with and without folders', () => {
    const rand = generator(21);
    const alphabet = ['a', 'A', '.md', '/', 'é', 'e\u0301', 'ß', 'SS', ' ', '..', '\u202e', 'con', 'x'];
    for (let i = 0; i < 3000; i++) {
      const count = 1 + Math.floor(rand() * 20);
      const names = [...new Set(Array.from({ length: count }, () => randomText(rand, alphabet, 5)))];
      // a Set is no array: it takes the general way
      expect(checkFileNames(names), JSON.stringify(names)).toEqual(checkFileNames(new Set(names)));
    }
  });
});

describe('isAllowedLicenseId', () => {
  it('holds exactly for the licenses checkLicense allows as they are', () => {
    for (const license of [...ALLOWED_LICENSES, 'mit', 'MIT ', ' MIT', 'MIT OR Apache-2.0', 'GPL-3.0', '', 'Apache-2.0 ', 'constructor', '__proto__']) {
      if (isAllowedLicenseId(license)) expect(checkLicense(license)).toEqual({ status: 'allowed', message: `license ${license} allowed` });
      else expect(ALLOWED_LICENSES as readonly string[]).not.toContain(license);
    }
  });
});

describe('extensionOf', () => {
  // the base name cut out first, as before the shortcut
  const reference = (name: string): string => {
    const base = name.slice(name.lastIndexOf('/') + 1);
    const dot = base.lastIndexOf('.');
    return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
  };

  it('gives the base name extension on first and remembered calls, for dotfiles, folders and long names', () => {
    const names = ['a.md', '.md', 'a/.md', 'a/b.MD', 'a.b/c', 'x', 'a.', '', '/', 'a/b', '.a.b', 'dir.x/.y.Z', 'É.PNG', `${'x'.repeat(200)}.Md`, 'a/b/c.TXT'];
    const rand = generator(17);
    for (let i = 0; i < 2000; i++) names.push(randomText(rand, ['a', '.', '/', 'B', 'é'], 8));
    for (let round = 0; round < 2; round++) for (const name of names) expect(extensionOf(name), JSON.stringify(name)).toBe(reference(name));
  });
});
