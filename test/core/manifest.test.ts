import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  SCHEMA_BASE_URL,
  MANIFEST_SCHEMAS,
  checkLicense,
  nearestSpecVersion,
  parseManifest,
  readLaws,
  schemaUrl,
} from '../../scripts/core/manifest/index.ts';
import type { ManifestIssue } from '../../scripts/core/manifest/index.ts';
import { generateSchemaArtifacts } from '../../scripts/build/generate-schemas.ts';

const ROOT = join(import.meta.dirname, '..', '..');

function base(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    specVersion: '0.4',
    name: 'tutor',
    displayName: 'Tutor',
    version: '1.0.0',
    description: 'A patient tutor.',
    author: { name: 'Ada', github: 'ada' },
    license: 'MIT',
    tags: ['education', 'math'],
    category: 'education/math',
    files: { soul: 'SOUL.md', identity: 'IDENTITY.md' },
    ...overrides,
  };
}

function embodiedBase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return base({
    specVersion: '0.5',
    environment: 'embodied',
    interactionMode: 'voice',
    hardwareConstraints: { mobility: 'wheeled', sensors: ['camera'], actuators: ['wheels'], compute: 'edge', battery: true },
    safety: {
      physical: { maxSpeed: '0.5 m/s', emergencyStop: true, collisionAvoidance: true, softExterior: true },
      laws: [
        { priority: 0, rule: 'Never harm a human.', enforcement: 'hard', scope: 'all' },
        { priority: 1, rule: 'Stop when asked.', enforcement: 'hard', scope: 'all' },
      ],
    },
    ...overrides,
  });
}

const codesOf = (issues: ManifestIssue[]) => issues.map((i) => i.code);
const find = (issues: ManifestIssue[], path: string) => issues.find((i) => i.path === path);

describe('parseManifest: valid manifests', () => {
  it('accepts a valid 0.3 manifest without issues', () => {
    const r = parseManifest(base({ specVersion: '0.3' }));
    expect(r.issues).toEqual([]);
    expect(r.manifest?.name).toBe('tutor');
    expect(r.specVersion).toBe('0.3');
  });

  it('accepts a valid 0.4 manifest given as JSON text', () => {
    const r = parseManifest(JSON.stringify(base()));
    expect(r.issues).toEqual([]);
    expect(r.manifest?.specVersion).toBe('0.4');
  });

  it('accepts a valid 0.5 embodied manifest without issues', () => {
    const r = parseManifest(embodiedBase());
    expect(r.issues).toEqual([]);
    expect(r.manifest?.safety?.laws?.[0]?.priority).toBe(0);
  });

  it('accepts a byte-order mark before the JSON text', () => {
    expect(parseManifest(`\ufeff${JSON.stringify(base())}`).issues).toEqual([]);
  });

  it('accepts a $schema property', () => {
    expect(parseManifest(base({ $schema: schemaUrl('0.4') })).issues).toEqual([]);
  });

  it('accepts an author given as a plain string', () => {
    expect(parseManifest(base({ author: 'Ada Lovelace' })).issues).toEqual([]);
  });

  it('accepts unknown roles in files and unknown top-level fields', () => {
    const r = parseManifest(base({ files: { soul: 'SOUL.md', tools: 'TOOLS.md' }, compatibility: { openclaw: '>=2026.2.0' }, modes: ['chat'] }));
    expect(r.issues).toEqual([]);
  });
});

describe('parseManifest: real published souls', () => {
  const legacy = { name: 'senior-devops', displayName: 'Senior DevOps', version: '1.2.0', description: 'Opinionated DevOps engineer.', author: 'TomLee', license: 'Apache-2.0', tags: ['devops'], category: 'work/devops' };

  it('passes a soul lacking specVersion and files with warnings only', () => {
    const r = parseManifest(legacy);
    expect(r.manifest).not.toBeNull();
    expect(r.inferred).toBe(true);
    expect(r.specVersion).toBe('0.3');
    expect(codesOf(r.issues)).toEqual(['SCHEMA008', 'SCHEMA014']);
    expect(r.issues.every((i) => i.severity === 'warning')).toBe(true);
  });

  it('tells how to add specVersion when it is missing', () => {
    expect(find(parseManifest(legacy).issues, '/specVersion')?.message).toContain('Add "specVersion": "0.4"');
  });

  it('does not put a missing specVersion into the normalised manifest', () => {
    expect(parseManifest(legacy).manifest).not.toHaveProperty('specVersion');
  });

  it('still requires files for an explicit 0.4 manifest', () => {
    const r = parseManifest(base({ files: undefined }));
    expect(find(r.issues, '/files')).toMatchObject({ code: 'SCHEMA004', severity: 'error' });
    expect(r.manifest).toBeNull();
  });

  it('reads 0.5 laws written as plain strings with a warning', () => {
    const r = parseManifest(embodiedBase({ safety: { laws: ['Never harm a human', 'Obey the operator'] } }));
    expect(r.manifest).not.toBeNull();
    expect(find(r.issues, '/safety/laws')).toMatchObject({ code: 'SCHEMA051', severity: 'warning' });
    expect(r.manifest?.safety?.laws).toEqual([
      { priority: 0, rule: 'Never harm a human' },
      { priority: 1, rule: 'Obey the operator' },
    ]);
  });

  it('reads hardwareConstraints written as a string with a warning and drops it', () => {
    const r = parseManifest(embodiedBase({ hardwareConstraints: 'wheeled robot with a camera' }));
    expect(find(r.issues, '/hardwareConstraints')).toMatchObject({ code: 'SCHEMA051', severity: 'warning' });
    expect(r.manifest).not.toBeNull();
    expect(r.manifest).not.toHaveProperty('hardwareConstraints');
  });

  it('reads the upstream 0.5 shapes (multimodal, extra hardware flags, maxSpeed number) with warnings only', () => {
    const r = parseManifest(
      embodiedBase({
        interactionMode: 'multimodal',
        hardwareConstraints: { hasDisplay: true, hasCamera: true, mobility: 'mobile', manipulator: false },
        safety: { physical: { contactPolicy: 'no-contact', maxSpeed: 0.3 }, laws: [{ priority: 0, rule: 'Never harm a human.' }] },
      }),
    );
    expect(r.manifest).not.toBeNull();
    expect(r.issues.every((i) => i.severity !== 'error')).toBe(true);
    expect(r.manifest?.safety?.physical?.maxSpeed).toBe('0.3 m/s');
  });

  it('turns sensors written as a comma list into an array', () => {
    const r = parseManifest(embodiedBase({ hardwareConstraints: { sensors: 'camera, lidar' } }));
    expect(r.manifest?.hardwareConstraints?.sensors).toEqual(['camera', 'lidar']);
  });

  it('takes a law text named "text" as its rule', () => {
    const r = parseManifest(embodiedBase({ safety: { laws: [{ priority: 0, text: 'Never harm a human.' }] } }));
    expect(r.manifest?.safety?.laws?.[0]?.rule).toBe('Never harm a human.');
    expect(find(r.issues, '/safety/laws/0/text')?.code).toBe('SCHEMA051');
  });
});

describe('parseManifest: errors and their messages', () => {
  it('says how to fix a two-part version', () => {
    const issue = find(parseManifest(base({ version: '1.0' })).issues, '/version');
    expect(issue).toEqual({ code: 'SCHEMA006', severity: 'error', path: '/version', message: '/version: "1.0" is not MAJOR.MINOR.PATCH; use e.g. "1.0.0"' });
  });

  it('says pre-release suffixes are not used', () => {
    expect(find(parseManifest(base({ version: 'v2.1.0-beta.1' })).issues, '/version')?.message).toBe('/version: "v2.1.0-beta.1" is not MAJOR.MINOR.PATCH (pre-release and build suffixes are not used); use e.g. "2.1.0"');
  });

  it('suggests a slug for an invalid name', () => {
    expect(find(parseManifest(base({ name: 'My Tutor' })).issues, '/name')?.message).toContain('e.g. "my-tutor"');
  });

  it('rejects a name longer than 64 characters', () => {
    expect(find(parseManifest(base({ name: 'a'.repeat(65) })).issues, '/name')).toMatchObject({ code: 'SCHEMA007' });
  });

  it('names each missing required field and the fix', () => {
    const r = parseManifest(base({ license: undefined, displayName: undefined }));
    expect(find(r.issues, '/license')?.message).toMatch(/^\/license is missing; add "license": "MIT"/);
    expect(find(r.issues, '/displayName')?.code).toBe('SCHEMA004');
  });

  it('points at a misspelled field when a required one is missing', () => {
    const { license: _omit, ...rest } = base();
    expect(find(parseManifest({ ...rest, licence: 'MIT' }).issues, '/license')?.message).toContain('found "licence": rename it to "license"');
  });

  it('reports a description over 160 characters with its length', () => {
    expect(find(parseManifest(base({ description: 'x'.repeat(161) })).issues, '/description')?.message).toBe('/description is 161 characters long; shorten it to at most 160');
  });

  it('counts description length in characters, not UTF-16 units', () => {
    expect(parseManifest(base({ description: '😀'.repeat(160) })).issues).toEqual([]);
  });

  it('rejects more than ten tags', () => {
    const issue = find(parseManifest(base({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).issues, '/tags');
    expect(issue).toMatchObject({ code: 'SCHEMA007', message: '/tags has 11 items; keep at most 10' });
  });

  it('warns about a tag that is not a slug and suggests one', () => {
    const issue = find(parseManifest(base({ tags: ['Machine Learning'] })).issues, '/tags/0');
    expect(issue).toMatchObject({ code: 'SCHEMA016', severity: 'warning' });
    expect(issue?.message).toContain('e.g. "machine-learning"');
  });

  it('rejects a category with capitals or three levels', () => {
    expect(find(parseManifest(base({ category: 'Work/DevOps' })).issues, '/category')?.message).toContain('e.g. "work/devops"');
    expect(find(parseManifest(base({ category: 'a/b/c' })).issues, '/category')?.code).toBe('SCHEMA006');
  });

  it('rejects an author of the wrong type with an example', () => {
    const issue = find(parseManifest(base({ author: 42 })).issues, '/author');
    expect(issue?.code).toBe('SCHEMA005');
    expect(issue?.message).toMatch(/^\/author is an integer, expected a string or an object; use a name/);
  });

  it('rejects an author object without a name', () => {
    expect(find(parseManifest(base({ author: { github: 'ada' } })).issues, '/author/name')?.code).toBe('SCHEMA004');
  });

  it('rejects a GitHub handle written with @', () => {
    expect(find(parseManifest(base({ author: { name: 'Ada', github: '@ada' } })).issues, '/author/github')?.message).toContain('no "@"');
  });

  it('warns, not errs, about an optional field of the wrong type', () => {
    expect(find(parseManifest(base({ deprecated: 'yes' })).issues, '/deprecated')).toMatchObject({ code: 'SCHEMA016', severity: 'warning' });
  });

  it('reports text that is not JSON with its line and column', () => {
    const r = parseManifest('{\n  "name": "x",\n}');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ code: 'SCHEMA002', severity: 'error' });
    expect(r.issues[0]?.message).toMatch(/line 3, column 1/);
    expect(r.manifest).toBeNull();
  });

  it('reports JSON that is not an object', () => {
    expect(parseManifest('[]').issues[0]).toMatchObject({ code: 'SCHEMA003', message: expect.stringContaining('holds an array') });
    expect(parseManifest(null).issues[0]?.code).toBe('SCHEMA003');
  });

  it('reports a missing manifest', () => {
    expect(parseManifest(undefined).issues[0]?.code).toBe('SCHEMA001');
  });

  it('returns no manifest when any error is present', () => {
    expect(parseManifest(base({ version: 'one' })).manifest).toBeNull();
  });
});

describe('parseManifest: specVersion', () => {
  it('warns about an unknown specVersion and checks it against the nearest schema', () => {
    const r = parseManifest(embodiedBase({ specVersion: '0.6' }));
    expect(r.schemaVersion).toBe('0.5');
    expect(r.specVersion).toBe('0.6');
    expect(r.issues).toEqual([expect.objectContaining({ code: 'SCHEMA009', severity: 'warning', message: expect.stringContaining('checked as 0.5') })]);
  });

  it('checks an old 0.2 manifest as 0.3', () => {
    expect(parseManifest(base({ specVersion: '0.2' })).schemaVersion).toBe('0.3');
  });

  it('accepts a numeric specVersion with a warning to quote it', () => {
    const r = parseManifest(base({ specVersion: 0.4 }));
    expect(r.specVersion).toBe('0.4');
    expect(r.issues[0]?.message).toContain('Write it as the string "0.4"');
  });

  it('maps version strings to the nearest known schema', () => {
    expect(nearestSpecVersion('0.1')).toBe('0.3');
    expect(nearestSpecVersion('0.4.1')).toBe('0.4');
    expect(nearestSpecVersion('1.0')).toBe('0.5');
    expect(nearestSpecVersion('latest')).toBe('0.3');
  });

  it('ignores embodied fields below 0.5 with an info note', () => {
    const r = parseManifest(base({ environment: 'embodied', safety: { laws: [] } }));
    expect(r.issues).toEqual([expect.objectContaining({ code: 'SCHEMA017', severity: 'info' })]);
    expect(r.manifest).not.toHaveProperty('environment');
  });
});

describe('parseManifest: licenses', () => {
  it.each(['GPL-3.0-only', 'AGPL-3.0', 'LGPL-2.1-or-later', 'CC-BY-NC-4.0', 'CC-BY-NC-SA-4.0', 'CC-BY-ND-4.0', 'GPLv3'])('rejects %s', (license) => {
    expect(find(parseManifest(base({ license })).issues, '/license')).toMatchObject({ code: 'SCHEMA010', severity: 'error' });
  });

  it.each(['Apache-2.0', 'MIT', 'BSD-2-Clause', 'BSD-3-Clause', 'CC-BY-4.0', 'CC0-1.0', 'ISC', 'Unlicense'])('allows %s', (license) => {
    expect(parseManifest(base({ license })).issues).toEqual([]);
  });

  it('warns about a license off the list', () => {
    expect(find(parseManifest(base({ license: 'MPL-2.0' })).issues, '/license')).toMatchObject({ code: 'SCHEMA011', severity: 'warning' });
  });

  it('suggests the SPDX spelling of an allowed license', () => {
    expect(checkLicense('apache-2.0').message).toContain('write "Apache-2.0"');
  });

  it('allows an expression of allowed licenses', () => {
    expect(checkLicense('MIT OR Apache-2.0').status).toBe('allowed');
  });

  it('rejects an expression that requires a copyleft license', () => {
    expect(checkLicense('MIT AND GPL-3.0').status).toBe('disallowed');
  });

  it('does not mistake a license merely starting with the letters GPL-like words', () => {
    expect(checkLicense('GPLOT-1.0').status).toBe('unknown');
  });
});

describe('parseManifest: name and files', () => {
  it('rejects a name that differs from the folder name', () => {
    const issue = find(parseManifest(base(), { expectedName: 'other' }).issues, '/name');
    expect(issue).toMatchObject({ code: 'SCHEMA012', severity: 'error' });
    expect(issue?.message).toContain('set "name": "other"');
  });

  it('does not report a mismatch on top of an invalid name', () => {
    expect(codesOf(parseManifest(base({ name: 'Bad Name' }), { expectedName: 'bad-name' }).issues)).toEqual(['SCHEMA006']);
  });

  it('rejects files.soul naming a file that is not in the package', () => {
    const issue = find(parseManifest(base(), { fileNames: ['soul.json', 'IDENTITY.md'] }).issues, '/files/soul');
    expect(issue).toMatchObject({ code: 'SCHEMA013', severity: 'error' });
  });

  it('points at a file present in another case', () => {
    expect(find(parseManifest(base(), { fileNames: ['soul.md', 'IDENTITY.md'] }).issues, '/files/soul')?.message).toContain('the package has "soul.md"');
  });

  it('rejects files.soul pointing outside the package', () => {
    const issue = find(parseManifest(base({ files: { soul: '../../etc/passwd' } }), { fileNames: [] }).issues, '/files/soul');
    expect(issue?.code).toBe('SCHEMA013');
    expect(issue?.message).toContain('".."');
  });

  it('warns about another role naming a missing file', () => {
    const r = parseManifest(base({ files: { soul: 'SOUL.md', style: 'STYLE.md' } }), { fileNames: ['SOUL.md'] });
    expect(find(r.issues, '/files/style')).toMatchObject({ code: 'SCHEMA015', severity: 'warning' });
  });

  it('skips avatar URLs and alt text', () => {
    const r = parseManifest(base({ files: { soul: 'SOUL.md', avatar: 'https://example.com/face.png', avatarAlt: 'A smiling face.' } }), { fileNames: ['SOUL.md'] });
    expect(r.issues).toEqual([]);
  });
});

describe('parseManifest: embodied fields of 0.5', () => {
  it('rejects an unknown environment with the allowed values', () => {
    const issue = find(parseManifest(embodiedBase({ environment: 'robot' })).issues, '/environment');
    expect(issue).toMatchObject({ code: 'SCHEMA050', severity: 'error' });
    expect(issue?.message).toContain('use one of virtual, embodied, hybrid');
  });

  it('rejects a negative law priority at its JSON pointer', () => {
    const issue = find(parseManifest(embodiedBase({ safety: { laws: [{ priority: -1, rule: 'x' }] } })).issues, '/safety/laws/0/priority');
    expect(issue).toMatchObject({ code: 'SCHEMA050', severity: 'error' });
    expect(issue?.message).toContain('from 0 (the highest priority) up');
  });

  it('rejects an unknown law enforcement', () => {
    expect(find(parseManifest(embodiedBase({ safety: { laws: [{ priority: 0, rule: 'x', enforcement: 'strict' }] } })).issues, '/safety/laws/0/enforcement')?.code).toBe('SCHEMA050');
  });

  it('warns about a law without priority and ranks it last', () => {
    const r = parseManifest(embodiedBase({ safety: { laws: [{ priority: 0, rule: 'a' }, { rule: 'b' }] } }));
    expect(find(r.issues, '/safety/laws/1/priority')).toMatchObject({ code: 'SCHEMA052', severity: 'warning' });
    expect(r.manifest?.safety?.laws?.[1]).toEqual({ priority: 1, rule: 'b' });
  });

  it('warns about duplicate priorities', () => {
    const r = parseManifest(embodiedBase({ safety: { laws: [{ priority: 0, rule: 'a' }, { priority: 0, rule: 'b' }] } }));
    expect(find(r.issues, '/safety/laws')?.message).toContain('priority 0 is used by laws 0 and 1');
  });

  it('warns about laws out of priority order', () => {
    const r = parseManifest(embodiedBase({ safety: { laws: [{ priority: 2, rule: 'a' }, { priority: 0, rule: 'b' }] } }));
    expect(find(r.issues, '/safety/laws')?.message).toContain('not in priority order');
  });

  it('warns, not errs, when safety is not an object', () => {
    const r = parseManifest(embodiedBase({ safety: 'be careful' }));
    expect(find(r.issues, '/safety')).toMatchObject({ code: 'SCHEMA051', severity: 'warning' });
    expect(r.manifest).not.toHaveProperty('safety');
  });

  it('never throws on hostile embodied values', () => {
    for (const safety of [null, [], 5, { laws: 5 }, { laws: [null, 5, []] }, { physical: [] }, { laws: { a: 1 } }]) {
      expect(() => parseManifest(embodiedBase({ safety, hardwareConstraints: { sensors: { x: 1 } } }))).not.toThrow();
    }
  });
});

describe('readLaws', () => {
  it('reads strings and objects, ranking unprioritised laws last', () => {
    expect(readLaws(['a', { rule: 'b' }, { priority: 1, rule: 'c' }, 7])).toEqual([
      { priority: 0, rule: 'a' },
      { priority: 1, rule: 'c' },
      { priority: 2, rule: 'b' },
    ]);
  });
});

describe('schemas and generated validators', () => {
  it('gives every schema an $id under the one base URL', () => {
    for (const [version, schema] of Object.entries(MANIFEST_SCHEMAS)) {
      expect(schema['$id']).toBe(`${SCHEMA_BASE_URL}soul-${version}.schema.json`);
    }
  });

  it('keeps the committed schema files and validators up to date (run npm run gen:schemas)', () => {
    const stale: string[] = [];
    for (const [path, content] of generateSchemaArtifacts()) {
      let onDisk: string;
      try {
        onDisk = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        onDisk = '<missing>';
      }
      if (onDisk !== content) stale.push(path);
    }
    expect(stale).toEqual([]);
  });

  it('emits validators that import nothing and never build code at run time', () => {
    const code = readFileSync(join(ROOT, 'scripts/core/manifest/validators.generated.js'), 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/require\(|new Function|\beval\(/);
  });

  it('emits schema files that compile under strict ajv', () => {
    for (const version of ['0.3', '0.4', '0.5']) {
      const schema = JSON.parse(readFileSync(join(ROOT, `schemas/soul-${version}.schema.json`), 'utf8')) as Record<string, unknown>;
      const ajv = new Ajv2020({ strict: true, strictTypes: false, allowUnionTypes: true });
      expect(() => ajv.compile(schema)).not.toThrow();
    }
  });
});
