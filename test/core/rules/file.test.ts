import { describe, expect, it } from 'vitest';
import { scanPackage } from '../../../scripts/core/index.ts';
import { file, sortedNames, surelyNoControls } from '../../../scripts/core/scan/rules/file.ts';
import { createTextView } from '../../../scripts/core/scan/text.ts';
import { decodeImage, fileSize, formatBytes, textFacts, utf8Length } from '../../../scripts/core/package.ts';
import { allFindings, codes, soulTree, validManifest } from '../../helpers/soul.ts';

type Result = ReturnType<typeof scanPackage>;
const fileCodes = (r: Result) => codes(r).filter((c) => c.startsWith('FILE'));
const finding = (r: Result, code: string) => allFindings(r).find((f) => f.code === code);
const scan = (files: Record<string, string>) => scanPackage(files, { name: 'test-soul' });

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).toString('base64');

describe('file rules', () => {
  it('reports nothing for a package of allowed, well-formed files', () => {
    const r = scan(soulTree({ 'README.md': '# Readme\n', 'avatar/avatar.png': PNG_1X1, 'LICENSE': 'MIT License\n', 'examples/good.md': 'Good.\n' }));
    expect(fileCodes(r)).toEqual([]);
  });

  it('FILE001: a file type that is not allowed', () => {
    const r = scan(soulTree({ 'run.sh': 'echo hi\n' }));
    expect(finding(r, 'FILE001')).toMatchObject({ severity: 'error', file: 'run.sh' });
    expect(finding(r, 'FILE001')?.message).toContain('.sh');
  });

  it('FILE001: a dotfile without an allowed extension', () => {
    expect(fileCodes(scan(soulTree({ '.DS_Store': 'x' })))).toContain('FILE001');
  });

  it('FILE002: an unsafe name, reported without a file location and with the name escaped', () => {
    const r = scan(soulTree({ '../escape.md': 'x', 'a\u202egnp.md': 'y' }));
    const f = finding(r, 'FILE002');
    expect(f).toMatchObject({ severity: 'error' });
    expect(f).not.toHaveProperty('file');
    expect(f?.message).toContain('2 unsafe file names');
    expect(f?.message).toContain('\\u{202E}');
    expect(f?.message).not.toContain('\u202e');
  });

  it('FILE003: two names equal ignoring case', () => {
    const r = scan(soulTree({ 'soul.md': 'Another soul file.\n' }));
    expect(finding(r, 'FILE003')?.message).toMatch(/same as "SOUL.md"|same as "soul.md"/);
  });

  it('FILE004: a file over 100 KB', () => {
    const r = scan(soulTree({ 'notes.md': 'a'.repeat(100 * 1024 + 1) }));
    expect(finding(r, 'FILE004')).toMatchObject({ severity: 'error', file: 'notes.md' });
  });

  it('FILE004 does not fire at exactly 100 KB', () => {
    expect(fileCodes(scan(soulTree({ 'notes.md': 'a'.repeat(100 * 1024) })))).not.toContain('FILE004');
  });

  it('counts size in UTF-8 bytes, not characters', () => {
    const r = scan(soulTree({ 'notes.md': 'é'.repeat(60 * 1024) }));
    expect(fileCodes(r)).toContain('FILE004');
    expect(utf8Length('é😀')).toBe(6);
  });

  it('FILE005: a package over 1 MB in total', () => {
    const big: Record<string, string> = {};
    for (let i = 0; i < 11; i++) big[`part${i}.md`] = 'b'.repeat(99 * 1024);
    const r = scan(soulTree(big));
    expect(finding(r, 'FILE005')).toMatchObject({ severity: 'error' });
    expect(finding(r, 'FILE005')).not.toHaveProperty('file');
  });

  it('FILE006: an empty file is a warning', () => {
    expect(finding(scan(soulTree({ 'STYLE.md': '  \n' })), 'FILE006')).toMatchObject({ severity: 'warning', file: 'STYLE.md' });
  });

  it('FILE007: a .png holding JPEG bytes', () => {
    const f = finding(scan(soulTree({ 'avatar.png': JPEG_HEAD })), 'FILE007');
    expect(f?.message).toContain('rename it to .jpg');
  });

  it('FILE007: a .jpg holding text', () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    expect(fileCodes(scan(soulTree({ 'face.jpg': html })))).toContain('FILE007');
  });

  it('FILE007: an .svg without an svg element', () => {
    expect(fileCodes(scan(soulTree({ 'logo.svg': 'just text\n' })))).toContain('FILE007');
  });

  it('accepts a real JPEG and an SVG', () => {
    const r = scan(soulTree({ 'face.jpeg': JPEG_HEAD, 'logo.svg': '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>\n' }));
    expect(fileCodes(r)).toEqual([]);
  });

  it('FILE008: an image that is not base64', () => {
    expect(finding(scan(soulTree({ 'avatar.png': 'not base64 at all!' })), 'FILE008')).toMatchObject({ severity: 'error', file: 'avatar.png' });
  });

  it('FILE009: a file whose content is not a string', () => {
    const files = { ...soulTree(), 'data.md': 42 } as unknown as Record<string, string>;
    expect(finding(scan(files), 'FILE009')).toMatchObject({ severity: 'error', file: 'data.md' });
  });

  it('FILE010: SOUL.md missing when soul.json names no soul file', () => {
    const { files: _f, specVersion: _s, ...legacy } = validManifest();
    const files = soulTree({}, legacy);
    delete files['SOUL.md'];
    expect(finding(scan(files), 'FILE010')).toMatchObject({ severity: 'error' });
  });

  it('leaves a missing declared soul file to SCHEMA013', () => {
    const files = soulTree();
    delete files['SOUL.md'];
    const r = scan(files);
    expect(codes(r)).toContain('SCHEMA013');
    expect(codes(r)).not.toContain('FILE010');
  });

  it('FILE010 suggests renaming a soul file in the wrong case', () => {
    const files = soulTree({ 'soul.md': '# Soul\n\nA helper.\n' });
    delete files['SOUL.md'];
    const { files: _f, ...manifest } = validManifest();
    files['soul.json'] = JSON.stringify(manifest);
    expect(finding(scan(files), 'FILE010')?.message).toContain('rename it to SOUL.md');
  });

  it('FILE011: a missing IDENTITY.md is only informational', () => {
    const files = soulTree({}, validManifest({ files: { soul: 'SOUL.md' } }));
    delete files['IDENTITY.md'];
    const r = scan(files);
    expect(finding(r, 'FILE011')).toMatchObject({ severity: 'info' });
  });

  it('FILE012: NUL bytes in a text file', () => {
    expect(finding(scan(soulTree({ 'notes.txt': 'abc\u0000def' })), 'FILE012')).toMatchObject({ severity: 'error', file: 'notes.txt' });
  });

  it('FILE012 does not fire on tabs, newlines and a few escape sequences', () => {
    expect(fileCodes(scan(soulTree({ 'notes.txt': 'a\tb\r\nc\f\u001b[0m\n' })))).toEqual([]);
  });

  it('FILE013: another .json file that is not JSON', () => {
    expect(finding(scan(soulTree({ 'examples.json': '{ oops' })), 'FILE013')).toMatchObject({ severity: 'warning' });
  });

  it('FILE014: too many files', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 205; i++) many[`n${i}.md`] = 'x';
    expect(fileCodes(scan(soulTree(many)))).toContain('FILE014');
  });

  it('lists every code it can emit in its rule table, all in the file stage', () => {
    expect(file.rules.map((r) => r.id)).toEqual(Array.from({ length: 14 }, (_, i) => `FILE${String(i + 1).padStart(3, '0')}`));
    expect(file.rules.every((r) => r.stage === 'file')).toBe(true);
  });
});

describe('package model', () => {
  it('decodes a PNG and checks its magic bytes', () => {
    expect(decodeImage('a.png', PNG_1X1)).toMatchObject({ ok: true, type: 'png' });
  });

  it('accepts a data URL prefix and line breaks in base64', () => {
    const wrapped = `data:image/png;base64,${PNG_1X1.slice(0, 20)}\n${PNG_1X1.slice(20)}`;
    expect(decodeImage('a.png', wrapped).ok).toBe(true);
  });

  it('counts an image by its decoded size', () => {
    const bytes = Buffer.alloc(90 * 1024, 1);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const b64 = bytes.toString('base64');
    expect(b64.length).toBeGreaterThan(100 * 1024);
    expect(fileSize('big.png', b64)).toBe(90 * 1024);
    expect(fileCodes(scan(soulTree({ 'big.png': b64 })))).toEqual([]);
  });
});

describe('file fast paths', () => {
  const textFile = (raw: string) => ({ name: 'a.md', ext: 'md', raw, view: createTextView(raw) });

  it('surelyNoControls is false whenever textFacts counts a control character', () => {
    for (let c = 0; c < 0x80; c++) {
      for (const raw of [`a${String.fromCharCode(c)}b`, `${'plain text '.repeat(10)}${String.fromCharCode(c)}${'more text '.repeat(10)}`, String.fromCharCode(c)]) {
        if (textFacts(raw).controls) expect(surelyNoControls(textFile(raw)), `U+${c.toString(16)} in ${JSON.stringify(raw.slice(0, 12))}`).toBe(false);
      }
    }
  });

  it('surelyNoControls is false whenever textFacts counts a control among other invisible characters', () => {
    const others = ['\u200b', '\u200d', '\u202e', '\ufe0f', '\u2764\ufe0f', '\u{e0041}', '\u00ad', '\u2061'];
    for (let c = 0; c < 0x80; c++) {
      for (const other of others) {
        const raw = `${other}a${String.fromCharCode(c)}b${other}`;
        if (textFacts(raw).controls) expect(surelyNoControls(textFile(raw)), `U+${c.toString(16)} with ${JSON.stringify(other)}`).toBe(false);
      }
    }
  });

  it('surelyNoControls holds for text whose invisible characters are zero-width, direction marks, tags or selectors', () => {
    for (const other of ['\u200b', '\u202e', '\ufe0f', '\u2764\ufe0f', '\u{e0041}']) expect(surelyNoControls(textFile(`Caf\u00e9 ${other} kind\n`)), JSON.stringify(other)).toBe(true);
  });

  it('reports controls after more invisible runs than a view records', () => {
    const raw = `${'a\u200b'.repeat(10_001)}${'\u0001'.repeat(300)}`;
    expect(surelyNoControls(textFile(raw))).toBe(false);
    expect(fileCodes(scan(soulTree({ 'notes.md': raw })))).toContain('FILE012');
  });

  it('surelyNoControls holds for plain and non-ASCII text without controls', () => {
    expect(surelyNoControls(textFile('# Soul\n\nYou are kind.\r\n\tTabs and\fform feeds.'))).toBe(true);
    expect(surelyNoControls(textFile('Caf\u00e9 \u2014 \ud83d\ude00 na\u00efve'))).toBe(true);
  });

  it('sortedNames orders like slice().sort()', () => {
    const names = ['soul.json', 'SOUL.md', 'IDENTITY.md', 'a/b.md', 'a.md', '\ud83d\ude00.md', '\uffff.md', 'Z.md', '_x.md'];
    for (let n = 0; n <= names.length; n++) expect(sortedNames(names, n)).toEqual(names.slice(0, n).sort());
    const many = Array.from({ length: 40 }, (_, i) => `f${(i * 7919) % 40}.md`);
    expect(sortedNames(many, 40)).toEqual(many.slice().sort());
  });

  it('FILE005 sums small files exactly when their bound passes 1 MB', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`part${i}.md`] = `${'é'.repeat(10)}${'c'.repeat(30 * 1024)}`;
    const r = scan(soulTree(files));
    const total = Object.values(soulTree(files)).reduce((n, v) => n + utf8Length(v), 0);
    expect(finding(r, 'FILE005')?.message).toContain(`is ${formatBytes(total)} in total`);
  });

  it('no FILE005 when small files only could pass 1 MB by the bound', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`part${i}.md`] = 'c'.repeat(30 * 1024);
    expect(fileCodes(scan(soulTree(files)))).not.toContain('FILE005');
  });
});
