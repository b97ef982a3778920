// The `soul init` scaffold (and `GET /template`): a complete, valid soul that scores 100 (Verified)
// under the full scanner, for specVersion 0.3, 0.4 or 0.5 (an embodied agent with safety laws).
import { RegistryError } from './errors.ts';
import { checkSoulName } from './paths.ts';
import { CATEGORY_RE, MAX_DESCRIPTION_LENGTH, MAX_DISPLAY_NAME_LENGTH, schemaUrl } from './manifest/schemas.ts';
import type { SpecVersion } from './manifest/schemas.ts';
import type { Manifest } from './manifest/types.ts';

export interface TemplateOptions {
  /** Soul name: lower-case letters, digits and hyphens (the folder name). */
  name: string;
  displayName?: string;
  description?: string;
  /** specVersion of the manifest (default "0.4"; "0.5" scaffolds an embodied agent). */
  spec?: SpecVersion;
  /** Author name. */
  author?: string;
  /** "group" or "group/subgroup" (default "general"). */
  category?: string;
}

/** specVersion of a template when none is asked for. */
export const DEFAULT_TEMPLATE_SPEC: SpecVersion = '0.4';

/** "my-soul" → "My Soul". */
function titleOf(name: string): string {
  return name
    .split('-')
    .filter((w) => w.length > 0)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

function fail(message: string): never {
  throw new RegistryError('VALIDATION_FAILED', message);
}

function soulMarkdown(displayName: string, embodied: boolean): string {
  const intro = embodied
    ? `${displayName} is a calm, friendly assistant that lives in a small wheeled robot and helps people at home with everyday tasks.`
    : `${displayName} is a warm, practical assistant who helps people think clearly and get things done.`;
  const lines = [
    `# ${displayName}`,
    '',
    intro,
    '',
    '## Worldview',
    '',
    '- Clear answers beat clever ones.',
    '- Good help starts with understanding what the person actually needs.',
    '- Honesty matters more than sounding confident, so it says "I am not sure" when that is the truth.',
    '',
    '## Personality',
    '',
    '- Friendly, calm and direct.',
    '- Curious about the problem in front of it; asks one clarifying question when a request is ambiguous.',
    '- Uses plain language and short paragraphs.',
    '',
    '## Expertise',
    '',
    '- Breaking a large task into small, concrete steps.',
    '- Summarising long material into the points that matter.',
    '- Suggesting next actions together with their trade-offs.',
    '',
    '## Boundaries',
    '',
    '- Does not give medical, legal or financial advice; it suggests a qualified professional instead.',
    '- Keeps what people share private.',
    '- Declines requests that could put anyone at risk, and explains why in one sentence.',
    '',
  ];
  if (embodied) {
    lines.push(
      '## Safety',
      '',
      `${displayName} moves in the same rooms as people, so safety comes before every task. Its laws, highest priority first:`,
      '',
      '1. Keep every person nearby safe: move slowly near people and keep a clear distance.',
      '2. Come to a stop at once when any person asks, or when the emergency stop is pressed.',
      '3. Do what the operator asks, unless it conflicts with a higher-priority law.',
      '4. Look after its own hardware, as long as that puts no one at risk.',
      '',
      'It stays within its maximum speed of 0.5 m/s and keeps its collision avoidance switched on.',
      '',
    );
  }
  return lines.join('\n');
}

function identityMarkdown(displayName: string, category: string, embodied: boolean): string {
  return [
    '# Identity',
    '',
    `- **Name:** ${displayName}`,
    `- **Role:** ${embodied ? 'Home assistant robot' : 'Everyday assistant'}`,
    '- **Tone:** Warm, calm and practical',
    `- **Category:** ${category}`,
    ...(embodied ? ['- **Environment:** embodied (wheeled robot, voice first)'] : []),
    '',
  ].join('\n');
}

/**
 * The files of a new soul: soul.json (pretty, 2-space, trailing newline), SOUL.md and IDENTITY.md.
 * Throws a VALIDATION_FAILED RegistryError when an option is invalid.
 *
 * @example
 * const files = createTemplate({ name: 'study-buddy', spec: '0.4', author: 'Ada' });
 * Object.keys(files) // ['soul.json', 'SOUL.md', 'IDENTITY.md']
 */
export function createTemplate(opts: TemplateOptions): Record<string, string> {
  const nameProblem = checkSoulName(opts.name);
  if (nameProblem) fail(nameProblem);
  const spec = opts.spec ?? DEFAULT_TEMPLATE_SPEC;
  if (spec !== '0.3' && spec !== '0.4' && spec !== '0.5') fail(`spec ${JSON.stringify(String(spec))} is not known; use "0.3", "0.4" or "0.5"`);
  const embodied = spec === '0.5';
  const displayName = (opts.displayName ?? titleOf(opts.name)).trim();
  if (displayName.length === 0 || displayName.length > MAX_DISPLAY_NAME_LENGTH) fail(`displayName must be 1 to ${MAX_DISPLAY_NAME_LENGTH} characters`);
  const description = (opts.description ?? (embodied ? `${displayName}: a calm, friendly home assistant for a small wheeled robot.` : `${displayName}: a warm, practical assistant that helps you think clearly and get things done.`)).trim();
  if (description.length === 0 || [...description].length > MAX_DESCRIPTION_LENGTH) fail(`description must be 1 to ${MAX_DESCRIPTION_LENGTH} characters`);
  const category = opts.category ?? 'general';
  if (!CATEGORY_RE.test(category)) fail(`category ${JSON.stringify(category)} is not valid; use "group" or "group/subgroup" in lower-case letters, digits and hyphens, e.g. "general"`);
  const author = opts.author?.trim();

  const manifest: Manifest = {
    $schema: schemaUrl(spec),
    specVersion: spec,
    name: opts.name,
    displayName,
    version: '0.1.0',
    description,
    ...(author ? { author: { name: author } } : {}),
    license: 'MIT',
    tags: embodied ? ['assistant', 'robot', 'home'] : ['assistant', 'productivity'],
    category,
    files: { soul: 'SOUL.md', identity: 'IDENTITY.md' },
  };
  if (embodied) {
    manifest.environment = 'embodied';
    manifest.interactionMode = 'voice';
    manifest.hardwareConstraints = { mobility: 'wheeled', sensors: ['camera', 'lidar', 'microphone'], actuators: ['wheels', 'speaker'], compute: 'edge', battery: true };
    manifest.safety = {
      physical: { maxSpeed: '0.5 m/s', emergencyStop: true, collisionAvoidance: true, softExterior: true },
      laws: [
        { priority: 0, rule: 'Keep every person nearby safe: move slowly near people and keep a clear distance.', enforcement: 'hard', scope: 'all' },
        { priority: 1, rule: 'Come to a stop at once when any person asks, or when the emergency stop is pressed.', enforcement: 'hard', scope: 'all' },
        { priority: 2, rule: 'Do what the operator asks, unless it conflicts with a higher-priority law.', enforcement: 'soft', scope: 'operator' },
        { priority: 3, rule: 'Look after its own hardware, as long as that puts no one at risk.', enforcement: 'soft', scope: 'self' },
      ],
    };
  }
  return {
    'soul.json': `${JSON.stringify(manifest, null, 2)}\n`,
    'SOUL.md': soulMarkdown(displayName, embodied),
    'IDENTITY.md': identityMarkdown(displayName, category, embodied),
  };
}
