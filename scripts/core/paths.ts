// Soul ids and file-name safety: the one module every entry point (PR gate, publish, validate,
// scan, build, archive, site) uses before a user-supplied owner, name or file path goes anywhere.
//
// Decisions:
// - Owners are canonical in lower case. GitHub logins are unique ignoring case, so the namespace
//   of a login is `normalizeOwner(login)`; `validateSoulId` rejects upper case with a hint, so a
//   route lower-cases a path parameter before validating it.
// - File names are relative POSIX paths of at most MAX_PATH_DEPTH segments (clients send
//   `dir/file`). Letters of any script are allowed, but only in Unicode NFC form, never mixed
//   Latin with Cyrillic or Greek in one segment (look-alike names), and never with invisible or
//   text-direction characters. Two names that are equal ignoring case (full case folding via
//   upper-then-lower) after NFC collide, and so do a file and a folder of the same name.

/** Longest owner namespace (GitHub's login limit). */
export const MAX_OWNER_LENGTH = 39;
/** Longest soul name. */
export const MAX_SOUL_NAME_LENGTH = 64;
/** Longest file name, the whole relative path, in UTF-16 code units. */
export const MAX_FILE_NAME_LENGTH = 128;
/** Longest single segment (file or folder name) of a path. */
export const MAX_SEGMENT_LENGTH = 100;
/** Most segments in a file path: `SOUL.md` is 1, `examples/good.md` is 2. */
export const MAX_PATH_DEPTH = 2;

const OWNER_RE = /^[a-z0-9][a-z0-9-]{0,38}$/;
const SOUL_NAME_RE = /^[a-z0-9][a-z0-9-]*$/;

// C0 and C1 controls, DEL, NUL.
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
// Invisible, zero-width, filler, variation-selector and text-direction characters, tag characters.
const INVISIBLE_RE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\u{e0000}-\u{e0fff}]/u;
// One character that is NOT allowed in a segment: letters, marks, digits, space and . _ - + @ ( ) , are.
const UNSAFE_CHAR_RE = /[^\p{L}\p{M}\p{Nd} ._\-+@(),]/u;
const LATIN_RE = /\p{Script=Latin}/u;
// A name of ASCII letters, digits and the allowed punctuation only: it holds no control,
// invisible, backslash, unsafe or look-alike character and is already in NFC, so those checks
// (the costly ones) cannot fail for it.
const PLAIN_NAME_RE = /^[A-Za-z0-9 ._\-+@(),/]*$/;
const ASCII_RE = /^[\x00-\x7f]*$/;
// Printable ASCII except '"' and '\\': characters quoteName shows as they are.
const SHOWN_AS_IS_RE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const LOOKALIKE_SCRIPT_RE = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

// Device names Windows refuses as a file's base name, whatever the extension.
const WINDOWS_RESERVED = new Set([
  'con', 'prn', 'aux', 'nul',
  'com0', 'com1', 'com2', 'com3', 'com4', 'com5', 'com6', 'com7', 'com8', 'com9', 'com¹', 'com²', 'com³',
  'lpt0', 'lpt1', 'lpt2', 'lpt3', 'lpt4', 'lpt5', 'lpt6', 'lpt7', 'lpt8', 'lpt9', 'lpt¹', 'lpt²', 'lpt³',
]);

/** Code point of a character as `U+XXXX`. */
function codePointLabel(ch: string): string {
  return `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * A name made safe to print in a message: control, invisible and direction characters are
 * shown as `\u{...}`, and long names are cut. Use it whenever a user-supplied name is echoed.
 *
 * @example quoteName('a\u202eb.md') // '"a\\u{202E}b.md"'
 */
export function quoteName(name: string, max = 80): string {
  // Printable ASCII other than '"' and '\\' is shown as it is, one character per code unit, so a
  // name of such characters no longer than `max` comes out unchanged (the usual case).
  if (name.length <= max && SHOWN_AS_IS_RE.test(name)) return `"${name}"`;
  let out = '';
  let count = 0;
  for (const ch of name) {
    if (count++ >= max) {
      out += '…';
      break;
    }
    if (CONTROL_RE.test(ch) || INVISIBLE_RE.test(ch) || ch === '"' || ch === '\\') {
      out += ch === '"' ? '\\"' : ch === '\\' ? '\\\\' : `\\u{${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`;
    } else {
      out += ch;
    }
  }
  return `"${out}"`;
}

/**
 * The canonical owner namespace of a GitHub login: lower case.
 *
 * @example normalizeOwner('TomLeeLive') // 'tomleelive'
 */
export function normalizeOwner(login: string): string {
  return login.toLowerCase();
}

/** Suggest a soul name for any text: lower case, runs of other characters become one hyphen. */
export function slugify(text: string, max = MAX_SOUL_NAME_LENGTH): string {
  let out = '';
  let pendingHyphen = false;
  for (const ch of text.normalize('NFKD').toLowerCase()) {
    if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
      if (pendingHyphen && out.length > 0) out += '-';
      pendingHyphen = false;
      out += ch;
      if (out.length >= max) break;
    } else if (!/\p{M}/u.test(ch)) {
      pendingHyphen = true;
    }
  }
  return out.slice(0, max);
}

/**
 * Check an owner namespace: null when fine, else a message that says what to fix.
 *
 * @example checkOwner('tomleelive') // null
 * @example checkOwner('Tom') // 'owner "Tom" must be lower case; use "tom"'
 */
export function checkOwner(owner: unknown): string | null {
  if (typeof owner !== 'string' || owner.length === 0) return 'owner is missing; use a GitHub login such as "octocat"';
  if (owner.length > MAX_OWNER_LENGTH) return `owner ${quoteName(owner, 50)} is ${owner.length} characters long; an owner has at most ${MAX_OWNER_LENGTH}`;
  if (OWNER_RE.test(owner)) return null;
  const lower = owner.toLowerCase();
  if (OWNER_RE.test(lower)) return `owner ${quoteName(owner)} must be lower case; use "${lower}"`;
  return `owner ${quoteName(owner)} is not a valid namespace; use letters, digits and hyphens, starting with a letter or digit (a GitHub login)`;
}

/**
 * Check a soul name: null when fine, else a message that says what to fix.
 *
 * @example checkSoulName('senior-devops') // null
 * @example checkSoulName('My Soul') // 'name "My Soul" is not valid; use lower-case letters, digits and hyphens, starting with a letter or digit, e.g. "my-soul"'
 */
export function checkSoulName(name: unknown): string | null {
  if (typeof name !== 'string' || name.length === 0) return 'name is missing; use lower-case letters, digits and hyphens, e.g. "my-soul"';
  if (name.length > MAX_SOUL_NAME_LENGTH) {
    return `name ${quoteName(name, 70)} is ${name.length} characters long; use at most ${MAX_SOUL_NAME_LENGTH}, e.g. "${slugify(name)}"`;
  }
  if (SOUL_NAME_RE.test(name)) return null;
  const suggestion = slugify(name);
  return `name ${quoteName(name)} is not valid; use lower-case letters, digits and hyphens, starting with a letter or digit${suggestion ? `, e.g. "${suggestion}"` : ''}`;
}

/** Whether a soul name is valid (see `checkSoulName`). */
export function isValidSoulName(name: unknown): name is string {
  return checkSoulName(name) === null;
}

/**
 * Check a soul id (`owner/name`): null when both parts are fine, else the first problem.
 *
 * @example validateSoulId('tomleelive', 'senior-devops') // null
 * @example validateSoulId('tomleelive', '../etc') // 'name "../etc" is not valid; ...'
 */
export function validateSoulId(owner: unknown, name: unknown): string | null {
  return checkOwner(owner) ?? checkSoulName(name);
}

function checkSegment(segment: string, plain = false): string | null {
  if (segment.length > MAX_SEGMENT_LENGTH) return `has a part ${segment.length} characters long; keep each file or folder name at most ${MAX_SEGMENT_LENGTH}`;
  if (segment.toLowerCase() === '.git') return 'contains a ".git" segment, which is reserved for git; rename it';
  if (segment.startsWith(' ')) return `has a part that starts with a space (${quoteName(segment)}); remove the space`;
  if (segment.endsWith(' ') || segment.endsWith('.')) return `has a part that ends with a dot or a space (${quoteName(segment)}), which Windows drops; remove it`;
  const dot = segment.indexOf('.');
  const base = (dot === -1 ? segment : segment.slice(0, dot)).trimEnd().toLowerCase();
  if (WINDOWS_RESERVED.has(base)) return `uses ${quoteName(segment)}, a device name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9); rename it`;
  if (!plain && LATIN_RE.test(segment) && LOOKALIKE_SCRIPT_RE.test(segment)) {
    return `mixes Latin letters with Cyrillic or Greek look-alikes in ${quoteName(segment)}; use one script per name`;
  }
  return null;
}

/** How many names a memo of `rememberedByName` holds before it is cleared. */
const REMEMBERED_NAMES = 1024;

/**
 * `compute(name)`, remembered in `memo` for names of at most MAX_FILE_NAME_LENGTH (cleared when it
 * holds REMEMBERED_NAMES): packages repeat the same few names (soul.json, SOUL.md, IDENTITY.md),
 * and a look-up costs less than the checks and case mappings it saves.
 */
export function rememberedByName<T extends string | null>(memo: Map<string, T>, name: string, compute: (name: string) => T): T {
  const known = memo.get(name);
  if (known !== undefined) return known;
  const value = compute(name);
  if (name.length <= MAX_FILE_NAME_LENGTH) {
    if (memo.size >= REMEMBERED_NAMES) memo.clear();
    memo.set(name, value);
  }
  return value;
}

/** Verdicts of checkFileName by name. */
const CHECKED = new Map<string, string | null>();

/**
 * Check one file name sent by a user: null when it is a safe relative POSIX path, else a message
 * that names the problem and the fix. Callers prefix the message with the quoted name.
 *
 * @example checkFileName('SOUL.md') // null
 * @example checkFileName('examples/good.md') // null
 * @example checkFileName('../x') // 'contains a ".." or "." segment; file names must stay inside the soul folder'
 * @example checkFileName('C:x') // 'contains ":", which is not allowed (drive letters and alternate data streams); ...'
 */
export function checkFileName(name: unknown): string | null {
  if (typeof name !== 'string') return 'file name must be a string';
  return rememberedByName(CHECKED, name, checkNewFileName);
}

function checkNewFileName(name: string): string | null {
  if (name.length === 0) return 'file name is empty; use a relative path such as "SOUL.md"';
  if (name.length > MAX_FILE_NAME_LENGTH) return `is ${name.length} characters long; keep file names at most ${MAX_FILE_NAME_LENGTH}`;
  const plain = PLAIN_NAME_RE.test(name);
  if (!plain) {
    const control = CONTROL_RE.exec(name);
    if (control) return `contains the control character ${codePointLabel(control[0])}; remove it`;
    const invisible = INVISIBLE_RE.exec(name);
    if (invisible) return `contains the invisible or text-direction character ${codePointLabel(invisible[0])}; remove it`;
    if (name.includes('\\')) return 'contains a backslash; separate folders with "/"';
  }
  if (name.startsWith('/')) return 'is an absolute path; use a path relative to the soul folder, e.g. "SOUL.md"';
  if (!plain && name.normalize('NFC') !== name) return `is not in Unicode NFC form; save it as ${quoteName(name.normalize('NFC'))}`;
  const segments = name.split('/');
  for (const s of segments) if (s === '.' || s === '..') return 'contains a ".." or "." segment; file names must stay inside the soul folder';
  for (const s of segments) if (s === '') return 'has an empty folder name ("//" or a trailing "/"); remove the extra "/"';
  const unsafe = plain ? null : UNSAFE_CHAR_RE.exec(name.replaceAll('/', ''));
  if (unsafe) {
    const ch = unsafe[0];
    const why = ch === ':' ? ' (drive letters and alternate data streams)' : '';
    return `contains ${ch === '"' ? "'\"'" : `"${ch}"`}, which is not allowed${why}; use letters, digits, spaces and . _ - + @ ( ) , only`;
  }
  if (segments.length > MAX_PATH_DEPTH) {
    return `is ${segments.length} levels deep; use at most ${MAX_PATH_DEPTH - 1} folder level, e.g. "examples/good.md"`;
  }
  for (const segment of segments) {
    const problem = checkSegment(segment, plain);
    if (problem) return problem;
  }
  return null;
}

/** fileNameKey by name. */
const KEYS = new Map<string, string>();

/** Key under which two names are "the same" on a case-insensitive or normalising file system. */
export function fileNameKey(name: string): string {
  return rememberedByName(KEYS, name, newFileNameKey);
}

function newFileNameKey(name: string): string {
  // ASCII: NFC changes nothing, and upper-then-lower case is plain lower case
  return ASCII_RE.test(name) ? name.toLowerCase() : name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** A problem with one name of a set: its own path problem, or a collision with another name. */
export interface FileNameProblem {
  name: string;
  problem: string;
  kind: 'unsafe' | 'collision';
}

/** Up to this many names, each key is compared with the earlier ones instead of kept in a map. */
const FEW_NAMES = 16;

/**
 * Check every name of a package: each unsafe name (see `checkFileName`), each name equal to an
 * earlier one ignoring case and Unicode form, and each file that is also used as a folder.
 *
 * @example checkFileNames(['SOUL.md', 'soul.md'])
 * // [{ name: 'soul.md', kind: 'collision', problem: 'is the same as "SOUL.md" when case and Unicode form are ignored; rename one of them' }]
 */
export function checkFileNames(names: Iterable<string>): FileNameProblem[] {
  if (Array.isArray(names) && names.length <= FEW_NAMES && flatNames(names)) return checkFlatNames(names);
  const problems: FileNameProblem[] = [];
  const firstByKey = new Map<string, string>();
  const folders = new Map<string, string>();
  const all: string[] = [];
  const keys: string[] = [];
  for (const name of names) {
    all.push(name);
    const problem = checkFileName(name);
    if (problem) problems.push({ name, problem, kind: 'unsafe' });
    if (typeof name !== 'string') continue;
    const key = fileNameKey(name);
    keys.push(key);
    const first = firstByKey.get(key);
    if (first !== undefined) {
      problems.push({ name, kind: 'collision', problem: `is the same as ${quoteName(first)} when case and Unicode form are ignored; rename one of them` });
    } else {
      firstByKey.set(key, name);
    }
    const slash = key.lastIndexOf('/');
    if (slash > 0 && !folders.has(key.slice(0, slash))) folders.set(key.slice(0, slash), name);
  }
  if (folders.size === 0) return problems;
  for (let i = 0, k = 0; i < all.length; i++) {
    const name = all[i]!;
    if (typeof name !== 'string') continue;
    const inside = folders.get(keys[k++]!);
    if (inside !== undefined) {
      problems.push({ name, kind: 'collision', problem: `is a file, but ${quoteName(inside)} uses it as a folder; rename one of them` });
    }
  }
  return problems;
}

/** Whether every name is a string without a '/': no name can be a folder of another. */
function flatNames(names: readonly unknown[]): names is readonly string[] {
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (typeof name !== 'string' || name.includes('/')) return false;
  }
  return true;
}

/**
 * checkFileNames of a package's few names in one folder (the usual package): the same problems in
 * the same order, without the maps and lists the general way builds. A key holds a '/' exactly
 * when its name does (case and NFC never add or remove one), so no name is used as a folder, and
 * the first earlier name with the same key is the one the general way's map holds.
 */
function checkFlatNames(names: readonly string[]): FileNameProblem[] {
  const problems: FileNameProblem[] = [];
  const keys: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const problem = checkFileName(name);
    if (problem) problems.push({ name, problem, kind: 'unsafe' });
    const key = fileNameKey(name);
    for (let j = 0; j < i; j++) {
      if (keys[j] === key) {
        problems.push({ name, kind: 'collision', problem: `is the same as ${quoteName(names[j]!)} when case and Unicode form are ignored; rename one of them` });
        break;
      }
    }
    keys.push(key);
  }
  return problems;
}

/**
 * `names.sort()` in place: a package's few names by insertion sort, which allocates no scratch
 * array as Array.prototype.sort does. `<` on strings is sort's default order (UTF-16 code units),
 * and the names are distinct keys, so the order is the same.
 */
export function sortNames(names: string[]): string[] {
  const n = names.length;
  if (n > 16) return names.sort();
  for (let i = 1; i < n; i++) {
    const name = names[i]!;
    let j = i;
    while (j > 0 && names[j - 1]! > name) {
      names[j] = names[j - 1]!;
      j--;
    }
    names[j] = name;
  }
  return names;
}
