// Plain-text tables for the terminal: padded columns, every cell made safe to print.
import { sanitizeTerminal } from '../../core/render/text.ts';

/** Longest cell shown; longer ones end in "…". */
const MAX_CELL = 60;

function cell(value: unknown): string {
  const text = value === null || value === undefined || value === '' ? '-' : sanitizeTerminal(String(value));
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/**
 * A table with a header row and columns padded to their widest cell; `empty` when there are no rows.
 *
 * @example renderTable(['ID', 'NAME'], [['tok_1', 'laptop']]) // 'ID     NAME\ntok_1  laptop\n'
 */
export function renderTable(headers: readonly string[], rows: readonly (readonly unknown[])[], empty = '(none)\n'): string {
  if (rows.length === 0) return empty;
  const cells = rows.map((r) => headers.map((_, i) => cell(r[i])));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: readonly string[]): string => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return `${[line(headers), ...cells.map(line)].join('\n')}\n`;
}
