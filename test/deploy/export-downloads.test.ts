// The deploy workflow's bridge from D1 download counts to the build's stats file.
import { describe, expect, it } from 'vitest';
import { statsFromD1Json } from '../../scripts/deploy/export-downloads.ts';

describe('statsFromD1Json', () => {
  it('turns wrangler d1 execute --json output into the stats file', () => {
    const text = JSON.stringify([{ results: [{ owner: 'acme', name: 'tutor', count: 3 }, { owner: 'bob', name: 'x', count: 0 }], success: true, meta: {} }]);
    expect(statsFromD1Json(text)).toEqual({ downloads: { 'acme/tutor': 3, 'bob/x': 0 } });
  });

  it('skips rows that are not owner, name and a whole count', () => {
    const text = JSON.stringify([{ results: [{ owner: 'acme', name: 'tutor', count: -1 }, { owner: 1, name: 'x', count: 2 }, { owner: 'a', name: 'b', count: 1.5 }] }]);
    expect(statsFromD1Json(text)).toEqual({ downloads: {} });
  });
});
