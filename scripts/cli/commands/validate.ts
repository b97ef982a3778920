// `soul validate`: the checks of POST /validate (schema, license, scan) on a soul folder, offline.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { validatePackage, type CheckType, type ValidationCheck } from '../../core/validate.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';
import type { PaintStyle } from '../../core/render/types.ts';
import { EXIT, UsageError, oneOf, type Command } from '../lib/command.ts';
import { readPackageFolder } from '../lib/read-package.ts';

const MARK: Record<CheckType, [string, PaintStyle]> = {
  pass: ['✔', 'green'],
  fail: ['✖', 'red'],
  warn: ['⚠', 'yellow'],
  info: ['ℹ', 'blue'],
};

/** `file:line` from a check's details, when it points into a file. */
function locationOf(details: unknown): { file: string; text: string } | undefined {
  if (details === null || typeof details !== 'object') return undefined;
  const { file, line } = details as { file?: unknown; line?: unknown };
  if (typeof file !== 'string') return undefined;
  return { file, text: typeof line === 'number' ? `${file}:${line}` : file };
}

export const command: Command = {
  name: 'validate',
  summary: 'Check a soul like POST /validate: schema, license and scan',
  usage: `Usage: soul validate [folder] [options]

Validates the soul in a folder (default: the current folder) with the same checks as the
registry's POST /validate: the manifest schema for its specVersion, the license, and SoulScan.
Exit status: 0 when valid, 1 when not, 2 on a usage error.`,
  maxPositionals: 1,
  options: {
    format: { type: 'string', short: 'f', help: 'output format: text (default) or json ({ valid, checks })', valueName: 'format' },
    name: { type: 'string', help: 'the name the soul is published under (default: the folder name)', valueName: 'name' },
    'no-scan': { type: 'boolean', help: 'skip SoulScan, check schema and license only' },
  },
  run({ values, positionals }, io) {
    const format = oneOf(values['format'], ['text', 'json'] as const, 'format', 'validate', 'text');
    const target = positionals[0] ?? '.';
    const abs = resolve(io.cwd, target);
    if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new UsageError(`${target} is not a folder; give the folder that holds soul.json`, 'validate');
    const pkg = readPackageFolder(abs, io.cwd);
    const nameOpt = values['name'];

    const pre: ValidationCheck[] = [];
    let manifest: unknown;
    const manifestText = pkg.files['soul.json'];
    if (manifestText !== undefined) {
      try {
        manifest = JSON.parse(manifestText.charCodeAt(0) === 0xfeff ? manifestText.slice(1) : manifestText);
      } catch (e) {
        pre.push({ type: 'fail', message: `soul.json is not valid JSON (${(e as Error).message}); fix its syntax` });
        manifest = manifestText;
      }
    }
    const files: Record<string, string> = {};
    for (const [k, v] of Object.entries(pkg.files)) if (k !== 'soul.json') files[k] = v;

    const outcome = validatePackage({
      manifest,
      files,
      soulscan: values['no-scan'] !== true,
      name: typeof nameOpt === 'string' && nameOpt !== '' ? nameOpt : pkg.name,
    });
    const checks: ValidationCheck[] = [...pre, ...outcome.checks];
    const valid = outcome.valid && pre.length === 0;

    if (format === 'json') {
      io.out(`${JSON.stringify({ valid, checks }, null, 2)}\n`);
    } else {
      const p = io.paint;
      io.out(`${p('bold', pkg.path === '' ? '.' : pkg.path)}\n`);
      for (const c of checks) {
        const [mark, style] = MARK[c.type] ?? ['·', 'dim'];
        const code = c.code ? `${p('dim', `[${c.code}]`)} ` : '';
        const where = locationOf(c.details);
        // scan checks already start with "FILE: "; show "FILE:LINE" there instead of repeating it
        const message = where && c.message.startsWith(`${where.file}: `) ? c.message.slice(where.file.length + 2) : c.message;
        const loc = where ? `${p('dim', sanitizeTerminal(where.text))} ` : '';
        io.out(`  ${p(style, `${mark} ${c.type.padEnd(4)}`)}  ${code}${loc}${sanitizeTerminal(message)}\n`);
      }
      io.out(valid ? `${p('green', '✔ valid')}\n` : `${p('red', '✖ invalid')}: fix the failed checks above\n`);
    }
    return valid ? EXIT.ok : EXIT.failed;
  },
};
