// Reading the registry in Chromium: home, search, filters, sort and pages of the list (with and
// without JavaScript), a soul page, the version switch, the diff view, axe-core on the main pages
// in both themes, the CSP holding on every page, and the JavaScript weight of a soul page.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousViolations, watchedPage } from './browser.ts';
import type { WatchedPage } from './browser.ts';
import { siteFixture } from './fixture.ts';
import { serveSite } from './serve.ts';
import type { ServedSite } from './serve.ts';

let server: ServedSite;
let browser: Browser;

beforeAll(async () => {
  const fx = await siteFixture();
  server = await serveSite(fx);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A watched page; after the test body, it must have kept to its CSP, thrown nothing and stayed on the origin. */
async function withPage(fn: (w: WatchedPage) => Promise<void>, options: Parameters<typeof watchedPage>[2] = {}): Promise<void> {
  const w = await watchedPage(browser, server.url, options);
  try {
    await fn(w);
    expect(w.cspViolations).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.external).toEqual([]);
    expect(w.dialogs).toEqual([]);
  } finally {
    await w.close();
  }
}

const go = (w: WatchedPage, path: string) => w.page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });

describe('the site in a browser', () => {
  it('shows categories, popular and recent souls on the home page, and its search leads to the results', () =>
    withPage(async ({ page, ...w }) => {
      await go({ page, ...w }, '/');
      await expect(page.locator('h1').textContent()).resolves.toBe('Soul Registry');
      expect(await page.locator('#categories-title + ul li').count()).toBe(4);
      await expect(page.locator('#popular-title + ol li h3').first().textContent()).resolves.toBe('Quill');
      await screenshot(page, 'home');
      await page.fill('#home-q', 'patient maths');
      await page.press('#home-q', 'Enter');
      await page.waitForURL(/\/souls\/\?q=patient\+maths$/);
      await page.locator('#result-count', { hasText: '1 soul' }).waitFor();
      expect(await page.locator('#results > li h2').allTextContents()).toEqual(['Quill']);
      expect(await page.inputValue('#f-q')).toBe('patient maths');
    }));

  it('filters the list by category and tag, sorts it, pages through it and keeps it in the URL', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/');
      expect(await page.locator('#results > li').count()).toBe(20);
      await expect(page.locator('#result-count').textContent()).resolves.toBe('27 souls, page 1 of 2');
      await page.selectOption('#f-category', 'productivity/planning');
      await page.locator('#result-count', { hasText: '13 souls' }).waitFor();
      expect(page.url()).toBe(`${server.url}/souls/?category=productivity%2Fplanning`);
      await page.fill('#f-tag', 'fizz');
      await page.locator('#result-count', { hasText: '4 souls' }).waitFor();
      expect(await page.locator('#results > li h2').allTextContents()).toEqual(['Helper 6', 'Helper 12', 'Helper 18', 'Helper 24']);
      await page.selectOption('#f-category', '');
      await page.fill('#f-tag', '');
      await page.selectOption('#f-sort', 'downloads');
      await page.locator('#result-count', { hasText: '27 souls' }).waitFor();
      expect((await page.locator('#results > li h2').allTextContents()).slice(0, 3)).toEqual(['Quill', 'Weekly Planner', 'Evil second']);
      await screenshot(page, 'souls-list');
      await page.click('#pagination a[rel="next"]');
      await page.locator('#result-count', { hasText: 'page 2 of 2' }).waitFor();
      expect(page.url()).toBe(`${server.url}/souls/?sort=downloads&page=2`);
      expect(await page.locator('#results > li').count()).toBe(7);
      await page.goBack();
      await page.locator('#result-count', { hasText: 'page 1 of 2' }).waitFor();
      expect(await page.inputValue('#f-sort')).toBe('downloads');
    }));

  it('says so when nothing matches', () =>
    withPage(async (w) => {
      await go(w, '/souls/?q=no-such-soul-anywhere');
      await w.page.locator('#result-count', { hasText: 'No souls match' }).waitFor();
      expect(await w.page.locator('#results > li').count()).toBe(0);
    }));

  it('reads as a plain paginated list without JavaScript', () =>
    withPage(
      async (w) => {
        const { page } = w;
        await go(w, '/souls/');
        expect(await page.locator('#results > li').count()).toBe(20);
        await page.click('#pagination a[rel="next"]');
        await page.waitForURL(/\/souls\/page-2\/$/);
        expect(await page.locator('#results > li').count()).toBe(7);
        await page.click('#results > li h2 a >> nth=0');
        await page.waitForURL(/\/souls\/filler\//);
        expect(await page.locator('.file').count()).toBeGreaterThan(0);
        expect(await page.locator('#review-form').isVisible()).toBe(false);
      },
      { javaScriptEnabled: false },
    ));

  it('shows a soul: facts, install commands, rendered files, the scan report and the versions with a chart', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/?q=quill');
      await page.click('#results a:text-is("Quill")');
      await page.waitForURL(/\/souls\/ada\/tutor\/$/);
      await expect(page.locator('h1').textContent()).resolves.toBe('Quill');
      await expect(page.locator('#cmd-cli').textContent()).resolves.toBe('soul install ada/tutor');
      await expect(page.locator('#cmd-http').textContent()).resolves.toBe('curl -fsSL http://localhost:8787/api/v1/bundle/ada/tutor');
      expect(await page.locator('#files article.file h3').allTextContents()).toEqual(['SOUL.md', 'IDENTITY.md', 'avatar.png', 'notes.txt', 'soul.json']);
      await expect(page.locator('#file-1 .file-body h4').first().textContent()).resolves.toBe('Quill, the tutor');
      await expect(page.locator('#file-1 .file-body a[href="#file-2"]').textContent()).resolves.toBe('the identity');
      await expect(page.locator('#file-5 pre').textContent()).resolves.toContain('"displayName": "Quill"');
      const images = await page.$$eval('img', (els) => els.map((e) => ({ src: e.getAttribute('src'), ok: (e as HTMLImageElement).naturalWidth > 0 })));
      expect(images.every((i) => i.ok)).toBe(true);
      expect(images.some((i) => i.src?.startsWith('/badge/ada/tutor.svg'))).toBe(true);
      expect(images.filter((i) => i.src?.startsWith('/soul-files/')).length).toBeGreaterThanOrEqual(2);
      expect(await page.locator('#scan tbody tr').count()).toBeGreaterThan(0);
      await expect(page.locator('#scan .score-big').textContent()).resolves.toBe('100 / 100');
      expect(await page.locator('#versions tbody tr td:first-child').allTextContents()).toEqual(['1.2.0', '1.1.0', '1.0.0']);
      expect(await page.locator('#versions svg.score-chart circle').count()).toBe(3);
      await screenshot(page, 'soul');
    }));

  it('switches to an older version and back, and opens one from the URL', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/ada/tutor/');
      await page.selectOption('#version-select', '1.0.0');
      await page.click('#version-form button[type="submit"]');
      await page.locator('#version-view h3', { hasText: 'Quill 1.0.0' }).waitFor();
      expect(await page.locator('#latest').isHidden()).toBe(true);
      await expect(page.locator('#version-view').textContent()).resolves.toContain('You are Quill (version 1.0.0)');
      await expect(page.locator('#cmd-cli').textContent()).resolves.toBe('soul install ada/tutor@1.0.0');
      expect(new URL(page.url()).searchParams.get('version')).toBe('1.0.0');
      await screenshot(page, 'soul-version');
      await page.click('#version-view button');
      await page.locator('#latest').waitFor({ state: 'visible' });
      expect(await page.locator('#version-view').isHidden()).toBe(true);
      expect(new URL(page.url()).searchParams.get('version')).toBeNull();

      await go(w, '/souls/ada/tutor/?version=1.1.0');
      await page.locator('#version-view h3', { hasText: 'Quill 1.1.0' }).waitFor();
      await expect(page.locator('#version-view').textContent()).resolves.toContain('Some-Other-License');
    }));

  it('compares two versions file by file', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/ada/tutor/');
      await page.selectOption('#diff-v1', '1.0.0');
      await page.selectOption('#diff-v2', '1.2.0');
      await page.click('#diff-form button[type="submit"]');
      await page.locator('.diff-file').first().waitFor();
      const summaries = await page.locator('.diff-file summary').allTextContents();
      expect(summaries.some((s) => s.startsWith('SOUL.md (changed)'))).toBe(true);
      expect(summaries.some((s) => s.startsWith('notes.txt (added)'))).toBe(true);
      expect(await page.locator('pre.diff span.add', { hasText: 'Celebrate progress.' }).count()).toBe(1);
      expect(await page.locator('pre.diff span.del', { hasText: '(version 1.0.0)' }).count()).toBe(1);
      await screenshot(page, 'soul-diff');
      await page.selectOption('#diff-v1', '1.2.0');
      await page.click('#diff-form button[type="submit"]');
      await expect(page.locator('#diff-status').textContent()).resolves.toBe('Pick two different versions to compare.');
    }));

  it('shows reviews with their replies and likes', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/ada/tutor/');
      const top = page.locator('#review-list > li.review');
      expect(await top.count()).toBe(2);
      await expect(top.nth(1).locator('> article .review-body').textContent()).resolves.toBe('Patient and clear.\nMy kid loved it.');
      await expect(top.nth(1).locator('> article .likes').textContent()).resolves.toBe('2 likes');
      await expect(top.nth(1).locator('ol.reviews .review-body').textContent()).resolves.toBe('Thanks!');
      await expect(page.locator('#reviews-summary').textContent()).resolves.toBe('4.5 / 5 (2 reviews)');
      expect(await page.locator('#review-form').isVisible()).toBe(true);
    }));

  it('loads a soul page with under 50 KB of JavaScript', () =>
    withPage(async (w) => {
      const sizes: Promise<number>[] = [];
      w.page.on('response', (r) => {
        if (r.request().resourceType() === 'script') sizes.push(r.body().then((b) => b.length));
      });
      await go(w, '/souls/ada/tutor/');
      const total = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(50 * 1024);
    }));

  const MAIN_PAGES: [string, string][] = [
    ['home', '/'],
    ['souls', '/souls/'],
    ['soul', '/souls/ada/tutor/'],
    ['soul-xss', '/souls/evil/xss/'],
    ['api', '/docs/api/'],
    ['rules', '/docs/rules/'],
    ['publishing', '/docs/publishing/'],
    ['signin', '/signin/'],
    ['dashboard', '/dashboard/'],
    ['not-found', '/no/such/page/'],
  ];
  // Every page in the light theme; in the dark one, a page of each layout (the colours are shared).
  const THEMES = [
    ['light', MAIN_PAGES],
    ['dark', MAIN_PAGES.filter(([name]) => ['home', 'souls', 'soul', 'api', 'signin'].includes(name))],
  ] as const;
  describe.each(THEMES)('axe-core in the %s theme', (colorScheme, pages) => {
    it.each(pages)('finds no serious or critical violation on %s', (name, path) =>
      withPage(
        async (w) => {
          await go(w, path);
          expect(await seriousViolations(w.page)).toEqual([]);
          if (colorScheme === 'dark' || !['home', 'soul'].includes(name)) await screenshot(w.page, `${name}-${colorScheme}`);
        },
        { colorScheme },
      ),
    );
  });

  it('finds no serious or critical violation in an opened older version and a diff', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/ada/tutor/?version=1.0.0');
      await page.locator('#version-view h3').waitFor();
      await page.click('#diff-form button[type="submit"]');
      await page.locator('.diff-file').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    }));

  it('can be used with the keyboard: the skip link leads to the content', () =>
    withPage(async (w) => {
      const { page } = w;
      await go(w, '/souls/ada/tutor/');
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
      await page.keyboard.press('Enter');
      await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    }));
});
