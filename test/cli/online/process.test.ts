// The online commands run as a real process: stdin piping and the command table.
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, ROOT, soul, tempDir } from '../run.ts';
import { fakeToken, startFakeRegistry, type FakeRegistry } from './fake-registry.ts';

let reg: FakeRegistry;
let tmp: string;
beforeEach(async () => {
  reg = await startFakeRegistry({ 'GET /auth/me': { body: { username: 'alice', tier: 'free', user: { username: 'alice' } } } });
  tmp = tempDir();
});
afterEach(async () => {
  await reg.close();
  cleanup(tmp);
});

/**
 * Run the CLI asynchronously (the fake registry answers on this event loop), writing `input` to
 * its stdin; with `shellPipe`, through `sh -c 'printf ... | soul'` so stdin is a real pipe (FIFO),
 * as in a terminal, rather than the socket Node gives a child.
 */
function soulAsync(args: string[], input: string, shellPipe = false): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const node = join(ROOT, 'node_modules/.bin/node');
    const cli = join(ROOT, 'scripts/cli/soul.ts');
    const [cmd, argv] = shellPipe ? ['sh', ['-c', 'printf "%s\\n" "$INPUT" | "$@"', 'sh', node, cli, ...args]] : [node, [cli, ...args]];
    const child = spawn(cmd, argv, {
      cwd: tmp,
      env: { PATH: process.env['PATH'] ?? '', HOME: tmp, SOUL_CONFIG_DIR: join(tmp, 'config'), NO_COLOR: '1', INPUT: input },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

describe('soul login as a process', () => {
  it('reads a token piped into stdin and stores it with mode 0600', async () => {
    const r = await soulAsync(['login', '--registry', reg.url], fakeToken('pipe'), true);
    expect(r.code, r.stderr).toBe(0);
    expect(reg.calls('GET /auth/me')[0]!.headers['authorization']).toBe(`Bearer ${fakeToken('pipe')}`);
    const file = join(tmp, 'config/credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain(fakeToken('pipe'));
    expect(r.stdout).not.toContain(fakeToken('pipe'));
  });

  it('reads the token from stdin with --token -', async () => {
    const r = await soulAsync(['login', '--token', '-', '--registry', reg.url], fakeToken('dash'));
    expect(r.code, r.stderr).toBe(0);
    expect(reg.calls('GET /auth/me')[0]!.headers['authorization']).toBe(`Bearer ${fakeToken('dash')}`);
  });

  it('falls back to the device flow when the piped stdin is empty', async () => {
    const r = await soulAsync(['login', '--registry', reg.url], '', true);
    expect(r.code).toBe(1);
    expect(reg.calls('POST /auth/device/code')).toHaveLength(1);
    expect(r.stderr).toContain('soul admin token create');
  });
});

describe('soul --help', () => {
  it('lists the online commands', () => {
    const r = soul(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['login', 'logout', 'whoami', 'publish', 'install', 'admin']) expect(r.stdout).toMatch(new RegExp(`^  ${cmd} +\\S`, 'm'));
  });
});
