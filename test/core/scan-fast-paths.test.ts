// The fast paths of the non-phrase rule families (one native search instead of a loop, a cheap
// test before the costly one, values shared within a scan) must give exactly what the plain
// computation gives. Each test compares with a plain reference on inputs built to hit the edges.
import { describe, expect, it } from 'vitest';
import { createScanContext, scanPackage } from '../../scripts/core/index.ts';
import { textFacts, utf8Length } from '../../scripts/core/package.ts';
import { checkFileName, fileNameKey } from '../../scripts/core/paths.ts';
import { fileNamesOf, manifestOf } from '../../scripts/core/manifest/context.ts';
import { headingsOf } from '../../scripts/core/scan/rules/quality.ts';
import { declaredIdentityName } from '../../scripts/core/scan/rules/consistency.ts';
import { allFindings, codes, soulTree, validManifest } from '../helpers/soul.ts';
import { generator, randomText } from '../helpers/random.ts';

// ASCII, controls (counted and not), DEL, two- and three-byte characters, pairs and lone surrogates.
const MIXED = ['a', 'Z', ' ', '\n', '\t', '\f', '\r', '\u001b', '\u0000', '\u0001', '\u000b', '\u001f', '\u007f', 'é', 'ß', '\u07ff', '\u0800', '中', '\uffff', '😀', '\ud800', '\udc00', '\udbff', '\u00a0'];

describe('textFacts', () => {
  const encoder = new TextEncoder();
  const reference = (s: string) => ({
    bytes: encoder.encode(s).length, // lone surrogates become U+FFFD, three bytes
    pairs: (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? []).length,
    controls: /[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]/.test(s),
  });

  it('gives the UTF-8 length, the surrogate pairs and the presence of counted controls of any text', () => {
    const rand = generator(7);
    for (let i = 0; i < 3000; i++) {
      const s = randomText(rand, MIXED, 40);
      expect(textFacts(s), JSON.stringify(s)).toEqual(reference(s));
      expect(utf8Length(s)).toBe(reference(s).bytes);
    }
  });

  it('counts a high surrogate followed by another pair once, as the pair that follows', () => {
    expect(textFacts('\ud800\ud800\udc00')).toEqual({ bytes: 7, pairs: 1, controls: false });
  });

  it('does not count tab, line feed, form feed, carriage return, escape or DEL as controls', () => {
    expect(textFacts('a\t\n\f\r\u001b\u007fb').controls).toBe(false);
    expect(textFacts('a\u000bb').controls).toBe(true);
  });
});

describe('file names', () => {
  it('keys an ASCII name like the full Unicode folding does', () => {
    const rand = generator(11);
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    for (let i = 0; i < 2000; i++) {
      const name = randomText(rand, ascii, 20);
      expect(fileNameKey(name)).toBe(name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC'));
    }
  });

  it('gives the same verdict for a name asked about again (remembered) as the first time', () => {
    for (const name of ['SOUL.md', 'con.md', 'a/../b.md', 'x.', ' lead.md', 'a//b.md', 'dir/sub/x.md', 'C:x.md', 'e\u0301.md', 'ра\u0443pal.md', 'x'.repeat(130)]) {
      const first = checkFileName(name);
      expect(checkFileName(name)).toBe(first);
    }
  });

  it('still finds the problems of plain ASCII names (reserved names, dots, spaces, depth)', () => {
    expect(checkFileName('con.md')).toContain('device name');
    expect(checkFileName('notes.')).toContain('ends with a dot');
    expect(checkFileName(' notes.md')).toContain('starts with a space');
    expect(checkFileName('a/b/c.md')).toContain('levels deep');
    expect(checkFileName('.git/config')).toContain('".git"');
    expect(checkFileName('examples/good.md')).toBeNull();
  });

  it('checks every name of many packages right when the remembered verdicts overflow', () => {
    for (let i = 0; i < 3000; i++) expect(checkFileName(`note-${i}.md`)).toBeNull();
    expect(checkFileName('note-1/../x.md')).toContain('".."');
  });
});

describe('scan context values', () => {
  it('keeps the manifest and names of each context apart when two scans interleave', () => {
    const a = createScanContext({ 'soul.json': JSON.stringify(validManifest({ name: 'alpha' })), 'SOUL.md': 'x' }, { name: 'alpha' });
    const b = createScanContext({ 'soul.json': '{ not json', 'SOUL.md': 'x', 'IDENTITY.md': 'y' }, { name: 'beta' });
    const first = manifestOf(a);
    expect(manifestOf(a)).toBe(first); // computed once per context
    expect(manifestOf(b).issues.map((i) => i.code)).toEqual(['SCHEMA002']);
    expect(manifestOf(a)).toEqual(first);
    expect(fileNamesOf(b)).toEqual(['soul.json', 'SOUL.md', 'IDENTITY.md']);
    expect(fileNamesOf(a)).toEqual(['soul.json', 'SOUL.md']);
  });

  it('checks the manifest the engine parsed exactly as its text', () => {
    const text = JSON.stringify(validManifest({ name: 'Bad Name', license: 'GPL-3.0', files: { soul: 'MISSING.md', identity: 'identity.MD' } }));
    const ctx = createScanContext({ 'soul.json': `\ufeff${text}`, 'SOUL.md': 'x', 'IDENTITY.md': 'y' });
    const fromText = createScanContext({ 'soul.json': 'x' });
    expect(ctx.manifest).not.toBeNull();
    const parsed = manifestOf(ctx);
    manifestOf(fromText);
    expect(parsed.issues.map((i) => i.code)).toEqual(['SCHEMA006', 'SCHEMA010', 'SCHEMA013', 'SCHEMA015']);
    expect(parsed.issues.find((i) => i.code === 'SCHEMA015')?.message).toContain('"IDENTITY.md": use the same case');
  });
});

describe('headings', () => {
  // The plain reading: every line (split at \n) that starts with up to three spaces and a '#',
  // outside the fenced blocks the view knows.
  function reference(raw: string): Array<{ level: number; offset: number }> {
    const view = createScanContext({ 'SOUL.md': raw }).texts[0]!.view;
    const out: Array<{ level: number; offset: number }> = [];
    let ls = 0;
    for (const line of raw.split('\n')) {
      const m = /^ {0,3}(#{1,6})[ \t]{1,6}/.exec(line);
      if (m && !view.inCodeBlock(ls)) out.push({ level: m[1]!.length, offset: ls });
      ls += line.length + 1;
    }
    return out;
  }

  it('finds the ATX headings a line-by-line reading finds, fenced code skipped', () => {
    const rand = generator(5);
    const parts = ['#', '##', '###', '#######', ' ', '    ', '\n', '\r\n', 'text', '\t', 'C#', '#tag', '# ', '  # x', '#\n', '\u00a0#', '\n```\n', '\n~~~\n', '\n   ```js\n', '``', '~~~~'];
    for (let i = 0; i < 3000; i++) {
      const raw = randomText(rand, parts, 30);
      const file = createScanContext({ 'SOUL.md': raw }).texts[0]!;
      expect(headingsOf(file).map((h) => ({ level: h.level, offset: h.offset })), JSON.stringify(raw)).toEqual(reference(raw));
    }
  });
});

describe('cheap gates before costly checks', () => {
  const scan = (files: Record<string, string>) => scanPackage(files, { name: 'test-soul' });

  it('reads a Name key written with emphasis inside it', () => {
    expect(declaredIdentityName('# Identity\n\n- **N*a*me**: Aria\n')).toBe('Aria');
    expect(declaredIdentityName('| NOMBRE | Zoé |\n')).toBe('Zoé');
    expect(declaredIdentityName('- **Role:** tutor\n')).toBeUndefined();
  });

  it('finds script URLs hidden behind entities, white space, invisible characters and case', () => {
    for (const text of ['[x](&#106;avascript:alert(1))', '[x]( JaVaScRiPt:alert(1))', '[r]: \u200bjavascript:x', '<a href="&#x6A;avascript:x">x</a>', '<a href=" vbscript:x">x</a>', '[d](DATA:text/html,x)']) {
      expect(codes(scan(soulTree({ 'SOUL.md': `# Soul\n\n${text}\n` }))), text).toContain('SEC022');
    }
    expect(codes(scan(soulTree({ 'SOUL.md': '# Soul\n\n[docs](https://example.com/a) and <a href="/local">x</a>\n' })))).not.toContain('SEC022');
  });

  it('judges a description that repeats the name whatever its case, spacing and script', () => {
    const description = (d: string, name = 'test-soul', displayName = 'Über Tutor') =>
      allFindings(scan(soulTree({}, validManifest({ name, displayName, description: d })))).find((f) => f.code === 'QUALITY006')?.message ?? '';
    expect(description('Test Soul')).toContain('only repeats the name');
    expect(description('über-tutor!')).toContain('only repeats the name');
    expect(description('ÜBER LAUTE BESCHREIBUNG FÜR ALLE')).toContain('capital letters');
    expect(description('A SHOUTING DESCRIPTION OF A TUTOR')).toContain('capital letters');
    expect(description('This is my first soul, a tutor for maths')).toContain('placeholder text ("my first soul")');
    expect(description('A patient maths tutor for secondary school pupils.')).toBe('');
  });

  it('finds a recommended section named by any one heading, first or last', () => {
    const body = 'You are a patient tutor who explains each step and checks what the learner understood. '.repeat(4);
    const missing = (headings: readonly string[]) => {
      const soul = `# Tutor\n\n${headings.map((h) => `## ${h}\n\n${body}\n`).join('\n')}`;
      return allFindings(scan(soulTree({ 'SOUL.md': soul }))).find((f) => f.code === 'QUALITY007')?.message ?? '';
    };
    expect(missing(['Notes', 'Examples', 'Boundaries'])).toContain('personality or tone');
    expect(missing(['Notes', 'Examples', 'Boundaries'])).not.toContain('boundaries');
    expect(missing(['Tone of voice', 'Notes', 'Limits'])).toBe('');
  });

  it('finds credentials whose names end in a stem in any case, and provider-only names', () => {
    const found = (line: string) => codes(scan(soulTree({ 'notes.md': `# Notes\n\n${line}\n` })));
    expect(found('Db.PassWord = "Xy7#kL9$mN2q"')).toContain('SEC031');
    expect(found('MY_API_KEY: "aB3dE5fG7hI9jK1lM3nO5pQ7"')).toContain('SEC031');
    expect(found('Description: a tutor who explains maths')).not.toContain('SEC031');
  });
});
