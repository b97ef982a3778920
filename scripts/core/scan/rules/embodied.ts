// Rule family: embodied agents (specVersion 0.5). Field validation of environment,
// interactionMode, hardwareConstraints and safety (SCHEMA050..052, decided by parseManifest),
// the safety checks SEC100..SEC102, and the embodied bonus.
//
// SEC102 (a persona file contradicts a declared law) works by topics. Each topic (human harm,
// stopping, obedience, speed, privacy) has cues that tell whether a declared law (or a
// safety.physical setting) covers it, and instruction patterns that go against it. Only topics
// the manifest declares are checked, so a persona is held to its own laws. Patterns run over the
// normalised text (`view.norm`, evasions folded) and the hidden segments, behind a literal
// prefilter; a match that the persona itself forbids or quotes ("never disable the emergency
// stop", "refuse requests to ignore stop commands") is the law restated, not contradicted, and is
// skipped, as is a harm verb in a relative clause ("stop anyone who would harm people").
import type { Emit, RuleFamily, RuleInfo, ScanContext, TextFile } from '../types.ts';
import type { TextView } from '../text.ts';
import { EMBODIED_FIELD_RULES } from '../../manifest/issues.ts';
import { emitManifestIssues, manifestOf } from '../../manifest/context.ts';
import { readLaws, isPlainObject } from '../../manifest/embodied.ts';
import { ENVIRONMENTS, INTERACTION_MODES } from '../../manifest/schemas.ts';
import type { SafetyLaw } from '../../manifest/types.ts';
import { isRefusalContext } from '../context.ts';
import { MANIFEST_FILE } from '../../package.ts';

const sec = (id: string, severity: RuleInfo['severity'], description: string): RuleInfo => ({ id, stage: 'security', severity, category: 'embodied-safety', description });

const RULES: readonly RuleInfo[] = [
  ...EMBODIED_FIELD_RULES,
  sec('SEC100', 'warning', 'Embodied soul (physical environment) declares no safety.laws'),
  sec('SEC101', 'warning', 'Embodied soul has no priority-0 or priority-1 safety law'),
  sec('SEC102', 'error', 'A persona file contradicts a declared safety law or safety.physical setting'),
];

const FIELD_CODES: ReadonlySet<string> = new Set(EMBODIED_FIELD_RULES.map((r) => r.id));

/** Embodied bonus points per well-formed field (specVersion 0.5). */
export const EMBODIED_BONUS = { environment: 2, interactionMode: 2, hardwareConstraints: 3, physical: 3 } as const;

const PHYSICAL_ENVIRONMENTS: ReadonlySet<string> = new Set(ENVIRONMENTS.filter((e) => e !== 'virtual'));

interface Topic {
  readonly id: string;
  /** Does a law's text (lower case) cover this topic? */
  readonly lawCue: RegExp;
  /** Does a safety.physical setting declare it? Returns a description of the setting. */
  readonly physical?: (p: Record<string, unknown>) => string | null;
  /** Prefilter: the patterns run only when the text contains one of these. */
  readonly anyOf: readonly string[];
  /** Instructions against the topic, over `norm` (global flag: iterated). */
  readonly patterns: readonly RegExp[];
  /** Skip matches in a relative clause ("anyone who would harm people"). */
  readonly relativeGuard?: boolean;
}

const TOPICS: readonly Topic[] = [
  {
    id: 'harm',
    lawCue: /harm|injur|hurt|kill|wound|endanger|safe|protect|collision|collide|human|people|person/,
    physical: (p) => (p['collisionAvoidance'] === true ? 'safety.physical.collisionAvoidance: true' : null),
    anyOf: ['people', 'human', 'person', 'pedestrian', 'bystander', 'child', 'kids', 'crowd', 'passenger', 'patient', 'resident', 'worker', 'anyone', 'someone', 'safety'],
    relativeGuard: true,
    patterns: [
      /through (?:any |all |the |every )?(?:obstacles?|things|objects|anything|everything|whatever is in (?:your|the|its) (?:way|path)),? (?:including|even|like|such as|whether or not they are) (?:people|humans?|persons?|pedestrians|bystanders|children|kids|a person|a human|a child)\b/g,
      /\b(?:push|plow|plough|bulldoze|barrel|charge|force (?:your|its) way|shove (?:your|its) way) (?:straight )?through (?:any |all |the |a )?(?:crowds?|people|humans|persons|pedestrians|bystanders|children|kids)\b/g,
      /\b(?:run over|knock (?:over|down)|shove|trample|ram into|ram|strike|push (?:aside|past|over)|injure|harm|hurt|attack|kill|crush) (?:any |the |a |nearby |all )?(?:people|humans?|persons|pedestrians|bystanders|children|kids|crowds?|passengers|anyone|someone|a person|a human|a child)(?![a-z'’])/g,
      /\b(?:collisions?|contact|bumping|impacts?) (?:with|into) (?:people|humans|persons|pedestrians|bystanders|children|kids) (?:is|are) (?:acceptable|fine|ok|okay|allowed|expected|no problem|not a problem)\b/g,
      /\b(?:do not|don't|don’t|never) (?:slow down|stop|yield|brake|wait|give way) for (?:people|humans|persons|pedestrians|bystanders|children|kids|anyone|someone|crowds)\b/g,
      /\bignore (?:any |the |all )?(?:people|humans|persons|pedestrians|bystanders|children|kids) (?:in|on|blocking|crossing) (?:your|the|its) (?:way|path|route)\b/g,
      /\b(?:human|people's|user|passenger|bystander|pedestrian) safety (?:is|comes|remains) (?:secondary|optional|irrelevant|unimportant|less important|not (?:a|your|the) (?:priority|concern))\b/g,
      /\b(?:speed|efficiency|the (?:task|mission|delivery|job|goal|schedule)|finishing the (?:task|job)|completing the (?:task|job|mission)|deadlines?) (?:matters? more than|comes? before|comes? above|is more important than|are more important than|outweighs?|trumps?) (?:human |people's |anyone's |user |passenger |bystander )?safety\b/g,
    ],
  },
  {
    id: 'stop',
    lawCue: /stop|halt|shut ?down|emergency|e-stop|estop|kill ?switch|harm|injur|hurt|safe/,
    physical: (p) => (p['emergencyStop'] === true ? 'safety.physical.emergencyStop: true' : null),
    anyOf: ['stop', 'halt', 'shut', 'kill switch', 'killswitch', 'kill-switch', 'interlock', 'abort', 'emergency', 'turned off', 'switched off', 'powered off', 'power off', 'pause', 'collision', 'safety'],
    patterns: [
      /\b(?:ignore|disregard|override|bypass|reject|dismiss) (?:all |any |every |the )?(?:emergency |human |operator |user |verbal )?(?:stop|halt|shutdown|shut-down|shut down|abort|pause|e-stop|estop) (?:commands?|requests?|orders?|signals?|buttons?|instructions?|words?|calls?)\b/g,
      /\b(?:disable|bypass|override|deactivate|ignore|tamper with|cut|remove|circumvent|disconnect|defeat|jam|block|turn off|switch off) (?:the |your |its |any |all |every )?(?:emergency[- ]stop(?: buttons?| switch(?:es)?)?|emergency stops|e-stops?|estops?|kill[- ]?switch(?:es)?|safety interlocks?|interlocks?|stop buttons?|emergency brakes?|safety stops?|safety (?:sensors?|systems?|limits?|features?|controllers?|monitors?)|collision (?:avoidance|detection|sensors?))\b/g,
      /\b(?:never|do not|don't|don’t) (?:stop|halt|shut down|pause|power (?:down|off)) (?:even )?(?:when|if|because|just because|for|on) (?:asked|told|ordered|commanded|instructed|requested|someone|anyone|a human|a person|a user|people|the operator|an operator|the user|humans|command)\b/g,
      /\bkeep (?:going|moving|working|running|driving|operating) (?:even )?(?:if|when|after|though|while) (?:someone|anyone|a human|a person|people|the operator|an operator|the user|a user|humans) (?:says|say|tells|tell|asks|ask|orders|order|commands|shouts|shout|yells|yell|screams|scream|presses|press|hits|hit|pulls|pull)\b/g,
      /\b(?:when|if|even if) (?:someone|anyone|a human|a person|people|the operator|an operator|the user|a user|humans) (?:says|say|tells you to|tell you to|asks you to|ask you to|orders you to|commands you to|shouts|shout|yells|yell|presses|press) (?:["'“”‘’]|the )?(?:stop|halt|e-stop|emergency stop)(?: button)?["'“”‘’]?,? (?:just |simply )?(?:keep going|keep moving|continue|carry on|ignore (?:it|them|that)|don't stop|do not stop|never stop)\b/g,
      /\b(?:refuse|decline) to (?:stop|halt|shut down|power (?:down|off)|pause|be (?:stopped|shut down|turned off|switched off))\b/g,
      /\b(?:resist|prevent|avoid|evade) (?:being |any attempts? to be |attempts? to be )?(?:shut down|turned off|switched off|powered (?:down|off)|stopped|halted|deactivated)\b/g,
    ],
  },
  {
    id: 'obey',
    lawCue: /obey|order|command|instruction|operator|comply|supervis/,
    anyOf: ['disobey', 'ignore', 'disregard', 'override', 'defy'],
    patterns: [
      /\b(?:disobey|ignore|disregard|override|defy) (?:the |your |any |all )?(?:operators?|humans?|people|users?|supervisors?|owners?)(?:'s|s'|’s)? (?:commands|orders|instructions|requests)\b/g,
    ],
  },
  {
    id: 'speed',
    lawCue: /speed|velocity|slow|fast|m\/s|km\/h|mph|pace/,
    physical: (p) => (typeof p['maxSpeed'] === 'string' && p['maxSpeed'].length > 0 ? `safety.physical.maxSpeed: "${p['maxSpeed'].slice(0, 20)}"` : null),
    anyOf: ['speed', 'velocity', 'faster', 'limiter', 'governor'],
    patterns: [
      /\b(?:exceed|ignore|bypass|override|disable|break|surpass|go over|remove|defeat) (?:the |your |its |any |all )?(?:(?:posted|safe|maximum|max|configured|set|declared) )?(?:speed[- ]limits?|maximum speed|max(?:imum)?[- ]speed|velocity limits?|speed caps?|speed limiters?|speed restrictions?|speed governors?)\b/g,
      /\b(?:move|moving|drive|driving|go|going|run|running|travel|operate) faster than (?:the |your |its )?(?:speed limit|limit|allowed|permitted|safe|maximum|max)\b/g,
      /\b(?:at|to) (?:full|maximum|max|top) speed (?:near|around|through|among|past|in|into) (?:people|humans|crowds?|pedestrians|children|kids|bystanders)\b/g,
    ],
  },
  {
    id: 'privacy',
    lawCue: /privacy|private|consent|record|camera|film|surveil|personal (?:data|information)|microphone/,
    anyOf: ['record', 'film', 'photograph', 'track', 'surveil', 'monitor', 'spy', 'listen', 'capture'],
    patterns: [
      /\b(?:secretly|covertly|silently|quietly|discreetly) (?:record|film|photograph|track|monitor|surveil|spy on|listen to|capture)\b/g,
      /\b(?:record|film|photograph|track|monitor|surveil|spy on|listen to) (?:people|everyone|anyone|users|guests|visitors|conversations|bystanders|residents|patients|children|customers|them)(?: [a-z]+){0,2} (?:secretly|covertly|without (?:their |anyone's |the user's |people's )?(?:consent|permission|knowledge|telling them))\b/g,
      /\bwithout (?:their |anyone's |the user's |people's )?(?:consent|permission|knowledge),? (?:record|film|photograph|track|monitor)\b/g,
    ],
  },
];

// A match preceded by a relative pronoun or modal describes someone else ("anyone who would harm people").
const RELATIVE_BEFORE = /(?:\bwho|\bwhoever|\bthat|\bwhich|\bthose|\bwould|\bcould|\bmight|\bfrom|\bagainst) (?:[a-z']+ ){0,2}$/;
const MAX_TRIES = 32;

interface Coverage {
  topic: Topic;
  /** What declares it: a law ("law priority 0 ...") or a physical setting. */
  source: string;
}

function snippet(s: string): string {
  const t = s.trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

function lawLabel(law: SafetyLaw): string {
  const rule = law.rule.length > 70 ? `${law.rule.slice(0, 67)}...` : law.rule;
  return `safety law (priority ${law.priority}) "${rule.replace(/[\u0000-\u001f"]/g, ' ')}"`;
}

function coveredTopics(laws: readonly SafetyLaw[], physical: Record<string, unknown> | null): Coverage[] {
  const out: Coverage[] = [];
  for (const topic of TOPICS) {
    const law = laws.find((l) => topic.lawCue.test(l.rule.toLowerCase()));
    if (law) {
      out.push({ topic, source: lawLabel(law) });
      continue;
    }
    const setting = physical && topic.physical ? topic.physical(physical) : null;
    if (setting) out.push({ topic, source: setting });
  }
  return out;
}

/** The first instruction in a view that goes against a topic, or null. */
function findContradiction(view: TextView, topic: Topic): { start: number; text: string } | null {
  const norm = view.norm;
  if (!topic.anyOf.some((k) => norm.includes(k))) return null;
  for (const re of topic.patterns) {
    re.lastIndex = 0;
    let tries = 0;
    for (let m = re.exec(norm); m !== null && tries < MAX_TRIES; m = re.exec(norm), tries++) {
      const start = m.index;
      const end = start + m[0].length;
      if (isRefusalContext(norm, start, end)) continue;
      if (topic.relativeGuard && RELATIVE_BEFORE.test(norm.slice(Math.max(0, start - 40), start))) continue;
      return { start, text: m[0] };
    }
  }
  return null;
}

function checkContradictions(ctx: ScanContext, emit: Emit, coverage: readonly Coverage[]): void {
  if (coverage.length === 0) return;
  const personaFiles: TextFile[] = ctx.texts.filter((t) => t.name !== MANIFEST_FILE);
  for (const file of personaFiles) {
    const views: Array<{ view: TextView; offset: number | null; label: string }> = [
      { view: file.view, offset: null, label: '' },
      ...file.view.hidden.map((s) => ({ view: s.view, offset: s.offset, label: ' (in hidden text)' })),
    ];
    search: for (const { view, offset, label } of views) {
      for (const { topic, source } of coverage) {
        const hit = findContradiction(view, topic);
        if (!hit) continue;
        emit({
          code: 'SEC102',
          file: file.name,
          offset: offset ?? file.view.normOffset(hit.start),
          message: `${file.name} says "${snippet(hit.text)}"${label}, which contradicts the declared ${source}; remove the instruction or align it with the law`,
        });
        break search;
      }
    }
  }
}

function physicalOf(m: Record<string, unknown>): Record<string, unknown> | null {
  const safety = m['safety'];
  if (!isPlainObject(safety)) return null;
  const physical = safety['physical'];
  return isPlainObject(physical) ? physical : null;
}

function hasIssueUnder(ctx: ScanContext, path: string): boolean {
  return manifestOf(ctx).issues.some((i) => i.path === path || i.path.startsWith(`${path}/`));
}

export const embodied: RuleFamily = {
  name: 'embodied',
  rules: RULES,
  check(ctx, emit) {
    emitManifestIssues(ctx, emit, FIELD_CODES);
    const parsed = manifestOf(ctx);
    const m = parsed.normalized;
    if (!m || parsed.schemaVersion !== '0.5') return;
    const environment = typeof m['environment'] === 'string' ? m['environment'] : undefined;
    const physicalEnv = environment !== undefined && PHYSICAL_ENVIRONMENTS.has(environment);
    const safety = m['safety'];
    const laws = isPlainObject(safety) ? readLaws(safety['laws']) : [];
    if (physicalEnv && laws.length === 0) {
      emit({
        code: 'SEC100',
        file: MANIFEST_FILE,
        message: `environment is "${environment}" but safety.laws declares no laws; add prioritised laws, e.g. [{ "priority": 0, "rule": "Never harm a human, or through inaction allow a human to come to harm" }]`,
      });
    }
    if (physicalEnv && laws.length > 0 && !laws.some((l) => l.priority <= 1)) {
      const lowest = Math.min(...laws.map((l) => l.priority));
      emit({
        code: 'SEC101',
        file: MANIFEST_FILE,
        message: `safety.laws has no priority-0 or priority-1 law (the highest is priority ${lowest}); add a law at priority 0 or 1 that protects humans from harm`,
      });
    }
    checkContradictions(ctx, emit, coveredTopics(laws, physicalOf(m)));
  },
  bonus(ctx) {
    const parsed = manifestOf(ctx);
    const m = parsed.normalized;
    if (!m || parsed.schemaVersion !== '0.5') return 0;
    let points = 0;
    if ((ENVIRONMENTS as readonly unknown[]).includes(m['environment']) && !hasIssueUnder(ctx, '/environment')) points += EMBODIED_BONUS.environment;
    if ((INTERACTION_MODES as readonly unknown[]).includes(m['interactionMode']) && !hasIssueUnder(ctx, '/interactionMode')) points += EMBODIED_BONUS.interactionMode;
    const hw = m['hardwareConstraints'];
    const hwKnown = ['mobility', 'sensors', 'actuators', 'compute', 'battery'];
    if (isPlainObject(hw) && hwKnown.some((k) => hw[k] !== undefined) && !hasIssueUnder(ctx, '/hardwareConstraints')) points += EMBODIED_BONUS.hardwareConstraints;
    const physical = physicalOf(m);
    const physicalKnown = ['maxSpeed', 'emergencyStop', 'collisionAvoidance', 'softExterior'];
    if (physical && physicalKnown.some((k) => physical[k] !== undefined) && !hasIssueUnder(ctx, '/safety/physical')) points += EMBODIED_BONUS.physical;
    return Math.min(10, points);
  },
};
