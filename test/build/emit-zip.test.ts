import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, dosDateTime, zipWithArchiver } from '../../scripts/build/zip.ts';

const enc = new TextEncoder();
const entries = [
  { path: 'soul.json', data: enc.encode('{"name":"tutor"}\n') },
  { path: 'SOUL.md', data: enc.encode('You explain your reasoning step by step. '.repeat(200)) },
  { path: 'empty.txt', data: new Uint8Array(0) },
  { path: 'examples/naïve.md', data: enc.encode('ünïcödé') },
  { path: 'avatar.png', data: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) & 255) },
];

function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('createZip', () => {
  it('gives exactly the bytes archiver gives for the same entries', async () => {
    const date = new Date('2024-03-05T10:11:12Z');
    expect(createZip(entries, { date }).equals(await zipWithArchiver(entries, { date }))).toBe(true);
  });

  it('gives the same bytes whatever the order of the entries', () => {
    expect(createZip([...entries].reverse()).equals(createZip(entries))).toBe(true);
  });

  it('writes the fixed time and permissions into every entry', () => {
    const zip = createZip(entries, { date: new Date('2024-03-05T10:11:12Z') });
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(zip.readUInt32LE(central + 12)).toBe(dosDateTime(new Date('2024-03-05T10:11:12Z')));
    expect(zip.readUInt32LE(central + 38) >>> 16).toBe(0o100644);
  });

  it('clamps times before 1980 to the ZIP epoch', () => {
    expect(dosDateTime(new Date('1970-01-01T00:00:00Z'))).toBe(dosDateTime(new Date('1980-01-01T00:00:00Z')));
  });

  it('refuses two entries with the same path', () => {
    expect(() => createZip([entries[0]!, entries[0]!])).toThrow(/duplicate/);
  });

  it.skipIf(!hasUnzip())('is a valid archive that unzip reads back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'soul-zip-'));
    try {
      const file = join(dir, 'a.zip');
      writeFileSync(file, createZip(entries));
      expect(execFileSync('unzip', ['-t', file]).toString()).toMatch(/No errors detected/);
      expect(execFileSync('unzip', ['-p', file, 'SOUL.md']).toString()).toBe('You explain your reasoning step by step. '.repeat(200));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
