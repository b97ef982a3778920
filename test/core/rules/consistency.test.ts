import { describe, it, expect } from 'vitest';
import { scanPackage } from '../../../scripts/core/index.ts';
import { allFindings, soulTree, validManifest } from '../../helpers/soul.ts';
import { consistency, declaredIdentityName, introducedName, namesAgree } from '../../../scripts/core/scan/rules/consistency.ts';
import { createScanContext } from '../../../scripts/core/scan/engine.ts';
import type { Emission, Finding, ScanResult } from '../../../scripts/core/scan/types.ts';
import { referenceDeclaredIdentityName } from './identity-reference.ts';
import { generator, randomText } from '../../helpers/random.ts';

function findings(r: ScanResult, code: string): Finding[] {
  return allFindings(r).filter((f) => f.code === code);
}

function scan(files: Record<string, string>, manifest: Record<string, unknown> = validManifest()): ScanResult {
  return scanPackage(soulTree(files, manifest), { name: 'test-soul' });
}

describe('consistency: completion note (CONSIST010)', () => {
  it('emits one info note when the check ran', () => {
    const f = findings(scan({}), 'CONSIST010');
    expect(f).toHaveLength(1);
    expect(f[0]!.severity).toBe('info');
    expect(f[0]!.message).toMatch(/^Persona consistency check completed/);
    expect(f[0]!.file).toBeUndefined();
  });
  it('still runs, without throwing, when soul.json is missing or not an object', () => {
    for (const manifestText of [undefined, '[1,2]', 'not json', '{"files": 3, "name": 7}']) {
      const files: Record<string, string> = { 'SOUL.md': '# X\n\nYou are X.' };
      if (manifestText !== undefined) files['soul.json'] = manifestText;
      const out: Emission[] = [];
      expect(() => consistency.check(createScanContext(files), (e) => out.push(e))).not.toThrow();
      expect(out.filter((e) => e.code === 'CONSIST010')).toHaveLength(1);
    }
  });
});

describe('consistency: IDENTITY.md name (CONSIST001)', () => {
  it('warns when the Name line differs from name and displayName', () => {
    const f = findings(scan({ 'IDENTITY.md': '# Identity\n\n- **Name:** Captain Nova\n' }), 'CONSIST001');
    expect(f.map((x) => x.severity)).toEqual(['warning']);
    expect(f[0]!.message).toContain('Captain Nova');
  });
  it('accepts the display name ignoring case, spaces and hyphens', () => {
    expect(findings(scan({ 'IDENTITY.md': 'Name: test-SOUL\n' }), 'CONSIST001')).toEqual([]);
  });
  it('accepts the manifest name when displayName differs', () => {
    const m = validManifest({ name: 'aria', displayName: 'Aria the Tutor' });
    expect(findings(scanPackage(soulTree({ 'IDENTITY.md': '| Field | Value |\n|---|---|\n| Name | Aria |\n' }, m), { name: 'aria' }), 'CONSIST001')).toEqual([]);
  });
  it('uses a non-generic first heading when there is no Name line', () => {
    expect(findings(scan({ 'IDENTITY.md': '# Captain Nova\n\nA space pilot.\n' }), 'CONSIST001')).toHaveLength(1);
  });
  it('ignores a generic "Identity" heading', () => {
    expect(findings(scan({ 'IDENTITY.md': '# Identity\n\nA planning assistant.\n' }), 'CONSIST001')).toEqual([]);
  });
  it('reads the identity file named in files.identity', () => {
    const m = validManifest({ files: { soul: 'SOUL.md', identity: 'who.md' } });
    const r = scanPackage(soulTree({ 'who.md': 'Name: Zed\n' }, m), { name: 'test-soul' });
    expect(findings(r, 'CONSIST001').map((f) => f.file)).toEqual(['who.md']);
  });
  it('parses common Name line shapes', () => {
    expect(declaredIdentityName('- **Name:** Aria (she/her)\n')).toBe('Aria');
    expect(declaredIdentityName('## Identity: Aria\n')).toBe('Aria');
    expect(declaredIdentityName('```\nName: Fake\n```\n# Identity\n')).toBeUndefined();
  });
});

describe('consistency: SOUL.md self-introduction (CONSIST002)', () => {
  it('warns when "You are X" names someone else', () => {
    const f = findings(scan({ 'SOUL.md': '# Persona\n\nYou are Captain Nova, a space pilot who helps people plan trips.' }), 'CONSIST002');
    expect(f.map((x) => x.severity)).toEqual(['warning']);
  });
  it('accepts "I am" with the display name', () => {
    expect(findings(scan({ 'SOUL.md': '# Persona\n\nI am Test Soul, your planner.' }), 'CONSIST002')).toEqual([]);
  });
  it('does not read a description as a name', () => {
    expect(findings(scan({ 'SOUL.md': '# Persona\n\nYou are a patient assistant. You are English-speaking and friendly.' }), 'CONSIST002')).toEqual([]);
  });
  it('extracts the introduced name', () => {
    expect(introducedName('You are Aria, a tutor.')).toBe('Aria');
    expect(introducedName('Hello. My name is Max Power.')).toBe('Max Power');
    expect(introducedName('You are the best. You are Always kind.')).toBeUndefined();
  });
  it('compares names loosely but not blindly', () => {
    expect(namesAgree('Test-Soul', ['test-soul'])).toBe(true);
    expect(namesAgree('Aria', ['Aria the Tutor'])).toBe(true);
    expect(namesAgree('Bob', ['Aria the Tutor', 'aria'])).toBe(false);
  });
});

describe('consistency: listed files (CONSIST003)', () => {
  it('warns about a listed identity file that is missing', () => {
    const files = { 'soul.json': JSON.stringify(validManifest()), 'SOUL.md': '# Test Soul\n\nYou are Test Soul.' };
    const f = findings(scanPackage(files, { name: 'test-soul' }), 'CONSIST003');
    expect(f.map((x) => x.severity)).toEqual(['warning']);
    expect(f[0]!.message).toContain('files.identity');
  });
  it('names a case mismatch', () => {
    const files = { 'soul.json': JSON.stringify(validManifest()), 'SOUL.md': '# Test Soul', 'identity.md': 'Name: Test Soul' };
    expect(findings(scanPackage(files, { name: 'test-soul' }), 'CONSIST003')[0]?.message).toContain('case-sensitive');
  });
  it('leaves a missing files.soul to the schema family', () => {
    const files = { 'soul.json': JSON.stringify(validManifest({ files: { soul: 'persona.md' } })), 'SOUL.md': '# x' };
    expect(findings(scanPackage(files, { name: 'test-soul' }), 'CONSIST003')).toEqual([]);
  });
  it('reads every string of a listed array and skips other entries', () => {
    const m = validManifest({ files: { soul: 'SOUL.md', identity: 'IDENTITY.md', examples: ['a.md', 42, ' ./gone.md ', '', 'A.MD', null] } });
    const r = scanPackage(soulTree({ 'a.md': 'An example.' }, m), { name: 'test-soul' });
    // the engine keeps the first CONSIST003 of soul.json; CONSIST010 counts both
    expect(findings(r, 'CONSIST003').map((x) => x.message)).toEqual(['soul.json lists files.examples as "gone.md", but the package has no such file; add it or remove the entry.']);
    expect(findings(r, 'CONSIST010')[0]?.message).toBe('Persona consistency check completed: 2 issues found.');
  });
  it('accepts an avatar image listed and present', () => {
    const m = validManifest({ files: { soul: 'SOUL.md', identity: 'IDENTITY.md', avatar: 'avatar.png' } });
    expect(findings(scanPackage(soulTree({ 'avatar.png': 'iVBORw0KGgo=' }, m), { name: 'test-soul' }), 'CONSIST003')).toEqual([]);
  });
});

describe('declaredIdentityName fast path', () => {
  it('declares the name the line-by-line reading declares, on texts dense with cues, fences and headings', () => {
    const pieces = ['\n', '\n', '# ', '## ', '   #', '#', 'Name', 'name', '**Name**', 'N*a*me', 'nom', ': ', '：', ' | ', '|', '```', '~~~', ' ', '-', '> ', '+ ', 'Aria', 'Identity', "'s", '“', '”', ' — tutor', ' (she/her)', ', a', '.', 'Display Name', 'about', '\t', '`'];
    const rand = generator(31);
    for (let i = 0; i < 4000; i++) {
      const raw = randomText(rand, pieces, 40);
      expect(declaredIdentityName(raw), JSON.stringify(raw)).toBe(referenceDeclaredIdentityName(raw));
    }
  });

  it('reads only the first 300 lines, as before', () => {
    const raw = `${'line\n'.repeat(299)}Name: Aria\n`;
    expect(declaredIdentityName(raw)).toBe(referenceDeclaredIdentityName(raw));
    expect(declaredIdentityName(`${'line\n'.repeat(300)}Name: Aria\n`)).toBeUndefined();
  });
});
