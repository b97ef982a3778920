// What a `soul` command is, what it is handed, and the errors that map to exit codes.
import type { ParseArgsOptionsConfig } from 'node:util';
import type { Paint } from '../../core/render/types.ts';

/** Exit codes of every command: 0 fine, 1 the checked thing failed, 2 the command line was wrong. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Where a command writes and what it may read about its surroundings (injected, for tests). */
export interface CliIO {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdoutIsTTY: boolean;
  out(text: string): void;
  err(text: string): void;
  /** Paint for stdout (colour only on a TTY, per NO_COLOR / FORCE_COLOR). */
  readonly paint: Paint;
  /** Paint for stderr. */
  readonly paintErr: Paint;
}

/** Values parsed by node:util parseArgs for a command's options. */
export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** One `soul` subcommand. Add a file under commands/ and one line to the table in commands/index.ts. */
export interface Command {
  readonly name: string;
  /** One line for `soul --help`. */
  readonly summary: string;
  /** Usage line(s) and a description, printed by `soul <cmd> --help` (options are appended). */
  readonly usage: string;
  /** Options for parseArgs; `help` is added for every command. Each may carry a help line. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Whether positional arguments are accepted, and the most accepted (Infinity for any). */
  readonly maxPositionals: number;
  run(args: { values: OptionValues; positionals: string[] }, io: CliIO): Promise<number> | number;
}

export type OptionSpec = ParseArgsOptionsConfig[string] & { readonly help: string; readonly valueName?: string };

/** The command line is wrong: printed with a hint, exit 2. */
export class UsageError extends Error {
  readonly command?: string;
  constructor(message: string, command?: string) {
    super(message);
    this.name = 'UsageError';
    if (command !== undefined) this.command = command;
  }
}

/** The input cannot be read as asked (missing folder, symlink leaving the folder, ...): exit 2. */
export class InputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InputError';
  }
}

/** Check that an option's value is one of the allowed ones, else a UsageError saying which are. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string, command: string, fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${option} must be one of ${allowed.join(', ')} (got "${String(value)}")`, command);
}
