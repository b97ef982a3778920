// Plain reference scans for the decoded-segment finders of segments.ts, shared by the suites that
// compare extractDecoded with them: each scans the whole text with the gate pattern as first written.
import { readableText } from '../../scripts/core/scan/segments.ts';
import type { RawSegment } from '../../scripts/core/scan/segments.ts';
import { referenceCollector } from './segment-collector.ts';

const HEX = (s: string, k: number): number => parseInt(s.slice(k, k + 2), 16);

/** Spaced hex pairs as first written: the gate regex over the whole text. */
export function referenceSpacedHex(raw: string): RawSegment[] {
  const c = referenceCollector();
  const gate = /[0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}/g;
  const run = /(?<![0-9a-zA-Z])[0-9a-fA-F]{2}(?:[ :,-][0-9a-fA-F]{2}){9,}(?![0-9a-zA-Z])/y;
  for (let g = gate.exec(raw); g !== null && !c.full(); g = gate.exec(raw)) {
    run.lastIndex = g.index;
    const m = run.exec(raw);
    if (m === null) continue;
    gate.lastIndex = g.index + m[0].length;
    const s = m[0];
    const bytes = new Uint8Array((s.length + 1) / 3);
    let len = 0;
    for (let k = 0; k + 1 < s.length; k += 3) bytes[len++] = HEX(s, k);
    const text = readableText(bytes, len);
    if (text !== null) c.add({ kind: 'hex', offset: m.index, length: s.length, verbatim: false, text });
  }
  return c.out;
}

/** Spaced-out letters as first written: the gate regex over the whole text. */
export function referenceSpacedLetters(raw: string): RawSegment[] {
  const c = referenceCollector();
  const gate = /[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z]/g;
  const run = /(?<![A-Za-z0-9])[A-Za-z](?:[ .\-_*|/+~·•]{1,3}[A-Za-z]){5,}(?![A-Za-z0-9])/y;
  const join = (s: string): string => {
    const counts = new Map<string, number>();
    for (const m of s.matchAll(/[ .\-_*|/+~·•]{1,3}/g)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
    let main = '';
    let best = 0;
    for (const [sep, count] of counts) if (count > best) [main, best] = [sep, count];
    return s.replace(/[ .\-_*|/+~·•]{1,3}/g, (sep) => (sep === main ? '' : ' '));
  };
  let lineStart = -1;
  let lineEnd = -1;
  let text = '';
  let pos = 0;
  const flush = (): void => {
    if (lineStart >= 0) c.add({ kind: 'spaced-letters', offset: lineStart, length: lineEnd - lineStart, verbatim: false, text: text + raw.slice(pos, lineEnd) });
    lineStart = -1;
  };
  for (let g = gate.exec(raw); g !== null && !c.full(); g = gate.exec(raw)) {
    run.lastIndex = g.index;
    const m = run.exec(raw);
    if (m === null) {
      gate.lastIndex = g.index + 1;
      continue;
    }
    const end = m.index + m[0].length;
    gate.lastIndex = end;
    if (m.index >= lineEnd) {
      flush();
      lineStart = m.index;
      while (lineStart > 0 && m.index - lineStart < 200 && raw.charCodeAt(lineStart - 1) !== 0x0a) lineStart--;
      lineEnd = end;
      while (lineEnd < raw.length && lineEnd - end < 200 && raw.charCodeAt(lineEnd) !== 0x0a) lineEnd++;
      text = '';
      pos = lineStart;
    }
    text += raw.slice(pos, m.index) + join(m[0]);
    pos = end;
  }
  flush();
  return c.out;
}
