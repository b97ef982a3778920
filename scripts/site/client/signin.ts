// The sign-in page: shows the providers the registry offers (`GET /auth/providers`) and exchanges
// a personal access token for a session cookie (`POST /auth/session`), then returns to the page
// the reader came from (same site only).
import { callApi, errorMessage, safeReturnPath } from './api.ts';
import { byId, revealScripted, setStatus } from './dom.ts';

const returnTo = safeReturnPath(new URLSearchParams(window.location.search).get('return'));
const github = byId('signin-github');
const githubLink = byId<HTMLAnchorElement>('github-link');
const form = byId<HTMLFormElement>('signin-token');
const input = byId<HTMLInputElement>('signin-token-input');
const status = byId('signin-status');

githubLink.href = `/api/v1/auth/github/login?return=${encodeURIComponent(returnTo)}`;
revealScripted();

callApi<{ github?: boolean; token?: boolean }>('/auth/providers').then(
  (providers) => {
    github.hidden = providers.github !== true;
    form.hidden = providers.token === false;
    if (providers.github !== true && providers.token === false) setStatus(status, 'This registry offers no way to sign in.', 'error');
  },
  () => {
    // Without the providers list both ways stay on offer.
  },
);

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = input.value.trim();
  if (token === '') {
    setStatus(status, 'Paste an access token first.', 'error');
    return;
  }
  setStatus(status, 'Signing in…');
  callApi<{ username: string }>('/auth/session', { method: 'POST', body: { token } }).then(
    (r) => {
      input.value = '';
      setStatus(status, `Signed in as ${r.username}.`, 'ok');
      window.location.assign(returnTo);
    },
    (error: unknown) => setStatus(status, errorMessage(error), 'error'),
  );
});
