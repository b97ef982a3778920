// `soul install owner/name[@version]`: fetch the bundle (GET /bundle/{owner}/{name}, no credentials) and write its files into a folder.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sanitizeTerminal } from '../../core/render/text.ts';
import { EXIT, UsageError, type Command } from '../lib/command.ts';
import { checkBundle, InstallConflict, isNonEmptyFolder, parseInstallSpec, writeBundle } from '../lib/install-bundle.ts';
import { createOnlineContext, OnlineFailure, REGISTRY_OPTION, runOnline } from '../lib/online.ts';
import { displayPath } from '../lib/read-package.ts';
import { RegistryRequestError } from '../lib/registry-client.ts';

export const command: Command = {
  name: 'install',
  summary: 'Install a soul from the registry into a folder (GET /bundle/{owner}/{name})',
  usage: `Usage: soul install <owner/name[@version]> [options]

Downloads a published soul and writes its files into ./<name> (or --dir). Without an owner the
registry's official namespace is used; without a version, the latest. Every file name is checked
first (no "..", no absolute paths, no names that collide ignoring case): a bundle with an unsafe
name writes nothing. An existing non-empty folder is only written over with --force.

Examples:
  soul install alice/code-mentor
  soul install code-reviewer@1.0.0 --dir agents/reviewer`,
  maxPositionals: 1,
  options: {
    dir: { type: 'string', short: 'd', help: 'folder to install into (default: ./<name>)', valueName: 'path' },
    force: { type: 'boolean', help: 'write into an existing non-empty folder, replacing files of the same name' },
    ...REGISTRY_OPTION,
  },
  async run({ values, positionals }, io) {
    const spec = positionals[0];
    if (spec === undefined) throw new UsageError('name the soul to install, e.g. soul install alice/code-mentor', 'install');
    const ctx = createOnlineContext(values, io, 'install');
    const parsed = parseInstallSpec(spec, ctx.config.officialNamespace);
    if (typeof parsed === 'string') throw new UsageError(parsed, 'install');
    const dirOpt = typeof values['dir'] === 'string' ? values['dir'] : undefined;
    if (dirOpt === '') throw new UsageError('--dir needs a folder, e.g. --dir agents/reviewer', 'install');
    const target = resolve(io.cwd, dirOpt ?? parsed.name);
    const shown = displayPath(io.cwd, target) || '.';
    const force = values['force'] === true;

    const exists = existsSync(target);
    if (exists && !statSync(target).isDirectory()) throw new UsageError(`${shown} exists and is not a folder; choose another --dir`, 'install');
    if (exists && isNonEmptyFolder(target) && !force) {
      io.err(`${io.paintErr('red', 'soul install:')} ${shown} already exists and is not empty; nothing was written. Use --force to write over it, or choose another --dir.\n`);
      return EXIT.failed;
    }

    const id = `${parsed.owner}/${parsed.name}${parsed.version !== undefined ? `@${parsed.version}` : ''}`;
    return runOnline(io, 'install', async () => {
      let body: unknown;
      try {
        // bundles are public: never send a token with them
        body = (await ctx.client(null).request({ method: 'GET', path: `/bundle/${encodeURIComponent(parsed.owner)}/${encodeURIComponent(parsed.name)}`, query: { version: parsed.version }, auth: false })).body;
      } catch (e) {
        if (e instanceof RegistryRequestError && e.status === 404) {
          const what = parsed.version !== undefined ? `version ${parsed.version} of ${parsed.owner}/${parsed.name}` : `${parsed.owner}/${parsed.name}`;
          throw new OnlineFailure(`${what} is not on ${ctx.registry.url} (${e.serverMessage ?? 'not found'}); check the name${parsed.version !== undefined ? ' and the version' : ''}`, { cause: e });
        }
        throw e;
      }
      const bundle = checkBundle(body);
      if ('problems' in bundle) {
        io.err(`${io.paintErr('red', 'soul install:')} the bundle of ${id} from ${ctx.registry.url} cannot be installed safely; nothing was written:\n`);
        for (const p of bundle.problems.slice(0, 50)) io.err(`  ✖ ${sanitizeTerminal(p)}\n`);
        if (bundle.problems.length > 50) io.err(`  … and ${bundle.problems.length - 50} more\n`);
        return EXIT.failed;
      }
      try {
        writeBundle({ target, files: bundle.files, existing: existsSync(target) });
      } catch (e) {
        if (e instanceof InstallConflict) throw new OnlineFailure(`cannot write into ${shown}; nothing was written: ${e.problems.join('; ')}`);
        throw e;
      }
      const p = io.paint;
      const version = bundle.version !== null ? `@${sanitizeTerminal(bundle.version).slice(0, 64)}` : '';
      io.out(`${p('green', '✔')} Installed ${p('bold', `${parsed.owner}/${parsed.name}${version}`)} into ${shown}/ (${bundle.files.length} file${bundle.files.length === 1 ? '' : 's'})\n`);
      for (const note of bundle.notes) io.out(`  note: ${note}\n`);
      return EXIT.ok;
    });
  },
};
