// The browser scripts' pure helpers: formatting shared with the pages, the same-site return path
// after sign-in, and the kinds of diff lines.
import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../scripts/site/client/api.ts';
import { patchLineKind } from '../../scripts/site/client/diff-view.ts';
import { badgePath, formatCount, formatDate, formatRating, gradeClass, soulApiPath, soulPath, stars } from '../../scripts/site/client/format.ts';

describe('formatting', () => {
  it('formats counts with separators whatever the locale', () => {
    expect([0, 7, 999, 1000, 12345, 1234567].map(formatCount)).toEqual(['0', '7', '999', '1,000', '12,345', '1,234,567']);
  });

  it('formats ratings with the number of reviews', () => {
    expect(formatRating(4.25, 2)).toBe('4.3 / 5 (2 reviews)');
    expect(formatRating(5, 1)).toBe('5.0 / 5 (1 review)');
    expect(formatRating(0, 0)).toBe('no reviews yet');
  });

  it('formats times as UTC dates and refuses nonsense', () => {
    expect(formatDate('2024-01-05T23:30:00-02:00')).toBe('2024-01-06');
    expect(formatDate('yesterday')).toBe('');
  });

  it('draws stars for a rating, clamped to 0..5', () => {
    expect(stars(4)).toBe('★★★★☆');
    expect(stars(9)).toBe('★★★★★');
  });

  it('maps grades to chip classes', () => {
    expect(gradeClass('Verified')).toBe('grade-verified');
    expect(gradeClass('Medium Risk')).toBe('grade-medium');
    expect(gradeClass('<script>')).toBe('grade-unknown');
  });

  it('builds the site and API paths of a soul, encoded', () => {
    expect(soulPath('acme', 'tutor')).toBe('/souls/acme/tutor/');
    expect(soulApiPath('acme', 'tutor', '/diff')).toBe('/api/v1/souls/acme/tutor/diff');
    expect(badgePath('a/b', 'c')).toBe('/badge/a%2Fb/c.svg');
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/dashboard/', '/dashboard/'],
    ['/souls/acme/tutor/?version=1.0.0#reviews', '/souls/acme/tutor/?version=1.0.0#reviews'],
    [null, '/dashboard/'],
    ['https://evil.example/', '/dashboard/'],
    ['//evil.example/', '/dashboard/'],
    ['/\\evil.example/', '/dashboard/'],
    ['/a\\b', '/dashboard/'],
    ['/a\nb', '/dashboard/'],
    ['javascript:alert(1)', '/dashboard/'],
  ])('keeps only a same-site path: %s → %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });
});

describe('patchLineKind', () => {
  it('tells headers, hunks, additions, deletions and context apart', () => {
    expect(['--- a/x', '+++ b/x', '@@ -1 +1 @@', '+new', '-old', ' same', '\\ No newline at end of file'].map(patchLineKind)).toEqual(['meta', 'meta', 'hunk', 'add', 'del', 'ctx', 'meta']);
  });
});
