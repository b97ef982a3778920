// The review files at the head of the registry: `<reviewsDir>/<owner>/<name>/<id>.json`, found by
// walking trees from the head commit's root. An owner or soul folder whose tree oid is unchanged
// since the last build is taken from the previous state without reading it again.
import type { ReviewTreeState } from '../state.ts';

export interface TreeReader {
  readTree(oid: string): Promise<{ path: string; oid: string; type: string }[]>;
}

/** The oid of the tree at `dir` (a/b/c) under `root`, or null. */
async function treeAt(reader: TreeReader, root: string, dir: string): Promise<string | null> {
  let oid = root;
  for (const part of dir.split('/').filter((p) => p !== '')) {
    const entry = (await reader.readTree(oid)).find((e) => e.path === part);
    if (!entry || entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return oid;
}

/** Read the review files under `dir` of the tree `rootTree`, reusing unchanged folders of `previous`. */
export async function readReviewTree(input: { reader: TreeReader; rootTree: string; dir: string; previous?: ReviewTreeState | null }): Promise<ReviewTreeState> {
  const { reader, previous } = input;
  const tree = await treeAt(reader, input.rootTree, input.dir);
  if (tree === null) return { tree: null, owners: {} };
  if (previous && previous.tree === tree) return previous;
  const owners: ReviewTreeState['owners'] = {};
  for (const owner of await reader.readTree(tree)) {
    if (owner.type !== 'tree') continue;
    const before = previous?.owners[owner.path];
    if (before && before.tree === owner.oid) {
      owners[owner.path] = before;
      continue;
    }
    const souls: ReviewTreeState['owners'][string]['souls'] = {};
    for (const soul of await reader.readTree(owner.oid)) {
      if (soul.type !== 'tree') continue;
      const old = before?.souls[soul.path];
      if (old && old.tree === soul.oid) {
        souls[soul.path] = old;
        continue;
      }
      const files: Record<string, string> = {};
      for (const file of await reader.readTree(soul.oid)) if (file.type === 'blob') files[file.path] = file.oid;
      souls[soul.path] = { tree: soul.oid, files };
    }
    owners[owner.path] = { tree: owner.oid, souls };
  }
  return { tree, owners };
}
