// The souls list in the browser: search, category and tag filters, sort and pages over the client
// index, kept in the page URL (so a filtered list can be shared and the back button works). The
// static page stays as it is until the reader filters or the URL asks for a filtered list.
import type { IndexEntry } from '../../core/registry-shapes.ts';
import { byId, h, replaceChildren } from './dom.ts';
import { formatCount, formatDate, formatRating, gradeClass, soulPath } from './format.ts';
import { decodeSiteIndex, DEFAULT_LIST_QUERY, formatListQuery, isFiltered, parseListQuery, queryIndex, SITE_INDEX_PATH } from './souls-index.ts';
import type { ListQuery } from './souls-index.ts';

const form = byId<HTMLFormElement>('filters');
const results = byId<HTMLOListElement>('results');
const count = byId('result-count');
const pagination = byId('pagination');
const controls = {
  q: byId<HTMLInputElement>('f-q'),
  category: byId<HTMLSelectElement>('f-category'),
  tag: byId<HTMLInputElement>('f-tag'),
  sort: byId<HTMLSelectElement>('f-sort'),
};

let index: Promise<IndexEntry[]> | null = null;

function loadIndex(): Promise<IndexEntry[]> {
  index ??= fetch(form.dataset['index'] ?? SITE_INDEX_PATH, { credentials: 'same-origin' })
    .then((r) => {
      if (!r.ok) throw new Error(`the soul index could not be loaded (HTTP ${r.status})`);
      return r.json() as Promise<unknown>;
    })
    .then(decodeSiteIndex);
  index.catch(() => {
    index = null;
  });
  return index;
}

function readForm(): ListQuery {
  return {
    q: controls.q.value.trim(),
    category: controls.category.value,
    tag: controls.tag.value.trim(),
    sort: parseListQuery(new URLSearchParams({ sort: controls.sort.value })).sort,
    page: 1,
  };
}

function writeForm(q: ListQuery): void {
  controls.q.value = q.q;
  controls.tag.value = q.tag;
  controls.sort.value = q.sort;
  // A category from the URL that the build does not know still filters; show it as an option.
  if (q.category !== '' && ![...controls.category.options].some((o) => o.value === q.category)) controls.category.append(h('option', { value: q.category }, q.category));
  controls.category.value = q.category;
}

function card(s: IndexEntry): HTMLLIElement {
  const meta = h(
    'ul',
    { class: 'meta' },
    h('li', {}, h('span', { class: `grade ${gradeClass(s.scanGrade)}` }, s.scanGrade), ` score ${s.scanScore}`),
    h('li', {}, `v${s.version}`),
    h('li', {}, formatRating(s.rating, s.reviewCount)),
    h('li', {}, `${formatCount(s.downloads)} downloads`),
    s.category ? h('li', {}, s.category) : null,
    h('li', {}, `updated ${formatDate(s.updatedAt)}`),
  );
  const tags = s.tags.length > 0 ? h('ul', { class: 'tags', 'aria-label': 'Tags' }, ...s.tags.map((t) => h('li', {}, h('a', { href: `/souls/${formatListQuery({ ...DEFAULT_LIST_QUERY, tag: t })}` }, t)))) : null;
  return h(
    'li',
    { class: 'soul-card' },
    h('h2', {}, h('a', { href: soulPath(s.owner, s.name) }, s.displayName)),
    h('p', { class: 'full-name' }, `${s.owner}/${s.name}`),
    h('p', { class: 'description' }, s.description),
    meta,
    tags,
  );
}

function pageLinks(query: ListQuery, page: number, pages: number): HTMLElement | null {
  if (pages <= 1) return null;
  const link = (n: number, label: string, rel?: string): HTMLElement => h('a', { href: `/souls/${formatListQuery({ ...query, page: n })}`, rel, 'data-page': n }, label);
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return h(
    'ul',
    {},
    page > 1 ? h('li', {}, link(page - 1, 'Previous', 'prev')) : null,
    ...shown.map((n) => h('li', {}, n === page ? h('span', { 'aria-current': 'page' }, String(n)) : link(n, String(n)))),
    page < pages ? h('li', {}, link(page + 1, 'Next', 'next')) : null,
  );
}

let renderSeq = 0;

async function render(query: ListQuery, history: 'push' | 'replace' | 'none'): Promise<void> {
  const seq = ++renderSeq;
  results.setAttribute('aria-busy', 'true');
  let entries: IndexEntry[];
  try {
    entries = await loadIndex();
  } catch (error) {
    count.textContent = `Search is unavailable: ${(error as Error).message}. The list below is sorted by name.`;
    results.removeAttribute('aria-busy');
    return;
  }
  if (seq !== renderSeq) return;
  const { items, total, page, pages } = queryIndex(entries, query);
  replaceChildren(results, ...items.map(card));
  results.removeAttribute('aria-busy');
  count.textContent = total === 0 ? 'No souls match; try fewer words or another category.' : `${formatCount(total)} soul${total === 1 ? '' : 's'}${pages > 1 ? `, page ${page} of ${pages}` : ''}`;
  replaceChildren(pagination, pageLinks(query, page, pages));
  const url = `/souls/${formatListQuery({ ...query, page })}`;
  if (history === 'push') window.history.pushState(null, '', url);
  else if (history === 'replace') window.history.replaceState(null, '', url);
}

let typing: number | undefined;

function onChange(delay: number): void {
  window.clearTimeout(typing);
  typing = window.setTimeout(() => void render(readForm(), 'replace'), delay);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  window.clearTimeout(typing);
  void render(readForm(), 'push');
});
controls.q.addEventListener('input', () => onChange(200));
controls.tag.addEventListener('input', () => onChange(300));
controls.category.addEventListener('change', () => onChange(0));
controls.sort.addEventListener('change', () => onChange(0));

pagination.addEventListener('click', (event) => {
  const a = (event.target as Element | null)?.closest?.('a[data-page]');
  if (!a || !index) return;
  event.preventDefault();
  const q = parseListQuery(new URL((a as HTMLAnchorElement).href).searchParams);
  void render(q, 'push').then(() => results.querySelector('a')?.focus());
});

window.addEventListener('popstate', () => {
  const q = parseListQuery(new URLSearchParams(window.location.search));
  writeForm(q);
  void render(q, 'none');
});

const initial = parseListQuery(new URLSearchParams(window.location.search));
writeForm(initial);
if (isFiltered(initial) || initial.page > 1) void render(initial, 'none');
