import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCANNER_VERSION } from '../../scripts/core/index.ts';
import { ROOT, soul } from './run.ts';

describe('soul help and version', () => {
  it('lists every command with --help and exits 0', () => {
    const r = soul(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['init', 'scan', 'validate', 'rules']) expect(r.stdout).toMatch(new RegExp(`^  ${cmd} +\\S`, 'm'));
  });

  it('shows a command\'s options with <cmd> --help', () => {
    const r = soul(['scan', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: soul scan');
    expect(r.stdout).toContain('--fail-on <level>');
  });

  it('shows a command\'s help with help <cmd>', () => {
    const r = soul(['help', 'init']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: soul init');
  });

  it('prints the package and scanner versions with --version', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = soul(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`soul ${pkg.version} (SoulScan ${SCANNER_VERSION}`);
  });

  it('exits 2 with the help on stderr for an unknown command', () => {
    const r = soul(['sacn']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'sacn'");
    expect(r.stderr).toContain('Usage: soul <command>');
  });

  it('exits 2 with the help when no command is given', () => {
    const r = soul([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Usage: soul <command>');
  });

  it('has a node shebang so it runs as the package bin', () => {
    expect(readFileSync(join(ROOT, 'scripts/cli/soul.ts'), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });
});
