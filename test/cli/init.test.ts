import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, soul, tempDir } from './run.ts';

let tmp: string;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => cleanup(tmp));

describe('soul init', () => {
  it('writes soul.json, SOUL.md and IDENTITY.md into ./<name>/ and prints next steps', () => {
    const r = soul(['init', 'code-mentor'], { cwd: tmp });
    expect(r.code).toBe(0);
    for (const f of ['soul.json', 'SOUL.md', 'IDENTITY.md']) expect(existsSync(join(tmp, 'code-mentor', f))).toBe(true);
    expect((JSON.parse(readFileSync(join(tmp, 'code-mentor/soul.json'), 'utf8')) as { name: string }).name).toBe('code-mentor');
    expect(r.stdout).toContain('soul scan code-mentor');
    expect(r.stdout).toMatch(/pull request|soul publish/);
  });

  it('creates a soul that scans 100/Verified', () => {
    expect(soul(['init', 'code-mentor'], { cwd: tmp }).code).toBe(0);
    const r = soul(['scan', 'code-mentor', '--format', 'json'], { cwd: tmp });
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { score: number; grade: string; errors: unknown[]; warnings: unknown[] };
    expect(result).toMatchObject({ score: 100, grade: 'Verified', errors: [], warnings: [] });
  });

  it('creates an embodied 0.5 soul with --spec 0.5 that scans 100/Verified', () => {
    expect(soul(['init', 'kitchen-bot', '--spec', '0.5'], { cwd: tmp }).code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(tmp, 'kitchen-bot/soul.json'), 'utf8')) as { specVersion: string };
    expect(manifest.specVersion).toBe('0.5');
    const result = JSON.parse(soul(['scan', 'kitchen-bot', '--format', 'json'], { cwd: tmp }).stdout) as { score: number; grade: string };
    expect(result).toMatchObject({ score: 100, grade: 'Verified' });
  });

  it('takes the name from the current folder and writes there when no name is given', () => {
    const dir = join(tmp, 'my-helper');
    mkdirSync(dir);
    expect(soul(['init'], { cwd: dir }).code).toBe(0);
    expect((JSON.parse(readFileSync(join(dir, 'soul.json'), 'utf8')) as { name: string }).name).toBe('my-helper');
  });

  it('writes into --dir', () => {
    expect(soul(['init', 'helper', '--dir', 'souls/me/helper'], { cwd: tmp }).code).toBe(0);
    expect(existsSync(join(tmp, 'souls/me/helper/SOUL.md'))).toBe(true);
  });

  it('refuses to overwrite existing files without --force', () => {
    mkdirSync(join(tmp, 'code-mentor'));
    writeFileSync(join(tmp, 'code-mentor/SOUL.md'), 'my own words');
    const r = soul(['init', 'code-mentor'], { cwd: tmp });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('code-mentor/SOUL.md already exists; nothing was written');
    expect(readFileSync(join(tmp, 'code-mentor/SOUL.md'), 'utf8')).toBe('my own words');
    expect(existsSync(join(tmp, 'code-mentor/soul.json'))).toBe(false);
  });

  it('overwrites existing files with --force', () => {
    mkdirSync(join(tmp, 'code-mentor'));
    writeFileSync(join(tmp, 'code-mentor/SOUL.md'), 'my own words');
    expect(soul(['init', 'code-mentor', '--force'], { cwd: tmp }).code).toBe(0);
    expect(readFileSync(join(tmp, 'code-mentor/SOUL.md'), 'utf8')).not.toBe('my own words');
  });

  it('exits 2 for an invalid name and suggests a valid one', () => {
    const r = soul(['init', 'My Soul'], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"my-soul"');
  });

  it('exits 2 for a name with a path in it', () => {
    expect(soul(['init', '../escape'], { cwd: tmp }).code).toBe(2);
    expect(existsSync(join(tmp, '../escape'))).toBe(false);
  });

  it('exits 2 when the folder name is not a valid soul name and no name is given', () => {
    const dir = join(tmp, 'Not Valid');
    mkdirSync(dir);
    const r = soul(['init'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give a name: soul init my-soul');
  });

  it('exits 2 for an unknown --spec', () => {
    const r = soul(['init', 'x', '--spec', '0.9'], { cwd: tmp });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--spec must be one of 0.3, 0.4, 0.5');
  });
});
