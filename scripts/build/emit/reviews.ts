// Reviews: the review files of a soul (`reviews/<owner>/<name>/<id>.json` in the registry
// repository) → `GET /souls/{owner}/{name}/reviews` (first page). A file that is not a valid
// review is left out with a build warning.
import { buildReviewList, parseReviewFile } from '../../core/registry-shapes.ts';
import type { ReviewFile, ReviewList } from '../../core/registry-shapes.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export interface ReviewWarning {
  code: 'INVALID_REVIEW';
  owner: string;
  name: string;
  message: string;
}

const utf8 = new TextDecoder('utf-8');

/** Read and check a soul's review files (file name → blob oid). */
export async function readReviews(input: { owner: string; name: string; files: Readonly<Record<string, string>>; reviewsDir: string; readBlob(oid: string): Promise<Uint8Array> }): Promise<{ reviews: ReviewFile[]; warnings: ReviewWarning[] }> {
  const reviews: ReviewFile[] = [];
  const warnings: ReviewWarning[] = [];
  const seen = new Set<string>();
  for (const file of Object.keys(input.files).sort()) {
    const where = `${input.reviewsDir}/${input.owner}/${input.name}/${file}`;
    const warn = (message: string): void => {
      warnings.push({ code: 'INVALID_REVIEW', owner: input.owner, name: input.name, message: `${where}: ${message}` });
    };
    if (!file.endsWith('.json')) {
      warn('not a review file; name review files <id>.json');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(utf8.decode(await input.readBlob(input.files[file]!)));
    } catch {
      warn('is not valid JSON');
      continue;
    }
    const parsed = parseReviewFile(value, file.slice(0, -'.json'.length));
    if (!parsed.ok) {
      warn(parsed.message);
      continue;
    }
    if (seen.has(parsed.review.id)) continue;
    seen.add(parsed.review.id);
    reviews.push(parsed.review);
  }
  return { reviews, warnings };
}

export function emitReviews(out: OutputWriter, owner: string, name: string, list: ReviewList): void {
  out.write(apiFile({ kind: 'reviews', owner, name }), toJson(list));
}

/** The first page of a soul's reviews. */
export function firstReviewPage(reviews: readonly ReviewFile[]): ReviewList {
  return buildReviewList(reviews);
}
