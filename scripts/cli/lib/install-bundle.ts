// Installing a bundle (GET /bundle/{owner}/{name}) on disk: parse `owner/name@version`, check every
// file name and encoding before anything is written, then write into a fresh folder atomically
// (staged beside it, renamed into place) or, with --force, over an existing one without following links.
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { checkFileNames, checkOwner, checkSoulName, normalizeOwner, quoteName } from '../../core/paths.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';

/** Most files accepted in one bundle (a package holds at most 200). */
export const MAX_BUNDLE_FILES = 500;

export interface InstallSpec {
  owner: string;
  name: string;
  version?: string;
}

const VERSION_RE = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$/;
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Parse `owner/name[@version]` (or `name[@version]`, in the official namespace): the parts, or a
 * message that says what is wrong.
 *
 * @example parseInstallSpec('alice/tutor@1.2.0', 'official') // { owner: 'alice', name: 'tutor', version: '1.2.0' }
 * @example parseInstallSpec('tutor', 'official') // { owner: 'official', name: 'tutor' }
 */
export function parseInstallSpec(spec: string, officialNamespace: string): InstallSpec | string {
  const at = spec.lastIndexOf('@');
  const id = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  const parts = id.split('/');
  if (parts.length > 2) return `"${sanitizeTerminal(spec).slice(0, 80)}" is not a soul id; use owner/name or owner/name@version`;
  const owner = parts.length === 2 ? normalizeOwner(parts[0]!) : officialNamespace;
  const name = parts[parts.length - 1]!;
  const problem = checkOwner(owner) ?? checkSoulName(name);
  if (problem) return `${problem} (in "${sanitizeTerminal(spec).slice(0, 80)}"; use owner/name or owner/name@version)`;
  if (version !== undefined && !VERSION_RE.test(version)) return `"${sanitizeTerminal(version).slice(0, 70)}" is not a version; use one such as 1.2.0`;
  return version !== undefined ? { owner, name, version } : { owner, name };
}

/** One file of a checked bundle. */
export interface BundleFile {
  name: string;
  bytes: Uint8Array;
}

export interface CheckedBundle {
  version: string | null;
  files: BundleFile[];
  /** Notes that do not stop the install. */
  notes: string[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Check a bundle body completely: `files` (name → content), `encodings` (name → base64), safe and
 * distinct names. Returns the decoded files, or every problem found (nothing may be written then).
 *
 * @example checkBundle({ version: '1.0.0', manifest: {}, files: { 'soul.json': '{}', '../x': 'y' } })
 * // { problems: ['"../x": contains a ".." or "." segment; ...'] }
 */
export function checkBundle(body: unknown): CheckedBundle | { problems: string[] } {
  if (!isObject(body) || !isObject(body['files'])) return { problems: ['the answer has no "files" object; is this a soul registry?'] };
  const given = body['files'];
  const encodings = body['encodings'] === undefined ? {} : body['encodings'];
  if (!isObject(encodings)) return { problems: ['"encodings" must be an object of file name → "base64"'] };
  const names = Object.keys(given);
  if (names.length > MAX_BUNDLE_FILES) return { problems: [`the bundle holds ${names.length} files; a soul holds at most ${MAX_BUNDLE_FILES}`] };
  const problems: string[] = checkFileNames(names).map((p) => `${quoteName(p.name)}: ${p.problem}`);
  const files: BundleFile[] = [];
  for (const name of names) {
    const content = given[name];
    const encoding = Object.hasOwn(encodings, name) ? encodings[name] : 'utf8';
    if (typeof content !== 'string') {
      problems.push(`${quoteName(name)}: content must be a string`);
      continue;
    }
    if (encoding === 'base64') {
      if (content.length % 4 !== 0 || !BASE64_RE.test(content)) {
        problems.push(`${quoteName(name)}: marked base64 but is not valid base64`);
        continue;
      }
      files.push({ name, bytes: new Uint8Array(Buffer.from(content, 'base64')) });
    } else if (encoding === 'utf8') {
      files.push({ name, bytes: new TextEncoder().encode(content) });
    } else {
      problems.push(`${quoteName(name)}: unknown encoding ${JSON.stringify(sanitizeTerminal(String(encoding)).slice(0, 20))} (only "base64" is known)`);
    }
  }
  if (problems.length > 0) return { problems };
  const notes: string[] = [];
  if (!files.some((f) => f.name === 'soul.json')) {
    if (isObject(body['manifest'])) {
      files.push({ name: 'soul.json', bytes: new TextEncoder().encode(`${JSON.stringify(body['manifest'], null, 2)}\n`) });
      notes.push('the bundle had no soul.json; it was written from the bundle\'s manifest');
    } else {
      notes.push('the bundle has no soul.json, so other soul commands will not recognise the folder');
    }
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { version: typeof body['version'] === 'string' ? body['version'] : null, files, notes };
}

/** Whether a folder exists and holds anything. */
export function isNonEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

function writeAll(root: string, files: readonly BundleFile[]): void {
  for (const f of files) {
    const abs = join(root, ...f.name.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, f.bytes, { flag: 'wx' });
  }
}

/**
 * Write checked files into `target`. A missing target is staged beside it and renamed into place,
 * so it appears whole or not at all. An existing one (the caller decided --force) is written over
 * file by file after checking that no folder on the way is a link or a file.
 *
 * @example writeBundle({ target: '/home/me/tutor', files, existing: false })
 */
export function writeBundle(input: { target: string; files: readonly BundleFile[]; existing: boolean }): void {
  const { target, files } = input;
  if (!input.existing) {
    const parent = dirname(target);
    mkdirSync(parent, { recursive: true });
    const stage = join(parent, `.${basename(target)}.installing-${randomBytes(4).toString('hex')}`);
    mkdirSync(stage);
    try {
      writeAll(stage, files);
      renameSync(stage, target);
    } catch (e) {
      rmSync(stage, { recursive: true, force: true });
      throw e;
    }
    return;
  }

  // check everything first, so a refused install writes nothing
  const problems: string[] = [];
  for (const f of files) {
    const segments = f.name.split('/');
    for (let i = 1; i < segments.length; i++) {
      const folder = join(target, ...segments.slice(0, i));
      if (!existsSync(folder) && !isLink(folder)) continue;
      const st = lstatSync(folder);
      if (st.isSymbolicLink()) problems.push(`${segments.slice(0, i).join('/')} is a symbolic link in the target folder; remove it`);
      else if (!st.isDirectory()) problems.push(`${segments.slice(0, i).join('/')} is a file in the target folder, but the soul needs a folder there; remove it`);
    }
    const abs = join(target, ...segments);
    if (existsSync(abs) && !isLink(abs) && lstatSync(abs).isDirectory()) problems.push(`${f.name} is a folder in the target folder, but the soul has a file there; remove it`);
  }
  if (problems.length > 0) throw new InstallConflict(problems);
  for (const f of files) {
    const abs = join(target, ...f.name.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    // never write through a link that was left in the folder
    if (isLink(abs)) unlinkSync(abs);
    writeFileSync(abs, f.bytes);
  }
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/** The existing target folder cannot take the bundle as it is. */
export class InstallConflict extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(problems.join('; '));
    this.name = 'InstallConflict';
    this.problems = problems;
  }
}
