// The soul page in the browser: copy buttons, the version switch (an older version's scan report
// and files, fetched from the API), the diff view, live reviews with replies and likes, and the
// report form. Everything from the API is written as text nodes.
import type { ReviewList, Review, SoulDetails } from '../../core/registry-shapes.ts';
import type { SoulDiff } from '../../core/diff.ts';
import { callApi, errorMessage } from './api.ts';
import { byId, h, replaceChildren, revealScripted, setStatus } from './dom.ts';
import { renderDiff } from './diff-view.ts';
import { formatCount, formatDate, formatRating, gradeClass } from './format.ts';
import { likesText, repliesOf, reviewItem } from './reviews.ts';

const soul = byId('soul');
const owner = soul.dataset['owner'] ?? '';
const name = soul.dataset['name'] ?? '';
const latest = soul.dataset['version'] ?? '';
const apiUrl = soul.dataset['apiUrl'] ?? '';
const soulApi = `/souls/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;

revealScripted();

// ---- copy buttons
for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
  button.addEventListener('click', () => {
    const text = document.getElementById(button.dataset['copy'] ?? '')?.textContent ?? '';
    navigator.clipboard.writeText(text).then(
      () => {
        button.textContent = 'Copied';
        window.setTimeout(() => (button.textContent = 'Copy'), 2000);
      },
      () => {
        button.textContent = 'Select and copy';
      },
    );
  });
}

// ---- install commands follow the version shown
const cli = document.querySelector('#cmd-cli code');
const http = document.querySelector('#cmd-http code');
function showInstallFor(version: string): void {
  const pinned = version !== latest;
  if (cli) cli.textContent = `soul install ${owner}/${name}${pinned ? `@${version}` : ''}`;
  if (http) http.textContent = `curl -fsSL ${apiUrl}/bundle/${owner}/${name}${pinned ? `?version=${encodeURIComponent(version)}` : ''}`;
}

// ---- version switch
const versionForm = byId<HTMLFormElement>('version-form');
const versionSelect = byId<HTMLSelectElement>('version-select');
const versionStatus = byId('version-status');
const versionView = byId('version-view');
const latestBlock = byId('latest');

function findingsTable(d: SoulDetails): HTMLElement {
  const rows = [
    ...d.scan.errors.map((f) => ({ ...f, severity: 'error' })),
    ...d.scan.warnings.map((f) => ({ ...f, severity: 'warning' })),
    ...d.scan.info.map((f) => ({ ...f, severity: 'info' })),
  ];
  if (rows.length === 0) return h('p', {}, 'No findings.');
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'data' },
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Severity'), h('th', { scope: 'col' }, 'Code'), h('th', { scope: 'col' }, 'Message'), h('th', { scope: 'col' }, 'File'))),
      h(
        'tbody',
        {},
        ...rows.map((f) =>
          h(
            'tr',
            {},
            h('td', { class: `sev-${f.severity}` }, f.severity),
            h('td', {}, h('a', { href: `/docs/rules/#${encodeURIComponent(f.code)}` }, h('code', {}, f.code))),
            h('td', {}, f.message),
            h('td', {}, f.file ? `${f.file}${f.line ? `:${f.line}` : ''}` : '—'),
          ),
        ),
      ),
    ),
  );
}

function versionPanel(d: SoulDetails): DocumentFragment {
  const out = document.createDocumentFragment();
  const back = h('button', { type: 'button', class: 'secondary' }, `Back to the latest version (${latest})`);
  back.addEventListener('click', () => void showVersion(latest, true));
  const files = Object.keys(d.fileContents).sort((a, b) => (a === 'soul.json' ? 1 : b === 'soul.json' ? -1 : a < b ? -1 : a > b ? 1 : 0));
  out.append(
    h('h3', { id: 'version-view-title', tabindex: -1 }, `${d.displayName} ${d.version}`),
    h('p', {}, `Published ${formatDate(d.publishedAt)} · ${formatRating(d.rating, d.reviewCount)} · `, back),
    h('h4', {}, 'Scan report'),
    h('p', { class: 'scan-summary' }, h('span', { class: `grade ${gradeClass(d.scan.grade)}` }, d.scan.grade), ` ${d.scan.score} / 100, status ${d.scan.status}, scanner ${d.scan.scannerVersion}`),
    findingsTable(d),
    h('h4', {}, `Files (${files.length})`),
  );
  for (const path of files) {
    const content = d.fileContents[path] ?? '';
    const binary = d.encodings?.[path] === 'base64';
    out.append(
      h(
        'details',
        { class: 'file', open: path !== 'soul.json' },
        h('summary', {}, h('code', {}, path), binary ? ' (binary)' : ` (${formatCount(content.length)} characters)`),
        binary ? h('p', { class: 'muted file-body' }, 'Binary file; it is in the bundle of this version.') : h('pre', { class: 'file-source', tabindex: 0 }, h('code', {}, content)),
      ),
    );
  }
  return out;
}

let versionRequest: AbortController | null = null;

async function showVersion(version: string, focus: boolean): Promise<void> {
  versionRequest?.abort();
  versionSelect.value = version;
  showInstallFor(version);
  const url = new URL(window.location.href);
  if (version === latest) {
    versionView.hidden = true;
    versionView.replaceChildren();
    latestBlock.hidden = false;
    setStatus(versionStatus, '');
    url.searchParams.delete('version');
    window.history.replaceState(null, '', url);
    if (focus) byId('files-title').scrollIntoView();
    return;
  }
  const controller = new AbortController();
  versionRequest = controller;
  setStatus(versionStatus, `Loading version ${version}…`);
  try {
    const d = await callApi<SoulDetails>(`${soulApi}?version=${encodeURIComponent(version)}`, { signal: controller.signal });
    if (controller.signal.aborted) return;
    replaceChildren(versionView, versionPanel(d));
    versionView.hidden = false;
    latestBlock.hidden = true;
    setStatus(versionStatus, `Showing version ${d.version}.`);
    url.searchParams.set('version', d.version);
    window.history.replaceState(null, '', url);
    if (focus) byId('version-view-title').focus();
  } catch (error) {
    if (controller.signal.aborted) return;
    setStatus(versionStatus, `Version ${version} could not be loaded: ${errorMessage(error)}`, 'error');
  }
}

versionForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void showVersion(versionSelect.value, true);
});
for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-show-version]')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    byId('version-switch').scrollIntoView();
    void showVersion(link.dataset['showVersion'] ?? latest, true);
  });
}
const askedVersion = new URLSearchParams(window.location.search).get('version');
if (askedVersion && askedVersion !== latest && [...versionSelect.options].some((o) => o.value === askedVersion)) void showVersion(askedVersion, false);

// ---- diff
const diffForm = document.getElementById('diff-form') as HTMLFormElement | null;
const diffStatus = byId('diff-status');
const diffResult = byId('diff-result');
diffForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  const v1 = (byId<HTMLSelectElement>('diff-v1')).value;
  const v2 = (byId<HTMLSelectElement>('diff-v2')).value;
  if (v1 === v2) {
    setStatus(diffStatus, 'Pick two different versions to compare.', 'error');
    diffResult.replaceChildren();
    return;
  }
  setStatus(diffStatus, `Comparing ${v1} with ${v2}…`);
  callApi<SoulDiff>(`${soulApi}/diff?v1=${encodeURIComponent(v1)}&v2=${encodeURIComponent(v2)}`).then(
    (diff) => {
      replaceChildren(diffResult, renderDiff(diff));
      setStatus(diffStatus, `Changes from ${diff.v1} to ${diff.v2}.`);
    },
    (error: unknown) => {
      diffResult.replaceChildren();
      setStatus(diffStatus, `The diff could not be loaded: ${errorMessage(error)}`, 'error');
    },
  );
});

// ---- reviews
const reviewList = byId<HTMLOListElement>('review-list');
const reviewsSummary = byId('reviews-summary');
const moreButton = byId<HTMLButtonElement>('reviews-more');
const reviewForm = byId<HTMLFormElement>('review-form');
const reviewStatus = byId('review-status');
const reviewToken = byId<HTMLInputElement>('review-token');
const reportToken = byId<HTMLInputElement>('report-token');
const PAGE = 20;
let loaded = 0;
let signedIn: Promise<string | null> | null = null;

/** The token typed in either form (kept in this page only). */
function token(): string {
  return reviewToken.value.trim() || reportToken.value.trim();
}

function whoAmI(): Promise<string | null> {
  signedIn ??= callApi<{ username?: string; user?: { username?: string } }>('/auth/me').then(
    (me) => me?.user?.username ?? me?.username ?? null,
    () => null,
  );
  return signedIn;
}

async function noteSignedIn(): Promise<void> {
  const user = await whoAmI();
  if (user === null) return;
  const note = byId('review-auth');
  note.textContent = `Signed in as ${user}.`;
  byId('token-field').hidden = true;
}
reviewForm.addEventListener('focusin', () => void noteSignedIn(), { once: true });

async function loadReviews(offset: number): Promise<void> {
  try {
    const list = await callApi<ReviewList>(`${soulApi}/reviews?limit=${PAGE}&offset=${offset}`);
    if (offset === 0) reviewList.replaceChildren();
    for (const r of list.reviews) reviewList.append(reviewItem(r));
    loaded = offset + list.reviews.length;
    reviewsSummary.textContent = formatRating(list.avgRating, list.total);
    document.getElementById('reviews-empty')?.toggleAttribute('hidden', list.total > 0);
    moreButton.hidden = loaded >= list.total;
  } catch {
    // The reviews built into the page stay; the live list is a refinement.
  }
}
moreButton.addEventListener('click', () => void loadReviews(loaded));
void loadReviews(0);

reviewForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const body = byId<HTMLTextAreaElement>('review-body').value.trim();
  const rating = Number(byId<HTMLSelectElement>('review-rating').value);
  if (body === '') {
    setStatus(reviewStatus, 'Write a few words before posting.', 'error');
    return;
  }
  setStatus(reviewStatus, 'Posting…');
  callApi<Review>(`${soulApi}/reviews`, { method: 'POST', body: { rating, body }, token: token() }).then(
    (review) => {
      reviewList.prepend(reviewItem({ ...review, replies: review.replies ?? [] }));
      document.getElementById('reviews-empty')?.setAttribute('hidden', '');
      byId<HTMLTextAreaElement>('review-body').value = '';
      setStatus(reviewStatus, 'Thank you, your review is posted.', 'ok');
    },
    (error: unknown) => setStatus(reviewStatus, errorMessage(error), 'error'),
  );
});

function replyForm(item: HTMLLIElement, parentId: string): HTMLFormElement {
  const id = `reply-${parentId}`;
  const textarea = h('textarea', { id, name: 'body', required: true, maxlength: 5000 });
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
  const form = h('form', { class: 'panel reply-form' }, h('div', { class: 'field' }, h('label', { for: id }, 'Your reply'), textarea), h('button', { type: 'submit' }, 'Post reply'), ' ', cancel, status);
  cancel.addEventListener('click', () => form.remove());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const body = textarea.value.trim();
    if (body === '') {
      setStatus(status, 'Write a reply before posting.', 'error');
      return;
    }
    setStatus(status, 'Posting…');
    callApi<Review>(`${soulApi}/reviews`, { method: 'POST', body: { body, parentId }, token: token() }).then(
      (reply) => {
        repliesOf(item).append(reviewItem({ ...reply, replies: reply.replies ?? [] }));
        form.remove();
      },
      (error: unknown) => setStatus(status, errorMessage(error), 'error'),
    );
  });
  return form;
}

reviewList.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.('button[data-action]') as HTMLButtonElement | null;
  const item = button?.closest('li.review') as HTMLLIElement | null;
  const id = item?.dataset['reviewId'];
  if (!button || !item || !id) return;
  if (button.dataset['action'] === 'reply') {
    const existing = item.querySelector<HTMLFormElement>(':scope > form.reply-form');
    if (existing) {
      existing.querySelector('textarea')?.focus();
      return;
    }
    const form = replyForm(item, id);
    item.querySelector(':scope > article')?.after(form);
    form.querySelector('textarea')?.focus();
    return;
  }
  const likes = item.querySelector(':scope > article .likes');
  const actions = button.parentElement;
  let status = actions?.querySelector<HTMLElement>('.status') ?? null;
  if (actions && !status) {
    status = h('span', { class: 'status', role: 'status' });
    actions.append(status);
  }
  button.disabled = true;
  callApi<{ ok: boolean; likes: number }>(`${soulApi}/reviews/${encodeURIComponent(id)}/like`, { method: 'POST', token: token() }).then(
    (r) => {
      if (likes) likes.textContent = likesText(r.likes);
      button.textContent = 'Liked';
      if (status) setStatus(status, '');
    },
    (error: unknown) => {
      button.disabled = false;
      if (status) setStatus(status, errorMessage(error), 'error');
    },
  );
});

// ---- report
const reportForm = byId<HTMLFormElement>('report-form');
const reportStatus = byId('report-status');
reportForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const reason = byId<HTMLSelectElement>('report-reason').value;
  const details = byId<HTMLTextAreaElement>('report-details').value.trim();
  setStatus(reportStatus, 'Sending…');
  callApi<{ ok: boolean; id: string }>(`${soulApi}/report`, { method: 'POST', body: details ? { reason, details } : { reason }, token: token() }).then(
    (r) => setStatus(reportStatus, `Thank you; report ${r.id} was sent to the moderators.`, 'ok'),
    (error: unknown) => setStatus(reportStatus, errorMessage(error), 'error'),
  );
});
