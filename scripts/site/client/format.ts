// Formatting shared by the pages (at build time) and the browser scripts: dates, counts, ratings,
// grade classes and the site's URLs of a soul. Pure and dependency-free, so it costs the browser
// bundle a few hundred bytes.

/** The grades of SoulScan, best first (mirrors scripts/core/scan/types.ts without importing the engine). */
export const GRADE_CLASSES: Readonly<Record<string, string>> = {
  Verified: 'grade-verified',
  'Low Risk': 'grade-low',
  'Medium Risk': 'grade-medium',
  'High Risk': 'grade-high',
  Blocked: 'grade-blocked',
};

/** CSS class of a grade chip (`grade-unknown` for anything else). */
export function gradeClass(grade: string): string {
  return GRADE_CLASSES[grade] ?? 'grade-unknown';
}

/**
 * An ISO time as a calendar date in UTC (`2024-01-05`), the same for every reader; '' when invalid.
 *
 * @example formatDate('2024-01-05T10:00:00Z') // '2024-01-05'
 */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * A count with thousands separators (`12,345`), independent of the reader's locale.
 *
 * @example formatCount(12345) // '12,345'
 */
export function formatCount(n: number): string {
  const s = String(Math.round(Math.max(0, n)));
  let out = '';
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ',';
    out += s[i];
  }
  return out;
}

/**
 * A rating as text: `4.5 / 5 (12 reviews)`, or `no reviews yet`.
 *
 * @example formatRating(4.5, 12) // '4.5 / 5 (12 reviews)'
 */
export function formatRating(rating: number, count: number): string {
  if (count <= 0) return 'no reviews yet';
  return `${(Math.round(rating * 10) / 10).toFixed(1)} / 5 (${formatCount(count)} review${count === 1 ? '' : 's'})`;
}

/** Five stars for an integer rating: `★★★★☆`. */
export function stars(rating: number): string {
  const n = Math.min(5, Math.max(0, Math.round(rating)));
  return '★'.repeat(n) + '☆'.repeat(5 - n);
}

/** The site page of a soul. */
export function soulPath(owner: string, name: string): string {
  return `/souls/${encodeURIComponent(owner)}/${encodeURIComponent(name)}/`;
}

/** The API base of the site's own origin. */
export const API_BASE = '/api/v1';

/** An API path of a soul: `/api/v1/souls/<owner>/<name><suffix>`. */
export function soulApiPath(owner: string, name: string, suffix = ''): string {
  return `${API_BASE}/souls/${encodeURIComponent(owner)}/${encodeURIComponent(name)}${suffix}`;
}

/** The badge of a soul. */
export function badgePath(owner: string, name: string): string {
  return `/badge/${encodeURIComponent(owner)}/${encodeURIComponent(name)}.svg`;
}
