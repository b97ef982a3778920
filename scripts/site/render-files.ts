// A soul's files as HTML for its page, at build time: Markdown through the sanitizing renderer,
// JSON pretty-printed, other text as preformatted text, the package's raster images as images,
// anything else as a note. Every string from the package is escaped or sanitized here.
import type { SoulDetails } from '../core/registry-shapes.ts';
import { packageFiles } from './package-files.ts';
import type { ImageAsset, PackageFile } from './package-files.ts';
import { escapeHtml, renderMarkdown } from './render-markdown.ts';

/** A file with its rendered body. */
export interface RenderedFile extends PackageFile {
  /** Safe HTML of the file's body. */
  html: string;
}

/**
 * JSON pretty-printed with two spaces; the text unchanged when it does not parse.
 *
 * @example prettyJson('{"a":1}') // '{\n  "a": 1\n}'
 */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  return `${(n / 1024).toFixed(1)} KB`;
}

/** The body of one file as safe HTML. */
export function renderPackageFile(file: PackageFile, ctx: { images: ReadonlyMap<string, string>; anchors: ReadonlyMap<string, string> }): string {
  switch (file.kind) {
    case 'markdown':
      return renderMarkdown(file.content, { images: ctx.images, anchors: ctx.anchors, headingOffset: 3 });
    case 'json':
      return `<pre class="file-source"><code>${escapeHtml(prettyJson(file.content))}</code></pre>`;
    case 'image':
      return `<p><img class="file-image" src="${escapeHtml(file.image!.url)}" alt="${escapeHtml(`Image ${file.path} of the package`)}"></p>`;
    case 'text':
      return `<pre class="file-source"><code>${escapeHtml(file.content)}</code></pre>`;
    case 'binary':
      return `<p class="muted">Binary file (${escapeHtml(formatBytes(file.size))}), not shown; it is part of the bundle and the ZIP download.</p>`;
  }
}

/**
 * Every file of a version rendered, in page order, and the package images to emit.
 *
 * @example renderSoulFiles(details).files[0].html // '<h4>Pip, the Kitchen Helper</h4>…'
 */
export function renderSoulFiles(details: Pick<SoulDetails, 'files' | 'fileContents' | 'encodings'>): { files: RenderedFile[]; images: ImageAsset[] } {
  const files = packageFiles(details);
  const images = new Map<string, string>();
  const anchors = new Map<string, string>();
  const assets: ImageAsset[] = [];
  for (const f of files) {
    anchors.set(f.path, f.anchor);
    if (f.image) {
      images.set(f.path, f.image.url);
      assets.push(f.image);
    }
  }
  return { files: files.map((f) => ({ ...f, html: renderPackageFile(f, { images, anchors }) })), images: assets };
}

/** The avatar of a soul: the image its `avatar` role names, when that is a package raster image. */
export function avatarOf(details: Pick<SoulDetails, 'files'>, files: readonly PackageFile[]): ImageAsset | null {
  const path = details.files['avatar'];
  if (path === undefined) return null;
  return files.find((f) => f.path === path)?.image ?? null;
}
