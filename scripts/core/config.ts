// The registry's one configuration file (registry.config.json), read and checked as a plain object.
// Pure: the caller reads the file and hands over the parsed JSON; secrets never live here.

/** Limits of the registry and the scan service. */
export interface RegistryLimits {
  anonymousPerMinute: number;
  authenticatedPerMinute: number;
  freeScansPerMonth: number;
  scanRequestBytes: number;
  scanFileBytes: number;
  scanTotalBytes: number;
  pageSizeDefault: number;
  pageSizeMax: number;
}

/** The registry configuration a fork edits. */
export interface RegistryConfig {
  name: string;
  publicUrl: string;
  apiBase: string;
  githubRepository: string;
  officialNamespace: string;
  superusers: string[];
  tokenPrefix: string;
  scanKeyPrefix: string;
  limits: RegistryLimits;
}

/** The values used for any field the file leaves out. */
export const DEFAULT_REGISTRY_CONFIG: Readonly<RegistryConfig> = Object.freeze({
  name: 'Soul Registry',
  publicUrl: 'http://localhost:8787',
  apiBase: '/api/v1',
  githubRepository: 'soul-registry/soul-registry',
  officialNamespace: 'official',
  superusers: [],
  tokenPrefix: 'cs_',
  scanKeyPrefix: 'cs_scan_',
  limits: Object.freeze({
    anonymousPerMinute: 60,
    authenticatedPerMinute: 300,
    freeScansPerMonth: 100,
    scanRequestBytes: 2 * 1024 * 1024,
    scanFileBytes: 100 * 1024,
    scanTotalBytes: 1024 * 1024,
    pageSizeDefault: 20,
    pageSizeMax: 100,
  }),
});

/** Thrown by `readRegistryConfig` with every problem found, each saying what to fix. */
export class RegistryConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`registry.config.json is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'RegistryConfigError';
    this.problems = problems;
  }
}

const NAMESPACE = /^[a-z0-9](?:[a-z0-9-]{0,38})$/i;
const REPOSITORY = /^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/;
const PREFIX = /^[A-Za-z0-9_]{2,16}$/;
const KNOWN_KEYS = new Set(['$comment', 'name', 'publicUrl', 'apiBase', 'githubRepository', 'officialNamespace', 'superusers', 'tokenPrefix', 'scanKeyPrefix', 'limits']);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Check a parsed registry.config.json: the config with defaults filled in, or the list of problems.
 *
 * @example
 * const r = parseRegistryConfig({ officialNamespace: 'official' });
 * if (r.ok) r.config.limits.pageSizeMax // 100
 */
export function parseRegistryConfig(value: unknown): { ok: true; config: RegistryConfig; warnings: string[] } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (!isObject(value)) return { ok: false, problems: ['the file must hold a JSON object, e.g. { "name": "My Registry" }'] };
  const d = DEFAULT_REGISTRY_CONFIG;

  const str = (key: keyof RegistryConfig, fallback: string, check?: (s: string) => string | null): string => {
    const v = value[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || v.trim() === '') {
      problems.push(`"${key}" must be a non-empty string`);
      return fallback;
    }
    const problem = check?.(v);
    if (problem) problems.push(`"${key}" ${problem}`);
    return v;
  };

  const config: RegistryConfig = {
    name: str('name', d.name),
    publicUrl: str('publicUrl', d.publicUrl, (s) => (/^https?:\/\/[^\s/]+(?:\/[^\s]*)?$/.test(s) ? null : 'must be an http(s) URL such as "https://souls.example.org"')),
    apiBase: str('apiBase', d.apiBase, (s) => (/^\/[A-Za-z0-9/_-]*$/.test(s) ? null : 'must be a path starting with "/", such as "/api/v1"')),
    githubRepository: str('githubRepository', d.githubRepository, (s) => (REPOSITORY.test(s) ? null : 'must be "owner/repository"')),
    officialNamespace: str('officialNamespace', d.officialNamespace, (s) => (NAMESPACE.test(s) ? null : 'must be a namespace of letters, digits and "-" (at most 39)')),
    superusers: [...d.superusers],
    tokenPrefix: str('tokenPrefix', d.tokenPrefix, (s) => (PREFIX.test(s) ? null : 'must be 2 to 16 letters, digits or "_"')),
    scanKeyPrefix: str('scanKeyPrefix', d.scanKeyPrefix, (s) => (PREFIX.test(s) ? null : 'must be 2 to 16 letters, digits or "_"')),
    limits: { ...d.limits },
  };

  const su = value['superusers'];
  if (su !== undefined) {
    if (!Array.isArray(su) || su.some((u) => typeof u !== 'string' || !NAMESPACE.test(u))) {
      problems.push('"superusers" must be an array of GitHub logins, e.g. ["alice"]');
    } else {
      config.superusers = su as string[];
    }
  }

  const limits = value['limits'];
  if (limits !== undefined) {
    if (!isObject(limits)) {
      problems.push('"limits" must be an object');
    } else {
      for (const key of Object.keys(d.limits) as Array<keyof RegistryLimits>) {
        const v = limits[key];
        if (v === undefined) continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0) problems.push(`"limits.${key}" must be a positive integer`);
        else config.limits[key] = v;
      }
      for (const key of Object.keys(limits)) if (!(key in d.limits)) warnings.push(`unknown key "limits.${key}" is ignored`);
      if (config.limits.pageSizeDefault > config.limits.pageSizeMax) problems.push('"limits.pageSizeDefault" must not exceed "limits.pageSizeMax"');
      if (config.limits.scanFileBytes > config.limits.scanTotalBytes) problems.push('"limits.scanFileBytes" must not exceed "limits.scanTotalBytes"');
    }
  }

  if (config.tokenPrefix !== d.tokenPrefix || config.scanKeyPrefix !== d.scanKeyPrefix) {
    if (!config.scanKeyPrefix.startsWith(config.tokenPrefix)) warnings.push('"scanKeyPrefix" usually starts with "tokenPrefix" (cs_ and cs_scan_)');
  }
  if (config.scanKeyPrefix === config.tokenPrefix) problems.push('"scanKeyPrefix" must differ from "tokenPrefix" so a scan key is never taken for a personal token');
  for (const key of Object.keys(value)) if (!KNOWN_KEYS.has(key)) warnings.push(`unknown key "${key}" is ignored`);

  return problems.length > 0 ? { ok: false, problems } : { ok: true, config, warnings };
}

/**
 * Read a parsed registry.config.json, throwing a RegistryConfigError that lists every problem.
 *
 * @example const config = readRegistryConfig(JSON.parse(text)); config.officialNamespace // 'official'
 */
export function readRegistryConfig(value: unknown): RegistryConfig {
  const r = parseRegistryConfig(value);
  if (!r.ok) throw new RegistryConfigError(r.problems);
  return r.config;
}
