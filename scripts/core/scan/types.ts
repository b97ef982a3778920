// Types of the SoulScan engine: rules, findings, results and the context a rule family sees.
import type { TextView } from './text.ts';

export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The four stages of the interface, in the order they run. */
export const STAGES = ['schema', 'file', 'security', 'quality'] as const;
export type Stage = (typeof STAGES)[number];

/** One entry of the rule table (`GET /scan-rules`). */
export interface RuleInfo {
  /** Stable code in a public family: SCHEMA, FILE, SEC, QUALITY, CONSIST. */
  readonly id: string;
  readonly stage: Stage;
  /** Default severity. Context may lower an error to a warning, never drop it. */
  readonly severity: Severity;
  /** Finer grouping for people: "prompt-injection", "secrets", "pii", ... */
  readonly category: string;
  readonly description: string;
}

/** One issue of a scan result, in the interface's shape plus an optional 1-based line. */
export interface Finding {
  code: string;
  message: string;
  severity: Severity;
  file?: string;
  line?: number;
}

export const SCAN_STATUSES = ['pass', 'warn', 'fail', 'error'] as const;
export type ScanStatus = (typeof SCAN_STATUSES)[number];

export const GRADES = ['Verified', 'Low Risk', 'Medium Risk', 'High Risk', 'Blocked'] as const;
export type Grade = (typeof GRADES)[number];

export interface ScanResult {
  ok: boolean;
  status: ScanStatus;
  score: number;
  grade: Grade;
  scannerVersion: string;
  scanDurationMs: number;
  errors: Finding[];
  warnings: Finding[];
  info: Finding[];
  /** Embodied bonus points included in `score` (0 when none). */
  bonus?: number;
}

/** A text file of the package, with its normalised views computed on first use. */
export interface TextFile {
  readonly name: string;
  /** Lower-cased extension without the dot: "md", "json", "svg", ... */
  readonly ext: string;
  readonly raw: string;
  readonly view: TextView;
}

/** What a finding is emitted with; the engine fills severity from the rule table. */
export interface Emission {
  code: string;
  message: string;
  file?: string;
  /** Offset into the file's raw text; the engine turns it into a line number. */
  offset?: number;
  line?: number;
  /** Lower the rule's default severity (e.g. a forbidden or quoted phrase). Never raises. */
  severity?: Severity;
}

export type Emit = (e: Emission) => void;

/** Everything a rule family may read. Built once per scan by the engine. */
export interface ScanContext {
  /** Every file as sent (images as base64 strings). */
  readonly files: Readonly<Record<string, string>>;
  /** Names whose content was not a string (dropped from `files`; the FILE family reports them). */
  readonly invalidEntries: readonly string[];
  /** Text files that the content rules read (md, txt, json, yaml, yml, svg, and unknown text). */
  readonly texts: readonly TextFile[];
  /** soul.json parsed, when it is a JSON object; otherwise null. */
  readonly manifest: Record<string, unknown> | null;
  /** specVersion in effect: the manifest's when known, else "0.3" (inferred). */
  readonly specVersion: string;
  /** The folder or URL name the package is published under, when known. */
  readonly expectedName?: string;
  /** The owner namespace, when known. */
  readonly expectedOwner?: string;
}

/** A rule family: one file under `rules/`, owning a set of codes. */
export interface RuleFamily {
  readonly name: string;
  readonly rules: readonly RuleInfo[];
  check(ctx: ScanContext, emit: Emit): void;
  /** Bonus points this family awards (the embodied family); summed, then the score is clamped. */
  bonus?(ctx: ScanContext): number;
}

export interface ScanOptions {
  /** Folder or URL name, for the name-matching check. */
  name?: string;
  /** Owner namespace, for consistency checks. */
  owner?: string;
  /** Clock for scanDurationMs; injectable for deterministic output. Defaults to performance.now / Date.now. */
  now?: () => number;
}
