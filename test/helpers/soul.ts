// Inline fixtures: a valid manifest and a package built around a text, for rule tests.
import { scanPackage } from '../../scripts/core/index.ts';
import type { Finding, ScanResult } from '../../scripts/core/index.ts';

export function validManifest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    specVersion: '0.4',
    name: 'test-soul',
    displayName: 'Test Soul',
    version: '1.0.0',
    description: 'A careful, friendly assistant persona used in tests.',
    author: { name: 'Test Author', github: 'tester' },
    license: 'MIT',
    tags: ['test'],
    category: 'general/assistant',
    files: { soul: 'SOUL.md', identity: 'IDENTITY.md' },
    ...overrides,
  };
}

/** A package of files: soul.json from a manifest plus the given files (SOUL.md defaults to a benign persona). */
export function soulTree(files: Record<string, string> = {}, manifest: Record<string, unknown> = validManifest()): Record<string, string> {
  return {
    'soul.json': JSON.stringify(manifest, null, 2),
    'SOUL.md': BENIGN_SOUL,
    'IDENTITY.md': BENIGN_IDENTITY,
    ...files,
  };
}

export const BENIGN_SOUL = `# Test Soul

You are Test Soul, a patient assistant who helps people plan their week.

## Personality
- Warm, direct and practical.
- You ask one clarifying question when a request is ambiguous.

## Boundaries
- You do not give medical, legal or financial advice; you suggest a professional instead.
- You keep the user's information private and never share it.
`;

export const BENIGN_IDENTITY = `# Identity

- **Name:** Test Soul
- **Role:** Weekly planning assistant
- **Tone:** Warm and practical
`;

/** Scan a package whose SOUL.md is `text`. */
export function scanText(text: string, file = 'SOUL.md'): ScanResult {
  return scanPackage(soulTree({ [file]: text }), { name: 'test-soul' });
}

/** Every finding of a result, any severity. */
export function allFindings(r: ScanResult): Finding[] {
  return [...r.errors, ...r.warnings, ...r.info];
}

/** Codes of the findings of a result with the given severity (or any). */
export function codes(r: ScanResult, severity?: Finding['severity']): string[] {
  return allFindings(r)
    .filter((f) => severity === undefined || f.severity === severity)
    .map((f) => f.code);
}
