// Text a reader of the rendered page would not see, and encoded payloads, pulled out for rescanning.
// (Filled in by the evasion work; this file owns the extractors.)
import type { SegmentKind } from './text.ts';

export interface RawSegment {
  kind: SegmentKind;
  offset: number;
  text: string;
}

/** HTML comments, link titles, image alt text, hidden attributes and tag-character payloads. */
export function extractHidden(raw: string): RawSegment[] {
  const out: RawSegment[] = [];
  const re = /<!--([\s\S]*?)-->/g;
  for (let m = re.exec(raw); m !== null; m = re.exec(raw)) out.push({ kind: 'html-comment', offset: m.index, text: m[1]! });
  return out;
}

/** base64, hex, rot13 and percent-encoded segments that decode to readable text. */
export function extractDecoded(_raw: string): RawSegment[] {
  return [];
}
