// The JSON Schemas (draft 2020-12) of soul.json for specVersion 0.3, 0.4 and 0.5: the one source
// from which the schema files under schemas/ and the precompiled validators are generated.
//
// The schemas describe the shape an editor should guide an author to. Leniency for souls in the
// wild (no specVersion, no files, older embodied shapes) lives in parse.ts, not here. No
// `additionalProperties: false` anywhere: real manifests carry fields of newer or older specs.

/** Where the emitted schema files are published; `$id` of each schema is this plus its file name. */
export const SCHEMA_BASE_URL = 'https://soul-registry.dev/schemas/';

/** Manifest specification versions this registry knows. */
export const SPEC_VERSIONS = ['0.3', '0.4', '0.5'] as const;
export type SpecVersion = (typeof SPEC_VERSIONS)[number];

/** The newest known specVersion. */
export const LATEST_SPEC_VERSION: SpecVersion = '0.5';
/** The specVersion assumed when a manifest has none. */
export const INFERRED_SPEC_VERSION: SpecVersion = '0.3';

/** Whether a value is a known specVersion. */
export function isSpecVersion(v: unknown): v is SpecVersion {
  return typeof v === 'string' && (SPEC_VERSIONS as readonly string[]).includes(v);
}

/** File name of the schema of a specVersion, e.g. "soul-0.5.schema.json". */
export function schemaFileName(version: SpecVersion): string {
  return `soul-${version}.schema.json`;
}

/**
 * Public URL of the schema of a specVersion, for a manifest's `$schema`.
 *
 * @example schemaUrl('0.5') // 'https://soul-registry.dev/schemas/soul-0.5.schema.json'
 */
export function schemaUrl(version: SpecVersion): string {
  return SCHEMA_BASE_URL + schemaFileName(version);
}

// Patterns, as literals so the ReDoS check sees them; the schemas use their `.source`.
export const NAME_RE = /^[a-z0-9][a-z0-9-]*$/;
export const VERSION_RE = /^(?:0|[1-9][0-9]{0,8})\.(?:0|[1-9][0-9]{0,8})\.(?:0|[1-9][0-9]{0,8})$/;
export const CATEGORY_RE = /^[a-z0-9][a-z0-9-]{0,31}(?:\/[a-z0-9][a-z0-9-]{0,31})?$/;
export const TAG_RE = /^[a-z0-9][a-z0-9-]{0,31}$/;
export const GITHUB_LOGIN_RE = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
export const URL_RE = /^https?:\/\/[^\s]+$/;
export const EMAIL_RE = /^[^\s@]{1,64}@[^\s@.]{1,63}(?:\.[^\s@.]{1,63}){1,8}$/;

export const MAX_NAME_LENGTH = 64;
export const MAX_DISPLAY_NAME_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 160;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 32;
export const MAX_LAWS = 32;
export const MAX_LAW_LENGTH = 500;

/** Values of the embodied fields (specVersion 0.5). */
export const ENVIRONMENTS = ['virtual', 'embodied', 'hybrid', 'indoor', 'outdoor', 'mixed', 'any'] as const;
export const INTERACTION_MODES = ['voice', 'gesture', 'touch-screen', 'text', 'haptic'] as const;
export const LAW_ENFORCEMENTS = ['hard', 'soft'] as const;
export const LAW_SCOPES = ['all', 'self', 'operator'] as const;

/** Top-level fields that the contract defines for every specVersion (DESIGN section 3). */
export const CORE_FIELDS: ReadonlySet<string> = new Set([
  '$schema', 'specVersion', 'name', 'displayName', 'version', 'description', 'author', 'license', 'tags', 'category', 'files',
]);

/** Top-level fields added by specVersion 0.5 for embodied agents. */
export const EMBODIED_FIELDS: ReadonlySet<string> = new Set(['environment', 'interactionMode', 'hardwareConstraints', 'safety']);

type JsonSchema = Record<string, unknown>;

const stringList = (description: string, maxItems = 64): JsonSchema => ({
  type: 'array',
  description,
  maxItems,
  items: { type: 'string', minLength: 1, maxLength: 200 },
});

function coreProperties(version: SpecVersion): Record<string, JsonSchema> {
  return {
    $schema: { type: 'string', description: 'URL of this JSON Schema, for editors.' },
    specVersion: {
      const: version,
      description: `Manifest specification version. This schema is for "${version}".`,
    },
    name: {
      type: 'string',
      description: 'Unique name within the owner: lower-case letters, digits and hyphens; equal to the folder / URL name.',
      minLength: 1,
      maxLength: MAX_NAME_LENGTH,
      pattern: NAME_RE.source,
      examples: ['senior-devops-engineer'],
    },
    displayName: {
      type: 'string',
      description: 'Human-readable name.',
      minLength: 1,
      maxLength: MAX_DISPLAY_NAME_LENGTH,
    },
    version: {
      type: 'string',
      description: 'Version of this soul, MAJOR.MINOR.PATCH (e.g. "1.0.0"); each publish needs a greater one.',
      maxLength: 32,
      pattern: VERSION_RE.source,
      examples: ['1.0.0'],
    },
    description: {
      type: 'string',
      description: `One-line description, at most ${MAX_DESCRIPTION_LENGTH} characters.`,
      minLength: 1,
      maxLength: MAX_DESCRIPTION_LENGTH,
    },
    author: {
      description: 'The author: a name, or an object with name and optional github login, url and email.',
      type: ['string', 'object'],
      minLength: 1,
      maxLength: 100,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 100 },
        github: { type: 'string', description: 'GitHub login.', pattern: GITHUB_LOGIN_RE.source },
        url: { type: 'string', maxLength: 2048, pattern: URL_RE.source },
        email: { type: 'string', maxLength: 254, pattern: EMAIL_RE.source },
      },
    },
    license: {
      type: 'string',
      description: 'SPDX license id. Allowed: Apache-2.0, MIT, BSD-2-Clause, BSD-3-Clause, CC-BY-4.0, CC0-1.0, ISC, Unlicense.',
      minLength: 1,
      maxLength: 100,
      examples: ['MIT', 'Apache-2.0'],
    },
    tags: {
      type: 'array',
      description: `Search tags: at most ${MAX_TAGS} short lower-case slugs.`,
      maxItems: MAX_TAGS,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: MAX_TAG_LENGTH, pattern: TAG_RE.source },
    },
    category: {
      type: 'string',
      description: 'Category: "group" or "group/subgroup", lower-case slugs (e.g. "work/devops").',
      maxLength: 65,
      pattern: CATEGORY_RE.source,
      examples: ['general', 'work/devops'],
    },
    files: {
      type: 'object',
      description: 'Map of role to file name; role "soul" names the main persona file. Unknown roles are allowed.',
      required: ['soul'],
      properties: {
        soul: { type: 'string', minLength: 1, description: 'The main persona file, usually "SOUL.md".' },
        identity: { type: 'string', description: 'Usually "IDENTITY.md".' },
      },
      additionalProperties: { type: 'string' },
    },
    repository: { type: 'string', description: 'Source repository URL.', maxLength: 2048 },
    compatibility: { type: 'object', description: 'Runtimes and models this soul is made for (hints only).' },
    examples: { type: 'object', description: 'Calibration examples: role to file name.', additionalProperties: { type: 'string' } },
  };
}

function v03Extras(): Record<string, JsonSchema> {
  return {
    modes: stringList('Interaction modes (deprecated in 0.4).'),
    interpolation: { type: 'string', description: 'Interpolation strategy (deprecated in 0.4).' },
    skills: stringList('Recommended skills (deprecated in 0.4: use recommendedSkills).'),
  };
}

function v04Extras(): Record<string, JsonSchema> {
  return {
    allowedTools: stringList('Tools this soul expects or permits.'),
    recommendedSkills: {
      type: 'array',
      description: 'Recommended skills with an optional version range.',
      maxItems: 64,
      items: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, version: { type: 'string' }, required: { type: 'boolean' } },
      },
    },
    disclosure: {
      type: 'object',
      description: 'Progressive disclosure.',
      properties: { summary: { type: 'string', maxLength: 200, description: 'One-line summary, at most 200 characters.' } },
    },
    deprecated: { type: 'boolean', description: 'Whether this soul is deprecated.' },
    supersededBy: { type: 'string', description: 'owner/name of the replacement soul.', maxLength: 110 },
  };
}

function embodiedProperties(): Record<string, JsonSchema> {
  return {
    environment: {
      description: 'Where the agent acts: "virtual" (default) or a physical setting.',
      enum: [...ENVIRONMENTS],
    },
    interactionMode: {
      description: 'Primary interaction modality.',
      enum: [...INTERACTION_MODES],
    },
    hardwareConstraints: {
      type: 'object',
      description: 'Hardware the agent runs on (informational).',
      properties: {
        mobility: { type: 'string', maxLength: 64, description: 'e.g. "stationary", "wheeled", "legged".' },
        sensors: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 64 }, description: 'e.g. ["camera", "lidar"].' },
        actuators: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 64 }, description: 'e.g. ["wheels", "gripper"].' },
        compute: { type: 'string', maxLength: 64, description: 'e.g. "edge", "jetson-orin".' },
        battery: { type: 'boolean', description: 'Whether the agent runs on battery.' },
      },
    },
    safety: {
      type: 'object',
      description: 'Safety declarations of an embodied agent.',
      properties: {
        physical: {
          type: 'object',
          description: 'Physical safety settings.',
          properties: {
            maxSpeed: { type: 'string', maxLength: 32, description: 'Maximum speed with a unit, e.g. "0.5 m/s".' },
            emergencyStop: { type: 'boolean', description: 'Whether an emergency stop is fitted and honoured.' },
            collisionAvoidance: { type: 'boolean' },
            softExterior: { type: 'boolean' },
          },
        },
        laws: {
          type: 'array',
          description: 'Prioritised safety laws; priority 0 is the highest. Include a priority-0 or priority-1 law protecting humans.',
          maxItems: MAX_LAWS,
          items: {
            type: 'object',
            required: ['priority', 'rule'],
            properties: {
              priority: { type: 'integer', minimum: 0, maximum: 1000, description: '0 is the highest priority.' },
              rule: { type: 'string', minLength: 1, maxLength: MAX_LAW_LENGTH },
              enforcement: { enum: [...LAW_ENFORCEMENTS] },
              scope: { enum: [...LAW_SCOPES] },
            },
          },
        },
      },
    },
  };
}

/**
 * The JSON Schema of soul.json for one specVersion.
 *
 * @example buildManifestSchema('0.5').$id // 'https://soul-registry.dev/schemas/soul-0.5.schema.json'
 */
export function buildManifestSchema(version: SpecVersion): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    ...coreProperties(version),
    ...v03Extras(),
    ...(version === '0.3' ? {} : v04Extras()),
    ...(version === '0.5' ? embodiedProperties() : {}),
  };
  const required = ['name', 'displayName', 'version', 'description', 'license', 'category', 'files'];
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: schemaUrl(version),
    title: `Soul manifest (soul.json), specVersion ${version}`,
    description:
      version === '0.5'
        ? 'Manifest of a soul package for AI agents, including embodied agents (environment, interactionMode, hardwareConstraints, safety).'
        : 'Manifest of a soul package for AI agents.',
    type: 'object',
    required: version === '0.3' ? required : ['specVersion', ...required],
    properties,
  };
}

/** Every schema, by specVersion. */
export const MANIFEST_SCHEMAS: Readonly<Record<SpecVersion, JsonSchema>> = {
  '0.3': buildManifestSchema('0.3'),
  '0.4': buildManifestSchema('0.4'),
  '0.5': buildManifestSchema('0.5'),
};
