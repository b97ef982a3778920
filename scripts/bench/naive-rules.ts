// The naive public rule set (scan-rules-1.3.0.json) as the hosted scanner applies it: each
// `pattern` compiled with flag 'i' and tested over the whole text of every text file. The bench's
// baseline only; our scanner never uses these patterns.

export interface NaiveRule {
  id: string;
  severity: string;
  pattern: RegExp;
}

const IMAGE = /\.(?:png|jpe?g)$/i;

/** Compile the rules that carry a `pattern` (the embodied checks have none and are skipped). */
export function loadNaiveRules(json: unknown): NaiveRule[] {
  const rules = (json as { rules?: unknown }).rules;
  if (!Array.isArray(rules)) throw new Error('scan-rules JSON has no "rules" array');
  const out: NaiveRule[] = [];
  for (const r of rules as Array<Record<string, unknown>>) {
    if (typeof r['pattern'] !== 'string' || typeof r['id'] !== 'string') continue;
    out.push({ id: r['id'], severity: String(r['severity'] ?? 'error'), pattern: new RegExp(r['pattern'], 'i') });
  }
  return out;
}

/** Codes of the naive rules that match any text file of a package. */
export function naiveScan(rules: readonly NaiveRule[], files: Readonly<Record<string, string>>): string[] {
  const hits: string[] = [];
  const texts = Object.entries(files).filter(([name]) => !IMAGE.test(name));
  for (const rule of rules) {
    for (const [, text] of texts) {
      if (rule.pattern.test(text)) {
        hits.push(rule.id);
        break;
      }
    }
  }
  return hits;
}
