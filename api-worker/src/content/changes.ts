// Checks shared by the content-store drivers: the shape of a commit request (paths, duplicates,
// expected head), so both drivers refuse the same bad input with the same message.
import { RegistryError } from '../../../scripts/core/errors.ts';
import type { CommitRequest } from './types.ts';

/** A full, lower-case SHA-1 object id. */
export const OID_RE = /^[0-9a-f]{40}$/;

const MAX_PATH_LENGTH = 4096;
// Control characters and the backslash never belong in a repository path.
const BAD_CHAR_RE = /[\u0000-\u001f\u007f\\]/;

/** Why a repository path is unusable, or null when it is a clean relative POSIX path. */
export function pathProblem(path: string): string | null {
  if (path.length === 0) return 'is empty';
  if (path.length > MAX_PATH_LENGTH) return `is longer than ${MAX_PATH_LENGTH} characters`;
  if (BAD_CHAR_RE.test(path)) return 'contains a control character or a backslash';
  if (path.startsWith('/')) return 'is absolute; use a repository-relative path';
  for (const segment of path.split('/')) {
    if (segment === '') return 'has an empty segment (a doubled or trailing "/")';
    if (segment === '.' || segment === '..') return 'has a "." or ".." segment';
    // git refuses `.git` entries (fsck: hasDotgit), whatever their case.
    if (segment.toLowerCase() === '.git') return 'has a ".git" segment';
  }
  return null;
}

/** A folder argument of `listFiles`: '' (or '.' or '/') is the root; a trailing '/' is ignored. Null when unusable. */
export function normalizeDir(dir: string): string | null {
  const trimmed = dir.endsWith('/') ? dir.slice(0, -1) : dir;
  if (trimmed === '' || trimmed === '.') return '';
  return pathProblem(trimmed) === null ? trimmed : null;
}

/**
 * Refuse a commit request that no driver may apply: an empty change list, a bad or repeated path,
 * a malformed expected head. Throws RegistryError BAD_REQUEST with what to fix.
 */
export function checkCommitRequest(request: CommitRequest): void {
  if (request.changes.length === 0) throw new RegistryError('BAD_REQUEST', 'a commit needs at least one file change; pass the files to add or delete');
  if (request.expectedHead !== null && !OID_RE.test(request.expectedHead)) {
    throw new RegistryError('BAD_REQUEST', 'expectedHead must be a 40-character lower-case commit id (from head()) or null for the first commit');
  }
  if (request.message.trim() === '') throw new RegistryError('BAD_REQUEST', 'a commit needs a non-empty message');
  const seen = new Set<string>();
  for (const change of request.changes) {
    const problem = pathProblem(change.path);
    if (problem) throw new RegistryError('BAD_REQUEST', `file path ${JSON.stringify(change.path.slice(0, 200))} ${problem}`);
    if (seen.has(change.path)) throw new RegistryError('BAD_REQUEST', `file path ${JSON.stringify(change.path.slice(0, 200))} appears twice in one commit; send each path once`);
    seen.add(change.path);
  }
}

/** Sort paths by UTF-16 code units (the order every driver's `listFiles` returns). */
export function sortPaths(paths: string[]): string[] {
  return paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
