// Request and response plumbing shared by every route: bounded body reading, JSON parsing with a
// nesting limit, content-type checks, query-number parsing, and JSON/Markdown responses.
import { readBodyCapped } from '../../scripts/core/bounded-body.ts';
import { RegistryError } from '../../scripts/core/errors.ts';

/** Deeper JSON is refused before parsing: nothing a client sends needs more, and deep nesting is a stack attack. */
export const MAX_JSON_DEPTH = 64;

export const JSON_TYPE = 'application/json; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * Read a request body, refusing more than `limit` bytes (413) without reading past it.
 *
 * @example const bytes = await readBody(request, 2 * 1024 * 1024);
 */
export async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  const bytes = await readBodyCapped(request.body, request.headers.get('content-length'), limit);
  if (bytes === null) throw new RegistryError('PAYLOAD_TOO_LARGE', `the request body is larger than ${formatLimit(limit)}; send fewer or smaller files`, { fields: { limit } });
  return bytes;
}

/** The deepest nesting of arrays/objects in JSON text (strings skipped); stops counting past `max`. */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Read a JSON object body: the content type must be JSON (415), the size within `limit` (413), the
 * text valid UTF-8 and JSON (400), nested at most MAX_JSON_DEPTH deep (400), and an object (400).
 */
export async function readJsonObject(request: Request, limit: number): Promise<Record<string, unknown>> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new RegistryError('UNSUPPORTED_MEDIA_TYPE', `send the body as JSON with "Content-Type: application/json" (got ${type === '' ? 'no content type' : JSON.stringify(type.slice(0, 60))})`);
  }
  const bytes = await readBody(request, limit);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch (cause) {
    throw new RegistryError('INVALID_JSON', 'the request body is not valid UTF-8; send JSON text encoded as UTF-8', { cause });
  }
  if (text.trim() === '') throw new RegistryError('INVALID_JSON', 'the request body is empty; send a JSON object');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new RegistryError('INVALID_JSON', `the JSON body is nested more than ${MAX_JSON_DEPTH} levels deep; flatten it`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const where = cause instanceof SyntaxError ? `: ${cause.message.slice(0, 120)}` : '';
    throw new RegistryError('INVALID_JSON', `the request body is not valid JSON${where}; check quotes, commas and brackets`, { cause });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RegistryError('BAD_REQUEST', 'the JSON body must be an object, e.g. { "files": { "SOUL.md": "..." } }');
  return value as Record<string, unknown>;
}

/** A non-negative integer query parameter within bounds, or the default; anything else is a 400 that names the bounds. */
export function intParam(value: string | undefined, input: { name: string; def: number; min: number; max: number }): number {
  if (value === undefined || value === '') return input.def;
  if (!/^\d{1,12}$/.test(value)) throw new RegistryError('BAD_REQUEST', `"${input.name}" must be a whole number between ${input.min} and ${input.max}`);
  const n = Number(value);
  if (n < input.min || n > input.max) throw new RegistryError('BAD_REQUEST', `"${input.name}" must be between ${input.min} and ${input.max} (got ${value})`);
  return n;
}

/** Whether the client prefers Markdown (`Accept: text/markdown` ranked above JSON). */
export function wantsMarkdown(request: Request): boolean {
  const accept = request.headers.get('accept');
  if (accept === null) return false;
  let md = -1;
  let json = -1;
  for (const part of accept.split(',').slice(0, 20)) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    let q = 1;
    for (const p of params) {
      const m = /^\s*q=([01](?:\.\d{1,3})?)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (type === 'text/markdown') md = Math.max(md, q);
    else if (type === 'application/json') json = Math.max(json, q);
  }
  return md > 0 && md >= json;
}

const encoder = new TextEncoder();

/** A JSON response, compact like the static tree's files (scripts/build/emit/json.ts), so static and dynamic bytes agree. */
export function jsonResponse(value: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(value), { status: init.status ?? 200, headers: { 'content-type': JSON_TYPE, ...init.headers } });
}

/** Bytes with a content type. */
export function bytesResponse(body: Uint8Array | string, type: string, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  const data = typeof body === 'string' ? encoder.encode(body) : body;
  return new Response(data as BodyInit, { status: init.status ?? 200, headers: { 'content-type': type, ...init.headers } });
}
