// SARIF 2.1.0 of scan results, for GitHub code scanning and other SARIF viewers: one run, every
// rule of the table in tool.driver.rules, one result per finding with a repository-relative location.
import type * as Sarif from 'sarif';
import type { Finding, RuleInfo, Severity } from '../scan/types.ts';
import { joinPath, type ScannedPackage } from './types.ts';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
export const SOULSCAN_INFORMATION_URI = 'https://github.com/soul-registry/soul-registry#soulscan';

export interface SarifOptions {
  /** The rule table (RULES); codes found but missing from it get a minimal descriptor. */
  rules: readonly RuleInfo[];
  /** The scanner version (SCANNER_VERSION). */
  version: string;
  /** Where people read about the tool; defaults to the project's page. */
  informationUri?: string;
  /** Include info findings as `note` results (default true). */
  includeInfo?: boolean;
}

const LEVEL: Record<Severity, Sarif.Result.level> = { error: 'error', warning: 'warning', info: 'note' };

function descriptor(rule: RuleInfo): Sarif.ReportingDescriptor {
  return {
    id: rule.id,
    name: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: `${rule.description} (stage: ${rule.stage}, category: ${rule.category})` },
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: { category: rule.category, stage: rule.stage, tags: ['soulscan', rule.category] },
  };
}

/**
 * Build a SARIF 2.1.0 log for one or more scanned packages (one run holding every result).
 * Findings with no file are located at the package's soul.json, since code scanning needs a file.
 *
 * @example
 * renderSarif([{ path: 'souls/acme/tutor', result }], { rules: RULES, version: SCANNER_VERSION })
 * // { version: '2.1.0', runs: [{ tool: { driver: { name: 'SoulScan', ... } }, results: [...] }] }
 */
export function renderSarif(packages: readonly ScannedPackage[], options: SarifOptions): Sarif.Log {
  const includeInfo = options.includeInfo ?? true;
  const rules: Sarif.ReportingDescriptor[] = options.rules.map(descriptor);
  const index = new Map<string, number>(rules.map((r, i) => [r.id, i]));
  const results: Sarif.Result[] = [];

  for (const pkg of packages) {
    const findings: Finding[] = [...pkg.result.errors, ...pkg.result.warnings, ...(includeInfo ? pkg.result.info : [])];
    for (const f of findings) {
      let ruleIndex = index.get(f.code);
      if (ruleIndex === undefined) {
        ruleIndex = rules.length;
        rules.push(descriptor({ id: f.code, stage: 'security', severity: f.severity, category: 'other', description: f.code }));
        index.set(f.code, ruleIndex);
      }
      const physicalLocation: Sarif.PhysicalLocation = {
        artifactLocation: { uri: encodeUriPath(joinPath(pkg.path, f.file ?? 'soul.json')) },
      };
      if (f.line !== undefined && Number.isInteger(f.line) && f.line >= 1) physicalLocation.region = { startLine: f.line };
      results.push({
        ruleId: f.code,
        ruleIndex,
        level: LEVEL[f.severity],
        message: { text: f.message.length > 0 ? f.message : f.code },
        locations: [{ physicalLocation }],
        properties: { package: pkg.path === '' ? '.' : pkg.path, severity: f.severity },
      });
    }
  }

  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'SoulScan',
            version: options.version,
            semanticVersion: options.version,
            informationUri: options.informationUri ?? SOULSCAN_INFORMATION_URI,
            rules,
          },
        },
        results,
        // A package whose scan could not run every rule family (status "error") makes the run unsuccessful.
        invocations: [{ executionSuccessful: !packages.some((p) => p.result.status === 'error') }],
        columnKind: 'utf16CodeUnits',
        properties: {
          packages: packages.map((p) => ({
            path: p.path === '' ? '.' : p.path,
            score: p.result.score,
            grade: p.result.grade,
            status: p.result.status,
          })),
        },
      },
    ],
  };
}

/** Percent-encode each segment of a relative path so the SARIF uri is a valid URI reference. */
function encodeUriPath(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}
