// `soul build`: the static registry build (git history → static tree), incremental by default.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildRegistry, formatSummary } from '../../build/build.ts';
import type { BuildIssue } from '../../build/build.ts';
import { sanitizeTerminal } from '../../core/render/text.ts';
import { EXIT, InputError, UsageError, oneOf, type Command } from '../lib/command.ts';

const MAX_WARNINGS_SHOWN = 20;

function issueLine(w: BuildIssue): string {
  const where = w.owner !== undefined && w.name !== undefined ? `${w.owner}/${w.name}` : '';
  const commit = w.commit ? ` @${w.commit.slice(0, 7)}` : '';
  return `${w.code}${where ? ` ${where}` : ''}${commit}: ${w.message}`;
}

export const command: Command = {
  name: 'build',
  summary: 'Build the static registry (JSON, Markdown, ZIPs, index, OpenAPI) from the git history',
  usage: `Usage: soul build [repository] [options]

Reads the registry repository (default: the current folder) with its whole first-parent history
of the branch, scans every published version, and writes the static tree: api/v1/ (every GET
without query parameters, JSON and Markdown), schemas/, index/registry.json, and private/ (ZIPs,
build state, scan cache). Incremental: only souls changed since the last build are rebuilt.`,
  maxPositionals: 1,
  options: {
    out: { type: 'string', short: 'o', help: 'output folder (default dist)', valueName: 'dir' },
    ref: { type: 'string', help: 'branch to build (default main)', valueName: 'branch' },
    full: { type: 'boolean', help: 'ignore the previous build state and rebuild every soul (the scan cache is kept)' },
    stats: { type: 'string', help: 'JSON file { "downloads": { "owner/name": n } } (optional)', valueName: 'file' },
    'reviews-dir': { type: 'string', help: 'folder of review files in the repository (default reviews)', valueName: 'dir' },
    progress: { type: 'string', help: 'progress display: auto (default), tty, plain or none', valueName: 'mode' },
    concurrency: { type: 'string', short: 'j', help: 'worker threads (default: one per core; 0 = none)', valueName: 'n' },
    format: { type: 'string', short: 'f', help: 'summary format: text (default) or json', valueName: 'format' },
  },
  async run({ values, positionals }, io) {
    const format = oneOf(values['format'], ['text', 'json'] as const, 'format', 'build', 'text');
    const progress = oneOf(values['progress'], ['auto', 'tty', 'plain', 'none'] as const, 'progress', 'build', 'auto');
    let concurrency: number | undefined;
    if (values['concurrency'] !== undefined) {
      concurrency = Number(values['concurrency']);
      if (!Number.isInteger(concurrency) || concurrency < 0 || concurrency > 64) throw new UsageError(`--concurrency must be a whole number from 0 to 64 (got "${String(values['concurrency'])}")`, 'build');
    }
    const repo = resolve(io.cwd, positionals[0] ?? '.');
    if (!existsSync(repo)) throw new InputError(`${repo} does not exist; give the folder of the registry repository`);
    const stats = typeof values['stats'] === 'string' ? resolve(io.cwd, values['stats']) : undefined;
    let summary;
    try {
      summary = await buildRegistry({
        repo,
        out: resolve(io.cwd, typeof values['out'] === 'string' ? values['out'] : 'dist'),
        ...(typeof values['ref'] === 'string' ? { ref: values['ref'] } : {}),
        full: values['full'] === true,
        ...(stats !== undefined ? { statsFile: stats } : {}),
        ...(typeof values['reviews-dir'] === 'string' ? { reviewsDir: values['reviews-dir'] } : {}),
        progress: io.env['CI'] && progress === 'auto' ? 'plain' : progress,
        ...(concurrency !== undefined ? { concurrency } : {}),
        progressStream: { write: (text: string) => io.err(text), isTTY: process.stderr.isTTY === true, columns: process.stderr.columns ?? 100 },
      });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'NotFoundError' || code === 'ENOENT') throw new InputError(`cannot read the registry repository at ${repo}: ${(error as Error).message}`, { cause: error });
      throw error;
    }
    if (format === 'json') {
      io.out(`${JSON.stringify(summary, null, 2)}\n`);
      return EXIT.ok;
    }
    for (const w of summary.warnings.slice(0, MAX_WARNINGS_SHOWN)) io.err(`${io.paintErr('yellow', 'warning')} ${sanitizeTerminal(issueLine(w))}\n`);
    if (summary.warnings.length > MAX_WARNINGS_SHOWN) io.err(`… and ${summary.warnings.length - MAX_WARNINGS_SHOWN} more warnings (--format json lists them all)\n`);
    io.out(`${formatSummary(summary)}\n`);
    return EXIT.ok;
  },
};
