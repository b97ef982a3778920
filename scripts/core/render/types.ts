// Shared input of the renderers: one scanned package and where it lives.
import { trimLeading, trimTrailing } from '../strings.ts';
import type { ScanResult } from '../scan/types.ts';

/** One scanned package as the renderers see it. */
export interface ScannedPackage {
  /** Folder of the package relative to the repository root, POSIX separators ("souls/acme/tutor"); "" or "." for the root. */
  readonly path: string;
  readonly result: ScanResult;
}

/** Join a package folder and a file name of that package into a repository-relative POSIX path. */
export function joinPath(base: string, file: string): string {
  let b = base.replace(/\\/g, '/');
  if (b.startsWith('./')) b = trimLeading(b.slice(2), '/');
  b = trimTrailing(b, '/');
  if (b === '' || b === '.') return file;
  return `${b}/${file}`;
}

/** Paint a text with a named style; the CLI injects ANSI colours, everything else leaves text as is. */
export type Paint = (style: PaintStyle, text: string) => string;
export type PaintStyle = 'bold' | 'dim' | 'red' | 'yellow' | 'green' | 'cyan' | 'blue' | 'magenta';

/** Plain text, no colour. */
export const noPaint: Paint = (_style, text) => text;
