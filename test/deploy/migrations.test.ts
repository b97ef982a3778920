// The D1 migration file is generated from the state schema; this keeps them from drifting.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATION_FILE, migrationText } from '../../scripts/deploy/write-migrations.ts';

describe('the D1 migration', () => {
  it('equals the state schema (run `npm run gen:migrations` after changing it)', () => {
    const root = resolve(import.meta.dirname, '../..');
    expect(readFileSync(join(root, MIGRATION_FILE), 'utf8')).toBe(migrationText());
  });
});
