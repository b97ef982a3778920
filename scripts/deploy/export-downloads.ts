// Download counts from the production state database into the stats file the static build reads:
// `wrangler d1 execute DB --json --command "SELECT owner, name, count FROM downloads"` output in,
// `{ "downloads": { "owner/name": n } }` out. Run by the deploy workflow before the build.
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The stats file of wrangler's JSON output (an array of statement results, each with `results` rows).
 *
 * @example statsFromD1Json('[{"results":[{"owner":"acme","name":"tutor","count":3}]}]') // { downloads: { 'acme/tutor': 3 } }
 */
export function statsFromD1Json(text: string): { downloads: Record<string, number> } {
  const value: unknown = JSON.parse(text);
  const statements = Array.isArray(value) ? value : [value];
  const downloads: Record<string, number> = {};
  for (const statement of statements) {
    const rows = (statement as { results?: unknown }).results;
    if (!Array.isArray(rows)) continue;
    for (const row of rows) {
      const { owner, name, count } = row as { owner?: unknown; name?: unknown; count?: unknown };
      if (typeof owner === 'string' && typeof name === 'string' && typeof count === 'number' && Number.isInteger(count) && count >= 0) downloads[`${owner}/${name}`] = count;
    }
  }
  return { downloads };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) {
    console.error('usage: export-downloads.ts <wrangler-output.json> <stats.json>');
    process.exit(2);
  }
  const stats = statsFromD1Json(readFileSync(input, 'utf8'));
  writeFileSync(output, `${JSON.stringify(stats)}\n`);
  console.log(`${Object.keys(stats.downloads).length} souls with downloads → ${output}`);
}
