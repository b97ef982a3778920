// The site's `_headers` file: its content (a strict CSP without 'unsafe-inline'), and the parser
// and matcher a server applies it with.
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, headersForPath, matchHeaderPattern, parseHeadersFile, renderHeadersFile, SITE_HEADER_RULES } from '../../scripts/site/headers.ts';

const file = renderHeadersFile(SITE_HEADER_RULES, 'a comment');

describe('the site headers', () => {
  it('forbid inline script and anything from another origin', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https?:/);
  });

  it('apply the CSP and the hardening headers to every page', () => {
    const h = headersForPath(parseHeadersFile(file), '/souls/acme/tutor/');
    expect(h['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('DENY');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['Cache-Control']).toBeUndefined();
  });

  it('cache hashed assets for a year and let other sites embed badges', () => {
    const rules = parseHeadersFile(file);
    expect(headersForPath(rules, '/_astro/site.abc123.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersForPath(rules, '/badge/acme/tutor.svg')['Cross-Origin-Resource-Policy']).toBe('cross-origin');
    expect(headersForPath(rules, '/souls/')['Cross-Origin-Resource-Policy']).toBeUndefined();
  });

  it('round-trip through the file format', () => {
    expect(parseHeadersFile(file)).toEqual(SITE_HEADER_RULES);
    expect(file.startsWith('# a comment\n/*\n  Content-Security-Policy: ')).toBe(true);
  });
});

describe('parseHeadersFile and headersForPath', () => {
  it('join a header set by two rules and let "! Name" remove one', () => {
    const rules = parseHeadersFile('/*\n  X-A: 1\n  X-B: keep\n/x/*\n  X-A: 2\n  ! X-B\n');
    expect(headersForPath(rules, '/x/y')).toEqual({ 'X-A': '1, 2' });
    expect(headersForPath(rules, '/z')).toEqual({ 'X-A': '1', 'X-B': 'keep' });
  });

  it('ignore comments, blank lines, header lines before any pattern and lines without a colon', () => {
    expect(parseHeadersFile('  X-Orphan: 1\n# c\n\n/a\n  no colon here\n  X-Ok: yes\r\n')).toEqual([{ pattern: '/a', set: [['X-Ok', 'yes']], detach: [] }]);
  });
});

describe('matchHeaderPattern', () => {
  it.each([
    ['/*', '/', true],
    ['/*', '/a/b/c', true],
    ['/badge/*', '/badge/a/b.svg', true],
    ['/badge/*', '/badges/a.svg', false],
    ['/souls/:owner/:name/', '/souls/acme/tutor/', true],
    ['/souls/:owner/:name/', '/souls/acme/x/y/', false],
    ['/exact', '/exact', true],
    ['/exact', '/exact/', false],
    ['/*.svg', '/a/b.svg', true],
    ['/*.svg', '/a/b.png', false],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(matchHeaderPattern(pattern, path)).toBe(expected);
  });

  it('takes linear time on a long path against many splats', () => {
    const started = performance.now();
    expect(matchHeaderPattern('/*a*a*a*a*a*a*b', `/${'a'.repeat(20_000)}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
