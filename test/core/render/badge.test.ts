// The SoulScan badge: grade and score text, colours with contrast, escaping, valid standalone SVG.
import { describe, expect, it } from 'vitest';
import { BADGE_COLORS, BADGE_LABEL_COLOR, BADGE_TEXT_COLOR, BADGE_UNKNOWN_COLOR, badgeColor, badgeMessage, contrastRatio, measureBadgeText, renderBadge } from '../../../scripts/core/render/badge.ts';
import { GRADES } from '../../../scripts/core/scan/types.ts';

describe('renderBadge', () => {
  it('shows the grade and the score', () => {
    const svg = renderBadge({ grade: 'Verified', score: 98 });
    expect(svg).toContain('>Verified 98</text>');
    expect(svg).toContain('aria-label="SoulScan: Verified 98"');
    expect(svg).toContain('<title>SoulScan: Verified 98</title>');
  });

  it('uses the colour of the grade for the value part', () => {
    for (const grade of GRADES) expect(renderBadge({ grade, score: 50 })).toContain(`fill="${BADGE_COLORS[grade]}"`);
  });

  it('shows "unknown" in grey when there is no grade', () => {
    const svg = renderBadge({ grade: null });
    expect(svg).toContain('>unknown</text>');
    expect(svg).toContain(`fill="${BADGE_UNKNOWN_COLOR}"`);
  });

  it('rounds and clamps the score to 0..100', () => {
    expect(badgeMessage({ grade: 'Low Risk', score: 72.6 })).toBe('Low Risk 73');
    expect(badgeMessage({ grade: 'Verified', score: 140 })).toBe('Verified 100');
    expect(badgeMessage({ grade: 'Blocked', score: -5 })).toBe('Blocked 0');
  });

  it('escapes a custom label and drops control characters', () => {
    const svg = renderBadge({ grade: 'Verified', score: 90, label: '<script>"x"&\u0007' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;&quot;x&quot;&amp;');
    expect(svg).not.toContain('\u0007');
  });

  it('is a standalone SVG without scripts, links or external references', () => {
    const svg = renderBadge({ grade: 'Medium Risk', score: 55 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toMatch(/<script|on[a-z]+=|href=|xlink|@import|url\(http/i);
  });

  it('grows with the text it holds', () => {
    const width = (svg: string): number => Number(/width="(\d+)"/.exec(svg)?.[1]);
    expect(width(renderBadge({ grade: 'Medium Risk', score: 55 }))).toBeGreaterThan(width(renderBadge({ grade: 'Blocked', score: 0 })));
    expect(measureBadgeText('WWW')).toBeGreaterThan(measureBadgeText('iii'));
  });

  it('keeps white text readable on every colour (contrast at least 4.5:1)', () => {
    for (const grade of GRADES) expect(contrastRatio(BADGE_TEXT_COLOR, badgeColor(grade))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(BADGE_TEXT_COLOR, BADGE_UNKNOWN_COLOR)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(BADGE_TEXT_COLOR, BADGE_LABEL_COLOR)).toBeGreaterThanOrEqual(4.5);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
    expect(() => contrastRatio('red', '#000000')).toThrow(/#rrggbb/);
  });

  it('gives the same bytes for the same input', () => {
    expect(renderBadge({ grade: 'High Risk', score: 12 })).toBe(renderBadge({ grade: 'High Risk', score: 12 }));
  });
});
