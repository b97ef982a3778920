// Everything the static tree holds for one soul, built from its history entry: per version the
// version record, the `?version=` details and bundle, and the ZIP; for the latest version the
// details (JSON and Markdown), the scan, the bundle; the versions list and the first page of
// reviews. Returns the soul's index entry (null when its folder was removed) and the new scans.
// Runs in a build worker or inline; it only needs a blob reader and an output writer.
import { buildBundle, buildIndexEntry, buildListItem, buildSoulDetails, buildVersionList, buildVersionRecord, reviewStats } from '../../core/registry-shapes.ts';
import type { IndexEntry, SoulStats, VersionRecord } from '../../core/registry-shapes.ts';
import type { VersionEntry } from '../model.ts';
import { emitBundle } from './bundles.ts';
import { emitLatestDetails, emitVersionDetails } from './details.ts';
import { emitReviews, firstReviewPage, readReviews } from './reviews.ts';
import type { ReviewWarning } from './reviews.ts';
import { emitLatestScan } from './scan.ts';
import { loadVersion } from './version-data.ts';
import type { DecodedBlob, LoadedVersion } from './version-data.ts';
import { emitVersionList, emitVersionRecord } from './versions.ts';
import type { OutputWriter } from './writer.ts';
import { emitZip } from './zips.ts';

/** One soul to build (plain data: it crosses to a worker thread). */
export interface SoulTask {
  owner: string;
  name: string;
  /** Published versions, oldest first. */
  versions: VersionEntry[];
  removed: boolean;
  lastCommitAt: string;
  downloads: number;
  /** Review file name → blob oid, from `reviews/<owner>/<name>/`. */
  reviewFiles: Record<string, string>;
  /** Scan cache entries for these versions (key → result JSON). */
  cachedScans: Record<string, string>;
  /** Blob oid → content, when the blobs travel with the task (to a worker); else read through the context. */
  blobs?: Record<string, Uint8Array>;
}

export interface SoulTaskResult {
  key: string;
  /** The soul's index entry; null when its folder was removed (or it has no version). */
  entry: IndexEntry | null;
  /** Scans run for this task (key, result JSON), to add to the cache. */
  newScans: [string, string][];
  scansRun: number;
  scansCached: number;
  versions: number;
  warnings: ReviewWarning[];
}

export interface SoulTaskContext {
  readBlob(oid: string): Promise<Uint8Array>;
  out: OutputWriter;
  /** Folder of the review files in the registry repository (for warnings). */
  reviewsDir: string;
}

/** Build every output of one soul. */
export async function buildSoulOutputs(task: SoulTask, ctx: SoulTaskContext): Promise<SoulTaskResult> {
  const key = `${task.owner}/${task.name}`;
  const result: SoulTaskResult = { key, entry: null, newScans: [], scansRun: 0, scansCached: 0, versions: task.versions.length, warnings: [] };
  if (task.versions.length === 0) return result;
  const { out } = ctx;
  const blobs = new Map<string, DecodedBlob>();
  const loaded: LoadedVersion[] = [];
  const records: VersionRecord[] = [];
  for (const entry of task.versions) {
    const v = await loadVersion(entry, { readBlob: ctx.readBlob, blobs, cachedScans: task.cachedScans });
    if (v.scanJson !== undefined) {
      result.scansRun++;
      result.newScans.push([v.scanKey, v.scanJson]);
    } else result.scansCached++;
    const record = buildVersionRecord(v.data);
    emitVersionRecord(out, task.owner, task.name, record);
    emitBundle(out, buildBundle(v.data), { latest: false });
    emitZip(out, { owner: task.owner, name: task.name, version: entry.version, publishedAt: entry.publishedAt, files: v.bytes });
    loaded.push(v);
    records.push(record);
  }

  const { reviews, warnings } = await readReviews({ owner: task.owner, name: task.name, files: task.reviewFiles, reviewsDir: ctx.reviewsDir, readBlob: ctx.readBlob });
  result.warnings.push(...warnings);
  const stats: SoulStats = { downloads: task.downloads, ...reviewStats(reviews), updatedAt: task.lastCommitAt };

  for (const v of loaded) emitVersionDetails(out, buildSoulDetails({ version: v.data, records, stats, removed: task.removed }));
  const latest = loaded[loaded.length - 1]!.data;
  emitLatestDetails(out, buildSoulDetails({ version: latest, records, stats, removed: task.removed }));
  emitLatestScan(out, task.owner, task.name, latest.scan);
  emitBundle(out, buildBundle(latest), { latest: true });
  emitVersionList(out, buildVersionList(task.owner, task.name, records));
  emitReviews(out, task.owner, task.name, firstReviewPage(reviews));

  if (!task.removed) result.entry = buildIndexEntry(buildListItem(latest, stats), task.versions[0]!.publishedAt);
  return result;
}
