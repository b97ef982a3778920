// Rule family: file (stage 2). File names safe and distinct, extensions allowed, sizes within the
// limits, images real images, text files really text, the main soul file present.
import type { Emit, RuleFamily, RuleInfo, ScanContext, TextFile } from '../types.ts';
import { createViewMemo } from '../text.ts';
import { fileNamesOf } from '../../manifest/context.ts';
import { checkFileNames, quoteName, sortNames } from '../../paths.ts';
import {
  ALLOWED_EXTENSIONS,
  DEFAULT_SOUL_FILE,
  IMAGE_EXTENSIONS,
  MANIFEST_FILE,
  MAX_FILES,
  MAX_FILE_BYTES,
  MAX_TOTAL_BYTES,
  decodeImage,
  extensionOf,
  fileSize,
  formatBytes,
  isAllowedFileName,
  textFacts,
} from '../../package.ts';
import type { TextFacts } from '../../package.ts';

const rule = (id: string, severity: RuleInfo['severity'], description: string): RuleInfo => ({ id, stage: 'file', severity, category: 'file', description });

const RULES: readonly RuleInfo[] = [
  rule('FILE001', 'error', 'File type not allowed (allowed: .md .json .txt .yaml .yml .png .jpg .jpeg .svg)'),
  rule('FILE002', 'error', 'Unsafe file name (absolute, "..", backslash, control or invisible characters, reserved names, too deep)'),
  rule('FILE003', 'error', 'Two file names are equal ignoring case or Unicode form, or a file is also used as a folder'),
  rule('FILE004', 'error', 'File larger than 100 KB'),
  rule('FILE005', 'error', 'Package larger than 1 MB in total'),
  rule('FILE006', 'warning', 'Empty file'),
  rule('FILE007', 'error', 'Image content does not match its extension (magic bytes)'),
  rule('FILE008', 'error', 'Image is not valid base64'),
  rule('FILE009', 'error', 'File content is not a string'),
  rule('FILE010', 'error', 'The main soul file (SOUL.md) is missing'),
  rule('FILE011', 'info', 'Recommended file IDENTITY.md is missing'),
  rule('FILE012', 'error', 'Text file holds binary data (NUL or control characters)'),
  rule('FILE013', 'warning', 'A .json file other than soul.json is not valid JSON'),
  rule('FILE014', 'error', 'Too many files in the package'),
];

const FACTS = createViewMemo<TextFacts>();

/** textFacts of one text file, computed once per scan and kept on its view (its size and binary content). */
function textFactsOf(file: TextFile): TextFacts {
  let facts = FACTS.get(file.view);
  if (facts === undefined) FACTS.set(file.view, (facts = textFacts(file.raw)));
  return facts;
}

/** The most invisible runs a view records (`TextView.invisibles`: "at most 10,000 runs"). */
const MAX_INVISIBLE_RUNS = 10_000;

/**
 * Whether a text surely holds none of the control characters `TextFacts.controls` stands for
 * (C0 other than tab, line feed, form feed, carriage return and escape): its view recorded no
 * invisible of the kind controls are recorded as ('other-format'; zero-width characters, direction
 * marks, tags and variation selectors are other kinds) in a list that is not full, and it has no
 * vertical tab. The normalised view records every other C0 control (and DEL) as an 'other-format'
 * invisible, and vertical tab is the one counted control it reads as white space. Every family
 * reads the views of a scan, so this costs a look at the few runs (emoji variation selectors are
 * common) and a native search for one character instead of textFacts' pass over the text.
 */
export function surelyNoControls(file: TextFile): boolean {
  const runs = file.view.invisibles;
  if (runs.length >= MAX_INVISIBLE_RUNS) return false;
  for (let i = 0; i < runs.length; i++) if (runs[i]!.kind === 'other-format') return false;
  return file.raw.indexOf('\v') === -1;
}

/**
 * A UTF-8 length is at most three bytes per UTF-16 code unit (a surrogate pair is four bytes for
 * two units): a text of at most this many units is surely within MAX_FILE_BYTES.
 */
const SURELY_SMALL = Math.floor(MAX_FILE_BYTES / 3);

const MAX_LISTED = 5;
const ALLOWED_LIST = [...ALLOWED_EXTENSIONS].map((e) => `.${e}`).join(' ');

// The control characters counted by binaryProblem: C0 other than NUL, tab, line feed, form feed,
// carriage return and escape.
const COUNTED_CONTROL = /[\x01-\x08\x0b\x0e-\x1a\x1c-\x1f]/g;

// NUL, or many control characters (other than tab, line feed, form feed, carriage return and
// escape). Called only when textFacts saw one of them (nearly no text has any). Native searches
// skip the plain text between a few of them; where they are dense, a loop counts the rest.
/**
 * Why a text is not text: NUL, or more than 8 counted control characters making over 1% of it; else null.
 *
 * @example binaryProblem('a\u0000b') // 'contains NUL bytes'
 */
export function binaryProblem(text: string): string | null {
  if (text.indexOf('\u0000') !== -1) return 'contains NUL bytes';
  const n = text.length;
  let controls = 0;
  COUNTED_CONTROL.lastIndex = 0;
  while (controls < 64 && COUNTED_CONTROL.test(text)) controls++; // test() builds no match array
  if (controls === 64) {
    for (let i = COUNTED_CONTROL.lastIndex; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 && c !== 0 && c !== 9 && c !== 10 && c !== 12 && c !== 13 && c !== 27) controls++;
    }
  }
  if (controls > 8 && controls * 100 > n) return `contains ${controls} control characters`;
  return null;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13 && c !== 0xfeff) return false;
  }
  return true;
}

function declaredFile(ctx: ScanContext, role: string): string | undefined {
  const files = ctx.manifest?.['files'];
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return undefined;
  const value = (files as Record<string, unknown>)[role];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** `names.slice(0, count).sort()`, without sort's scratch array for a package's few names (see sortNames). */
export function sortedNames(names: readonly string[], count: number): string[] {
  return sortNames(names.slice(0, count));
}

const NONE: ReadonlySet<string> = new Set();

/** Report unsafe and colliding names; returns the unsafe ones (never used as a finding's file). */
function checkNames(emit: Emit, names: readonly string[]): ReadonlySet<string> {
  const problems = checkFileNames(names);
  if (problems.length === 0 && names.length <= MAX_FILES) return NONE;
  const unsafe = problems.filter((p) => p.kind === 'unsafe');
  if (unsafe.length > 0) {
    const detail = unsafe.slice(0, MAX_LISTED).map((p) => `${quoteName(p.name)} ${p.problem}`);
    emit({
      code: 'FILE002',
      message: `${unsafe.length === 1 ? 'Unsafe file name' : `${unsafe.length} unsafe file names`}: ${detail.join('; ')}${unsafe.length > MAX_LISTED ? `; and ${unsafe.length - MAX_LISTED} more` : ''}`,
    });
  }
  const unsafeNames = new Set(unsafe.map((p) => p.name));
  for (const p of problems) {
    if (p.kind !== 'collision') continue;
    emit({ code: 'FILE003', message: `${quoteName(p.name)} ${p.problem}`, ...(unsafeNames.has(p.name) ? {} : { file: p.name }) });
  }
  if (names.length > MAX_FILES) {
    emit({ code: 'FILE014', message: `The package has ${names.length} files; keep at most ${MAX_FILES}` });
  }
  return unsafeNames;
}

export const file: RuleFamily = {
  name: 'file',
  rules: RULES,
  check(ctx, emit) {
    const names = fileNamesOf(ctx);
    const unsafeNames = checkNames(emit, names);
    const at = (name: string) => (unsafeNames.has(name) ? {} : { file: name });

    for (let i = 0; i < ctx.invalidEntries.length; i++) {
      const name = ctx.invalidEntries[i]!;
      emit({ code: 'FILE009', ...at(name), message: `${quoteName(name)} has content that is not a string; send text as a string and images as base64 strings` });
    }

    const disallowed: string[] = [];
    let total = 0;
    // Small text files without controls, whose sizes are not needed unless the package could be
    // too large: `bound` (3 bytes a unit, see SURELY_SMALL) stands for them until then.
    let unsized: TextFile[] | null = null;
    let bound = 0;
    // ctx.texts holds the text files in the same (sorted) order: walk it alongside
    let t = 0;
    const sorted = sortedNames(names, names.length - ctx.invalidEntries.length);
    for (let i = 0; i < sorted.length; i++) {
      const name = sorted[i]!;
      const content = ctx.files[name]!;
      const text = ctx.texts[t];
      const known = text !== undefined && text.name === name && text.raw === content;
      // the engine gave each text file its extensionOf
      const ext = known ? text.ext : extensionOf(name);
      if (ext === '' ? !isAllowedFileName(name) : !ALLOWED_EXTENSIONS.has(ext)) disallowed.push(name);
      const isImage = !known && IMAGE_EXTENSIONS.has(ext);
      let facts: TextFacts | null = null;
      // fileSize of a text file is its UTF-8 length; 0 stands for an unsized one (within the limit)
      let size = 0;
      if (isImage) {
        size = fileSize(name, content);
      } else if (!known) {
        facts = textFacts(content);
      } else {
        t++;
        if (content.length <= SURELY_SMALL && surelyNoControls(text)) {
          (unsized ??= []).push(text);
          bound += 3 * content.length;
        } else {
          facts = textFactsOf(text);
        }
      }
      if (facts !== null) size = facts.bytes;
      total += size;
      if (size > MAX_FILE_BYTES) {
        emit({ code: 'FILE004', ...at(name), message: `${quoteName(name)} is ${formatBytes(size)}; each file may be at most ${formatBytes(MAX_FILE_BYTES)}: split or shorten it` });
      }
      if (isImage) {
        const image = decodeImage(name, content);
        if (!image.ok && image.problem === 'base64') emit({ code: 'FILE008', ...at(name), message: `${quoteName(name)} ${image.message}` });
        else if (!image.ok && image.problem === 'magic') emit({ code: 'FILE007', ...at(name), message: `${quoteName(name)} ${image.message}` });
        else if (!image.ok) emit({ code: 'FILE006', ...at(name), message: `${quoteName(name)} ${image.message}` });
        continue;
      }
      if (isBlank(content)) {
        emit({ code: 'FILE006', ...at(name), message: `${quoteName(name)} is empty; add content or remove the file` });
        continue;
      }
      const binary = facts !== null && facts.controls ? binaryProblem(content) : null;
      if (binary) {
        emit({ code: 'FILE012', ...at(name), message: `${quoteName(name)} ${binary}, so it is not a text file; remove the binary data (images go in .png or .jpg files as base64)` });
        continue;
      }
      if (ext === 'svg' && !/<svg[\s>]/i.test(content.slice(0, 4096))) {
        emit({ code: 'FILE007', ...at(name), message: `${quoteName(name)} does not contain an <svg> element; upload a real SVG image` });
      }
      if (ext === 'json' && name !== MANIFEST_FILE && size <= MAX_FILE_BYTES) {
        try {
          JSON.parse(content.charCodeAt(0) === 0xfeff ? content.slice(1) : content);
        } catch {
          emit({ code: 'FILE013', ...at(name), message: `${quoteName(name)} is not valid JSON; fix its syntax or save it as .txt or .md` });
        }
      }
    }
    const allowed = ALLOWED_LIST;
    for (const name of disallowed) {
      const ext = extensionOf(name);
      emit({
        code: 'FILE001',
        ...at(name),
        message: `${quoteName(name)} ${ext ? `has the file type .${ext}, which is not allowed` : 'has no file extension'}; allowed: ${allowed}. Remove it or convert it`,
      });
    }
    if (unsized !== null && total + bound > MAX_TOTAL_BYTES) for (const text of unsized) total += textFactsOf(text).bytes;
    if (total > MAX_TOTAL_BYTES) {
      emit({ code: 'FILE005', message: `The package is ${formatBytes(total)} in total; keep it at most ${formatBytes(MAX_TOTAL_BYTES)} (remove large images or split long files)` });
    }

    // The main soul file. When files.soul names one, the schema family reports it missing (SCHEMA013).
    if (declaredFile(ctx, 'soul') === undefined && !names.includes(DEFAULT_SOUL_FILE)) {
      const near = names.find((n) => n.toLowerCase() === DEFAULT_SOUL_FILE.toLowerCase());
      emit({
        code: 'FILE010',
        message: near
          ? `${DEFAULT_SOUL_FILE} is missing, but ${quoteName(near)} is there; rename it to ${DEFAULT_SOUL_FILE}`
          : `${DEFAULT_SOUL_FILE} is missing; add the persona file (or name it in soul.json under "files": { "soul": ... })`,
      });
    }
    const identity = declaredFile(ctx, 'identity');
    if (!names.includes('IDENTITY.md') && (identity === undefined || !names.includes(identity))) {
      emit({ code: 'FILE011', message: 'IDENTITY.md is recommended: add the persona\'s name, role and tone there' });
    }
  },
};
