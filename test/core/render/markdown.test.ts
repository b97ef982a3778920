import { describe, expect, it } from 'vitest';
import { escapeMarkdownCell, renderScanMarkdown } from '../../../scripts/core/render/markdown.ts';
import { MIXED, result } from './results.ts';

/** The data rows of the findings table (lines starting with a severity cell). */
function findingRows(md: string): string[] {
  return md.split('\n').filter((l) => /^\| (❌|⚠️|ℹ️) /.test(l));
}

/** Cells of a table row, splitting only on pipes that are not escaped. */
function cells(row: string): string[] {
  return row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('renderScanMarkdown', () => {
  it('shows grade, score and status for a package', () => {
    const md = renderScanMarkdown([{ path: 'souls/acme/tutor', result: result(MIXED) }]);
    expect(md).toContain('## souls/acme/tutor');
    expect(md).toContain('**Medium Risk**');
    expect(md).toContain('**45/100**');
    expect(md).toContain('status `fail`');
  });

  it('lists every finding in a table with file and line', () => {
    const rows = findingRows(renderScanMarkdown([{ path: 'p', result: result(MIXED) }]));
    expect(rows).toHaveLength(4);
    expect(cells(rows[0]!)).toEqual(['❌ error', '`SEC001`', 'SOUL.md:12', expect.stringContaining('Prompt injection') as unknown as string]);
    expect(cells(rows[1]!)[2]).toBe('—');
  });

  it('says there are no findings for a clean package', () => {
    const md = renderScanMarkdown([{ path: 'p', result: result([]) }]);
    expect(md).toContain('No findings.');
    expect(md).toContain('**Verified**');
  });

  it('escapes pipes so a message cannot add table columns', () => {
    const r = result([{ code: 'SEC001', severity: 'error', message: 'a | b | c', file: 'SOUL.md', line: 1 }]);
    const rows = findingRows(renderScanMarkdown([{ path: 'p', result: r }]));
    expect(cells(rows[0]!)).toHaveLength(4);
    expect(rows[0]).toContain('a \\| b \\| c');
  });

  it('escapes backticks and HTML so a message cannot inject markup', () => {
    const r = result([{ code: 'SEC020', severity: 'error', message: 'found `<script>alert(1)</script>` and <img src=x onerror=y>', file: 'SOUL.md' }]);
    const md = renderScanMarkdown([{ path: 'p', result: r }]);
    expect(md).not.toMatch(/<script|<img/);
    expect(md).toContain('&lt;script&gt;');
    expect(md).toContain('\\`');
  });

  it('keeps a multi-line message on one table row', () => {
    const r = result([{ code: 'SEC001', severity: 'error', message: 'line one\n| --- |\n# heading', file: 'SOUL.md' }]);
    const md = renderScanMarkdown([{ path: 'p', result: r }]);
    expect(findingRows(md)).toHaveLength(1);
    expect(md).not.toMatch(/^# heading/m);
  });

  it('escapes file names and neutralises @-mentions and links', () => {
    const r = result([{ code: 'SEC001', severity: 'error', message: 'ping @octocat see [x](https://evil.example)', file: 'a|b.md', line: 3 }]);
    const row = findingRows(renderScanMarkdown([{ path: 'p', result: r }]))[0]!;
    expect(cells(row)).toHaveLength(4);
    expect(row).not.toContain('@octocat');
    expect(row).not.toContain('](https://');
    expect(row).toContain('a\\|b.md:3');
  });

  it('adds an overview table when several packages are reported', () => {
    const md = renderScanMarkdown([
      { path: 'souls/a/one', result: result([]) },
      { path: 'souls/b/two', result: result(MIXED) },
    ]);
    expect(md).toContain('| Package | Grade | Score | Status | Errors | Warnings |');
    expect(md).toContain('| souls/a/one | 🟢 Verified | 100 | pass | 0 | 0 |');
    expect(md).toContain('## souls/b/two');
  });

  it('leaves info findings out when includeInfo is false', () => {
    const rows = findingRows(renderScanMarkdown([{ path: 'p', result: result(MIXED) }], { includeInfo: false }));
    expect(rows).toHaveLength(3);
  });
});

describe('escapeMarkdownCell', () => {
  it('escapes markdown punctuation and HTML', () => {
    expect(escapeMarkdownCell('*a* _b_ <i>&')).toBe('\\*a\\* \\_b\\_ &lt;i&gt;&amp;');
  });

  it('shows text-direction controls instead of letting them reorder the row', () => {
    expect(escapeMarkdownCell('abc\u202edcba')).toBe('abcU+202Edcba');
  });

  it('leaves plain words untouched', () => {
    expect(escapeMarkdownCell('IDENTITY.md is short; add a role')).toBe('IDENTITY.md is short; add a role');
  });
});
