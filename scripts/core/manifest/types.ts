// TypeScript types of a soul manifest (soul.json), matching the JSON Schemas of schemas.ts.
import type { ENVIRONMENTS, INTERACTION_MODES, LAW_ENFORCEMENTS, LAW_SCOPES } from './schemas.ts';

export type Environment = (typeof ENVIRONMENTS)[number];
export type InteractionMode = (typeof INTERACTION_MODES)[number];

export interface ManifestAuthor {
  name: string;
  github?: string;
  url?: string;
  email?: string;
  [extra: string]: unknown;
}

/** Map of role to file name; `soul` names the main persona file. Unknown roles are allowed. */
export interface ManifestFiles {
  soul?: string;
  identity?: string;
  [role: string]: string | undefined;
}

export interface HardwareConstraints {
  mobility?: string;
  sensors?: string[];
  actuators?: string[];
  compute?: string;
  battery?: boolean;
  [extra: string]: unknown;
}

export interface PhysicalSafety {
  maxSpeed?: string;
  emergencyStop?: boolean;
  collisionAvoidance?: boolean;
  softExterior?: boolean;
  [extra: string]: unknown;
}

export interface SafetyLaw {
  /** 0 is the highest priority. */
  priority: number;
  rule: string;
  enforcement?: (typeof LAW_ENFORCEMENTS)[number];
  scope?: (typeof LAW_SCOPES)[number];
}

export interface Safety {
  physical?: PhysicalSafety;
  laws?: SafetyLaw[];
  [extra: string]: unknown;
}

/** A soul manifest that passed validation (older embodied shapes already converted). */
export interface Manifest {
  $schema?: string;
  /** Absent in older souls (then 0.3 is inferred). */
  specVersion?: string;
  name: string;
  displayName: string;
  /** MAJOR.MINOR.PATCH. */
  version: string;
  description: string;
  author?: string | ManifestAuthor;
  license: string;
  tags?: string[];
  category: string;
  /** Absent in older souls without specVersion. */
  files?: ManifestFiles;
  environment?: Environment;
  interactionMode?: InteractionMode;
  hardwareConstraints?: HardwareConstraints;
  safety?: Safety;
  [extra: string]: unknown;
}

export type IssueSeverity = 'error' | 'warning' | 'info';

/** One problem found in a manifest. */
export interface ManifestIssue {
  /** Scan code, e.g. "SCHEMA004" (see issues.ts). */
  code: string;
  severity: IssueSeverity;
  /** JSON pointer of the offending value, e.g. "/safety/laws/0/priority"; "" for the whole manifest. */
  path: string;
  /** What was found and how to fix it. */
  message: string;
}
