#!/usr/bin/env node
// The `soul` command line: parses the command name, hands the rest to the command's module, maps errors to exit codes.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { RULESET_VERSION, SCANNER_VERSION } from '../core/version.ts';
import { COMMANDS } from './commands/index.ts';
import { EXIT, InputError, UsageError, type CliIO, type Command } from './lib/command.ts';
import { createPaint, wantsColour } from './lib/colour.ts';
import { packageVersion } from './lib/config.ts';

/** `soul --help`. */
export function mainHelp(): string {
  const names = Object.keys(COMMANDS);
  const width = Math.max(...names.map((n) => n.length));
  return `soul: create, check and publish AI-agent persona packages (souls)

Usage: soul <command> [options]

Commands:
${names.map((n) => `  ${n.padEnd(width)}  ${COMMANDS[n]!.summary}`).join('\n')}

Options:
  -h, --help     show help; soul <command> --help shows a command's options
  -V, --version  show the versions of soul, SoulScan and its rules

Exit status: 0 success, 1 a check failed, 2 a usage error.
Colour follows NO_COLOR and FORCE_COLOR.
`;
}

/** `soul <cmd> --help`: the command's usage plus its options. */
export function commandHelp(cmd: Command): string {
  const rows = Object.entries(cmd.options).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` <${o.valueName ?? 'value'}>` : ''}`;
    return [flag, o.help] as const;
  });
  rows.push(['-h, --help', 'show this help']);
  const width = Math.max(...rows.map(([f]) => f.length));
  return `${cmd.usage}\n\nOptions:\n${rows.map(([f, h]) => `  ${f.padEnd(width)}  ${h}`).join('\n')}\n`;
}

function versionText(): string {
  return `soul ${packageVersion()} (SoulScan ${SCANNER_VERSION}, rules ${RULESET_VERSION}, node ${process.versions.node})\n`;
}

function parseCommandArgs(cmd: Command, argv: string[]): { values: Record<string, unknown>; positionals: string[] } {
  const options: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const [name, o] of Object.entries(cmd.options)) {
    options[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: o.multiple } : {}) };
  }
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    if (values['help'] !== true && positionals.length > cmd.maxPositionals) {
      const extra = positionals.slice(cmd.maxPositionals).join(' ');
      throw new UsageError(cmd.maxPositionals === 0 ? `takes no arguments (got ${extra})` : `takes at most ${cmd.maxPositionals} argument${cmd.maxPositionals === 1 ? '' : 's'} (unexpected: ${extra})`, cmd.name);
    }
    return { values, positionals };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    const code = (e as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) throw new UsageError(tidyParseError((e as Error).message), cmd.name);
    throw e;
  }
}

/** node's parseArgs messages mention its API ("To specify a positional argument starting with a '-'..."); keep the first sentence. */
function tidyParseError(message: string): string {
  const first = message.split('. ')[0] ?? message;
  return first.replace(/^Unknown option '(.+)'$/, "unknown option '$1'").replace(/\.$/, '');
}

/** Run the CLI with `argv` (without node and the script), returning the exit code. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    const topic = first === 'help' ? rest[0] : undefined;
    if (topic !== undefined && COMMANDS[topic]) {
      io.out(commandHelp(await COMMANDS[topic].load()));
      return EXIT.ok;
    }
    if (first === undefined) {
      io.err(mainHelp());
      return EXIT.usage;
    }
    io.out(mainHelp());
    return EXIT.ok;
  }
  if (first === '-V' || first === '--version' || first === 'version') {
    io.out(versionText());
    return EXIT.ok;
  }
  const entry = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (!entry) {
    const what = first.startsWith('-') ? `unknown option '${first}'` : `unknown command '${first}'`;
    io.err(`${io.paintErr('red', 'soul:')} ${what}\n\n${mainHelp()}`);
    return EXIT.usage;
  }

  const cmd = await entry.load();
  try {
    const { values, positionals } = parseCommandArgs(cmd, rest);
    if (values['help'] === true) {
      io.out(commandHelp(cmd));
      return EXIT.ok;
    }
    return await cmd.run({ values: values as never, positionals }, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`${io.paintErr('red', `soul ${cmd.name}:`)} ${e.message}\nRun 'soul ${cmd.name} --help' for usage.\n`);
      return EXIT.usage;
    }
    if (e instanceof InputError) {
      io.err(`${io.paintErr('red', `soul ${cmd.name}:`)} ${e.message}\n`);
      return EXIT.usage;
    }
    const err = e as NodeJS.ErrnoException;
    if (err && typeof err.code === 'string' && typeof err.path === 'string') {
      io.err(`${io.paintErr('red', `soul ${cmd.name}:`)} cannot read ${err.path} (${err.code})\n`);
      return EXIT.usage;
    }
    throw e;
  }
}

function processIO(): CliIO {
  const env = process.env;
  return {
    cwd: process.cwd(),
    env,
    stdoutIsTTY: process.stdout.isTTY === true,
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    paint: createPaint(wantsColour(env, process.stdout.isTTY === true)),
    paintErr: createPaint(wantsColour(env, process.stderr.isTTY === true)),
  };
}

if (import.meta.main) {
  // An EPIPE (output piped into `head`) ends quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  main(process.argv.slice(2), processIO()).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`soul: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\nPlease report it with the command you ran.\n`);
      process.exitCode = 70;
    },
  );
}
