// `soul scan`: SoulScan on a soul folder, a list of files, or a whole `souls/<owner>/<name>/` tree, offline.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RULES, SCANNER_VERSION, scanPackage } from '../../core/index.ts';
import type { ScanResult } from '../../core/index.ts';
import { renderScanJson } from '../../core/render/json.ts';
import { renderScanMarkdown } from '../../core/render/markdown.ts';
import { renderSarif } from '../../core/render/sarif.ts';
import { renderScanText } from '../../core/render/text.ts';
import type { ScannedPackage } from '../../core/render/types.ts';
import { EXIT, UsageError, oneOf, type Command } from '../lib/command.ts';
import { displayPath, findPackages, readFileList, readPackageFolder, type DiskPackage } from '../lib/read-package.ts';

const FORMATS = ['text', 'json', 'sarif', 'markdown'] as const;
const FAIL_ON = ['error', 'warning', 'never'] as const;
type FailOn = (typeof FAIL_ON)[number];

/** Whether a result fails the run under --fail-on. */
export function failsOn(result: ScanResult, failOn: FailOn): boolean {
  if (failOn === 'never') return false;
  if (result.errors.length > 0 || result.status === 'error') return true;
  return failOn === 'warning' && result.warnings.length > 0;
}

/** The packages named on the command line: folders (each possibly a tree of souls) or files (one package). */
function collect(targets: readonly string[], cwd: string): DiskPackage[] {
  const kinds = targets.map((t) => {
    const abs = resolve(cwd, t);
    if (!existsSync(abs)) throw new UsageError(`no such file or folder: ${t}`, 'scan');
    return statSync(abs).isDirectory() ? 'dir' : 'file';
  });
  if (kinds.includes('dir') && kinds.includes('file')) {
    throw new UsageError('give either folders or the files of one soul, not both', 'scan');
  }
  if (kinds[0] === 'file') return [readFileList(targets, cwd)];
  const packages: DiskPackage[] = [];
  const seen = new Set<string>();
  for (const t of targets) {
    for (const found of findPackages(resolve(cwd, t))) {
      if (seen.has(found.dir)) continue;
      seen.add(found.dir);
      packages.push(readPackageFolder(found.dir, cwd, found.owner));
    }
  }
  return packages;
}

export const command: Command = {
  name: 'scan',
  summary: 'Scan souls with SoulScan, offline, with the same verdict as the registry',
  usage: `Usage: soul scan [folder... | file...] [options]

Scans a soul folder (default: the current folder): its files and the files of its direct
subfolders, images included; dotfiles and node_modules are skipped. A folder holding
souls/<owner>/<name>/ trees (or such a tree itself) scans every soul in it. A list of files
scans them as one package.

Exit status: 0 when no package fails (see --fail-on), 1 when one does, 2 on a usage error.

Examples:
  soul scan                         scan the soul in the current folder
  soul scan souls --format sarif -o soulscan.sarif
  soul scan my-soul --fail-on warning`,
  maxPositionals: Infinity,
  options: {
    format: { type: 'string', short: 'f', help: 'output format: text (default), json, sarif or markdown', valueName: 'format' },
    name: { type: 'string', help: 'the name the soul is published under (default: the folder name)', valueName: 'name' },
    'fail-on': { type: 'string', help: 'exit 1 on: error (default), warning, or never', valueName: 'level' },
    output: { type: 'string', short: 'o', help: 'write the report to a file instead of stdout', valueName: 'file' },
    root: { type: 'string', help: 'show paths (and SARIF locations) relative to this folder (default: the current folder)', valueName: 'dir' },
    verbose: { type: 'boolean', short: 'v', help: 'also list info findings in text output' },
  },
  run({ values, positionals }, io) {
    const format = oneOf(values['format'], FORMATS, 'format', 'scan', 'text');
    const failOn = oneOf(values['fail-on'], FAIL_ON, 'fail-on', 'scan', 'error');
    const nameOpt = values['name'];
    if (typeof nameOpt === 'string' && nameOpt.trim() === '') throw new UsageError('--name needs a value, e.g. --name my-soul', 'scan');

    const packages = collect(positionals.length > 0 ? positionals : ['.'], io.cwd);
    if (typeof nameOpt === 'string' && packages.length > 1) {
      throw new UsageError(`--name applies to one soul, but ${packages.length} were found; scan them one by one or drop --name`, 'scan');
    }

    const rootOpt = values['root'];
    const root = typeof rootOpt === 'string' ? resolve(io.cwd, rootOpt) : io.cwd;
    if (typeof rootOpt === 'string' && !(existsSync(root) && statSync(root).isDirectory())) throw new UsageError(`--root ${rootOpt} is not a folder`, 'scan');
    const scanned: ScannedPackage[] = packages.map((p) => ({
      path: root === io.cwd ? p.path : displayPath(root, p.dir),
      result: scanPackage(p.files, {
        name: typeof nameOpt === 'string' ? nameOpt : p.name,
        ...(p.owner !== undefined ? { owner: p.owner } : {}),
      }),
    }));

    let report: string;
    switch (format) {
      case 'json':
        report = `${JSON.stringify(renderScanJson(scanned), null, 2)}\n`;
        break;
      case 'sarif':
        report = `${JSON.stringify(renderSarif(scanned, { rules: RULES, version: SCANNER_VERSION }), null, 2)}\n`;
        break;
      case 'markdown':
        report = renderScanMarkdown(scanned);
        break;
      default: {
        const toFile = typeof values['output'] === 'string';
        report = renderScanText(scanned, { paint: toFile ? (_s, t) => t : io.paint, showInfo: values['verbose'] === true });
      }
    }

    const output = values['output'];
    if (typeof output === 'string') {
      writeFileSync(resolve(io.cwd, output), report);
      io.err(`soul scan: wrote ${format} report of ${scanned.length} package${scanned.length === 1 ? '' : 's'} to ${displayPath(io.cwd, resolve(io.cwd, output)) || output}\n`);
    } else {
      io.out(report);
    }
    return scanned.some((s) => failsOn(s.result, failOn)) ? EXIT.failed : EXIT.ok;
  },
};
