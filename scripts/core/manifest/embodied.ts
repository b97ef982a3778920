// The embodied fields of specVersion 0.5 before and after schema validation: older shapes seen in
// the wild converted (with a warning), anything still malformed dropped from the normalised
// manifest, and the priority order of safety.laws checked.
import { ENVIRONMENTS, INTERACTION_MODES } from './schemas.ts';
import { MANIFEST_CODES, severityOf } from './issues.ts';
import type { ManifestCode } from './issues.ts';
import type { ManifestIssue, SafetyLaw } from './types.ts';
import { show } from './messages.ts';

type Obj = Record<string, unknown>;

export function isPlainObject(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function issue(code: ManifestCode, path: string, message: string): ManifestIssue {
  return { code, severity: severityOf(code), path, message };
}

// Earlier drafts named the law text differently.
const LAW_TEXT_KEYS = ['rule', 'law', 'text', 'description'] as const;

function splitList(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Convert older shapes of the embodied fields in place (the object is a copy) and report each
 * conversion as SCHEMA051. Values that cannot be understood are left for the schema to report.
 */
export function convertLegacyEmbodied(m: Obj, issues: ManifestIssue[]): void {
  const shape = (path: string, message: string) => issues.push(issue(MANIFEST_CODES.EMBODIED_SHAPE, path, message));

  if (typeof m['environment'] === 'string') {
    const lower = m['environment'].trim().toLowerCase();
    if (lower !== m['environment'] && (ENVIRONMENTS as readonly string[]).includes(lower)) {
      shape('/environment', `/environment: ${show(m['environment'])} should be written "${lower}"`);
      m['environment'] = lower;
    }
  }

  const mode = m['interactionMode'];
  if (Array.isArray(mode)) {
    const first = mode.find((x): x is string => typeof x === 'string' && (INTERACTION_MODES as readonly string[]).includes(x.toLowerCase()));
    shape('/interactionMode', `/interactionMode is a list; declare the one primary mode as a string${first ? `, e.g. "${first.toLowerCase()}"` : ''} (one of ${INTERACTION_MODES.join(', ')})`);
    if (first) m['interactionMode'] = first.toLowerCase();
    else delete m['interactionMode'];
  } else if (typeof mode === 'string') {
    const lower = mode.trim().toLowerCase();
    if (lower === 'multimodal' || lower === 'multi-modal') {
      shape('/interactionMode', `/interactionMode "${mode}" is an older value; declare the primary mode, one of ${INTERACTION_MODES.join(', ')}`);
      delete m['interactionMode'];
    } else if (lower === 'touchscreen' || lower === 'touch') {
      shape('/interactionMode', `/interactionMode ${show(mode)} should be written "touch-screen"`);
      m['interactionMode'] = 'touch-screen';
    } else if (lower !== mode && (INTERACTION_MODES as readonly string[]).includes(lower)) {
      shape('/interactionMode', `/interactionMode ${show(mode)} should be written "${lower}"`);
      m['interactionMode'] = lower;
    }
  }

  const hw = m['hardwareConstraints'];
  if (typeof hw === 'string' || Array.isArray(hw)) {
    shape('/hardwareConstraints', `/hardwareConstraints is ${Array.isArray(hw) ? 'a list' : 'a text'}; use an object such as { "mobility": "wheeled", "sensors": ["camera"], "battery": true } (ignored until then)`);
    delete m['hardwareConstraints'];
  } else if (isPlainObject(hw)) {
    for (const key of ['sensors', 'actuators'] as const) {
      const v = hw[key];
      if (typeof v === 'string') {
        hw[key] = splitList(v);
        shape(`/hardwareConstraints/${key}`, `/hardwareConstraints/${key} is a text; write a list such as ["camera", "lidar"]`);
      } else if (isPlainObject(v)) {
        hw[key] = Object.keys(v);
        shape(`/hardwareConstraints/${key}`, `/hardwareConstraints/${key} is an object; write a list of names such as ${show(Object.keys(v).slice(0, 3))}`);
      }
    }
  }

  const safety = m['safety'];
  if (!isPlainObject(safety)) return;
  const physical = safety['physical'];
  if (isPlainObject(physical) && typeof physical['maxSpeed'] === 'number') {
    shape('/safety/physical/maxSpeed', `/safety/physical/maxSpeed is a number; write it with a unit, e.g. "${physical['maxSpeed']} m/s"`);
    physical['maxSpeed'] = `${physical['maxSpeed']} m/s`;
  }

  let laws = safety['laws'];
  if (typeof laws === 'string') {
    shape('/safety/laws', '/safety/laws is a text; write a list such as [{ "priority": 0, "rule": "..." }]');
    laws = safety['laws'] = [{ priority: 0, rule: laws }];
  } else if (isPlainObject(laws) && Object.keys(laws).length > 0 && Object.keys(laws).every((k) => /^\d{1,4}$/.test(k))) {
    shape('/safety/laws', '/safety/laws is an object keyed by priority; write a list such as [{ "priority": 0, "rule": "..." }]');
    laws = safety['laws'] = Object.entries(laws).map(([k, v]) => (typeof v === 'string' ? { priority: Number(k), rule: v } : v));
  }
  if (!Array.isArray(laws)) return;
  let stringLaws = 0;
  for (let i = 0; i < laws.length; i++) {
    const law: unknown = laws[i];
    if (typeof law === 'string') {
      laws[i] = { priority: i, rule: law };
      stringLaws++;
      continue;
    }
    if (!isPlainObject(law)) continue;
    if (typeof law['priority'] === 'string' && /^\d{1,4}$/.test(law['priority'].trim())) {
      shape(`/safety/laws/${i}/priority`, `/safety/laws/${i}/priority is the text ${show(law['priority'])}; write the number ${Number(law['priority'])}`);
      law['priority'] = Number(law['priority']);
    }
    if (law['rule'] === undefined) {
      const alias = LAW_TEXT_KEYS.find((k) => k !== 'rule' && typeof law[k] === 'string');
      if (alias) {
        shape(`/safety/laws/${i}/${alias}`, `/safety/laws/${i} names its text "${alias}"; rename it to "rule"`);
        law['rule'] = law[alias];
      }
    }
  }
  if (stringLaws > 0) {
    shape('/safety/laws', `/safety/laws lists ${stringLaws === laws.length ? 'only' : stringLaws} plain text${stringLaws === 1 ? '' : 's'}; write each law as { "priority": 0, "rule": "..." } (priorities were taken from the order)`);
  }
}

/** Report safety.laws whose priorities are missing, shared or out of order (SCHEMA052). */
export function checkLawOrder(m: Obj, issues: ManifestIssue[]): void {
  const safety = m['safety'];
  if (!isPlainObject(safety) || !Array.isArray(safety['laws'])) return;
  const laws = safety['laws'] as unknown[];
  const seen = new Map<number, number>();
  const dups: string[] = [];
  let prev = -Infinity;
  let unsorted = false;
  laws.forEach((law, i) => {
    if (!isPlainObject(law) || typeof law['priority'] !== 'number' || !Number.isInteger(law['priority'])) return;
    const p = law['priority'];
    const first = seen.get(p);
    if (first !== undefined) dups.push(`priority ${p} is used by laws ${first} and ${i}`);
    else seen.set(p, i);
    if (p < prev) unsorted = true;
    prev = p;
  });
  if (dups.length > 0) {
    issues.push(issue(MANIFEST_CODES.LAW_PRIORITY, '/safety/laws', `/safety/laws: ${dups.slice(0, 3).join('; ')}; give each law its own priority (0 is the highest) so conflicts have a clear winner`));
  }
  if (unsorted) {
    issues.push(issue(MANIFEST_CODES.LAW_PRIORITY, '/safety/laws', '/safety/laws are not in priority order; list them from priority 0 (the highest) down'));
  }
}

/**
 * Keep only well-formed embodied values in a normalised manifest (the object is a copy), so that
 * the `Manifest` type holds. Laws without a priority rank after every prioritised law.
 */
export function sanitizeEmbodied(m: Obj): void {
  if (typeof m['environment'] !== 'string') delete m['environment'];
  if (typeof m['interactionMode'] !== 'string') delete m['interactionMode'];
  const hw = m['hardwareConstraints'];
  if (!isPlainObject(hw)) delete m['hardwareConstraints'];
  else {
    for (const key of ['mobility', 'compute'] as const) if (key in hw && typeof hw[key] !== 'string') delete hw[key];
    for (const key of ['sensors', 'actuators'] as const) {
      if (!(key in hw)) continue;
      const v = hw[key];
      if (Array.isArray(v)) hw[key] = v.filter((x) => typeof x === 'string');
      else delete hw[key];
    }
    if ('battery' in hw && typeof hw['battery'] !== 'boolean') delete hw['battery'];
  }
  const safety = m['safety'];
  if (!isPlainObject(safety)) {
    delete m['safety'];
    return;
  }
  const physical = safety['physical'];
  if ('physical' in safety && !isPlainObject(physical)) delete safety['physical'];
  else if (isPlainObject(physical)) {
    if ('maxSpeed' in physical && typeof physical['maxSpeed'] !== 'string') delete physical['maxSpeed'];
    for (const key of ['emergencyStop', 'collisionAvoidance', 'softExterior'] as const) {
      if (key in physical && typeof physical[key] !== 'boolean') delete physical[key];
    }
  }
  if (!('laws' in safety)) return;
  safety['laws'] = readLaws(safety['laws']);
}

/**
 * Read safety.laws leniently: objects with a string rule are kept; a missing or malformed
 * priority ranks after every valid one; plain strings take their position as priority.
 *
 * @example readLaws(['Never harm a human', { priority: 1, rule: 'Obey the operator' }])
 * // [{ priority: 0, rule: 'Never harm a human' }, { priority: 1, rule: 'Obey the operator' }]
 */
export function readLaws(value: unknown): SafetyLaw[] {
  if (!Array.isArray(value)) return [];
  const out: SafetyLaw[] = [];
  const pending: SafetyLaw[] = [];
  let max = -1;
  value.forEach((law: unknown, i) => {
    if (typeof law === 'string') {
      out.push({ priority: i, rule: law });
      max = Math.max(max, i);
      return;
    }
    if (!isPlainObject(law)) return;
    const text = LAW_TEXT_KEYS.map((k) => law[k]).find((v): v is string => typeof v === 'string');
    if (text === undefined) return;
    const entry: SafetyLaw = { priority: 0, rule: text };
    if (law['enforcement'] === 'hard' || law['enforcement'] === 'soft') entry.enforcement = law['enforcement'];
    if (law['scope'] === 'all' || law['scope'] === 'self' || law['scope'] === 'operator') entry.scope = law['scope'];
    const p = law['priority'];
    if (typeof p === 'number' && Number.isInteger(p) && p >= 0) {
      entry.priority = p;
      max = Math.max(max, p);
      out.push(entry);
    } else {
      pending.push(entry);
    }
  });
  for (const entry of pending) out.push({ ...entry, priority: max + 1 });
  return out;
}
