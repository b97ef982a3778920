import { describe, expect, it } from 'vitest';
import { hasStaticFormat, parseStaticFile, parseStaticRoute, staticPathFor, zipPathFor } from '../../scripts/core/static-paths.ts';
import type { StaticRoute } from '../../scripts/core/static-paths.ts';

const soul = { owner: 'acme', name: 'tutor' } as const;

describe('staticPathFor', () => {
  it('maps the default soul list to souls.json and souls.md', () => {
    expect(staticPathFor({ kind: 'souls' }, 'json')).toBe('souls.json');
    expect(staticPathFor({ kind: 'souls' }, 'md')).toBe('souls.md');
  });

  it('maps soul details to the path plus .json and .md', () => {
    expect(staticPathFor({ kind: 'soul', ...soul }, 'json')).toBe('souls/acme/tutor.json');
    expect(staticPathFor({ kind: 'soul', ...soul }, 'md')).toBe('souls/acme/tutor.md');
  });

  it('stores ?version= details and bundles under an @version suffix', () => {
    expect(staticPathFor({ kind: 'soul', ...soul, version: '1.2.0' })).toBe('souls/acme/tutor@1.2.0.json');
    expect(staticPathFor({ kind: 'bundle', ...soul, version: '1.2.0' })).toBe('bundle/acme/tutor@1.2.0.json');
    expect(staticPathFor({ kind: 'bundle', ...soul })).toBe('bundle/acme/tutor.json');
  });

  it('holds no Markdown for per-version details (the worker renders it)', () => {
    expect(staticPathFor({ kind: 'soul', ...soul, version: '1.2.0' }, 'md')).toBeNull();
    expect(hasStaticFormat({ kind: 'scan', ...soul }, 'md')).toBe(false);
  });

  it('maps the sub-resources of a soul', () => {
    expect(staticPathFor({ kind: 'scan', ...soul })).toBe('souls/acme/tutor/scan.json');
    expect(staticPathFor({ kind: 'versions', ...soul })).toBe('souls/acme/tutor/versions.json');
    expect(staticPathFor({ kind: 'version', ...soul, version: '0.1.0' })).toBe('souls/acme/tutor/versions/0.1.0.json');
    expect(staticPathFor({ kind: 'reviews', ...soul })).toBe('souls/acme/tutor/reviews.json');
  });

  it('maps the global resources', () => {
    expect(staticPathFor({ kind: 'categories' })).toBe('categories.json');
    expect(staticPathFor({ kind: 'scan-rules' })).toBe('scan-rules.json');
    expect(staticPathFor({ kind: 'openapi' })).toBe('openapi.json');
  });

  it('refuses ids that could leave the tree', () => {
    expect(() => staticPathFor({ kind: 'soul', owner: '..', name: 'tutor' })).toThrow(/owner/);
    expect(() => staticPathFor({ kind: 'soul', owner: 'acme', name: 'a/b' })).toThrow(/name/);
    expect(() => staticPathFor({ kind: 'version', ...soul, version: '../1.0.0' })).toThrow(/version/);
    expect(() => zipPathFor('acme', 'tutor', '1.0')).toThrow(/version/);
  });

  it('puts ZIPs outside the public API tree', () => {
    expect(zipPathFor('acme', 'tutor', '1.0.0')).toBe('private/zips/acme/tutor/1.0.0.zip');
  });
});

describe('parseStaticRoute', () => {
  it('parses every static endpoint', () => {
    expect(parseStaticRoute('/souls')).toEqual({ kind: 'souls' });
    expect(parseStaticRoute('/souls/acme/tutor')).toEqual({ kind: 'soul', ...soul });
    expect(parseStaticRoute('/souls/acme/tutor/scan')).toEqual({ kind: 'scan', ...soul });
    expect(parseStaticRoute('/souls/acme/tutor/versions')).toEqual({ kind: 'versions', ...soul });
    expect(parseStaticRoute('/souls/acme/tutor/versions/1.0.0')).toEqual({ kind: 'version', ...soul, version: '1.0.0' });
    expect(parseStaticRoute('/souls/acme/tutor/reviews')).toEqual({ kind: 'reviews', ...soul });
    expect(parseStaticRoute('/bundle/acme/tutor')).toEqual({ kind: 'bundle', ...soul });
    expect(parseStaticRoute('/categories')).toEqual({ kind: 'categories' });
    expect(parseStaticRoute('/scan-rules')).toEqual({ kind: 'scan-rules' });
  });

  it('accepts a version parameter on details and bundles only', () => {
    expect(parseStaticRoute('/souls/acme/tutor', { version: '2.0.1' })).toEqual({ kind: 'soul', ...soul, version: '2.0.1' });
    expect(parseStaticRoute('/bundle/acme/tutor', { version: '2.0.1' })).toEqual({ kind: 'bundle', ...soul, version: '2.0.1' });
    expect(parseStaticRoute('/souls/acme/tutor/versions', { version: '2.0.1' })).toBeNull();
    expect(parseStaticRoute('/souls', { version: '2.0.1' })).toBeNull();
  });

  it('leaves any other query to the worker', () => {
    expect(parseStaticRoute('/souls', { page: '2' })).toBeNull();
    expect(parseStaticRoute('/souls/acme/tutor/reviews', { offset: '20' })).toBeNull();
    expect(parseStaticRoute('/souls/acme/tutor', { version: '1.0.0', files: 'true' })).toBeNull();
  });

  it('leaves an invalid version or id to the worker', () => {
    expect(parseStaticRoute('/souls/acme/tutor', { version: 'latest' })).toBeNull();
    expect(parseStaticRoute('/souls/Acme/tutor')).toBeNull();
    expect(parseStaticRoute('/souls/acme/tutor/versions/1.0')).toBeNull();
    expect(parseStaticRoute('/souls/acme/tutor/download')).toBeNull();
    expect(parseStaticRoute('/souls/acme/%2e%2e')).toBeNull();
  });

  it('round-trips with staticPathFor and parseStaticFile', () => {
    const routes: StaticRoute[] = [
      { kind: 'souls' },
      { kind: 'soul', ...soul },
      { kind: 'soul', ...soul, version: '1.2.3' },
      { kind: 'scan', ...soul },
      { kind: 'versions', ...soul },
      { kind: 'version', ...soul, version: '10.0.7' },
      { kind: 'reviews', ...soul },
      { kind: 'bundle', ...soul },
      { kind: 'bundle', ...soul, version: '0.0.1' },
      { kind: 'categories' },
      { kind: 'scan-rules' },
      { kind: 'openapi' },
    ];
    for (const route of routes) {
      for (const format of ['json', 'md'] as const) {
        const path = staticPathFor(route, format);
        if (path === null) continue;
        expect(parseStaticFile(path)).toEqual({ route, format });
      }
    }
  });

  it('parses no file the build does not write', () => {
    expect(parseStaticFile('souls/acme/tutor@1.2.3.md')).toBeNull();
    expect(parseStaticFile('souls/acme/tutor/scan.md')).toBeNull();
    expect(parseStaticFile('souls/acme.json')).toBeNull();
    expect(parseStaticFile('index/registry.json')).toBeNull();
  });
});
