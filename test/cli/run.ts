// Spawning the real `soul` CLI on temporary folders built in the test.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = join(ROOT, 'node_modules/.bin/node');
const CLI = join(ROOT, 'scripts/cli/soul.ts');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run `soul ...args` in `cwd` with colour variables cleared (plus `env`). */
export function soul(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): RunResult {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NO_COLOR' && k !== 'FORCE_COLOR') env[k] = v;
  const r = spawnSync(NODE, [CLI, ...args], { cwd: options.cwd ?? ROOT, env: { ...env, ...options.env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary folder; remove it with `cleanup`. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'soul-cli-'));
}

export function cleanup(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Write files (names may contain `/`) under `dir`. */
export function writeTree(dir: string, files: Record<string, string | Uint8Array>): string {
  for (const [name, content] of Object.entries(files)) {
    const abs = join(dir, name);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return dir;
}
