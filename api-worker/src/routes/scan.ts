// POST /soulscan/scan: a scan key, a 2 MB body limit (413), a monthly allowance per key (429 with
// { error, limit, used }), and the scan result with its measured duration.
import type { Hono } from 'hono';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { scanPackage } from '../../../scripts/core/scan/engine.ts';
import { requireScanKey } from '../auth.ts';
import type { AppDeps } from '../deps.ts';
import { jsonResponse, readJsonObject } from '../http.ts';

const MAX_FILES = 200;

export function registerScan(api: Hono, deps: AppDeps): void {
  const now = deps.now ?? Date.now;
  api.post('/soulscan/scan', async (c) => {
    const key = await requireScanKey(c.req.raw, deps);
    const body = await readJsonObject(c.req.raw, deps.config.limits.scanRequestBytes);
    const files = body['files'];
    if (files === undefined || files === null) throw new RegistryError('BAD_REQUEST', '"files" is missing; send { "files": { "soul.json": "{...}", "SOUL.md": "..." } }');
    if (typeof files !== 'object' || Array.isArray(files)) throw new RegistryError('BAD_REQUEST', '"files" must be an object from file name to content');
    const entries = Object.entries(files as Record<string, unknown>);
    if (entries.length === 0) throw new RegistryError('BAD_REQUEST', '"files" is empty; send at least soul.json and SOUL.md');
    if (entries.length > MAX_FILES) throw new RegistryError('BAD_REQUEST', `"files" has ${entries.length} entries; send at most ${MAX_FILES}`);
    const texts: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [name, content] of entries) {
      if (typeof content !== 'string') throw new RegistryError('BAD_REQUEST', `"files" entry ${JSON.stringify(name.slice(0, 80))} must be a string (soul.json as JSON text)`);
      texts[name] = content;
    }
    const month = new Date(now()).toISOString().slice(0, 7);
    const usage = await deps.state.consumeScan(key.id, month);
    if (!usage.ok) {
      throw new RegistryError('QUOTA_EXCEEDED', `this scan key has used its ${usage.limit} scans for ${month}; the allowance resets on the 1st (UTC), or ask for a higher one`, { fields: { limit: usage.limit, used: usage.used } });
    }
    const result = scanPackage(texts);
    return jsonResponse(result, { headers: { 'x-scan-usage': `${usage.used}/${usage.limit}` } });
  });
}
