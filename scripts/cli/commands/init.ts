// `soul init`: write a new soul from the template (soul.json, SOUL.md, IDENTITY.md) that scans 100/Verified.
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkFileName, checkFileNames, checkSoulName } from '../../core/paths.ts';
import { createTemplate } from '../../core/template.ts';
import { EXIT, InputError, UsageError, oneOf, type Command } from '../lib/command.ts';
import { loadRegistryConfig } from '../lib/config.ts';
import { displayPath } from '../lib/read-package.ts';

const SPECS = ['0.3', '0.4', '0.5'] as const;

export const command: Command = {
  name: 'init',
  summary: 'Create a new soul (soul.json, SOUL.md, IDENTITY.md) from the template',
  usage: `Usage: soul init [name] [options]

Writes a new soul into ./<name>/ (or into --dir). Without a name, the current folder's name is
used and the files are written here. Existing files are never overwritten without --force.

Examples:
  soul init code-mentor
  soul init --spec 0.5 --dir robots/kitchen-helper
  soul init            (inside an empty folder named after the soul)`,
  maxPositionals: 1,
  options: {
    spec: { type: 'string', help: 'manifest specVersion: 0.3, 0.4 (default) or 0.5 (embodied)', valueName: 'version' },
    dir: { type: 'string', short: 'd', help: 'folder to write into (default: ./<name>, or . without a name)', valueName: 'path' },
    force: { type: 'boolean', help: 'overwrite files that already exist' },
    'display-name': { type: 'string', help: 'human-readable name for soul.json', valueName: 'text' },
    description: { type: 'string', help: 'one-line description for soul.json (at most 160 characters)', valueName: 'text' },
    author: { type: 'string', help: 'author name for soul.json', valueName: 'name' },
    category: { type: 'string', help: 'category such as education/tutoring', valueName: 'path' },
  },
  run({ values, positionals }, io) {
    const spec = oneOf(values['spec'], SPECS, 'spec', 'init', '0.4');
    const dirOpt = typeof values['dir'] === 'string' ? values['dir'] : undefined;
    const given = positionals[0];
    const target = resolve(io.cwd, dirOpt ?? given ?? '.');
    const name = given ?? basename(target);

    const invalid = checkSoulName(name);
    if (invalid) {
      const hint = given === undefined ? ' (taken from the folder name; give a name: soul init my-soul)' : '';
      throw new UsageError(`${invalid}${hint}`, 'init');
    }
    const nameProblem = checkFileName(name);
    if (nameProblem) throw new UsageError(`"${name}" cannot be a folder name: ${nameProblem}`, 'init');
    if (existsSync(target) && !statSync(target).isDirectory()) throw new UsageError(`${displayPath(io.cwd, target)} exists and is not a folder`, 'init');

    const str = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
    const description = str('description');
    if (description !== undefined && description.length > 160) throw new UsageError('--description must be at most 160 characters', 'init');
    const files = createTemplate({
      name,
      spec,
      ...(str('display-name') !== undefined ? { displayName: str('display-name')! } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(str('author') !== undefined ? { author: str('author')! } : {}),
      ...(str('category') !== undefined ? { category: str('category')! } : {}),
    });

    const bad = checkFileNames(Object.keys(files));
    if (bad.length > 0) throw new InputError(`the template produced unsafe file names: ${bad.map((b) => `${b.name} (${b.problem})`).join(', ')}`);

    const existing = Object.keys(files).filter((f) => existsSync(join(target, f)));
    if (existing.length > 0 && values['force'] !== true) {
      io.err(`soul init: ${existing.map((f) => displayPath(io.cwd, join(target, f))).join(', ')} already exist${existing.length === 1 ? 's' : ''}; nothing was written. Use --force to overwrite, or choose another --dir.\n`);
      return EXIT.failed;
    }

    for (const [file, content] of Object.entries(files)) {
      const abs = join(target, file);
      mkdirSync(dirname(abs), { recursive: true });
      writeFileSync(abs, content);
    }

    const where = displayPath(io.cwd, target);
    const p = io.paint;
    const config = loadRegistryConfig(io.cwd);
    io.out(`${p('green', '✔')} Created soul ${p('bold', name)} (specVersion ${spec}) in ${where === '' ? 'the current folder' : `${where}/`}\n`);
    for (const file of Object.keys(files).sort()) io.out(`    ${where === '' ? file : `${where}/${file}`}\n`);
    io.out(`
Next steps:
  1. Write your persona in SOUL.md and IDENTITY.md${spec === '0.5' ? ', and check the embodied fields in soul.json' : ''}.
  2. ${p('bold', `soul scan${where === '' ? '' : ` ${where}`}`)}   (offline, the same verdict as the registry; aim for Verified)
  3. Publish: open a pull request adding souls/<your-github-login>/${name}/ to ${config.githubRepository},
     or run ${p('bold', `soul publish${where === '' ? '' : ` ${where}`}`)} against ${config.publicUrl}.
`);
    return EXIT.ok;
  },
};
