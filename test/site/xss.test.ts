// A soul whose files, manifest and reviews carry a collection of XSS payloads renders in Chromium
// with no script of its own executed and no request leaving the page's origin: on its page as
// built, in an older version opened by the version switch, in the diff view, in its reviews and in
// the lists. Once with the CSP bypassed (the sanitizer alone must hold) and once under the CSP.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, watchedPage } from './browser.ts';
import type { WatchedPage } from './browser.ts';
import { CANARY, siteFixture } from './fixture.ts';
import { serveSite } from './serve.ts';
import type { ServedSite } from './serve.ts';

let server: ServedSite;
let browser: Browser;

beforeAll(async () => {
  server = await serveSite(await siteFixture());
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What the DOM holds that a payload could have put there. */
async function domFindings(page: Page, origin: string): Promise<string[]> {
  return page.evaluate((origin) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        if (attr.startsWith('on')) out.push(`${el.tagName} has ${attr}`);
        if (attr === 'srcdoc' || attr === 'formaction') out.push(`${el.tagName} has ${attr}`);
        // Chromium itself may style the page's own form fields (autofill); soul content never has a style.
        if (attr === 'style' && el.closest('.file-body, .review-body, #version-view, #diff-result, .soul-card, .soul-header, .facts')) out.push(`${el.tagName} has style`);
        const value = el.getAttribute(attr) ?? '';
        if ((attr === 'href' || attr === 'src' || attr === 'action' || attr === 'xlink:href') && /^\s*(javascript|data|vbscript):/i.test(value)) out.push(`${el.tagName} ${attr}=${value.slice(0, 40)}`);
      }
    }
    for (const s of document.querySelectorAll('script')) if (!s.src.startsWith(`${origin}/_astro/`)) out.push(`script ${s.src || s.textContent?.slice(0, 40)}`);
    for (const el of document.querySelectorAll('iframe, object, embed, frame, base, style, link:not([rel="stylesheet"]):not([rel="icon"]), meta[http-equiv]')) out.push(`element ${el.tagName}`);
    for (const img of document.querySelectorAll('img')) {
      const src = img.getAttribute('src') ?? '';
      if (!src.startsWith('/soul-files/') && !src.startsWith('/badge/')) out.push(`img ${src.slice(0, 60)}`);
    }
    for (const svg of document.querySelectorAll('svg')) if (!svg.classList.contains('score-chart')) out.push('foreign svg');
    for (const form of document.querySelectorAll('form')) if (!['version-form', 'diff-form', 'review-form', 'report-form', 'filters'].includes(form.id)) out.push(`form ${form.id}`);
    for (const a of document.querySelectorAll('.file-body a, .review a, #version-view a, #diff-result a')) {
      const href = a.getAttribute('href') ?? '';
      if (!/^(https?:\/\/|mailto:|#|\/docs\/rules\/)/.test(href)) out.push(`link ${href.slice(0, 60)}`);
    }
    return out;
  }, origin);
}

/** Move the mouse over, and Tab through, the page: handlers on hover or focus would fire. */
async function poke(page: Page): Promise<void> {
  for (const box of await page.locator('.file-body > *, .review, .soul-card').evaluateAll((els) => els.slice(0, 60).map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    if (box.width > 0 && box.height > 0) await page.mouse.move(box.x + 2, box.y + 2);
  }
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
}

async function expectNothingRan(w: WatchedPage): Promise<void> {
  await w.page.waitForTimeout(200);
  expect(w.dialogs).toEqual([]);
  expect(await w.page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], CANARY)).toBeUndefined();
  expect(w.external).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(await domFindings(w.page, server.url)).toEqual([]);
}

describe.each([
  ['with the CSP bypassed (the sanitizer alone)', true],
  ['under the CSP', false],
])('the XSS soul %s', (_label, bypassCSP) => {
  const run = async (fn: (w: WatchedPage) => Promise<void>): Promise<void> => {
    const w = await watchedPage(browser, server.url, { bypassCSP });
    try {
      await fn(w);
      await expectNothingRan(w);
      if (!bypassCSP) expect(w.cspViolations).toEqual([]);
    } finally {
      await w.close();
    }
  };

  it('runs nothing on its page', () =>
    run(async (w) => {
      await w.page.goto(`${server.url}/souls/evil/xss/`, { waitUntil: 'networkidle' });
      await expect(w.page.locator('h1').textContent()).resolves.toBe('Evil second');
      await expect(w.page.locator('#file-1 .file-body').textContent()).resolves.toContain('<script>window.__soulXss=1;alert(1)</script>');
      await poke(w.page);
      if (bypassCSP) await screenshot(w.page, 'xss-soul');
    }));

  it('runs nothing in the older version opened by the version switch', () =>
    run(async (w) => {
      await w.page.goto(`${server.url}/souls/evil/xss/?version=1.0.0`, { waitUntil: 'networkidle' });
      await w.page.locator('#version-view h3').waitFor();
      await expect(w.page.locator('#version-view h3').textContent()).resolves.toContain('1.0.0');
      await expect(w.page.locator('#version-view').textContent()).resolves.toContain('<svg xmlns="http://www.w3.org/2000/svg" onload=');
      await poke(w.page);
    }));

  it('runs nothing in the diff of its two versions', () =>
    run(async (w) => {
      await w.page.goto(`${server.url}/souls/evil/xss/`, { waitUntil: 'networkidle' });
      await w.page.selectOption('#diff-v1', '1.0.0');
      await w.page.click('#diff-form button[type="submit"]');
      await w.page.locator('.diff-file').first().waitFor();
      await expect(w.page.locator('#diff-result').textContent()).resolves.toContain('<img src=y onerror=');
      await poke(w.page);
    }));

  it('runs nothing in its reviews, as built and as loaded from the API', () =>
    run(async (w) => {
      await w.page.goto(`${server.url}/souls/evil/xss/#reviews`, { waitUntil: 'networkidle' });
      await expect(w.page.locator('#review-list .review-body').first().textContent()).resolves.toContain('<img src=x onerror=');
      await expect(w.page.locator('#review-list ol.reviews .review-body').textContent()).resolves.toContain('<svg onload=');
      await poke(w.page);
    }));

  it('runs nothing in the lists that show its name, description and tags', () =>
    run(async (w) => {
      await w.page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await poke(w.page);
      await w.page.goto(`${server.url}/souls/?q=xss`, { waitUntil: 'networkidle' });
      await w.page.locator('#result-count', { hasText: '1 soul' }).waitFor();
      await expect(w.page.locator('#results .description').textContent()).resolves.toContain('<script>');
      await poke(w.page);
    }));
});
