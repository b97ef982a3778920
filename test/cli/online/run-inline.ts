// Running the `soul` CLI in this process (fast, and the fake registry answers on the same event
// loop), with a private HOME and config folder so no real credentials are read or written.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../scripts/cli/soul.ts';
import type { CliIO } from '../../../scripts/cli/lib/command.ts';

export interface InlineResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Sandbox {
  /** A private temp folder holding work/ and config/. */
  readonly root: string;
  /** The working folder of the commands. */
  readonly cwd: string;
  /** Where credentials.json goes (SOUL_CONFIG_DIR). */
  readonly configDir: string;
  /** Run `soul ...args` with the sandbox's env plus `env`, in `cwd` (default: the sandbox's work folder). */
  run(args: string[], env?: Record<string, string | undefined>, cwd?: string): Promise<InlineResult>;
  cleanup(): void;
}

/** A temp folder with work/ and config/, and a runner whose env points there. */
export function createSandbox(baseEnv: Record<string, string | undefined> = {}): Sandbox {
  const root = mkdtempSync(join(tmpdir(), 'soul-online-'));
  const cwd = join(root, 'work');
  const configDir = join(root, 'config');
  mkdirSync(cwd);
  return {
    root,
    cwd,
    configDir,
    async run(args, env = {}, at = cwd) {
      let stdout = '';
      let stderr = '';
      const io: CliIO = {
        cwd: at,
        env: { HOME: root, SOUL_CONFIG_DIR: configDir, ...baseEnv, ...env },
        stdoutIsTTY: false,
        out: (t) => void (stdout += t),
        err: (t) => void (stderr += t),
        paint: (_s, t) => t,
        paintErr: (_s, t) => t,
      };
      const code = await main(args, io);
      return { code, stdout, stderr };
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
