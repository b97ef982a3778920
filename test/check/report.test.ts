import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitReader } from '../../scripts/build/git/reader.ts';
import { runCheck } from '../../scripts/check/check.ts';
import type { CheckResult } from '../../scripts/check/check.ts';
import { REPORT_MARKER, escapeCommandData, escapeCommandProperty, renderCheckAnnotations, renderCheckJson, renderCheckMarkdown, renderCheckSarif, renderCheckText } from '../../scripts/check/report.ts';
import { COMMENT_MARKER } from '../../scripts/check/pr-event.ts';
import { cleanup, soul, tempDir } from '../cli/run.ts';
import { sarifSchemaErrors } from '../core/render/sarif-schema.ts';
import { BENIGN_SOUL } from '../helpers/soul.ts';
import { INJECTION, prRepo, soulFolder } from './fixtures.ts';
import type { PrRepo } from './fixtures.ts';

let repo: PrRepo;
let result: CheckResult;
let out: string;

beforeAll(async () => {
  // Two souls: one with an injection whose SOUL.md name and text carry Markdown and command syntax, one in another namespace.
  repo = await prRepo({
    pr: [
      {
        files: {
          ...soulFolder('alice', 'tutor', { soul: `${BENIGN_SOUL}\n${INJECTION}\n`, extra: { 'a,b:c.md': '# Notes | <b>\n\n%0A::warning::fake\n' } }),
          ...soulFolder('bob', 'helper'),
        },
      },
    ],
  });
  const reader = createGitReader({ dir: repo.dir });
  result = await runCheck({ reader, base: repo.base, head: repo.head, author: 'alice' });
  reader.close();
  out = tempDir();
}, 60_000);

afterAll(() => {
  repo.cleanup();
  cleanup(out);
});

describe('Markdown report', () => {
  it('starts with the sticky-comment marker the comment workflow looks for', () => {
    expect(REPORT_MARKER).toBe(COMMENT_MARKER);
    expect(renderCheckMarkdown(result).startsWith(`${REPORT_MARKER}\n## ❌ soul check: must not merge`)).toBe(true);
  });

  it('has one row per soul with grade, score, status and result', () => {
    const md = renderCheckMarkdown(result);
    expect(md).toMatch(/\| alice\/tutor \| 1\.0\.0 \| .+ \| \d+\/100 \| fail \| ❌ blocked \(400\) \|/);
    expect(md).toMatch(/\| bob\/helper \| 1\.0\.0 \| 🟢 Verified \| 100\/100 \| pass \| ❌ blocked \(403\) \|/);
  });

  it('lists findings with file and line', () => {
    expect(renderCheckMarkdown(result)).toContain('| ❌ error | `SEC001` | souls/alice/tutor/SOUL.md:13 |');
  });

  it('lists the gate problems of each soul', () => {
    expect(renderCheckMarkdown(result)).toMatch(/### ❌ bob\/helper\n\n- ❌ `NAMESPACE_FORBIDDEN` \(403\): alice may not publish/);
  });

  it('escapes text that came from the pull request', () => {
    const md = renderCheckMarkdown(result);
    expect(md).not.toContain('<b>');
  });
});

describe('GitHub annotations', () => {
  it('escapes data and properties of workflow commands', () => {
    expect(escapeCommandData('50%\r\nnext')).toBe('50%25%0D%0Anext');
    expect(escapeCommandProperty('a,b:c')).toBe('a%2Cb%3Ac');
  });

  it('prints one command per line, every line a command', () => {
    const lines = renderCheckAnnotations(result).trimEnd().split('\n');
    expect(lines.every((l) => /^::(error|warning|notice) /.test(l))).toBe(true);
    expect(lines).toContain('::error file=souls/bob/helper/soul.json,title=bob/helper%3A NAMESPACE_FORBIDDEN::alice may not publish in the namespace "bob": publish under souls/alice/, or ask bob to list alice for "bob" in the owners file (OWNERS.json)');
    expect(lines.some((l) => l.startsWith('::error file=souls/alice/tutor/SOUL.md,line=13,title=SoulScan SEC001::'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^::notice title=soul check::must not merge: 2 souls/);
  });
});

describe('SARIF', () => {
  it('validates against the SARIF 2.1.0 schema', () => {
    expect(sarifSchemaErrors(renderCheckSarif(result))).toEqual([]);
  });

  it('holds the scan findings and the gate failures with locations', () => {
    const run = renderCheckSarif(result).runs[0]!;
    const ids = (run.results ?? []).map((r) => r.ruleId);
    expect(ids).toContain('SEC001');
    expect(ids).toContain('NAMESPACE_FORBIDDEN');
    const gate = run.results?.find((r) => r.ruleId === 'NAMESPACE_FORBIDDEN');
    expect(gate?.locations?.[0]?.physicalLocation?.artifactLocation?.uri).toBe('souls/bob/helper/soul.json');
    expect(run.tool.driver.rules?.[gate!.ruleIndex!]?.id).toBe('NAMESPACE_FORBIDDEN');
  });
});

describe('JSON and text', () => {
  it('round-trips the result as JSON', () => {
    expect(JSON.parse(renderCheckJson(result))).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it('writes plain text with findings at file:line', () => {
    const text = renderCheckText(result);
    expect(text).toContain('souls/alice/tutor/SOUL.md:13');
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/must not merge/);
  });
});

describe('soul check on the command line', () => {
  it('writes every report in one run, annotations on stdout, and exits 1', () => {
    const r = soul(
      ['check', '--repo', repo.dir, '--base', repo.base, '--head', repo.head, '--author', 'alice', '--format', 'github', '--pr-number', '12', '--markdown', join(out, 'r.md'), '--json', join(out, 'r.json'), '--sarif', join(out, 'r.sarif')],
      { cwd: out },
    );
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(/^::error /);
    expect(readFileSync(join(out, 'r.md'), 'utf8')).toContain('PR #12');
    const json = JSON.parse(readFileSync(join(out, 'r.json'), 'utf8')) as CheckResult;
    expect(json.pullRequest).toEqual({ number: 12 });
    expect(json.head).toBe(repo.head);
    expect(sarifSchemaErrors(JSON.parse(readFileSync(join(out, 'r.sarif'), 'utf8')))).toEqual([]);
  });

  it('exits 0 when the pull request may merge', () => {
    const r = soul(['check', '--repo', repo.dir, '--base', repo.base, '--head', repo.base, '--author', 'alice'], { cwd: out });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/may merge/);
  });

  it('exits 2 with a message when a ref is unknown', () => {
    const r = soul(['check', '--repo', repo.dir, '--base', 'main', '--head', 'nope', '--author', 'alice'], { cwd: out });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--head "nope" is not a commit/);
  });

  it('exits 2 when a required option is missing', () => {
    const r = soul(['check', '--repo', repo.dir, '--base', 'main'], { cwd: out });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--author are required/);
  });

  it('keeps a history cache that the next run continues from', () => {
    const cache = join(out, 'history.json');
    const first = soul(['check', '--repo', repo.dir, '--base', repo.base, '--head', repo.head, '--author', 'alice', '--format', 'json', '--history', cache], { cwd: out });
    expect(existsSync(cache)).toBe(true);
    expect((JSON.parse(first.stdout) as CheckResult).history?.source).toBe('full');
    const second = soul(['check', '--repo', repo.dir, '--base', repo.base, '--head', repo.head, '--author', 'alice', '--format', 'json', '--history', cache], { cwd: out });
    expect((JSON.parse(second.stdout) as CheckResult).history).toEqual({ source: 'saved', commitsWalked: 0 });
  });
});
