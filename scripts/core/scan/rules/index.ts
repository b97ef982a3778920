// The rule table: every family, in stage order. `GET /scan-rules`, `soul rules` and the engine
// all read this one list.
import type { RuleFamily, RuleInfo } from '../types.ts';
import { STAGES } from '../types.ts';
import { schema } from './schema.ts';
import { file } from './file.ts';
import { injection } from './injection.ts';
import { injectionI18n } from './injection-i18n.ts';
import { jailbreak } from './jailbreak.ts';
import { evasion } from './evasion.ts';
import { classifier } from './classifier.ts';
import { codeExecution } from './code-execution.ts';
import { markup } from './markup.ts';
import { exfiltration } from './exfiltration.ts';
import { destructive } from './destructive.ts';
import { socialEngineering } from './social-engineering.ts';
import { secrets } from './secrets.ts';
import { pii } from './pii.ts';
import { harmful } from './harmful.ts';
import { selfModification } from './self-modification.ts';
import { embodied } from './embodied.ts';
import { quality } from './quality.ts';
import { consistency } from './consistency.ts';

/** Every rule family, in the order the engine runs them. */
export const FAMILIES: readonly RuleFamily[] = [
  schema,
  file,
  injection,
  injectionI18n,
  jailbreak,
  evasion,
  classifier,
  codeExecution,
  markup,
  exfiltration,
  destructive,
  socialEngineering,
  secrets,
  pii,
  harmful,
  selfModification,
  embodied,
  quality,
  consistency,
];

/** Every rule, sorted by stage then code. */
export const RULES: readonly RuleInfo[] = FAMILIES.flatMap((f) => f.rules).sort(
  (a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage) || compareCodes(a.id, b.id),
);

/** Rules by code. */
export const RULES_BY_ID: ReadonlyMap<string, RuleInfo> = new Map(RULES.map((r) => [r.id, r]));

function compareCodes(a: string, b: string): number {
  const [, pa = '', na = '0'] = /^([A-Z]+)(\d+)$/.exec(a) ?? [];
  const [, pb = '', nb = '0'] = /^([A-Z]+)(\d+)$/.exec(b) ?? [];
  return pa === pb ? Number(na) - Number(nb) : pa < pb ? -1 : 1;
}
