// The site build's view of the static tree (`SOUL_DIST`): the query index, categories, scan rules,
// the OpenAPI document and each soul's details and first page of reviews, read from disk once and
// kept for the whole build. Also the registry configuration the pages print (public URL, name).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_REGISTRY_CONFIG, readRegistryConfig } from '../core/config.ts';
import type { RegistryConfig } from '../core/config.ts';
import { decodeIndex } from '../core/registry-shapes.ts';
import type { CategoryList, IndexEntry, ReviewList, RuleTable, SoulDetails } from '../core/registry-shapes.ts';
import { API_DIR, INDEX_FILE, staticPathFor } from '../core/static-paths.ts';

/** Everything the pages read from the static tree. */
export interface SiteData {
  /** Absolute path of the static tree. */
  dist: string;
  config: RegistryConfig;
  /** Listed souls (removed ones are not in the index), by full name. */
  entries: readonly IndexEntry[];
  categories: CategoryList;
  rules: RuleTable;
  openapi: Record<string, unknown>;
  /** Details of the latest version of a listed soul. */
  readDetails(owner: string, name: string): SoulDetails;
  /** The first page of reviews (the static `reviews.json`), or an empty list when the file is missing. */
  readReviews(owner: string, name: string): ReviewList;
}

function readJson<T>(file: string, what: string): T {
  if (!existsSync(file)) throw new Error(`${what} is missing at ${file}; run "soul build" first (or set SOUL_DIST to the build output)`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (cause) {
    throw new Error(`${what} at ${file} is not valid JSON; rebuild the static tree`, { cause });
  }
}

/**
 * The registry configuration: the file named by `SOUL_CONFIG`, else the working folder's
 * registry.config.json, else defaults. (Not found relative to this module: the pages run from a
 * bundle in the output folder, so `buildSite` passes the path in `SOUL_CONFIG`.)
 */
export function loadSiteConfig(env: Readonly<Record<string, string | undefined>> = process.env): RegistryConfig {
  const candidates = [env['SOUL_CONFIG'], join(process.cwd(), 'registry.config.json')];
  for (const file of candidates) {
    if (!file || !existsSync(file)) continue;
    return readRegistryConfig(readJson<unknown>(file, 'registry.config.json'));
  }
  return structuredClone(DEFAULT_REGISTRY_CONFIG) as RegistryConfig;
}

/** Open the static tree at `dist` (absolute or relative to the working folder). */
export function openSiteData(dist: string, config: RegistryConfig = loadSiteConfig()): SiteData {
  const root = resolve(dist);
  const api = join(root, API_DIR);
  const { entries } = decodeIndex(readJson<unknown>(join(root, INDEX_FILE), 'The query index'));
  const categories = readJson<CategoryList>(join(api, staticPathFor({ kind: 'categories' })!), 'categories.json');
  const rules = readJson<RuleTable>(join(api, staticPathFor({ kind: 'scan-rules' })!), 'scan-rules.json');
  const openapi = readJson<Record<string, unknown>>(join(api, staticPathFor({ kind: 'openapi' })!), 'openapi.json');
  return {
    dist: root,
    config,
    entries,
    categories,
    rules,
    openapi,
    readDetails(owner, name) {
      return readJson<SoulDetails>(join(api, staticPathFor({ kind: 'soul', owner, name })!), `Details of ${owner}/${name}`);
    },
    readReviews(owner, name) {
      const file = join(api, staticPathFor({ kind: 'reviews', owner, name })!);
      if (!existsSync(file)) return { reviews: [], total: 0, limit: 20, offset: 0, avgRating: 0 };
      return readJson<ReviewList>(file, `Reviews of ${owner}/${name}`);
    },
  };
}

let cached: SiteData | null = null;

/** The static tree of this build (`SOUL_DIST`, default `dist`), opened once per process. */
export function siteData(): SiteData {
  const dist = resolve(process.env['SOUL_DIST'] ?? 'dist');
  if (cached === null || cached.dist !== dist) cached = openSiteData(dist);
  return cached;
}
