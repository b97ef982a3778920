// The content store: the registry repository (git) seen by the worker. One narrow interface, two
// drivers (local git on a bare repository, GitHub), one shared contract test suite.

/** One file change of a commit: `content` null deletes the file. Paths are repository-relative POSIX paths. */
export interface FileChange {
  path: string;
  content: Uint8Array | null;
}

export interface CommitAuthor {
  name: string;
  email: string;
}

export interface CommitRequest {
  /** The head the change was prepared against; the commit happens only if the branch is still there (compare-and-swap). Null only for the first commit of an empty branch. */
  expectedHead: string | null;
  /** Full commit message (trailers such as `Published-by: alice` in the last paragraph). */
  message: string;
  author: CommitAuthor;
  /** Applied together or not at all; an empty list is refused. */
  changes: readonly FileChange[];
  /** Commit time (ms since epoch); default now. Tests pass fixed times. */
  timestamp?: number;
}

/** One commit as the write flusher reads it (to find writes a crashed flusher already committed). */
export interface CommitInfo {
  oid: string;
  /** Parent oids, first parent first. */
  parents: string[];
  /** The full message as stored (GitHub and git may add or drop a final newline). */
  message: string;
  /** Committer time, ms since epoch. */
  time: number;
}

/**
 * The branch head moved since `expectedHead`: nothing was written. The caller re-reads and retries.
 */
export class ContentConflictError extends Error {
  readonly actualHead: string | null;
  constructor(expected: string | null, actual: string | null) {
    super(`the branch moved: expected head ${expected ?? '(none)'}, found ${actual ?? '(none)'}; re-read and retry`);
    this.name = 'ContentConflictError';
    this.actualHead = actual;
  }
}

/**
 * The content store. `null` means "not found". Every read takes a commit oid (from `head()`), so a
 * request sees one consistent snapshot.
 *
 * @example
 * const head = await store.head();
 * const bytes = await store.readFile(head!, 'souls/acme/tutor/soul.json');
 * await store.commit({ expectedHead: head, message: 'Publish acme/tutor v1.1.0\n\nPublished-by: acme', author, changes });
 */
export interface ContentStore {
  /** The branch's current head commit oid, or null when the branch does not exist yet. */
  head(): Promise<string | null>;
  /** A file's bytes at a commit, or null when absent (or a folder). */
  readFile(commit: string, path: string): Promise<Uint8Array | null>;
  /** Every file path under `dir` (recursive, repository-relative, sorted), or [] when the folder is absent. */
  listFiles(commit: string, dir: string): Promise<string[]>;
  /** Commit the changes atomically if the head is still `expectedHead`, else throw ContentConflictError. Returns the new head. */
  commit(request: CommitRequest): Promise<{ commit: string }>;
  /** A commit's parents, message and time, or null when there is no such commit. Optional (both drivers have it): the write flusher's crash recovery reads its own trailers with it. */
  readCommit?(commit: string): Promise<CommitInfo | null>;
}
