import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../scripts/cli/lib/command.ts';
import { findPackages, readFileList, readPackageFolder } from '../../scripts/cli/lib/read-package.ts';
import { cleanup, tempDir, writeTree } from './run.ts';

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);

let tmp: string;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => cleanup(tmp));

describe('readPackageFolder', () => {
  it('reads images as base64 and text as UTF-8', () => {
    writeTree(tmp, { 'avatar.png': PNG, 'SOUL.md': 'héllo', 'img/photo.JPG': PNG });
    const pkg = readPackageFolder(tmp, tmp);
    expect(pkg.files['avatar.png']).toBe(Buffer.from(PNG).toString('base64'));
    expect(pkg.files['img/photo.JPG']).toBe(Buffer.from(PNG).toString('base64'));
    expect(pkg.files['SOUL.md']).toBe('héllo');
  });

  it('reports the folder relative to the working directory with the folder name as name', () => {
    writeTree(join(tmp, 'souls/me/tutor'), { 'SOUL.md': 'x' });
    const pkg = readPackageFolder('souls/me/tutor', tmp, 'me');
    expect(pkg).toMatchObject({ path: 'souls/me/tutor', name: 'tutor', owner: 'me' });
  });

  it('keeps only the top level and one folder level', () => {
    writeTree(tmp, { 'a.md': '1', 'd/b.md': '2', 'd/e/c.md': '3' });
    expect(Object.keys(readPackageFolder(tmp, tmp).files).sort()).toEqual(['a.md', 'd/b.md']);
  });

  it('throws an InputError for a symlinked folder that leaves the package', () => {
    const outside = join(tmp, 'outside');
    writeTree(outside, { 'secret.md': 'x' });
    const pkg = join(tmp, 'pkg');
    mkdirSync(pkg);
    symlinkSync(outside, join(pkg, 'linked'));
    expect(() => readPackageFolder(pkg, tmp)).toThrow(InputError);
  });

  it('throws an InputError for a broken symlink', () => {
    symlinkSync(join(tmp, 'nowhere.md'), join(tmp, 'dangling.md'));
    expect(() => readPackageFolder(tmp, tmp)).toThrow(/broken symbolic link/);
  });
});

describe('readFileList', () => {
  it('names files relative to their common folder', () => {
    writeTree(tmp, { 'tutor/soul.json': '{}', 'tutor/examples/a.md': 'x' });
    const pkg = readFileList(['tutor/soul.json', 'tutor/examples/a.md'], tmp);
    expect(Object.keys(pkg.files).sort()).toEqual(['examples/a.md', 'soul.json']);
    expect(pkg.name).toBe('tutor');
  });
});

describe('findPackages', () => {
  it('returns the folder itself when it holds soul.json', () => {
    writeTree(tmp, { 'soul.json': '{}', 'souls/a/b/soul.json': '{}' });
    expect(findPackages(tmp)).toEqual([{ dir: tmp }]);
  });

  it('finds souls/<owner>/<name> folders below a repository root, with owners', () => {
    writeTree(tmp, { 'souls/b/two/soul.json': '{}', 'souls/a/one/soul.json': '{}', 'souls/a/not-a-soul/README.md': 'x' });
    expect(findPackages(tmp)).toEqual([
      { dir: join(tmp, 'souls/a/one'), owner: 'a' },
      { dir: join(tmp, 'souls/b/two'), owner: 'b' },
    ]);
  });

  it('finds direct subfolders with a soul.json', () => {
    writeTree(tmp, { 'one/soul.json': '{}', 'two/soul.json': '{}', 'three/x.md': 'x' });
    expect(findPackages(tmp)).toEqual([{ dir: join(tmp, 'one') }, { dir: join(tmp, 'two') }]);
  });

  it('falls back to the folder itself when no soul is found, so the missing manifest is reported', () => {
    writeTree(tmp, { 'notes.md': 'x' });
    expect(findPackages(tmp)).toEqual([{ dir: tmp }]);
  });
});
