// The dashboard: who is signed in, their access tokens and scan keys (create: the secret is shown
// once; revoke: a second click confirms), each key's usage against its monthly allowance, and
// their souls with the latest scans.
import type { SoulList } from '../../core/registry-shapes.ts';
import { ApiError, callApi, errorMessage } from './api.ts';
import { byId, h, replaceChildren, setStatus } from './dom.ts';
import { formatCount, formatDate, gradeClass, soulPath } from './format.ts';

interface Me {
  username: string;
  tier: string;
  hasPaymentCustomer: boolean;
  user?: { username: string };
}
interface TokenInfo {
  id: string;
  name: string;
  kind: string;
  createdAt: string;
  lastUsedAt: string | null;
}
interface ScanKeyInfo {
  id: string;
  name: string;
  createdAt: string;
  monthlyAllowance: number;
  usedThisMonth: number;
}

const status = byId('dash-status');

/** A revoke button that asks for a second click before it calls `revoke`. */
function revokeButton(label: string, revoke: () => Promise<void>): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'danger', 'aria-label': `Revoke ${label}` }, 'Revoke');
  let armed = false;
  let timer: number | undefined;
  button.addEventListener('click', () => {
    if (!armed) {
      armed = true;
      button.textContent = 'Click again to revoke';
      timer = window.setTimeout(() => {
        armed = false;
        button.textContent = 'Revoke';
      }, 5000);
      return;
    }
    window.clearTimeout(timer);
    button.disabled = true;
    revoke().catch((error: unknown) => {
      button.disabled = false;
      armed = false;
      button.textContent = 'Revoke';
      setStatus(status, errorMessage(error), 'error');
    });
  });
  return button;
}

/** A secret shown once, with a copy button. */
function showSecret(panel: HTMLElement, what: string, secret: string): void {
  const code = h('p', { class: 'secret', tabindex: 0 }, secret);
  const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy');
  copy.addEventListener('click', () => void navigator.clipboard.writeText(secret).then(() => (copy.textContent = 'Copied')));
  const done = h('button', { type: 'button', class: 'secondary' }, 'I have saved it');
  done.addEventListener('click', () => {
    panel.hidden = true;
    panel.replaceChildren();
  });
  replaceChildren(panel, h('p', {}, h('strong', {}, `Your new ${what}. Copy it now: it is shown only once.`)), code, copy, ' ', done);
  panel.hidden = false;
  code.focus();
}

async function loadTokens(): Promise<void> {
  const { tokens } = await callApi<{ tokens: TokenInfo[] }>('/auth/tokens');
  const rows = byId('token-rows');
  if (tokens.length === 0) {
    replaceChildren(rows, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No tokens yet.')));
    return;
  }
  replaceChildren(
    rows,
    ...tokens.map((t) =>
      h(
        'tr',
        {},
        h('td', {}, t.name),
        h('td', {}, t.kind),
        h('td', {}, formatDate(t.createdAt)),
        h('td', {}, t.lastUsedAt ? formatDate(t.lastUsedAt) : 'never'),
        h(
          'td',
          {},
          revokeButton(`token ${t.name}`, async () => {
            await callApi(`/auth/tokens/${encodeURIComponent(t.id)}`, { method: 'DELETE' });
            await loadTokens();
            setStatus(byId('token-status'), `Token "${t.name}" revoked.`, 'ok');
          }),
        ),
      ),
    ),
  );
}

async function loadKeys(): Promise<void> {
  const { keys } = await callApi<{ keys: ScanKeyInfo[] }>('/auth/scan-keys');
  const rows = byId('key-rows');
  if (keys.length === 0) {
    replaceChildren(rows, h('tr', {}, h('td', { colspan: 4, class: 'muted' }, 'No scan keys yet.')));
    return;
  }
  replaceChildren(
    rows,
    ...keys.map((k) =>
      h(
        'tr',
        {},
        h('td', {}, k.name),
        h('td', {}, formatDate(k.createdAt)),
        h(
          'td',
          {},
          h('progress', { max: Math.max(1, k.monthlyAllowance), value: Math.min(k.usedThisMonth, k.monthlyAllowance), 'aria-label': `Scans used by ${k.name}` }),
          ` ${formatCount(k.usedThisMonth)} of ${formatCount(k.monthlyAllowance)} scans`,
        ),
        h(
          'td',
          {},
          revokeButton(`scan key ${k.name}`, async () => {
            await callApi(`/auth/scan-keys/${encodeURIComponent(k.id)}`, { method: 'DELETE' });
            await loadKeys();
            setStatus(byId('key-status'), `Scan key "${k.name}" revoked.`, 'ok');
          }),
        ),
      ),
    ),
  );
}

async function loadSouls(username: string): Promise<void> {
  const list = await callApi<SoulList>(`/souls?owner=${encodeURIComponent(username)}&limit=100&sort=updated`);
  const rows = byId('soul-rows');
  if (list.souls.length === 0) {
    replaceChildren(rows, h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'You have not published a soul yet.')));
    return;
  }
  replaceChildren(
    rows,
    ...list.souls.map((s) =>
      h(
        'tr',
        {},
        h('td', {}, h('a', { href: soulPath(s.owner, s.name) }, s.displayName), h('br'), h('span', { class: 'muted' }, `${s.owner}/${s.name}`)),
        h('td', {}, s.version),
        h('td', {}, h('span', { class: `grade ${gradeClass(s.scanGrade)}` }, s.scanGrade), ` ${s.scanScore}`),
        h('td', {}, s.scanStatus),
        h('td', {}, formatDate(s.updatedAt)),
      ),
    ),
  );
  if (list.total > list.souls.length) setStatus(byId('souls-status'), `Showing ${list.souls.length} of ${list.total}.`);
}

function wireCreate(formId: string, inputId: string, statusId: string, panelId: string, create: (name: string) => Promise<string>, what: string, reload: () => Promise<void>): void {
  const form = byId<HTMLFormElement>(formId);
  const input = byId<HTMLInputElement>(inputId);
  const out = byId(statusId);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name === '') {
      setStatus(out, 'Give it a name, such as "laptop" or "ci".', 'error');
      return;
    }
    setStatus(out, 'Creating…');
    create(name).then(
      async (secret) => {
        input.value = '';
        setStatus(out, `Created ${what} "${name}".`, 'ok');
        showSecret(byId(panelId), what, secret);
        await reload().catch((error: unknown) => setStatus(out, errorMessage(error), 'error'));
      },
      (error: unknown) => setStatus(out, errorMessage(error), 'error'),
    );
  });
}

async function start(): Promise<void> {
  setStatus(status, 'Loading your account…');
  let me: Me;
  try {
    me = await callApi<Me>('/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setStatus(status, 'You are not signed in.');
      byId('dash-signin').hidden = false;
      return;
    }
    setStatus(status, `The dashboard could not be loaded: ${errorMessage(error)}`, 'error');
    return;
  }
  const username = me.user?.username ?? me.username;
  byId('dash-user').textContent = username;
  byId('dash-tier').textContent = me.tier;
  byId('dash-content').hidden = false;
  setStatus(status, '');
  byId('signout').addEventListener('click', () => {
    callApi('/auth/session', { method: 'DELETE' }).then(
      () => window.location.assign('/'),
      (error: unknown) => setStatus(status, errorMessage(error), 'error'),
    );
  });
  wireCreate('token-form', 'token-name', 'token-status', 'token-secret', async (name) => (await callApi<{ token: string }>('/auth/tokens', { method: 'POST', body: { name } })).token, 'access token', loadTokens);
  wireCreate('key-form', 'key-name', 'key-status', 'key-secret', async (name) => (await callApi<{ key: string }>('/auth/scan-keys', { method: 'POST', body: { name } })).key, 'scan key', loadKeys);
  const results = await Promise.allSettled([loadTokens(), loadKeys(), loadSouls(username)]);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) setStatus(status, errorMessage(failed.reason), 'error');
}

void start();
