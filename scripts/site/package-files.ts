// The files of a soul as the site shows them: their kind (Markdown, JSON, image, text, binary),
// their order on the page, their in-page anchors, and the package's raster images as
// content-addressed files (`/soul-files/<sha256>.<ext>`), recognised by their bytes, never by name.
import { createHash } from 'node:crypto';
import { extensionOf, utf8Length } from '../core/package.ts';
import type { SoulDetails } from '../core/registry-shapes.ts';

/** Folder (under the site output) of the package images, named by the SHA-256 of their bytes. */
export const SOUL_FILES_DIR = 'soul-files';

export type FileKind = 'markdown' | 'json' | 'image' | 'text' | 'binary';
export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

export const IMAGE_MIME: Readonly<Record<ImageType, string>> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** A raster image of a package, as emitted by the site build. */
export interface ImageAsset {
  type: ImageType;
  sha256: string;
  /** Site-absolute URL: `/soul-files/<sha256>.<ext>`. */
  url: string;
  /** Path of the file under the site output. */
  file: string;
  bytes: Uint8Array;
}

/** One file of a package, ready to render. */
export interface PackageFile {
  path: string;
  kind: FileKind;
  /** UTF-8 text (for binary and image files: the base64 content). */
  content: string;
  /** Size in bytes. */
  size: number;
  /** In-page anchor id of the file's section (`file-1`, `file-2`, …). */
  anchor: string;
  /** The manifest role naming this file (`soul`, `identity`, …), when there is one. */
  role?: string;
  image?: ImageAsset;
}

/** The type of a raster image from its first bytes, or null when it is none of PNG, JPEG, GIF, WebP. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const b = (i: number): number => bytes[i] ?? -1;
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47 && b(4) === 0x0d && b(5) === 0x0a && b(6) === 0x1a && b(7) === 0x0a) return 'png';
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpg';
  if (b(0) === 0x47 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x38 && (b(4) === 0x37 || b(4) === 0x39) && b(5) === 0x61) return 'gif';
  if (b(0) === 0x52 && b(1) === 0x49 && b(2) === 0x46 && b(3) === 0x46 && b(8) === 0x57 && b(9) === 0x45 && b(10) === 0x42 && b(11) === 0x50) return 'webp';
  return null;
}

/** The image asset of a base64 file content, or null when the bytes are not a known raster image. */
export function imageAssetOf(base64: string): ImageAsset | null {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  const type = sniffImage(bytes);
  if (type === null) return null;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = `${SOUL_FILES_DIR}/${sha256}.${type}`;
  return { type, sha256, url: `/${file}`, file, bytes };
}

// Base64 content is binary (an image when its bytes say so); every other file is text, shown as
// source unless it is Markdown or JSON. An SVG is text: it is never served as an image.
function kindOf(path: string, base64: boolean): FileKind {
  if (base64) return 'binary';
  const ext = extensionOf(path);
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'json') return 'json';
  return 'text';
}

/**
 * The files of a version in page order: the manifest's roles first (in the manifest's order),
 * then every other file by path, soul.json last.
 *
 * @example packageFiles(details).map((f) => f.path) // ['SOUL.md', 'IDENTITY.md', 'notes.txt', 'soul.json']
 */
export function packageFiles(details: Pick<SoulDetails, 'files' | 'fileContents' | 'encodings'>): PackageFile[] {
  const contents = details.fileContents;
  const encodings = details.encodings ?? {};
  const paths = Object.keys(contents);
  const roleOf = new Map<string, string>();
  for (const [role, path] of Object.entries(details.files ?? {})) if (Object.hasOwn(contents, path) && !roleOf.has(path)) roleOf.set(path, role);
  const ordered = [
    ...[...roleOf.keys()].filter((p) => p !== 'soul.json'),
    ...paths.filter((p) => !roleOf.has(p) && p !== 'soul.json').sort(),
    ...(Object.hasOwn(contents, 'soul.json') ? ['soul.json'] : []),
  ];
  return ordered.map((path, i) => {
    const content = contents[path] ?? '';
    const base64 = encodings[path] === 'base64';
    const file: PackageFile = {
      path,
      kind: kindOf(path, base64),
      content,
      size: base64 ? Math.floor((content.length * 3) / 4) - (content.endsWith('==') ? 2 : content.endsWith('=') ? 1 : 0) : utf8Length(content),
      anchor: `file-${i + 1}`,
    };
    const role = roleOf.get(path);
    if (role !== undefined) file.role = role;
    if (base64) {
      const image = imageAssetOf(content);
      if (image) {
        file.kind = 'image';
        file.image = image;
      }
    }
    return file;
  });
}

/**
 * A package-relative reference from Markdown (`avatar.png`, `./docs/a.md`, `docs%20x.md`) as a
 * package path, or null when it is not a plain relative path inside the package.
 *
 * @example packagePathOf('./IDENTITY.md') // 'IDENTITY.md'
 * @example packagePathOf('../x.md') // null
 */
export function packagePathOf(ref: string): string | null {
  let s = ref.trim();
  const cut = s.search(/[?#]/);
  if (cut >= 0) s = s.slice(0, cut);
  if (s === '' || s.startsWith('/') || s.startsWith('\\') || s.includes('\\') || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(s)) return null;
  try {
    s = decodeURIComponent(s);
  } catch {
    return null;
  }
  const parts: string[] = [];
  for (const part of s.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return null;
    parts.push(part);
  }
  return parts.length === 0 ? null : parts.join('/');
}
