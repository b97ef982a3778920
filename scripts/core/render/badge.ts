// The SoulScan badge (`/badge/<owner>/<name>.svg`): a flat two-part SVG with the grade and score,
// the same bytes from the site build and the worker. Pure: no fonts are measured, widths come from
// a table of Verdana 11px advance widths (what badge renderers traditionally use).
import type { Grade } from '../scan/types.ts';

/** Background of the value part per grade; every one keeps white text at a contrast of at least 4.5:1. */
export const BADGE_COLORS = {
  Verified: '#1a7f37',
  'Low Risk': '#4d7c0f',
  'Medium Risk': '#9a6700',
  'High Risk': '#cf222e',
  Blocked: '#82071e',
} as const satisfies Record<Grade, string>;

/** Background of the value part when the soul or its scan is unknown. */
export const BADGE_UNKNOWN_COLOR = '#57606a';
/** Background of the label part. */
export const BADGE_LABEL_COLOR = '#555555';
/** Colour of the text on both parts. */
export const BADGE_TEXT_COLOR = '#ffffff';
/** Default label text. */
export const BADGE_LABEL = 'SoulScan';

export interface BadgeInput {
  /** The grade of the latest scan, or null when the soul is unknown. */
  grade: Grade | null;
  /** The score (0..100) of the latest scan; ignored without a grade. */
  score?: number;
  /** Left-hand text; default "SoulScan". */
  label?: string;
}

// Advance widths of Verdana at 11px for printable ASCII (space to tilde); other characters count as 7.
const WIDTHS: readonly number[] = [
  3.87, 4.33, 5.05, 9.0, 7.0, 11.84, 7.99, 2.95, 5.0, 5.0, 7.0, 9.0, 4.0, 4.99, 4.0, 4.85, // space..'/'
  7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 7.0, 5.0, 5.0, 9.0, 9.0, 9.0, 6.0, // '0'..'?'
  11.0, 7.52, 7.54, 7.68, 8.48, 6.96, 6.32, 8.53, 8.27, 4.63, 5.0, 7.62, 6.12, 9.27, 8.23, 8.66, // '@'..'O'
  6.63, 8.66, 7.65, 7.52, 6.78, 8.05, 7.52, 10.88, 7.54, 6.77, 7.54, 5.0, 4.85, 5.0, 9.0, 7.0, // 'P'..'_'
  7.0, 6.61, 6.85, 5.73, 6.85, 6.55, 3.87, 6.85, 6.96, 3.02, 3.79, 6.51, 3.02, 10.7, 6.96, 6.68, // '`'..'o'
  6.85, 6.85, 4.69, 5.73, 4.33, 6.96, 6.51, 8.98, 6.51, 6.51, 5.78, 6.98, 5.0, 6.98, 9.0, // 'p'..'~'
];
const DEFAULT_WIDTH = 7;
const PADDING = 6;
const MAX_TEXT = 40;

/** Width in pixels of a text in Verdana 11px, from the table. */
export function measureBadgeText(text: string): number {
  let width = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    width += code >= 32 && code <= 126 ? (WIDTHS[code - 32] ?? DEFAULT_WIDTH) : DEFAULT_WIDTH;
  }
  return width;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;'));
}

// Control characters would make the SVG invalid XML; long labels would make an absurd badge.
function cleanText(text: string): string {
  let out = '';
  let count = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 32 || (code >= 0x7f && code <= 0x9f)) continue;
    if (++count > MAX_TEXT) break;
    out += ch;
  }
  return out;
}

/** The colour of the value part for a grade (grey when unknown). */
export function badgeColor(grade: Grade | null): string {
  return grade === null ? BADGE_UNKNOWN_COLOR : BADGE_COLORS[grade];
}

/** The value text of a badge: "Verified 98", or "unknown". */
export function badgeMessage(input: Pick<BadgeInput, 'grade' | 'score'>): string {
  if (input.grade === null) return 'unknown';
  const score = Math.round(Math.min(100, Math.max(0, input.score ?? 0)));
  return `${input.grade} ${score}`;
}

/**
 * Render the badge as a standalone SVG document (no script, no external references).
 *
 * @example renderBadge({ grade: 'Verified', score: 98 })
 * // '<svg xmlns="http://www.w3.org/2000/svg" width="…" height="20" role="img" aria-label="SoulScan: Verified 98">…</svg>'
 */
export function renderBadge(input: BadgeInput): string {
  const label = cleanText(input.label ?? BADGE_LABEL) || BADGE_LABEL;
  const message = badgeMessage(input);
  const labelWidth = Math.round(measureBadgeText(label) + 2 * PADDING);
  const messageWidth = Math.round(measureBadgeText(message) + 2 * PADDING);
  const width = labelWidth + messageWidth;
  const color = badgeColor(input.grade);
  const title = escapeXml(`${label}: ${message}`);
  const l = escapeXml(label);
  const m = escapeXml(message);
  // Text is drawn at 10x and scaled down, as badge renderers do, for crisper sub-pixel placement.
  const labelX = (labelWidth / 2) * 10;
  const messageX = (labelWidth + messageWidth / 2) * 10;
  const labelLength = Math.round(measureBadgeText(label) * 10);
  const messageLength = Math.round(measureBadgeText(message) * 10);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>` +
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>` +
    `<g clip-path="url(#r)"><rect width="${labelWidth}" height="20" fill="${BADGE_LABEL_COLOR}"/><rect x="${labelWidth}" width="${messageWidth}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g>` +
    `<g fill="${BADGE_TEXT_COLOR}" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" text-rendering="geometricPrecision" font-size="110">` +
    `<text aria-hidden="true" x="${labelX}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${labelLength}">${l}</text>` +
    `<text x="${labelX}" y="140" transform="scale(.1)" textLength="${labelLength}">${l}</text>` +
    `<text aria-hidden="true" x="${messageX}" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" textLength="${messageLength}">${m}</text>` +
    `<text x="${messageX}" y="140" transform="scale(.1)" textLength="${messageLength}">${m}</text>` +
    `</g></svg>\n`
  );
}

/**
 * WCAG contrast ratio of two `#rrggbb` colours (1 to 21).
 *
 * @example contrastRatio('#ffffff', '#000000') // 21
 */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function relativeLuminance(hex: string): number {
  const value = hex.startsWith('#') ? hex.slice(1) : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(value)) throw new Error(`not a #rrggbb colour: ${JSON.stringify(hex)}`);
  const channel = (i: number): number => {
    const c = parseInt(value.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}
