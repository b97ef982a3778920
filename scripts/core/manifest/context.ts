// The manifest of a scan, parsed once per scan context and shared by the rule families that read it
// (schema, embodied, and any other family that wants the normalised manifest).
import type { Emit, ScanContext } from '../scan/types.ts';
import type { ManifestIssue } from './types.ts';
import { parseManifest } from './parse.ts';
import type { ParseOptions, ParseResult } from './parse.ts';
import { MANIFEST_FILE } from '../package.ts';

// What this module derives from a scan context, for the last context asked about. The families
// of one scan ask in turn (schema, file, embodied), so one slot serves them all; a WeakMap entry
// per scan would cost far more (each entry of a short-lived key slows every young-generation
// collection). Another context simply replaces the slot; the one kept is the latest scan's.
let slotCtx: ScanContext | undefined;
let slotNames: readonly string[] | undefined;
let slotParsed: ParseResult | undefined;

function slotFor(ctx: ScanContext): void {
  if (slotCtx === ctx) return;
  slotCtx = ctx;
  slotNames = undefined;
  slotParsed = undefined;
}

/**
 * Every file name of a scan: the string entries, then those whose content was not a string.
 * Computed once per context (the schema and file families both need it).
 *
 * @example fileNamesOf(ctx) // ['soul.json', 'SOUL.md', 'IDENTITY.md']
 */
export function fileNamesOf(ctx: ScanContext): readonly string[] {
  slotFor(ctx);
  if (slotNames === undefined) {
    const keys = Object.keys(ctx.files);
    slotNames = ctx.invalidEntries.length === 0 ? keys : [...keys, ...ctx.invalidEntries];
  }
  return slotNames;
}

/**
 * Tell fileNamesOf a scan's string entries before it is asked, in the order Object.keys(ctx.files)
 * lists them (the engine has them from sanitising the files), so that the keys of ctx.files, a
 * null-prototype object in dictionary mode, need not be listed again.
 */
export function rememberFileNames(ctx: ScanContext, names: readonly string[]): void {
  slotFor(ctx);
  slotNames = ctx.invalidEntries.length === 0 ? names : [...names, ...ctx.invalidEntries];
}

/**
 * parseManifest over a scan's soul.json, with name matching and file references, computed once
 * per context.
 *
 * @example manifestOf(ctx).issues // every SCHEMA issue of the package
 */
export function manifestOf(ctx: ScanContext): ParseResult {
  slotFor(ctx);
  if (slotParsed === undefined) {
    // The engine already parsed soul.json into ctx.manifest (the same JSON.parse of the same
    // text, BOM dropped) when it is a JSON object, and parseManifest never mutates its input:
    // hand over that value instead of parsing the text again. Otherwise (missing, not JSON, not
    // an object) the text goes in, for its messages.
    const options: ParseOptions = { fileNames: fileNamesOf(ctx) };
    if (ctx.expectedName !== undefined) options.expectedName = ctx.expectedName;
    slotParsed = parseManifest(ctx.manifest ?? ctx.files[MANIFEST_FILE], options);
  }
  return slotParsed;
}

/** Offset in soul.json's text of the key a JSON pointer ends in (its last named segment), or undefined. */
export function offsetOfPointer(raw: string, path: string): number | undefined {
  const last = lastNamedSegment(path);
  if (last === undefined) return undefined;
  const needle = jsonString(last.includes('~') ? last.replaceAll('~1', '/').replaceAll('~0', '~') : last);
  let at = raw.indexOf(needle);
  while (at !== -1) {
    let j = at + needle.length;
    while (j < raw.length && (raw[j] === ' ' || raw[j] === '\t' || raw[j] === '\n' || raw[j] === '\r')) j++;
    if (raw[j] === ':') return at;
    at = raw.indexOf(needle, at + 1);
  }
  return undefined;
}

/**
 * The last segment of a pointer that is not an array index (1 to 9 digits), or undefined: what
 * `path.split('/').slice(1)` without those segments ends in, found from the end without splitting.
 */
export function lastNamedSegment(path: string): string | undefined {
  let end = path.length;
  for (;;) {
    // the text before the first '/' is no segment (split's first element, dropped)
    const start = end === 0 ? -1 : path.lastIndexOf('/', end - 1);
    if (start === -1) return undefined;
    if (!isArrayIndex(path, start + 1, end)) return path.slice(start + 1, end);
    end = start;
  }
}

/** Whether path[from, to) is 1 to 9 ASCII digits (/^\d{1,9}$/ without the u flag). */
function isArrayIndex(path: string, from: number, to: number): boolean {
  if (to - from < 1 || to - from > 9) return false;
  for (let i = from; i < to; i++) {
    const c = path.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

// Printable ASCII except '"' and '\\': JSON.stringify writes these characters as they are.
const JSON_AS_IS = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** JSON.stringify of a string; a key of plain characters needs only its quotes. */
function jsonString(s: string): string {
  return JSON_AS_IS.test(s) ? `"${s}"` : JSON.stringify(s);
}

const MAX_LISTED = 6;

/**
 * Emit the manifest issues whose codes a family owns: one finding per code (the engine keeps one
 * per code and file), its message listing every occurrence, its line that of the first.
 */
export function emitManifestIssues(ctx: ScanContext, emit: Emit, codes: ReadonlySet<string>): void {
  const parsed = manifestOf(ctx);
  const issues = parsed.issues;
  // the first issue of the family's codes (most scans have none): no map is built without one
  let first = 0;
  while (first < issues.length && !codes.has(issues[first]!.code)) first++;
  if (first === issues.length) return;
  const raw = ctx.files[MANIFEST_FILE];
  const byCode = new Map<string, ManifestIssue[]>();
  for (let i = first; i < issues.length; i++) {
    const issue = issues[i]!;
    if (!codes.has(issue.code)) continue;
    const list = byCode.get(issue.code);
    if (list) list.push(issue);
    else byCode.set(issue.code, [issue]);
  }
  for (const [code, list] of byCode) {
    const first = list[0]!;
    let message = first.message;
    if (code === 'SCHEMA001' && ctx.invalidEntries.includes(MANIFEST_FILE)) message = 'soul.json is not a string; send the manifest as JSON text under "soul.json"';
    if (list.length > 1) {
      const shown = list.slice(0, MAX_LISTED).map((i) => i.message);
      message = `${list.length} problems: ${shown.join('; ')}${list.length > MAX_LISTED ? `; and ${list.length - MAX_LISTED} more` : ''}`;
    }
    if (typeof raw !== 'string') {
      emit({ code, message });
      continue;
    }
    const offset = offsetOfPointer(raw, first.path);
    emit({ code, message, file: MANIFEST_FILE, ...(offset !== undefined ? { offset } : {}) });
  }
}
