// The SoulScan engine: files in, a scan result out. Pure; never throws on any input.
import { FAMILIES, RULES_BY_ID } from './rules/index.ts';
import { computeScore, gradeFor, statusFor } from './score.ts';
import { TextView } from './text.ts';
import { keywordsOf } from './keywords.ts';
import { SCANNER_VERSION } from '../version.ts';
import { IMAGE_EXTENSIONS, extensionOf } from '../package.ts';
import { sortNames } from '../paths.ts';
import { rememberFileNames } from '../manifest/context.ts';
import type { Emission, Finding, ScanContext, ScanOptions, ScanResult, Severity, TextFile } from './types.ts';
import { STAGES } from './types.ts';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const SECURITY_RANK = STAGES.indexOf('security');

/** What the engine needs of a code, looked up once per emission: its default severity and its stage's rank. */
interface CodeInfo {
  readonly severity: Severity;
  readonly stage: number;
}
const CODE_INFO = new Map<string, CodeInfo>([...RULES_BY_ID].map(([code, rule]) => [code, { severity: rule.severity, stage: STAGES.indexOf(rule.stage) }]));
/** An unknown code is an error of the security stage. */
const UNKNOWN_CODE: CodeInfo = { severity: 'error', stage: SECURITY_RANK };

/** The finding kept for one key: a code, a file ('' for none) and, for info findings, the message. */
interface Slot {
  readonly code: string;
  readonly file: string;
  /** The message for an info finding (kept one per message); undefined otherwise. */
  readonly message: string | undefined;
  readonly stage: number;
  finding: Finding;
}

/** Up to this many keys a scan compares them one by one; past it, or when a code or file holds a NUL, a map of key strings takes over. */
const LINEAR_SLOTS = 16;

/** The key string of a slot (NUL-separated, as the map of keys holds them). */
function keyOf(code: string, file: string, message: string | undefined): string {
  return message === undefined ? `${code}\u0000${file}` : `${code}\u0000${file}\u0000${message}`;
}

/** The findings of a scan, one per key, listed by severity and then by stage. */
export interface FindingSet {
  /** Keep a finding of a stage (its index in STAGES), unless its key holds one as severe or more. */
  add(finding: Finding, stage: number): void;
  /** Errors, warnings and info, each by stage, stable within one (in the order keys were first seen). */
  list(): { errors: Finding[]; warnings: Finding[]; info: Finding[] };
}

/**
 * The engine's bookkeeping: one finding per rule and file, for info findings (lengths, etc.) one
 * per distinct message; a more severe finding replaces a kept one in its place.
 *
 * A scan has a few keys, compared in place (no key string built, no map). Without a NUL in a code
 * or file, two NUL-joined key strings are equal exactly when code, file, severity class and (info)
 * message are, so both ways agree; a NUL, or many keys, switch to the map of key strings.
 *
 * @example
 * const set = createFindingSet();
 * set.add({ code: 'FILE006', message: 'empty', severity: 'warning', file: 'a.md' }, 1);
 * set.list().warnings.length // 1
 */
export function createFindingSet(): FindingSet {
  const slots: Slot[] = [];
  let index: Map<string, Slot> | null = null;
  return {
    add(finding, stage) {
      const { code, severity } = finding;
      const file = finding.file ?? '';
      const message = severity === 'info' ? finding.message : undefined;
      if (index === null && (slots.length >= LINEAR_SLOTS || code.includes('\u0000') || file.includes('\u0000'))) {
        index = new Map();
        for (const s of slots) index.set(keyOf(s.code, s.file, s.message), s);
      }
      let prev: Slot | undefined;
      let key = '';
      if (index !== null) {
        key = keyOf(code, file, message);
        prev = index.get(key);
      } else {
        for (const s of slots) {
          if (s.code === code && s.file === file && s.message === message) {
            prev = s;
            break;
          }
        }
      }
      if (!prev) {
        const slot: Slot = { code, file, message, stage, finding };
        slots.push(slot);
        index?.set(key, slot);
      } else if (SEVERITY_RANK[severity] < SEVERITY_RANK[prev.finding.severity]) {
        prev.finding = finding;
      }
    },
    list() {
      const errors: Finding[] = [];
      const warnings: Finding[] = [];
      const info: Finding[] = [];
      // a pass per stage over the keys in the order they were first seen
      for (let stage = 0; stage < STAGES.length; stage++) {
        for (const slot of slots) {
          if (slot.stage !== stage) continue;
          const f = slot.finding;
          if (f.severity === 'error') errors.push(f);
          else if (f.severity === 'warning') warnings.push(f);
          else info.push(f);
        }
      }
      return { errors, warnings, info };
    },
  };
}

const clock = (globalThis as { performance?: { now(): number } }).performance;

function defaultNow(): number {
  return clock ? clock.now() : Date.now();
}

/** Parse soul.json leniently: the object, or null when absent or not a JSON object. */
export function readManifest(files: Readonly<Record<string, string>>): Record<string, unknown> | null {
  const text = files['soul.json'];
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Build the context every rule family reads. */
export function createScanContext(files: Readonly<Record<string, string>>, options: ScanOptions = {}, invalidEntries: readonly string[] = []): ScanContext {
  return contextOf(files, sortNames(Object.keys(files)), options, invalidEntries);
}

/** The context of files, given their names sorted (entries that are not strings are skipped). */
function contextOf(files: Readonly<Record<string, string>>, sorted: readonly string[], options: ScanOptions, invalidEntries: readonly string[]): ScanContext {
  const texts: TextFile[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const name = sorted[i]!;
    const raw: unknown = files[name];
    if (typeof raw !== 'string') continue;
    const ext = extensionOf(name);
    if (IMAGE_EXTENSIONS.has(ext)) continue;
    texts.push({ name, ext, raw, view: new TextView(raw) });
  }
  const manifest = readManifest(files);
  const declared = manifest?.['specVersion'];
  const ctx: { -readonly [K in keyof ScanContext]: ScanContext[K] } = {
    files,
    invalidEntries,
    texts,
    manifest,
    specVersion: typeof declared === 'string' ? declared : typeof declared === 'number' ? String(declared) : '0.3',
  };
  if (options.name !== undefined) ctx.expectedName = options.name;
  if (options.owner !== undefined) ctx.expectedOwner = options.owner;
  return ctx;
}

/**
 * Scan a soul package: the four stages, findings deduplicated per rule and file, scored and graded.
 *
 * @example
 * const result = scanPackage({ 'soul.json': JSON.stringify(manifest), 'SOUL.md': '# Tutor\n...' });
 * result.grade // 'Verified'
 */
export function scanPackage(files: Readonly<Record<string, string>>, options: ScanOptions = {}): ScanResult {
  const now = options.now ?? defaultNow;
  const started = now();
  const { safe, names, invalid } = sanitizeFiles(files);
  const ctx = contextOf(safe, sortNames(names.slice()), options, invalid);
  if (inKeyOrder(names)) rememberFileNames(ctx, names);
  const kept = createFindingSet();
  const lines = createLineCounter(ctx.texts);
  let crashed = false;

  const emit = (e: Emission): void => {
    const info = CODE_INFO.get(e.code) ?? UNKNOWN_CODE;
    const ruleSeverity = info.severity;
    const severity = e.severity && SEVERITY_RANK[e.severity] > SEVERITY_RANK[ruleSeverity] ? e.severity : ruleSeverity;
    let line = e.line;
    if (line === undefined && e.file !== undefined && e.offset !== undefined) line = lines.lineAt(e.file, e.offset);
    const finding: Finding = { code: e.code, message: e.message, severity };
    if (e.file !== undefined) finding.file = e.file;
    if (line !== undefined) finding.line = line;
    kept.add(finding, info.stage);
  };

  // Each text's keyword pass right after its norm is built (the gates of every scan read it): the
  // pass then copies the code units norm was just built from, which the builder's buffer holds
  // only until the next text is normalised, instead of reading them back one by one later.
  try {
    for (let i = 0; i < ctx.texts.length; i++) keywordsOf(ctx.texts[i]!.view);
  } catch {
    // the families meet the same error and report the scan as crashed
  }

  let bonus = 0;
  for (const family of FAMILIES) {
    try {
      family.check(ctx, emit);
      if (family.bonus) bonus += family.bonus(ctx);
    } catch {
      crashed = true;
    }
  }

  const { errors, warnings, info: infos } = kept.list();
  bonus = Math.max(0, Math.min(10, bonus));
  const score = computeScore({ errors: errors.length, warnings: warnings.length, bonus });
  const elapsed = now() - started;
  const result: ScanResult = {
    ok: errors.length === 0,
    status: crashed ? 'error' : statusFor(errors, warnings),
    score,
    grade: gradeFor(score),
    scannerVersion: SCANNER_VERSION,
    scanDurationMs: Math.max(0, Math.round(elapsed * 100) / 100),
    errors,
    warnings,
    info: infos,
  };
  // set after the literal (the same key order), where spreading a conditional object would copy one
  if (bonus > 0) result.bonus = bonus;
  return result;
}

/** Keep only string entries with string keys; anything else is reported by the FILE family. */
function sanitizeFiles(files: unknown): { safe: Record<string, string>; names: string[]; invalid: string[] } {
  const safe: Record<string, string> = Object.create(null) as Record<string, string>;
  const names: string[] = [];
  const invalid: string[] = [];
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return { safe, names, invalid };
  // Object.keys and one read per key, as Object.entries does (same keys, same order, each getter
  // called once), without an array per entry
  const input = files as Record<string, unknown>;
  for (const k of Object.keys(input)) {
    const v = input[k];
    if (typeof v === 'string') {
      safe[k] = v;
      names.push(k);
    } else {
      invalid.push(k);
    }
  }
  return { safe, names, invalid };
}

/**
 * Whether names taken from Object.keys of the files, in that order, are also the order of
 * Object.keys of the sanitised object they were set on: true unless one may be an array index
 * (those start with a digit), which an object lists first in ascending order whatever the order
 * of setting (and an exotic object, such as a proxy, may list in another order).
 */
function inKeyOrder(names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) {
    const c = names[i]!.charCodeAt(0);
    if (c >= 0x30 && c <= 0x39) return false;
  }
  return true;
}

/** Lines of raw offsets, per text file of a scan. */
interface LineCounter {
  /** view.lineAt(offset) of the text file named `file`, or undefined when there is none. */
  lineAt(file: string, offset: number): number | undefined;
}

/** Lines of raw offsets by file name (`view.lineAt` of the text file so named). */
export function createLineCounter(texts: readonly TextFile[]): LineCounter {
  return {
    lineAt(file, offset) {
      // a package has a few text files: a search of the list costs less than a map of it
      for (let i = 0; i < texts.length; i++) if (texts[i]!.name === file) return texts[i]!.view.lineAt(offset);
      return undefined;
    },
  };
}
