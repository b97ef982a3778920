// Reading soul packages from disk: one folder (top level plus one folder level, as `dir/file`),
// a list of files, or a registry tree of `souls/<owner>/<name>/` folders.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { IMAGE_EXTENSIONS } from '../../core/index.ts';
import { InputError } from './command.ts';

/** A package read from disk. */
export interface DiskPackage {
  /** Folder relative to the working directory, POSIX separators ("" for the working directory itself). */
  path: string;
  /** Absolute folder. */
  dir: string;
  /** The folder name, for name matching. */
  name: string;
  /** The owner namespace when read from a `souls/<owner>/<name>/` tree. */
  owner?: string;
  /** File name (`SOUL.md`, `examples/good.md`) → content; images as base64. */
  files: Record<string, string>;
}

/** Bigger files are refused before reading: a package is limited to 1 MB in total anyway. */
export const MAX_READ_BYTES = 16 * 1024 * 1024;
/** More entries than this in one package folder are refused. */
export const MAX_ENTRIES = 2000;

const SKIPPED = new Set(['node_modules']);

function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** POSIX path of `abs` relative to `cwd` ("" when equal). */
export function displayPath(cwd: string, abs: string): string {
  const rel = relative(cwd, abs);
  if (rel === '') return '';
  return (isAbsolute(rel) ? abs : rel).split(sep).join('/');
}

function readContent(abs: string, name: string, stats: Stats): string {
  if (stats.size > MAX_READ_BYTES) {
    throw new InputError(`${name} is ${(stats.size / 1048576).toFixed(1)} MB; a soul package may hold at most 1 MB in total: remove the file or shrink it`);
  }
  const bytes = readFileSync(abs);
  if (IMAGE_EXTENSIONS.has(extOf(name))) return bytes.toString('base64');
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Resolve a directory entry: its stats, following a symlink only when it stays inside `realRoot`.
 * Throws an InputError for a link that leaves the folder (a package must carry its own files).
 */
function entryStats(abs: string, shown: string, realRoot: string): Stats | null {
  const ls = lstatSync(abs);
  if (!ls.isSymbolicLink()) return ls;
  let target: string;
  try {
    target = realpathSync(abs);
  } catch {
    throw new InputError(`${shown} is a broken symbolic link: remove it or replace it with the file itself`);
  }
  if (!isInside(realRoot, target)) {
    throw new InputError(`${shown} is a symbolic link that leaves the soul folder (to ${target}): replace it with a copy of the file`);
  }
  return statSync(target);
}

/**
 * Read one soul folder: its files and the files of its direct subfolders, skipping dotfiles,
 * dot-folders and node_modules.
 *
 * @example readPackageFolder('/home/me/tutor', '/home/me') // { path: 'tutor', name: 'tutor', files: { 'soul.json': '...' } }
 */
export function readPackageFolder(dir: string, cwd: string, owner?: string): DiskPackage {
  const abs = resolve(cwd, dir);
  const realRoot = realpathSync(abs);
  const files: Record<string, string> = {};
  let count = 0;
  const shownBase = displayPath(cwd, abs);
  const show = (rel: string): string => (shownBase === '' ? rel : `${shownBase}/${rel}`);

  for (const entry of readdirSync(abs).sort()) {
    if (entry.startsWith('.') || SKIPPED.has(entry)) continue;
    const entryAbs = join(abs, entry);
    const st = entryStats(entryAbs, show(entry), realRoot);
    if (st === null) continue;
    if (st.isFile()) {
      if (++count > MAX_ENTRIES) throw new InputError(`${shownBase || '.'} holds more than ${MAX_ENTRIES} files; is it really a soul folder?`);
      files[entry] = readContent(entryAbs, show(entry), st);
    } else if (st.isDirectory()) {
      for (const child of readdirSync(entryAbs).sort()) {
        if (child.startsWith('.') || SKIPPED.has(child)) continue;
        const childAbs = join(entryAbs, child);
        const cst = entryStats(childAbs, show(`${entry}/${child}`), realRoot);
        if (cst === null || !cst.isFile()) continue; // deeper folders are not part of a package
        if (++count > MAX_ENTRIES) throw new InputError(`${shownBase || '.'} holds more than ${MAX_ENTRIES} files; is it really a soul folder?`);
        files[`${entry}/${child}`] = readContent(childAbs, show(`${entry}/${child}`), cst);
      }
    }
  }
  return { path: shownBase, dir: abs, name: basename(realRoot), ...(owner !== undefined ? { owner } : {}), files };
}

/**
 * Read a list of files as one package, named relative to their common folder.
 *
 * @example readFileList(['tutor/soul.json', 'tutor/SOUL.md'], cwd) // files { 'soul.json', 'SOUL.md' }, name 'tutor'
 */
export function readFileList(paths: readonly string[], cwd: string): DiskPackage {
  const abs = paths.map((p) => resolve(cwd, p));
  let common = dirname(abs[0]!);
  for (const a of abs) {
    while (!isInside(common, a)) common = dirname(common);
  }
  const files: Record<string, string> = {};
  for (const a of abs) {
    const key = relative(common, a).split(sep).join('/');
    const st = statSync(a);
    files[key] = readContent(a, displayPath(cwd, a), st);
  }
  return { path: displayPath(cwd, common), dir: common, name: basename(common), files };
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function hasManifest(p: string): boolean {
  try {
    return lstatSync(join(p, 'soul.json')).isFile();
  } catch {
    return false;
  }
}

function children(p: string): string[] {
  return readdirSync(p)
    .filter((n) => !n.startsWith('.') && !SKIPPED.has(n))
    .sort()
    .filter((n) => {
      try {
        return lstatSync(join(p, n)).isDirectory();
      } catch {
        return false;
      }
    });
}

/** A package folder found in a tree, with its owner when the tree is `<owner>/<name>/`. */
export interface FoundPackage {
  dir: string;
  owner?: string;
}

/**
 * The packages a folder stands for: itself when it holds soul.json; else every
 * `souls/<owner>/<name>/` (or `<owner>/<name>/`) below it; else every direct subfolder with a
 * soul.json; else the folder itself (so a folder with no manifest is reported as such).
 *
 * @example findPackages('/repo') // [{ dir: '/repo/souls/official/code-reviewer', owner: 'official' }, ...]
 */
export function findPackages(dir: string): FoundPackage[] {
  if (hasManifest(dir)) return [{ dir }];
  const tree = isDir(join(dir, 'souls')) && !hasManifest(join(dir, 'souls')) ? join(dir, 'souls') : dir;
  const found: FoundPackage[] = [];
  for (const owner of children(tree)) {
    for (const name of children(join(tree, owner))) {
      if (hasManifest(join(tree, owner, name))) found.push({ dir: join(tree, owner, name), owner });
    }
  }
  if (found.length > 0) return found;
  const flat = children(dir)
    .filter((n) => hasManifest(join(dir, n)))
    .map((n) => ({ dir: join(dir, n) }));
  return flat.length > 0 ? flat : [{ dir }];
}
