// Turning a schema violation into a message that says what was found and how to fix it.
import { quoteName, slugify } from '../paths.ts';
import type { ValidatorError } from './validators.generated.js';

/** A JSON pointer with array indices replaced by "*", for looking up field hints. */
export function pointerKey(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/*');
}

/** Unescape one JSON-pointer segment. */
export function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Escape one JSON-pointer segment. */
export function escapePointer(segment: string): string {
  if (segment.indexOf('~') === -1 && segment.indexOf('/') === -1) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The value at a JSON pointer, or undefined. */
export function valueAt(root: unknown, path: string): unknown {
  if (path === '') return root;
  let cur: unknown = root;
  for (const raw of path.slice(1).split('/')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[unescapePointer(raw)];
  }
  return cur;
}

/** A value shown in a message: strings quoted and cut, invisible characters escaped. */
export function show(value: unknown, max = 60): string {
  if (typeof value === 'string') return quoteName(value, max);
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "a string", "an array", "null", ... */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

const TYPE_WORD: Record<string, string> = {
  string: 'a string',
  object: 'an object',
  array: 'an array',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
};

/** A version the author probably meant: "v1.2" → "1.2.0". */
export function suggestVersion(value: unknown): string {
  if (typeof value !== 'string') return '1.0.0';
  const core = value.trim().replace(/^v/i, '').split(/[-+]/)[0] ?? '';
  const parts = core.split('.').slice(0, 3).map((p) => (/^\d{1,9}$/.test(p) ? String(Number(p)) : null));
  if (parts.length === 0 || parts.some((p) => p === null)) return '1.0.0';
  while (parts.length < 3) parts.push('0');
  return parts.join('.');
}

/** A category the author probably meant: "Work/DevOps" → "work/devops". */
export function suggestCategory(value: unknown): string {
  if (typeof value !== 'string') return 'general';
  const parts = value.split('/').map((p) => slugify(p, 32)).filter((p) => p.length > 0).slice(0, 2);
  return parts.length > 0 ? parts.join('/') : 'general';
}

// What to add when a field is missing, by pointer key.
const REQUIRED_HINTS: Record<string, string> = {
  '/name': 'add "name" equal to the folder name, e.g. "my-soul"',
  '/displayName': 'add a human-readable "displayName", e.g. "My Soul"',
  '/version': 'add "version": "1.0.0"',
  '/description': 'add a one-line "description" of at most 160 characters',
  '/license': 'add "license": "MIT" (or Apache-2.0, BSD-2-Clause, BSD-3-Clause, CC-BY-4.0, CC0-1.0, ISC, Unlicense)',
  '/category': 'add "category", e.g. "general" or "work/devops"',
  '/files': 'add "files": { "soul": "SOUL.md" }',
  '/files/soul': 'add "soul": "SOUL.md" to "files"',
  '/specVersion': 'add "specVersion": "0.4"',
  '/author/name': 'add "name" to "author"',
  '/safety/laws/*/rule': 'add "rule" with the text of the law',
  '/safety/laws/*/priority': 'add "priority" (0 is the highest); it is treated as the lowest priority until then',
  '/recommendedSkills/*/name': 'add the skill\'s "name"',
};

const TYPE_HINTS: Record<string, string> = {
  '/author': 'use a name ("Ada Lovelace") or an object { "name": "Ada Lovelace", "github": "ada" }',
  '/tags': 'use an array of strings, e.g. ["devops", "cicd"]',
  '/files': 'use an object such as { "soul": "SOUL.md", "identity": "IDENTITY.md" }',
  '/hardwareConstraints': 'use an object such as { "mobility": "wheeled", "sensors": ["camera"], "battery": true }; it is ignored until then',
  '/safety': 'use an object with "physical" and "laws"; it is ignored until then',
  '/safety/physical': 'use an object such as { "maxSpeed": "0.5 m/s", "emergencyStop": true }; it is ignored until then',
  '/safety/laws': 'use an array of { "priority": 0, "rule": "..." }; it is ignored until then',
  '/safety/laws/*': 'write each law as { "priority": 0, "rule": "..." }; this one is ignored until then',
};

function patternMessage(key: string, path: string, value: unknown): string {
  switch (key) {
    case '/name': {
      const s = slugify(typeof value === 'string' ? value : '');
      return `${path}: ${show(value)} is not a valid name; use lower-case letters, digits and hyphens, starting with a letter or digit${s ? `, e.g. "${s}"` : ''}`;
    }
    case '/version': {
      const pre = typeof value === 'string' && /^v?\d{1,9}(?:\.\d{1,9}){0,2}[-+]/i.test(value) ? ' (pre-release and build suffixes are not used)' : '';
      return `${path}: ${show(value)} is not MAJOR.MINOR.PATCH${pre}; use e.g. "${suggestVersion(value)}"`;
    }
    case '/category':
      return `${path}: ${show(value)} is not a category; use "group" or "group/subgroup" in lower-case letters, digits and hyphens, e.g. "${suggestCategory(value)}"`;
    case '/tags/*': {
      const s = slugify(typeof value === 'string' ? value : '', 32);
      return `${path}: ${show(value)} is not a short tag; use lower-case letters, digits and hyphens${s ? `, e.g. "${s}"` : ''}`;
    }
    case '/author/github':
      return `${path}: ${show(value)} is not a GitHub login; write the login alone, e.g. "octocat" (no "@", no URL)`;
    case '/author/url':
      return `${path}: ${show(value)} is not a web address; use a full http(s) URL, e.g. "https://example.com"`;
    case '/author/email':
      return `${path}: ${show(value)} is not an e-mail address; use e.g. "ada@example.com" or remove it`;
    default:
      return `${path}: ${show(value)} does not have the expected format`;
  }
}

/** Words for the length of a string in code points. */
function lengthOf(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

/**
 * The message of one validator error at `path`, given the value there and the parent object.
 *
 * @example describeError({ keyword: 'pattern', ... }, '/version', '1.0', ...) // '/version: "1.0" is not MAJOR.MINOR.PATCH; use e.g. "1.0.0"'
 */
export function describeError(err: ValidatorError, path: string, value: unknown, parent: unknown): string {
  const key = pointerKey(path);
  const p = err.params;
  switch (err.keyword) {
    case 'required': {
      const missing = String(p['missingProperty'] ?? '');
      let near = '';
      if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
        const fold = (s: string) => s.toLowerCase().replace(/[-_ ]/g, '');
        const found = Object.keys(parent).find((k) => k !== missing && (fold(k) === fold(missing) || (fold(missing) === 'license' && fold(k) === 'licence')));
        if (found !== undefined) near = ` (found ${show(found)}: rename it to "${missing}")`;
      }
      return `${path} is missing${near}; ${REQUIRED_HINTS[key] ?? `add "${missing}"`}`;
    }
    case 'type': {
      const expected = Array.isArray(p['type']) ? (p['type'] as string[]).map((t) => TYPE_WORD[t] ?? t).join(' or ') : TYPE_WORD[String(p['type'])] ?? String(p['type']);
      return `${path} is ${typeName(value)}, expected ${expected}; ${TYPE_HINTS[key] ?? `write it as ${expected}`}`;
    }
    case 'pattern':
      return patternMessage(key, path, value);
    case 'enum': {
      const allowed = Array.isArray(p['allowedValues']) ? (p['allowedValues'] as unknown[]).map((v) => String(v)).join(', ') : '';
      return `${path}: ${show(value)} is not allowed; use one of ${allowed}`;
    }
    case 'const':
      return `${path} must be ${show(p['allowedValue'])}`;
    case 'maxLength':
      return `${path} is ${lengthOf(value)} characters long; shorten it to at most ${String(p['limit'])}`;
    case 'minLength':
      return `${path} is empty; ${REQUIRED_HINTS[key] ?? 'fill it in or remove it'}`;
    case 'maxItems':
      return `${path} has ${Array.isArray(value) ? value.length : '?'} items; keep at most ${String(p['limit'])}`;
    case 'uniqueItems': {
      const dup = Array.isArray(value) ? value[Number(p['j'])] : undefined;
      return `${path} lists ${show(dup)} more than once; remove the duplicate`;
    }
    case 'minimum':
      return `${path}: ${show(value)} is below ${String(p['limit'])}; ${key.endsWith('/priority') ? 'use a whole number from 0 (the highest priority) up' : `use at least ${String(p['limit'])}`}`;
    case 'maximum':
      return `${path}: ${show(value)} is above ${String(p['limit'])}; use at most ${String(p['limit'])}`;
    default:
      return `${path} ${err.message ?? 'is not valid'}`;
  }
}
