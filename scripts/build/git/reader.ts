// Read-only access to a git repository for the build: refs through isomorphic-git, packed objects
// through our own pack store (fast), loose objects and anything unusual through isomorphic-git.
import fs from 'node:fs';
import path from 'node:path';
import git from 'isomorphic-git';
import { openPackStore, PackFallback } from './pack-store.ts';
import type { PackStore, PackStoreOptions, PackStoreStats } from './pack-store.ts';
import { parseCommit, parseTree } from './objects.ts';
import type { GitCommit, GitObject, GitObjectType, GitTreeEntry } from './objects.ts';

export type { GitCommit, GitObject, GitObjectType, GitPerson, GitTreeEntry } from './objects.ts';

export interface GitReaderOptions extends PackStoreOptions {
  /** The git directory (`.git`, or a bare repository). */
  gitdir?: string;
  /** A working tree: the git directory is `<dir>/.git` when it exists, else `dir` itself (bare). */
  dir?: string;
}

export interface GitReaderStats extends PackStoreStats {
  /** Objects read through isomorphic-git (loose objects and fallbacks). */
  fallbackReads: number;
}

export interface GitReader {
  readonly gitdir: string;
  /** Oid of a ref (`main`, `refs/heads/main`, `HEAD`, or an oid); throws when it does not exist. */
  resolveRef(ref: string): Promise<string>;
  /** Any object; throws when it does not exist. */
  readObject(oid: string): Promise<GitObject>;
  readCommit(oid: string): Promise<GitCommit>;
  /** Parsed entries in stored (git) order. */
  readTree(oid: string): Promise<GitTreeEntry[]>;
  /** Tree content as stored (`<mode> <name>\0<20-byte oid>`...), for diffs that skip parsing. Do not modify. */
  readTreeRaw(oid: string): Promise<Uint8Array>;
  /** Blob content. Do not modify (it may be shared with the cache). */
  readBlob(oid: string): Promise<Uint8Array>;
  /**
   * Optional: the caller will not touch this result of readTreeRaw/readBlob/readObject again, so
   * its memory may be reused for a later read (large objects only). At most once per read.
   */
  release(data: Uint8Array): void;
  stats(): GitReaderStats;
  /** Release file descriptors (only held for packs too large to keep in memory). */
  close(): void;
}

function resolveGitdir(options: GitReaderOptions): string {
  if (options.gitdir) return options.gitdir;
  if (!options.dir) throw new Error('createGitReader needs { gitdir } or { dir }');
  const dotGit = path.join(options.dir, '.git');
  return fs.existsSync(dotGit) ? dotGit : options.dir;
}

/**
 * Open a repository for reading. Packs are indexed on the first object read.
 *
 * @example
 * const reader = createGitReader({ dir: '.' });
 * const head = await reader.resolveRef('main');
 * const { tree } = await reader.readCommit(head);
 */
export function createGitReader(options: GitReaderOptions): GitReader {
  const gitdir = resolveGitdir(options);
  const cache = {};
  let packs: PackStore | null = null;
  let fallbackReads = 0;

  async function readObject(oid: string): Promise<GitObject> {
    packs ??= openPackStore(gitdir, options);
    try {
      const hit = packs.read(oid);
      if (hit) return hit;
    } catch (error) {
      if (!(error instanceof PackFallback)) throw error;
    }
    fallbackReads++;
    const result = await git.readObject({ fs, gitdir, oid, format: 'content', cache });
    if (result.format !== 'content') throw new Error(`object ${oid}: unexpected format ${result.format}`);
    return { type: result.type, data: result.object };
  }

  async function readTyped(oid: string, type: GitObjectType): Promise<Uint8Array> {
    const obj = await readObject(oid);
    if (obj.type !== type) throw new Error(`object ${oid} is a ${obj.type}, expected a ${type}`);
    return obj.data;
  }

  return {
    gitdir,
    resolveRef: (ref) => git.resolveRef({ fs, gitdir, ref }),
    readObject,
    readCommit: async (oid) => parseCommit(await readTyped(oid, 'commit')),
    readTree: async (oid) => parseTree(await readTyped(oid, 'tree')),
    readTreeRaw: (oid) => readTyped(oid, 'tree'),
    readBlob: (oid) => readTyped(oid, 'blob'),
    release: (data) => packs?.release(data),
    stats: () => ({
      ...(packs?.stats() ?? { packs: 0, skippedPacks: [], objects: 0, reads: 0, cacheHits: 0, inflates: 0, deltas: 0, cachedBytes: 0 }),
      fallbackReads,
    }),
    close: () => packs?.close(),
  };
}
