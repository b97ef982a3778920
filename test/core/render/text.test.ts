import { describe, expect, it } from 'vitest';
import { renderResultText, renderScanText, sanitizeTerminal } from '../../../scripts/core/render/text.ts';
import type { Paint } from '../../../scripts/core/render/types.ts';
import { MIXED, result } from './results.ts';

const tagPaint: Paint = (style, text) => `<${style}>${text}</${style}>`;

describe('renderResultText', () => {
  it('starts with the folder, then grade, score and status', () => {
    const lines = renderResultText({ path: 'souls/acme/tutor', result: result(MIXED) }).split('\n');
    expect(lines[0]).toBe('souls/acme/tutor');
    expect(lines[1]).toMatch(/✖ Medium Risk {2}score 45\/100 {2}fail {2}2 errors, 1 warning, 1 info/);
  });

  it('groups findings by severity with code, file:line and message', () => {
    const text = renderResultText({ path: 'p', result: result(MIXED) });
    const errorsAt = text.indexOf('Errors');
    const warningsAt = text.indexOf('Warnings');
    expect(errorsAt).toBeGreaterThan(0);
    expect(warningsAt).toBeGreaterThan(errorsAt);
    expect(text).toMatch(/SEC001 +SOUL\.md:12 +Prompt injection/);
    expect(text).toMatch(/SCHEMA003 +- +soul\.json is missing/);
  });

  it('counts info findings without listing them unless asked', () => {
    const hidden = renderScanText([{ path: 'p', result: result(MIXED) }]);
    expect(hidden).not.toContain('812 characters');
    expect(hidden.trimEnd().split('\n').at(-1)).toBe('1 info note not shown (--verbose lists them)');
    const shown = renderResultText({ path: 'p', result: result(MIXED) }, { showInfo: true });
    expect(shown).toMatch(/Info\n +QUALITY010 +SOUL\.md +SOUL\.md has 812 characters/);
  });

  it('paints through the injected colour function', () => {
    const text = renderResultText({ path: 'p', result: result(MIXED) }, { paint: tagPaint });
    expect(text).toContain('<yellow>✖ Medium Risk</yellow>');
    expect(text).toContain('<red>SEC001');
    expect(text).toContain('<yellow>Warnings</yellow>');
  });

  it('uses no escape codes without a colour function', () => {
    expect(renderResultText({ path: 'p', result: result(MIXED) })).not.toContain('\u001b');
  });

  it('shows a clean package as Verified with a check mark', () => {
    const text = renderResultText({ path: 'p', result: result([]) }, { paint: tagPaint });
    expect(text).toContain('<green>✔ Verified</green>');
  });

  it('mentions the embodied bonus when there is one', () => {
    expect(renderResultText({ path: 'p', result: result([], { bonus: 10 }) })).toContain('+10 embodied bonus');
  });

  it('strips terminal control sequences from messages and file names', () => {
    const r = result([{ code: 'SEC001', severity: 'error', message: 'evil \u001b[2J\u001b]0;title\u0007 text', file: 'a\u001b[31m.md' }]);
    const text = renderResultText({ path: 'p', result: r });
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u0007');
    expect(text).toContain('\\u{1b}[2J');
  });
});

describe('renderScanText', () => {
  it('adds a summary line for several packages', () => {
    const text = renderScanText([
      { path: 'a', result: result([]) },
      { path: 'b', result: result(MIXED) },
    ]);
    expect(text.trimEnd().split('\n').at(-2)).toBe('2 packages scanned: 1 Verified, 1 Medium Risk; 2 errors, 1 warning');
  });

  it('counts scans that could not finish in the summary', () => {
    const text = renderScanText([
      { path: 'a', result: result([], { status: 'error' }) },
      { path: 'b', result: result([]) },
    ]);
    expect(text).toContain('; 1 incomplete (a rule family failed)');
  });

  it('prints no summary for a single package', () => {
    expect(renderScanText([{ path: 'a', result: result(MIXED) }])).not.toContain('scanned');
  });
});

describe('sanitizeTerminal', () => {
  it('turns bidi overrides into visible escapes', () => {
    expect(sanitizeTerminal('a\u202eb')).toBe('a\\u{202e}b');
  });

  it('keeps ordinary unicode text', () => {
    expect(sanitizeTerminal('café – 日本')).toBe('café – 日本');
  });
});
