import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { soulTree, validManifest } from '../../helpers/soul.ts';
import { parseInstallSpec } from '../../../scripts/cli/lib/install-bundle.ts';
import { fakeToken, startFakeRegistry, type FakeRegistry } from './fake-registry.ts';
import { createSandbox, type Sandbox } from './run-inline.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

function bundle(files: Record<string, string> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const manifest = validManifest({ name: 'tutor' });
  return {
    owner: 'alice',
    name: 'tutor',
    version: '1.2.0',
    manifest,
    files: { ...soulTree({ 'examples/good.md': '# Good\n' }, manifest), 'avatar.png': PNG.toString('base64'), ...files },
    encodings: { 'avatar.png': 'base64' },
    ...extra,
  };
}

let reg: FakeRegistry;
let box: Sandbox;
let env: Record<string, string>;

beforeEach(async () => {
  reg = await startFakeRegistry({ 'GET /bundle/alice/tutor': { body: bundle() } });
  box = createSandbox();
  env = { SOUL_REGISTRY: reg.url };
});
afterEach(async () => {
  await reg.close();
  box.cleanup();
});

describe('soul install', () => {
  it('writes every file of the bundle into ./<name>, images decoded from base64', async () => {
    const r = await box.run(['install', 'alice/tutor'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Installed alice/tutor@1.2.0 into tutor/ (5 files)');
    const dir = join(box.cwd, 'tutor');
    expect(readdirSync(dir).sort()).toEqual(['IDENTITY.md', 'SOUL.md', 'avatar.png', 'examples', 'soul.json']);
    expect(readFileSync(join(dir, 'examples/good.md'), 'utf8')).toBe('# Good\n');
    expect(readFileSync(join(dir, 'avatar.png')).equals(PNG)).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'soul.json'), 'utf8'))).toMatchObject({ name: 'tutor' });
  });

  it('sends no credentials, even when logged in', async () => {
    await box.run(['install', 'alice/tutor'], { ...env, SOUL_TOKEN: fakeToken() });
    const [req] = reg.calls('GET /bundle/alice/tutor');
    expect(req!.headers['authorization']).toBeUndefined();
    expect(req!.headers['x-api-key']).toBeUndefined();
  });

  it('asks for the version given after @', async () => {
    await box.run(['install', 'alice/tutor@1.0.0'], env);
    expect(reg.calls('GET /bundle/alice/tutor')[0]!.query.get('version')).toBe('1.0.0');
  });

  it('uses the official namespace of the config when no owner is given', async () => {
    reg.route('GET /bundle/official/tutor', { body: bundle() });
    const r = await box.run(['install', 'tutor'], env);
    expect(r.code).toBe(0);
    expect(reg.calls('GET /bundle/official/tutor')).toHaveLength(1);
  });

  it('installs into --dir', async () => {
    const r = await box.run(['install', 'alice/tutor', '--dir', 'agents/t'], env);
    expect(r.code).toBe(0);
    expect(existsSync(join(box.cwd, 'agents/t/SOUL.md'))).toBe(true);
  });

  it('writes soul.json from the manifest when the bundle lacks it', async () => {
    const b = bundle();
    delete (b['files'] as Record<string, string>)['soul.json'];
    reg.route('GET /bundle/alice/tutor', { body: b });
    const r = await box.run(['install', 'alice/tutor'], env);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(box.cwd, 'tutor/soul.json'), 'utf8'))).toMatchObject({ name: 'tutor' });
  });

  it('refuses an existing non-empty folder without --force and writes nothing', async () => {
    writeTree('tutor', { 'notes.txt': 'mine' });
    const r = await box.run(['install', 'alice/tutor'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('already exists and is not empty; nothing was written');
    expect(readdirSync(join(box.cwd, 'tutor'))).toEqual(['notes.txt']);
    expect(reg.requests).toHaveLength(0);
  });

  it('writes over an existing folder with --force, keeping other files', async () => {
    writeTree('tutor', { 'notes.txt': 'mine', 'SOUL.md': 'old' });
    const r = await box.run(['install', 'alice/tutor', '--force'], env);
    expect(r.code).toBe(0);
    expect(readFileSync(join(box.cwd, 'tutor/SOUL.md'), 'utf8')).toContain('You are Test Soul');
    expect(readFileSync(join(box.cwd, 'tutor/notes.txt'), 'utf8')).toBe('mine');
  });

  it('installs into an existing empty folder without --force', async () => {
    mkdirSync(join(box.cwd, 'tutor'));
    expect((await box.run(['install', 'alice/tutor'], env)).code).toBe(0);
    expect(existsSync(join(box.cwd, 'tutor/SOUL.md'))).toBe(true);
  });

  it('with --force, replaces a symbolic link instead of writing through it', async () => {
    writeFileSync(join(box.root, 'outside.md'), 'precious');
    mkdirSync(join(box.cwd, 'tutor'));
    symlinkSync(join(box.root, 'outside.md'), join(box.cwd, 'tutor/SOUL.md'));
    expect((await box.run(['install', 'alice/tutor', '--force'], env)).code).toBe(0);
    expect(readFileSync(join(box.root, 'outside.md'), 'utf8')).toBe('precious');
    expect(lstatSync(join(box.cwd, 'tutor/SOUL.md')).isSymbolicLink()).toBe(false);
  });

  it('with --force, refuses a folder that is a symbolic link, writing nothing', async () => {
    mkdirSync(join(box.root, 'elsewhere'));
    mkdirSync(join(box.cwd, 'tutor'));
    writeFileSync(join(box.cwd, 'tutor/SOUL.md'), 'old');
    symlinkSync(join(box.root, 'elsewhere'), join(box.cwd, 'tutor/examples'));
    const r = await box.run(['install', 'alice/tutor', '--force'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('examples is a symbolic link');
    expect(readdirSync(join(box.root, 'elsewhere'))).toEqual([]);
    expect(readFileSync(join(box.cwd, 'tutor/SOUL.md'), 'utf8')).toBe('old');
  });

  it('says the soul or version is not on the registry (404)', async () => {
    const r = await box.run(['install', 'alice/nope@9.9.9'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`version 9.9.9 of alice/nope is not on ${reg.url}`);
    expect(existsSync(join(box.cwd, 'nope'))).toBe(false);
  });

  it('exits 2 for an id that is not owner/name[@version]', async () => {
    for (const spec of ['a/b/c', 'alice/../x', 'alice/Tutor', 'alice/tutor@1 0']) {
      const r = await box.run(['install', spec], env);
      expect(r.code, spec).toBe(2);
    }
    expect(reg.requests).toHaveLength(0);
  });

  function writeTree(dir: string, files: Record<string, string>): void {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(join(box.cwd, dir), { recursive: true });
      writeFileSync(join(box.cwd, dir, name), content);
    }
  }
});

describe('soul install refuses hostile bundles and writes nothing', () => {
  const HOSTILE: [string, Record<string, unknown>][] = [
    ['a ../ name', { files: { 'soul.json': '{}', '../evil.md': 'x' } }],
    ['a nested ../ name', { files: { 'soul.json': '{}', 'examples/../../evil.md': 'x' } }],
    ['an absolute path', { files: { 'soul.json': '{}', '/tmp/evil.md': 'x' } }],
    ['a backslash path', { files: { 'soul.json': '{}', '..\\evil.md': 'x' } }],
    ['names equal ignoring case', { files: { 'soul.json': '{}', 'SOUL.md': 'a', 'soul.md': 'b' } }],
    ['a file named like a folder', { files: { 'soul.json': '{}', examples: 'x', 'examples/good.md': 'y' } }],
    ['a path three levels deep', { files: { 'soul.json': '{}', 'a/b/c.md': 'x' } }],
    ['a .git segment', { files: { 'soul.json': '{}', '.git/config': 'x' } }],
    ['invalid base64 marked base64', { files: { 'soul.json': '{}', 'a.png': 'not base64!' }, encodings: { 'a.png': 'base64' } }],
    ['an unknown encoding', { files: { 'soul.json': '{}', 'a.md': 'x' }, encodings: { 'a.md': 'rot13' } }],
    ['a content that is not a string', { files: { 'soul.json': '{}', 'a.md': 42 } }],
    ['no files object', { files: ['soul.json'] }],
  ];

  for (const [what, body] of HOSTILE) {
    it(`refuses ${what}`, async () => {
      reg.route('GET /bundle/alice/tutor', { body: { owner: 'alice', name: 'tutor', version: '1.0.0', manifest: {}, ...body } });
      const r = await box.run(['install', 'alice/tutor'], env);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('nothing was written');
      expect(readdirSync(box.cwd)).toEqual([]);
      expect(readdirSync(box.root).sort()).toEqual(['work']);
    });
  }

  it('names each unsafe file in the message', async () => {
    reg.route('GET /bundle/alice/tutor', { body: { files: { 'soul.json': '{}', '../evil.md': 'x', 'SOUL.md': 'a', 'Soul.md': 'b' } } });
    const r = await box.run(['install', 'alice/tutor'], env);
    expect(r.stderr).toContain('"../evil.md": contains a ".." or "." segment');
    expect(r.stderr).toContain('"Soul.md": is the same as "SOUL.md"');
  });
});

describe('parseInstallSpec', () => {
  it('reads owner, name and version', () => {
    expect(parseInstallSpec('Alice/tutor@1.2.0', 'official')).toEqual({ owner: 'alice', name: 'tutor', version: '1.2.0' });
    expect(parseInstallSpec('tutor', 'official')).toEqual({ owner: 'official', name: 'tutor' });
  });
});
