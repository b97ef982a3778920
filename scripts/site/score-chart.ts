// The scan score across a soul's versions as a small inline SVG line chart: no chart runtime, no
// inline styles (colours come from classes in the site's stylesheet), a text alternative for
// screen readers and a tooltip per point.
import { escapeHtml } from './render-markdown.ts';

export interface ScorePoint {
  version: string;
  score: number;
  grade: string;
}

const WIDTH = 320;
const HEIGHT = 120;
const LEFT = 30;
const RIGHT = 10;
const TOP = 10;
const BOTTOM = 24;
/** At most this many version labels under the axis (first and last always). */
const MAX_LABELS = 6;

/**
 * The chart of scores, oldest version first.
 *
 * @example renderScoreChart([{ version: '1.0.0', score: 80, grade: 'Low Risk' }, { version: '1.1.0', score: 100, grade: 'Verified' }])
 * // '<svg class="score-chart" viewBox="0 0 320 120" role="img" aria-labelledby="…">…</svg>'
 */
export function renderScoreChart(points: readonly ScorePoint[], id = 'score-chart'): string {
  const n = points.length;
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const x = (i: number): number => LEFT + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (score: number): number => TOP + plotH - (Math.min(100, Math.max(0, score)) / 100) * plotH;
  const r = (v: number): string => String(Math.round(v * 10) / 10);
  const summary = n === 0 ? 'No versions' : points.map((p) => `${p.version}: ${p.score}`).join(', ');
  const parts: string[] = [];
  parts.push(`<svg class="score-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-labelledby="${id}-title">`);
  parts.push(`<title id="${id}-title">Scan score by version, oldest first: ${escapeHtml(summary)}</title>`);
  for (const tick of [0, 50, 100]) {
    parts.push(`<line class="chart-grid" x1="${LEFT}" x2="${WIDTH - RIGHT}" y1="${r(y(tick))}" y2="${r(y(tick))}"/>`);
    parts.push(`<text class="chart-label" x="${LEFT - 4}" y="${r(y(tick) + 3)}" text-anchor="end">${tick}</text>`);
  }
  if (n > 1) parts.push(`<polyline class="chart-line" fill="none" points="${points.map((p, i) => `${r(x(i))},${r(y(p.score))}`).join(' ')}"/>`);
  const step = n <= MAX_LABELS ? 1 : Math.ceil((n - 1) / (MAX_LABELS - 1));
  points.forEach((p, i) => {
    parts.push(`<circle class="chart-point" cx="${r(x(i))}" cy="${r(y(p.score))}" r="3.5"><title>${escapeHtml(`${p.version}: ${p.score} (${p.grade})`)}</title></circle>`);
    if (i % step === 0 || i === n - 1) {
      const anchor = n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';
      parts.push(`<text class="chart-label" x="${r(x(i))}" y="${HEIGHT - 6}" text-anchor="${anchor}">${escapeHtml(p.version)}</text>`);
    }
  });
  parts.push('</svg>');
  return parts.join('');
}
