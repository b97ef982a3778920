// `soul check`: the pull-request gate, runnable locally and in CI (see scripts/check/check.ts).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createGitReader } from '../../build/git/reader.ts';
import { CheckInputError, runCheck } from '../../check/check.ts';
import type { CheckResult } from '../../check/check.ts';
import { readSavedHistory } from '../../check/published.ts';
import { renderCheckAnnotations, renderCheckJson, renderCheckMarkdown, renderCheckSarif, renderCheckText } from '../../check/report.ts';
import { parsePrNumber } from '../../check/pr-event.ts';
import { EXIT, InputError, UsageError, oneOf, type CliIO, type Command } from '../lib/command.ts';

const FORMATS = ['text', 'markdown', 'json', 'sarif', 'github'] as const;
type Format = (typeof FORMATS)[number];
/** The build's state, read (never written) when present: its history makes the check incremental. */
const BUILD_STATE = 'dist/private/build-state.json';

function render(result: CheckResult, format: Format, options: { paint: CliIO['paint']; verbose: boolean }): string {
  switch (format) {
    case 'markdown':
      return renderCheckMarkdown(result);
    case 'json':
      return renderCheckJson(result);
    case 'sarif':
      return `${JSON.stringify(renderCheckSarif(result), null, 2)}\n`;
    case 'github':
      return renderCheckAnnotations(result);
    default:
      return renderCheckText(result, { paint: options.paint, verbose: options.verbose });
  }
}

function stringOption(values: Record<string, unknown>, name: string): string | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} needs a value`, 'check');
  return v;
}

function write(cwd: string, file: string, text: string): void {
  const abs = resolve(cwd, file);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

export const command: Command = {
  name: 'check',
  summary: 'Check a pull request like the registry gate: souls touched, namespace, version, SoulScan',
  usage: `Usage: soul check --base <ref> --head <ref> --author <login> [options]

Decides whether a pull request may merge into a registry repository. Reads the two commits from
git (nothing is checked out or run): the souls the change touches (souls/<owner>/<name>/ only;
souls and code together are refused, reviews/ and deletions too), the namespace (the author, or
a login listed in OWNERS.json at the base; the official namespace only for superusers), and per
soul the name, schema, licence, SoulScan and a version above the latest published, with
published versions left unchanged. For a pull request from a fork, fetch its head into the
repository first (git fetch origin pull/<n>/head).

Writes several reports from one run: --format (default text) to stdout or --output, and any of
--markdown, --json, --sarif, --text to files. --format github prints annotations for Actions.

Exit status: 0 when the pull request may merge, 1 when it must not, 2 on a usage or input error.

Examples:
  soul check --base origin/main --head HEAD --author octocat
  soul check --base $BASE --head $HEAD --author $AUTHOR --format github \\
    --markdown report.md --json report.json --sarif soul-check.sarif`,
  maxPositionals: 0,
  options: {
    base: { type: 'string', help: 'the base branch tip the pull request merges into (ref or SHA)', valueName: 'ref' },
    head: { type: 'string', help: 'the pull request head (ref or SHA)', valueName: 'ref' },
    author: { type: 'string', help: 'the pull request author (GitHub login)', valueName: 'login' },
    repo: { type: 'string', help: 'the registry repository (default: the current folder)', valueName: 'dir' },
    format: { type: 'string', short: 'f', help: 'stdout format: text (default), markdown, json, sarif or github', valueName: 'format' },
    output: { type: 'string', short: 'o', help: 'write the --format report to a file instead of stdout', valueName: 'file' },
    markdown: { type: 'string', help: 'also write the Markdown report to a file', valueName: 'file' },
    json: { type: 'string', help: 'also write the JSON report to a file', valueName: 'file' },
    sarif: { type: 'string', help: 'also write SARIF 2.1.0 to a file', valueName: 'file' },
    text: { type: 'string', help: 'also write the text report to a file', valueName: 'file' },
    'pr-number': { type: 'string', help: 'the pull request number, recorded in the JSON report', valueName: 'n' },
    history: { type: 'string', help: 'a history cache file: read when present, updated after the run (faster repeated checks)', valueName: 'file' },
    'build-state': { type: 'string', help: `the build's state to start from (default: <repo>/${BUILD_STATE} when present)`, valueName: 'file' },
    verbose: { type: 'boolean', short: 'v', help: 'also list info checks in text output' },
  },
  async run({ values }, io) {
    const base = stringOption(values, 'base');
    const head = stringOption(values, 'head');
    const author = stringOption(values, 'author');
    if (base === undefined || head === undefined || author === undefined) {
      throw new UsageError('--base, --head and --author are required, e.g. --base origin/main --head HEAD --author octocat', 'check');
    }
    const format = oneOf(values['format'], FORMATS, 'format', 'check', 'text');
    const prOption = stringOption(values, 'pr-number');
    const prNumber = prOption === undefined ? null : parsePrNumber(prOption);
    if (prOption !== undefined && prNumber === null) throw new UsageError(`--pr-number must be a positive integer (got "${prOption}")`, 'check');

    const repo = resolve(io.cwd, stringOption(values, 'repo') ?? '.');
    if (!existsSync(join(repo, '.git')) && !existsSync(join(repo, 'objects'))) throw new InputError(`${repo} is not a git repository; pass --repo <dir> of a registry clone`);
    const historyFile = stringOption(values, 'history');
    const stateOption = stringOption(values, 'build-state');
    const stateFile = stateOption !== undefined ? resolve(io.cwd, stateOption) : join(repo, BUILD_STATE);
    const saved = (historyFile !== undefined ? readSavedHistory(resolve(io.cwd, historyFile)) : null) ?? (existsSync(stateFile) ? readSavedHistory(stateFile) : null);

    const reader = createGitReader({ dir: repo });
    let result: CheckResult;
    try {
      result = await runCheck({ reader, base, head, author, savedHistory: saved, ...(historyFile !== undefined ? { saveHistoryTo: resolve(io.cwd, historyFile) } : {}) });
    } catch (e) {
      if (e instanceof CheckInputError) throw new InputError(e.message, { cause: e });
      throw e;
    } finally {
      reader.close();
    }
    if (prNumber !== null) result.pullRequest = { number: prNumber };

    const verbose = values['verbose'] === true;
    const extra: [string, Format][] = [];
    for (const f of ['markdown', 'json', 'sarif', 'text'] as const) {
      const file = stringOption(values, f);
      if (file !== undefined) extra.push([file, f]);
    }
    for (const [file, f] of extra) write(io.cwd, file, render(result, f, { paint: (_s, t) => t, verbose }));
    const output = stringOption(values, 'output');
    if (output !== undefined) write(io.cwd, output, render(result, format, { paint: (_s, t) => t, verbose }));
    else io.out(render(result, format, { paint: io.paint, verbose }));
    if (output !== undefined || extra.length > 0) {
      const files = [...extra.map(([file]) => file), ...(output !== undefined ? [output] : [])];
      io.err(`soul check: wrote ${files.join(', ')}\n`);
    }
    return result.ok ? EXIT.ok : EXIT.failed;
  },
};
