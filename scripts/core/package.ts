// The package model: which files a soul may hold, how big they may be, how images are carried
// (base64 strings checked against their magic bytes), and which files a soul should have.
import { rememberedByName } from './paths.ts';

/** Extensions a package may hold (lower case, without the dot). */
export const ALLOWED_EXTENSIONS: ReadonlySet<string> = new Set(['md', 'json', 'txt', 'yaml', 'yml', 'png', 'jpg', 'jpeg', 'svg']);

/** Extensions carried as base64 and checked as images. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'jpg', 'jpeg']);

/**
 * Files without an extension that are allowed as plain text anyway (licence and readme files
 * are common in real souls).
 */
export const EXTENSIONLESS_TEXT_FILES: ReadonlySet<string> = new Set(['LICENSE', 'LICENCE', 'NOTICE', 'README', 'CHANGELOG', 'AUTHORS', 'COPYING']);

/** Most bytes in one file (text as UTF-8, images decoded). */
export const MAX_FILE_BYTES = 100 * 1024;
/** Most bytes in the whole package, soul.json included. */
export const MAX_TOTAL_BYTES = 1024 * 1024;
/** Most files in one package. */
export const MAX_FILES = 200;

/** The manifest's file name. */
export const MANIFEST_FILE = 'soul.json';
/** The main persona file when `files.soul` does not name another. */
export const DEFAULT_SOUL_FILE = 'SOUL.md';

export interface RecommendedFile {
  readonly name: string;
  /** Role key under `files` in soul.json. */
  readonly role: string;
  readonly level: 'required' | 'recommended' | 'optional';
  readonly purpose: string;
}

/** The files a soul is expected to have, and how much each matters. */
export const RECOMMENDED_FILES: readonly RecommendedFile[] = [
  { name: 'SOUL.md', role: 'soul', level: 'required', purpose: 'the persona: worldview, personality, boundaries' },
  { name: 'IDENTITY.md', role: 'identity', level: 'recommended', purpose: 'name, role, tone and other identity metadata' },
  { name: 'README.md', role: 'readme', level: 'optional', purpose: 'what the soul is for and how to use it' },
  { name: 'STYLE.md', role: 'style', level: 'optional', purpose: 'how the persona writes' },
  { name: 'AGENTS.md', role: 'agents', level: 'optional', purpose: 'operating instructions for agent runtimes' },
  { name: 'HEARTBEAT.md', role: 'heartbeat', level: 'optional', purpose: 'periodic background tasks' },
];

/** extensionOf by name. */
const EXTENSIONS = new Map<string, string>();

/**
 * Lower-cased extension of a file name without the dot; '' when there is none (or for dotfiles).
 *
 * @example extensionOf('avatar/Face.PNG') // 'png'
 */
export function extensionOf(name: string): string {
  return rememberedByName(EXTENSIONS, name, newExtensionOf);
}

function newExtensionOf(name: string): string {
  // the last dot of the base name, not its first character (a dotfile has no extension)
  const dot = name.lastIndexOf('.');
  return dot <= name.lastIndexOf('/') + 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file name has an allowed extension (or is a well-known extensionless text file). */
export function isAllowedFileName(name: string): boolean {
  const ext = extensionOf(name);
  if (ext !== '') return ALLOWED_EXTENSIONS.has(ext);
  const base = name.slice(name.lastIndexOf('/') + 1);
  return EXTENSIONLESS_TEXT_FILES.has(base.toUpperCase()) && !base.startsWith('.');
}

/** Whether a file is carried as a base64 image. */
export function isImageFileName(name: string): boolean {
  return IMAGE_EXTENSIONS.has(extensionOf(name));
}

/**
 * Length of a string in UTF-8 bytes (textFacts' count, without encoding). Lone surrogates count 3 (as U+FFFD).
 *
 * @example utf8Length('héllo') // 6
 */
export function utf8Length(text: string): number {
  return textFacts(text).bytes;
}

/** What one pass over a text tells: its UTF-8 length, its surrogate pairs, and binary content. */
export interface TextFacts {
  /** utf8Length of the text. */
  readonly bytes: number;
  /** Surrogate pairs (each one character of two UTF-16 units), matched left to right. */
  readonly pairs: number;
  /** Whether a C0 control character other than tab, line feed, form feed, carriage return and escape occurs (NUL included). */
  readonly controls: boolean;
}

// A character other than printable ASCII, tab, line feed, form feed, carriage return and escape:
// non-ASCII (extra UTF-8 bytes, surrogates), a counted control, or DEL. The lookbehind checks the
// character just matched, so the native scan tests one range per character.
const NOT_PLAIN = /[^\x20-\x7e](?<![\t\n\f\r\x1b])/g;

/**
 * TextFacts of a text in one native search: plain ASCII text costs no loop in JS.
 *
 * @example textFacts('é😀\u0000') // { bytes: 7, pairs: 1, controls: true }
 */
export function textFacts(text: string): TextFacts {
  const n = text.length;
  let bytes = n;
  let pairs = 0;
  let controls = false;
  NOT_PLAIN.lastIndex = 0;
  // test() builds no match array; the character found is the one before lastIndex
  while (NOT_PLAIN.test(text)) {
    let i = NOT_PLAIN.lastIndex - 1;
    const c0 = text.charCodeAt(i);
    if (c0 < 0x80) {
      if (c0 !== 0x7f) controls = true;
      continue;
    }
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) break;
      if (c < 0x800) {
        bytes += 1;
      } else {
        // three bytes; a surrogate pair is four bytes for its two units (a lone surrogate is U+FFFD, three)
        bytes += 2;
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
          const d = text.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            i++;
            pairs++;
          }
        }
      }
    }
    NOT_PLAIN.lastIndex = i;
  }
  return { bytes, pairs, controls };
}

export type ImageType = 'png' | 'jpeg';

export type DecodedImage =
  | { ok: true; type: ImageType; bytes: Uint8Array }
  | { ok: false; problem: 'base64' | 'magic' | 'empty'; message: string; /** Decoded bytes when the base64 was fine. */ bytes?: Uint8Array };

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
// Only the base64 alphabet and '=' padding; white space is removed before this check.
const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;
// atob is a web-platform global (Node, workerd, browsers) that the ES library types do not declare.
const decodeBase64 = (globalThis as unknown as { atob(data: string): string }).atob.bind(globalThis);
const DATA_URL_PREFIX_RE = /^data:image\/(?:png|jpeg|jpg);base64,/i;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

function sniff(bytes: Uint8Array): string {
  if (startsWith(bytes, PNG_MAGIC)) return 'a PNG image';
  if (startsWith(bytes, JPEG_MAGIC)) return 'a JPEG image';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46])) return 'a RIFF/WebP file';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive';
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return 'an ELF executable';
  if (startsWith(bytes, [0x4d, 0x5a])) return 'a Windows executable';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46])) return 'a PDF document';
  const head = String.fromCharCode(...bytes.subarray(0, 64)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml')) return 'SVG/XML text';
  if (head.startsWith('<')) return 'HTML or XML text';
  return 'unknown data';
}

/**
 * Decode the base64 content of an image file and check its magic bytes against the extension.
 * White space in the base64 and a `data:image/...;base64,` prefix are accepted. Pure: uses atob.
 *
 * @example decodeImage('avatar.png', 'iVBORw0KGgo...') // { ok: true, type: 'png', bytes }
 * @example decodeImage('avatar.png', '/9j/4AAQ...') // { ok: false, problem: 'magic', message: 'holds a JPEG image, not a PNG; ...' }
 */
export function decodeImage(name: string, base64: string): DecodedImage {
  const ext = extensionOf(name);
  const expected: ImageType = ext === 'png' ? 'png' : 'jpeg';
  const compact = base64.replace(DATA_URL_PREFIX_RE, '').replace(/\s+/g, '');
  if (compact.length === 0) return { ok: false, problem: 'empty', message: 'is empty; send the image bytes as base64' };
  if (compact.length % 4 === 1 || !BASE64_RE.test(compact)) {
    return { ok: false, problem: 'base64', message: 'is not valid base64; send image files as base64-encoded bytes' };
  }
  let binary: string;
  try {
    binary = decodeBase64(compact);
  } catch {
    return { ok: false, problem: 'base64', message: 'is not valid base64; send image files as base64-encoded bytes' };
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const matches = expected === 'png' ? startsWith(bytes, PNG_MAGIC) : startsWith(bytes, JPEG_MAGIC);
  if (matches) return { ok: true, type: expected, bytes };
  const label = expected === 'png' ? 'PNG' : 'JPEG';
  const found = sniff(bytes);
  const hint = found === 'a PNG image' ? '; rename it to .png' : found === 'a JPEG image' ? '; rename it to .jpg' : `; upload a real ${label} image`;
  return { ok: false, problem: 'magic', message: `holds ${found}, not a ${label}${hint}`, bytes };
}

/**
 * Size of one file of a package in bytes: UTF-8 length for text, decoded length for a valid
 * base64 image (the base64 length when it does not decode).
 */
export function fileSize(name: string, content: string): number {
  if (isImageFileName(name)) {
    const compact = content.replace(DATA_URL_PREFIX_RE, '').replace(/\s+/g, '');
    if (compact.length % 4 !== 1 && BASE64_RE.test(compact)) {
      const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
      return Math.floor((compact.length * 3) / 4) - padding;
    }
    return content.length;
  }
  return utf8Length(content);
}

/** Human-readable size: "512 B", "12.3 KB", "1.02 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}
