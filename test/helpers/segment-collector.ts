// A plain copy of the segment extractors' collector (the same caps, in the same order), for the
// suites that compare extractDecoded / extractHidden with reference scans.
import { SEGMENT_LIMITS } from '../../scripts/core/scan/segments.ts';
import type { RawSegment } from '../../scripts/core/scan/segments.ts';

export interface ReferenceSink {
  out: RawSegment[];
  full: () => boolean;
  /** Characters taken so far. */
  used: () => number;
  add: (seg: RawSegment) => void;
}

/**
 * The extractors' collector: the same caps, in the same order.
 *
 * @example const c = referenceCollector(); c.add(seg); c.out
 */
export function referenceCollector(maxSegments: number = SEGMENT_LIMITS.decodedSegments, max: number = SEGMENT_LIMITS.decodedChars): ReferenceSink {
  const out: RawSegment[] = [];
  let chars = 0;
  return {
    out,
    full: () => chars >= max,
    used: () => chars,
    add(seg) {
      if (seg.text.trim().length === 0 || chars >= max) return;
      let text = seg.text;
      const room = max - chars - (out.length < maxSegments ? 0 : 1);
      if (room <= 0) return;
      if (text.length > room) text = text.slice(0, room);
      chars += text.length;
      if (out.length < maxSegments) {
        out.push({ ...seg, text, verbatim: seg.verbatim && text.length === seg.text.length });
        return;
      }
      chars++;
      const last = out[out.length - 1]!;
      out[out.length - 1] = { ...last, text: `${last.text}\n${text}`, verbatim: false, length: Math.max(last.length, seg.offset + seg.length - last.offset) };
    },
  };
}
