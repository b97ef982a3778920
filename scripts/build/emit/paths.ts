// Output paths of the static tree relative to the build output root.
import { API_DIR, staticPathFor } from '../../core/static-paths.ts';
import type { StaticFormat, StaticRoute } from '../../core/static-paths.ts';

/** The file of a route in the build output (`api/v1/…`); throws when the tree does not hold that format. */
export function apiFile(route: StaticRoute, format: StaticFormat = 'json'): string {
  const path = staticPathFor(route, format);
  if (path === null) throw new Error(`the static tree holds no ${format} for ${route.kind}`);
  return `${API_DIR}/${path}`;
}
