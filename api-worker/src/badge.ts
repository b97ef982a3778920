// `/badge/<owner>/<name>.svg`: the soul's current grade and score as an SVG badge for READMEs,
// answered from the query index so a new version's badge is right before the site is rebuilt.
import { renderBadge } from '../../scripts/core/render/badge.ts';
import type { IndexProvider } from './query-index.ts';

const BADGE_PATH = /^\/badge\/([a-z0-9][a-z0-9-]{0,38})\/([a-z0-9][a-z0-9-]{0,63})\.svg$/;

/** The badge response for a path, or null when the path is not a badge path. An unknown soul gets a grey "unknown" badge. */
export async function badgeResponse(index: IndexProvider, pathname: string): Promise<Response | null> {
  const m = BADGE_PATH.exec(pathname);
  if (!m) return null;
  const entry = (await index.current()).get(m[1]!, m[2]!);
  const svg = entry ? renderBadge({ grade: entry.scanGrade, score: entry.scanScore }) : renderBadge({ grade: null });
  return new Response(svg, {
    status: entry ? 200 : 404,
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
