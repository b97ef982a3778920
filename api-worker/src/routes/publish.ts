// Publishing and validating: `PUT /souls/{owner}/{name}/publish` runs the same gate as the PR check
// and queues the soul folder as one commit with a `Published-by:` trailer; `POST /validate` runs the
// checks without publishing.
import type { Hono } from 'hono';
import { decodeBase64 } from '../../../scripts/core/base64.ts';
import { RegistryError } from '../../../scripts/core/errors.ts';
import { compareVersion, gateError, OWNERS_FILE, parseOwnersFile, runGate } from '../../../scripts/core/gate.ts';
import { IMAGE_EXTENSIONS, extensionOf, MANIFEST_FILE } from '../../../scripts/core/package.ts';
import { checkFileNames } from '../../../scripts/core/paths.ts';
import type { VersionList } from '../../../scripts/core/registry-shapes.ts';
import { API_DIR, staticPathFor } from '../../../scripts/core/static-paths.ts';
import { validatePackage } from '../../../scripts/core/validate.ts';
import { requireUser } from '../auth.ts';
import type { AppDeps } from '../deps.ts';
import { jsonResponse, readJsonObject } from '../http.ts';
import { StateConflictError } from '../state/types.ts';
import { soulId } from './reads.ts';

const encoder = new TextEncoder();
const utf8 = new TextDecoder();
const MAX_FILES = 200;

/** `files` of a publish or validate body: an object of strings with safe, distinct names (400 otherwise). */
export function readFilesField(body: Record<string, unknown>): Record<string, string> {
  const files = body['files'];
  if (files === undefined || files === null) throw new RegistryError('BAD_REQUEST', '"files" is missing; send { "manifest": {...}, "files": { "SOUL.md": "..." } }');
  if (typeof files !== 'object' || Array.isArray(files)) throw new RegistryError('BAD_REQUEST', '"files" must be an object from file name to content, e.g. { "SOUL.md": "# My soul" }');
  const entries = Object.entries(files as Record<string, unknown>);
  if (entries.length > MAX_FILES) throw new RegistryError('BAD_REQUEST', `"files" has ${entries.length} entries; a soul has at most ${MAX_FILES} files`);
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, content] of entries) {
    if (typeof content !== 'string') throw new RegistryError('BAD_REQUEST', `"files" entry ${JSON.stringify(name.slice(0, 80))} must be a string (text, or base64 for images)`);
    out[name] = content;
  }
  const problems = checkFileNames(Object.keys(out));
  if (problems.length > 0) {
    const first = problems[0]!;
    throw new RegistryError('BAD_REQUEST', `file ${JSON.stringify(first.name.slice(0, 80))} ${first.problem}`, { details: problems.map((p) => ({ file: p.name, problem: p.problem })) });
  }
  return out;
}

function imageBytes(text: string, name: string): Uint8Array {
  try {
    return decodeBase64(text);
  } catch (cause) {
    throw new RegistryError('BAD_REQUEST', `file "${name}" is an image and must be sent as base64`, { cause });
  }
}

export function registerPublish(api: Hono, deps: AppDeps): void {
  const bodyLimit = deps.config.limits.scanRequestBytes;

  api.post('/validate', async (c) => {
    const body = await readJsonObject(c.req.raw, bodyLimit);
    if (body['manifest'] === undefined) throw new RegistryError('BAD_REQUEST', '"manifest" is missing; send { "manifest": {...soul.json...}, "files": {...} }');
    const files = readFilesField(body);
    const soulscan = body['soulscan'];
    if (soulscan !== undefined && typeof soulscan !== 'boolean') throw new RegistryError('BAD_REQUEST', '"soulscan" must be true or false');
    const result = validatePackage({ manifest: body['manifest'], files, soulscan: soulscan !== false });
    return jsonResponse({ valid: result.valid, checks: result.checks });
  });

  api.put('/souls/:owner/:name/publish', async (c) => {
    const { owner, name } = soulId(c.req.param('owner'), c.req.param('name'));
    const { account } = await requireUser(c.req.raw, deps);
    const content = deps.content;
    if (content === null || deps.writes === null) throw new RegistryError('SERVICE_UNAVAILABLE', 'this registry is read-only; publish by pull request instead');
    const body = await readJsonObject(c.req.raw, bodyLimit);
    const manifest = body['manifest'];
    if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) {
      throw new RegistryError('BAD_REQUEST', '"manifest" must be the soul.json object, e.g. { "name": "my-soul", "version": "1.0.0", ... }');
    }
    const files = readFilesField(body);
    delete files[MANIFEST_FILE];

    const head = await content.head();
    const ownersText = head === null ? null : await content.readFile(head, OWNERS_FILE);
    const owners = parseOwnersFile(ownersText === null ? null : utf8.decode(ownersText), { officialNamespace: deps.config.officialNamespace }).owners;
    const versionsFile = await deps.assets.read(`${API_DIR}/${staticPathFor({ kind: 'versions', owner, name })!}`);
    const published = versionsFile === null ? [] : (JSON.parse(utf8.decode(versionsFile)) as VersionList).versions.map((v) => v.version);
    const claimed = await deps.state.claimedVersions(owner, name);
    const all = [...new Set([...published, ...claimed])];
    const latest = all.reduce<string | null>((best, v) => (best === null || compareVersion(v, best) > 0 ? v : best), null);

    const gate = runGate({
      owner,
      name,
      actor: account.username,
      config: deps.config,
      namespaceMembers: owners.get(owner) ?? [],
      manifest,
      files,
      latestVersion: latest,
      publishedVersions: all,
    });
    const failure = gateError(gate);
    if (failure) throw failure;
    const version = gate.version!;

    const folder = `souls/${owner}/${name}`;
    const changes: { path: string; content: Uint8Array | null }[] = [{ path: `${folder}/${MANIFEST_FILE}`, content: encoder.encode(`${JSON.stringify(manifest, null, 2)}\n`) }];
    for (const [file, text] of Object.entries(files)) {
      changes.push({ path: `${folder}/${file}`, content: IMAGE_EXTENSIONS.has(extensionOf(file)) ? imageBytes(text, file) : encoder.encode(text) });
    }
    const keep = new Set(changes.map((ch) => ch.path));
    if (head !== null) for (const path of await content.listFiles(head, folder)) if (!keep.has(path)) changes.push({ path, content: null });

    let seq: number;
    try {
      seq = await deps.state.enqueuePublish({ owner, name, version, actor: account.username, message: `Publish ${owner}/${name} v${version}\n\nPublished-by: ${account.username}`, changes });
    } catch (err) {
      if (err instanceof StateConflictError) throw new RegistryError('VERSION_EXISTS', `version ${version} of ${owner}/${name} is already published or being published; bump "version" in soul.json`, { cause: err });
      throw err;
    }
    deps.writes.kick();
    if (deps.settle) await deps.settle(seq);
    const warnings = gate.checks.filter((ch) => ch.type === 'warn').map((ch) => `[${ch.code}] ${ch.message}`);
    const url = `${deps.config.publicUrl.replace(/\/+$/, '')}/souls/${owner}/${name}/`;
    return jsonResponse({ ok: true, message: `Published ${owner}/${name} v${version}`, url, ...(warnings.length > 0 ? { warnings } : {}) });
  });
}

