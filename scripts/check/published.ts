// The published versions the PR check compares against: the build's history walk of the base
// branch, continued from a saved history (the check's own cache file or the build's state) when
// one is given, so a check on a big registry reads only the commits since that save.
//
// Decisions:
// - A saved history whose head is a first-parent ancestor of the base is continued incrementally.
// - A saved history whose head is *newer* than the base (the base is its first-parent ancestor,
//   e.g. the deploy's state after main moved on) is used as it is: versions published after the
//   PR's base are exactly the ones the PR would collide with on merge.
// - Anything else (unrelated, force-pushed, unreadable) falls back to a full walk; never an error.
import { readFileSync } from 'node:fs';
import type { GitReader } from '../build/git/reader.ts';
import { HISTORY_FORMAT, historyFromJSON, historyToJSON, walkHistory } from '../build/history.ts';
import type { HistoryResult } from '../build/model.ts';
import { writeFileAtomic } from '../build/state.ts';

/** How far the ancestry of a saved head is searched before giving up (first-parent commits). */
const ANCESTRY_LIMIT = 20_000;

export interface PublishedHistory {
  history: HistoryResult;
  /** How it was obtained, for the report: full walk, incremental from a saved head, or the saved history as is. */
  source: 'full' | 'incremental' | 'saved';
  commitsWalked: number;
}

/** Read a saved history: the check's own file (historyToJSON) or a build state (`{ history }`); null when neither. */
export function readSavedHistory(file: string): HistoryResult | null {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const candidate = value !== null && typeof value === 'object' && (value as { format?: unknown }).format === HISTORY_FORMAT && 'souls' in value ? value : (value as { history?: unknown } | null)?.history;
  try {
    return candidate === undefined ? null : historyFromJSON(candidate);
  } catch {
    return null;
  }
}

/** Whether `ancestor` is on the first-parent chain of `from` (within ANCESTRY_LIMIT commits). */
async function onFirstParentChain(reader: GitReader, from: string, ancestor: string): Promise<boolean> {
  let cursor: string | undefined = from;
  for (let i = 0; cursor !== undefined && i < ANCESTRY_LIMIT; i++) {
    if (cursor === ancestor) return true;
    try {
      cursor = (await reader.readCommit(cursor)).parents[0];
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * The published versions of every soul as of `base`, reusing `saved` when it helps (see the
 * module header), and writing the result to `saveTo` when given.
 *
 * @example const { history } = await loadPublishedHistory({ reader, base, saved: readSavedHistory('.cache/history.json') });
 */
export async function loadPublishedHistory(options: { reader: GitReader; base: string; saved?: HistoryResult | null; saveTo?: string }): Promise<PublishedHistory> {
  const { reader, base, saved } = options;
  let result: PublishedHistory;
  if (saved && saved.head !== base && (await onFirstParentChain(reader, saved.head, base))) {
    result = { history: saved, source: 'saved', commitsWalked: 0 };
  } else {
    const previous = saved && (saved.head === base || (await onFirstParentChain(reader, base, saved.head))) ? saved : null;
    const history = await walkHistory({ reader, ref: base, previous });
    result = { history, source: previous ? (history.commitsWalked === 0 ? 'saved' : 'incremental') : 'full', commitsWalked: history.commitsWalked };
  }
  if (options.saveTo !== undefined && result.history !== saved) writeFileAtomic(options.saveTo, JSON.stringify(historyToJSON(result.history)));
  return result;
}
