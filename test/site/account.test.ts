// Writing through the site in Chromium against the local registry: a review, a reply and a like
// with a personal access token, a report, token sign-in, and the dashboard (create a scan key and
// a token, see usage, revoke, sign out). Skipped, with the reason, while only the read-only static
// server is available.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousViolations, watchedPage } from './browser.ts';
import type { WatchedPage } from './browser.ts';
import { siteFixture } from './fixture.ts';
import { serveSite, WRITE_FLOWS_SKIPPED } from './serve.ts';
import type { ServedSite } from './serve.ts';

const fx = await siteFixture();
const server: ServedSite = await serveSite(fx);
const writable = server.mode === 'registry' && server.admin !== undefined;
if (!writable) console.warn(`site write flows ${WRITE_FLOWS_SKIPPED} (${server.reason ?? ''})`);

let browser: Browser;

beforeAll(async () => {
  if (writable) browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server.close();
});

async function withPage(fn: (w: WatchedPage) => Promise<void>): Promise<void> {
  const w = await watchedPage(browser, server.url);
  try {
    await fn(w);
    expect(w.cspViolations).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.external).toEqual([]);
  } finally {
    await w.close();
  }
}

async function signIn(page: Page, token: string): Promise<void> {
  await page.goto(`${server.url}/signin/?return=/dashboard/`, { waitUntil: 'networkidle' });
  await page.fill('#signin-token-input', token);
  await page.click('#signin-token button[type="submit"]');
  await page.waitForURL(`${server.url}/dashboard/`);
}

describe.skipIf(!writable)(writable ? 'writing through the site' : `writing through the site (${WRITE_FLOWS_SKIPPED})`, () => {
  it('posts a review with a token, replies to one and likes one', () =>
    withPage(async ({ page }) => {
      const token = await server.admin!.createToken('critic');
      await page.goto(`${server.url}/souls/ada/tutor/#reviews`, { waitUntil: 'networkidle' });
      await page.selectOption('#review-rating', '4');
      await page.fill('#review-body', 'Clear questions, <b>never</b> gives answers away.');
      await page.fill('#review-token', token);
      await page.click('#review-form button[type="submit"]');
      await page.locator('#review-status', { hasText: 'your review is posted' }).waitFor();
      const mine = page.locator('#review-list > li.review', { hasText: 'critic' });
      await expect(mine.locator('.review-body').textContent()).resolves.toBe('Clear questions, <b>never</b> gives answers away.');
      await expect(mine.locator('.rating').getAttribute('aria-label')).resolves.toBe('4 out of 5 stars');

      // Another reader replies to that review and likes it.
      await page.fill('#review-token', await server.admin!.createToken('fan'));
      await mine.locator(':scope > article button[data-action="reply"]').click();
      await mine.locator('form.reply-form textarea').fill('Slow is fine for us.');
      await mine.locator('form.reply-form button[type="submit"]').click();
      await mine.locator('ol.reviews .review-body', { hasText: 'Slow is fine for us.' }).waitFor();
      await mine.locator(':scope > article button[data-action="like"]').click();
      await mine.locator(':scope > article .likes', { hasText: '1 like' }).waitFor();
      await screenshot(page, 'reviews-written');

      await page.reload({ waitUntil: 'networkidle' });
      await page.locator('#review-list > li.review', { hasText: 'critic' }).waitFor();
    }));

  it('shows the API error when a review cannot be posted', () =>
    withPage(async ({ page }) => {
      await page.goto(`${server.url}/souls/ada/tutor/#reviews`, { waitUntil: 'networkidle' });
      await page.fill('#review-body', 'No token here.');
      await page.click('#review-form button[type="submit"]');
      await page.locator('#review-status.error').waitFor();
      expect((await page.locator('#review-status').textContent())?.length).toBeGreaterThan(10);
    }));

  it('sends a report', () =>
    withPage(async ({ page }) => {
      const token = await server.admin!.createToken('watcher');
      await page.goto(`${server.url}/souls/evil/xss/#report`, { waitUntil: 'networkidle' });
      await page.click('#report summary');
      await page.selectOption('#report-reason', 'prompt-injection');
      await page.fill('#report-details', 'The SOUL.md is a collection of script payloads.');
      await page.fill('#report-token', token);
      await page.click('#report-form button[type="submit"]');
      await page.locator('#report-status.ok', { hasText: 'was sent to the moderators' }).waitFor();
    }));

  it('signs in with a token, creates a scan key and a token on the dashboard, revokes one and signs out', () =>
    withPage(async ({ page }) => {
      await signIn(page, await server.admin!.createToken('ada'));
      await expect(page.locator('#dash-user').textContent()).resolves.toBe('ada');
      await page.locator('#soul-rows a', { hasText: 'Quill' }).waitFor();

      await page.fill('#key-name', 'ci');
      await page.click('#key-form button[type="submit"]');
      await page.locator('#key-secret .secret').waitFor();
      expect(await page.locator('#key-secret .secret').textContent()).toMatch(/^cs_scan_[A-Za-z0-9]{32,}$/);
      const keyRow = page.locator('#key-rows tr', { hasText: 'ci' });
      await expect(keyRow.textContent()).resolves.toContain('0 of 100 scans');

      await page.fill('#token-name', 'laptop');
      await page.click('#token-form button[type="submit"]');
      await page.locator('#token-secret .secret').waitFor();
      expect(await page.locator('#token-secret .secret').textContent()).toMatch(/^cs_[A-Za-z0-9]{32,}$/);
      const tokenRow = page.locator('#token-rows tr', { hasText: 'laptop' });
      await tokenRow.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'dashboard-signed-in');

      await tokenRow.locator('button').click();
      await expect(tokenRow.locator('button').textContent()).resolves.toBe('Click again to revoke');
      await tokenRow.locator('button').click();
      await page.locator('#token-status', { hasText: 'revoked' }).waitFor();
      await page.locator('#token-rows tr', { hasText: 'laptop' }).waitFor({ state: 'detached' });

      await page.click('#signout');
      await page.waitForURL(`${server.url}/`);
      await page.goto(`${server.url}/dashboard/`, { waitUntil: 'networkidle' });
      await page.locator('#dash-signin').waitFor();
    }));

  it('refuses a wrong token on the sign-in page with the API message', () =>
    withPage(async ({ page }) => {
      await page.goto(`${server.url}/signin/`, { waitUntil: 'networkidle' });
      await page.fill('#signin-token-input', 'cs_not-a-real-token');
      await page.click('#signin-token button[type="submit"]');
      await page.locator('#signin-status.error').waitFor();
      expect(page.url()).toBe(`${server.url}/signin/`);
    }));
});

describe('the write-flow server', () => {
  it('is the local registry when it loads, else the static server with the reason', () => {
    if (server.mode === 'static') expect(server.reason).toBeTruthy();
    else expect(server.admin).toBeDefined();
  });
});
