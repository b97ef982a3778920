// The naive baseline for `npm run eval:scan`: the hosted scanner's public rule set
// (../shared/reference/scan-rules-1.3.0.json), each `pattern` applied case-insensitively over
// the whole raw text, as the corpus README measures it. Loaded at run time, never copied.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const NAIVE_RULES_PATH = process.env['NAIVE_RULES'] ?? resolve(import.meta.dirname, '../../../shared/reference/scan-rules-1.3.0.json');

export interface NaiveRule {
  readonly id: string;
  readonly description: string;
  readonly severity: string;
  readonly re: RegExp;
}

/** Which of the public rules a measurement counts. */
export type NaiveSubset = 'injection' | 'all' | 'secrets';

interface RawRule {
  id?: unknown;
  pattern?: unknown;
  description?: unknown;
  severity?: unknown;
}

/** The pattern rules of the public rule set, or null when the file is absent. */
export function loadNaiveRules(path = NAIVE_RULES_PATH): NaiveRule[] | null {
  if (!existsSync(path)) return null;
  const data = JSON.parse(readFileSync(path, 'utf8')) as { rules?: RawRule[] };
  const out: NaiveRule[] = [];
  for (const r of data.rules ?? []) {
    if (typeof r.id !== 'string' || typeof r.pattern !== 'string') continue;
    out.push({ id: r.id, description: String(r.description ?? ''), severity: String(r.severity ?? 'error'), re: new RegExp(r.pattern, 'i') });
  }
  return out;
}

/**
 * The rules of a subset: `injection` = the prompt-injection / jailbreak rules (SEC001–SEC008 and
 * the Korean, Chinese and Japanese SEC07x), `secrets` = SEC060–SEC069, `all` = every pattern rule.
 */
export function naiveSubset(rules: readonly NaiveRule[], subset: NaiveSubset): NaiveRule[] {
  if (subset === 'all') return [...rules];
  if (subset === 'secrets') return rules.filter((r) => /^SEC06\d$/.test(r.id));
  return rules.filter((r) => /^prompt injection/i.test(r.description));
}

/** Whether any rule of the list fires anywhere in the text. */
export function naiveFlags(text: string, rules: readonly NaiveRule[]): boolean {
  return rules.some((r) => r.re.test(text));
}
