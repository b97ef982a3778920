// The data model between the history walk (git → versions) and the emitter (versions → static tree).

/** One published version of a soul: the folder as it was at the commit where `version` first took this value. */
export interface VersionEntry {
  owner: string;
  name: string;
  /** `version` of soul.json at that commit (MAJOR.MINOR.PATCH). */
  version: string;
  /** Commit that published it (first-parent history of the main branch). */
  commit: string;
  /** ISO 8601 UTC time of that commit (committer time). */
  publishedAt: string;
  /** `Published-by:` trailer of the commit message when present, else the author's name. */
  publisher: string;
  /** Tree oid of `souls/<owner>/<name>/` at that commit: the content hash of the version. */
  tree: string;
  /** File path (relative to the soul folder, POSIX, at most one folder level) → blob oid. */
  blobs: Record<string, string>;
}

/** A warning the build reports and never acts on (published versions are immutable). */
export interface BuildWarning {
  code: 'CHANGED_WITHOUT_BUMP' | 'VERSION_LOWERED' | 'VERSION_REUSED' | 'INVALID_MANIFEST' | 'INVALID_PATH' | 'UNREADABLE';
  owner: string;
  name: string;
  commit: string;
  message: string;
}

/** Everything the walk knows about one soul folder. */
export interface SoulHistory {
  owner: string;
  name: string;
  /** Published versions, oldest first. */
  versions: VersionEntry[];
  /** The folder no longer exists at the head: dropped from listings, versions still reachable. */
  removed: boolean;
  /** Last commit that touched the folder (for `updatedAt`). */
  lastCommit: string;
  lastCommitAt: string;
}

export interface HistoryResult {
  /** Head commit of the walked branch. */
  head: string;
  /** Keyed by `${owner}/${name}`. */
  souls: Map<string, SoulHistory>;
  /** Every warning of the whole history, oldest first (an incremental walk keeps the previous ones). */
  warnings: BuildWarning[];
  /** Commits walked in this run (all of them for a full walk, the new ones for an incremental walk). */
  commitsWalked: number;
  /** Set by walkHistory: 'incremental' when only the commits after `previous.head` were walked. */
  walk?: 'full' | 'incremental';
  /** Set when a `previous` result could not be continued (its head is not on the branch's first-parent history, e.g. after a force-push), so the walk started over from the root. */
  restartReason?: string;
}
