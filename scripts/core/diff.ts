// File-by-file unified diff between two published versions of a soul (GET .../diff, the site's
// diff view). Pure: jsdiff's line diff with a bounded edit length, so two unrelated 100 KB files
// cost a bounded time (the patch then replaces the whole file).
import { structuredPatch, formatPatch } from 'diff';

export type DiffStatus = 'added' | 'removed' | 'modified';

export interface FileDiff {
  path: string;
  status: DiffStatus;
  additions: number;
  deletions: number;
  /** Unified diff with `--- a/<path>` / `+++ b/<path>` headers; empty for a binary file. */
  patch: string;
  /** Present (true) when either side is binary (base64) content: no line patch. */
  binary?: boolean;
}

/** `GET /souls/{owner}/{name}/diff`. */
export interface SoulDiff {
  owner: string;
  name: string;
  v1: string;
  v2: string;
  files: FileDiff[];
}

/** One side of the diff: file name → content, and the names whose content is base64. */
export interface DiffSide {
  version: string;
  files: Readonly<Record<string, string>>;
  encodings?: Readonly<Record<string, 'base64'>>;
}

/** Edits beyond this many lines are shown as a whole-file replacement (bounds the diff's time). */
export const MAX_EDIT_LENGTH = 2000;
const CONTEXT_LINES = 3;

function patchOf(path: string, before: string, after: string): { patch: string; additions: number; deletions: number } {
  const oldName = before === '' ? '/dev/null' : `a/${path}`;
  const newName = after === '' ? '/dev/null' : `b/${path}`;
  const structured = structuredPatch(oldName, newName, before, after, '', '', { context: CONTEXT_LINES, maxEditLength: MAX_EDIT_LENGTH });
  if (structured === undefined) return replacementPatch(oldName, newName, before, after);
  let additions = 0;
  let deletions = 0;
  for (const hunk of structured.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) additions++;
      else if (line.startsWith('-')) deletions++;
    }
  }
  const text = structured.hunks.length === 0 ? '' : formatPatch(structured).replace(/^=+\n/, '');
  return { patch: text, additions, deletions };
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/** One hunk that removes every old line and adds every new one (for edits beyond MAX_EDIT_LENGTH). */
function replacementPatch(oldName: string, newName: string, before: string, after: string): { patch: string; additions: number; deletions: number } {
  const a = splitLines(before);
  const b = splitLines(after);
  const out: string[] = [`--- ${oldName}`, `+++ ${newName}`, `@@ -${a.length === 0 ? 0 : 1},${a.length} +${b.length === 0 ? 0 : 1},${b.length} @@`];
  for (const line of a) out.push(`-${line}`);
  if (a.length > 0 && !before.endsWith('\n')) out.push('\\ No newline at end of file');
  for (const line of b) out.push(`+${line}`);
  if (b.length > 0 && !after.endsWith('\n')) out.push('\\ No newline at end of file');
  return { patch: `${out.join('\n')}\n`, additions: b.length, deletions: a.length };
}

/**
 * Diff two versions' files: every path present in either, sorted, unchanged files left out.
 *
 * @example
 * diffVersions({ owner: 'acme', name: 'tutor', from: { version: '1.0.0', files: { 'SOUL.md': 'a\n' } }, to: { version: '1.1.0', files: { 'SOUL.md': 'b\n' } } })
 * // { owner: 'acme', name: 'tutor', v1: '1.0.0', v2: '1.1.0', files: [{ path: 'SOUL.md', status: 'modified', additions: 1, deletions: 1, patch: '--- a/SOUL.md\n+++ b/SOUL.md\n@@ -1 +1 @@\n-a\n+b\n' }] }
 */
export function diffVersions(input: { owner: string; name: string; from: DiffSide; to: DiffSide }): SoulDiff {
  const { from, to } = input;
  const paths = [...new Set([...Object.keys(from.files), ...Object.keys(to.files)])].sort();
  const files: FileDiff[] = [];
  for (const path of paths) {
    const a = Object.hasOwn(from.files, path) ? from.files[path] : undefined;
    const b = Object.hasOwn(to.files, path) ? to.files[path] : undefined;
    const status: DiffStatus = a === undefined ? 'added' : b === undefined ? 'removed' : 'modified';
    if (status === 'modified' && a === b && from.encodings?.[path] === to.encodings?.[path]) continue;
    const binary = from.encodings?.[path] === 'base64' || to.encodings?.[path] === 'base64';
    if (binary) {
      files.push({ path, status, additions: 0, deletions: 0, patch: '', binary: true });
      continue;
    }
    const before = a ?? '';
    const after = b ?? '';
    const p = patchOf(path, before, after);
    files.push({ path, status, ...p });
  }
  return { owner: input.owner, name: input.name, v1: from.version, v2: to.version, files };
}

