// Headless Chromium for the site tests (playwright-core): the browser of @sparticuz/chromium, or
// the system's /usr/bin/chromium (or CHROMIUM_PATH) when that one cannot be unpacked; plus axe-core
// and screenshots.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

const EXTRA_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where Chromium is, and with which arguments; null when there is none on this machine. */
export async function findChromium(): Promise<{ executablePath: string; args: string[] } | null> {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv && existsSync(fromEnv)) return { executablePath: fromEnv, args: EXTRA_ARGS };
  try {
    const sparticuz = (await import('@sparticuz/chromium')).default;
    // Two of its Lambda-oriented flags are left out: --single-process ends the whole browser when a
    // context closes, and --disable-web-security drops the Origin header of same-origin writes and
    // the same-origin policy, which are part of what these tests check.
    const dropped = new Set(['--single-process', '--disable-web-security']);
    return { executablePath: await sparticuz.executablePath(), args: [...sparticuz.args.filter((a) => !dropped.has(a)), ...EXTRA_ARGS] };
  } catch {
    for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) if (existsSync(p)) return { executablePath: p, args: EXTRA_ARGS };
    return null;
  }
}

/** Launch headless Chromium. */
export async function launchBrowser(): Promise<Browser> {
  const found = await findChromium();
  if (!found) throw new Error('no Chromium found: install @sparticuz/chromium or set CHROMIUM_PATH');
  return chromium.launch({ executablePath: found.executablePath, args: found.args, headless: true });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A and AA, and best practices). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol, so the page's CSP (no inline or eval'd script) does not apply.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Save a full-page screenshot as test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A page with everything worth asserting about it recorded as it runs. */
export interface WatchedPage {
  page: Page;
  /** Console messages about the Content-Security-Policy (a violation means the page broke its own policy). */
  cspViolations: string[];
  /** Uncaught exceptions in the page. */
  errors: string[];
  /** Requests that left the origin under test. */
  external: string[];
  /** Dialogs opened (alert, confirm, prompt). */
  dialogs: string[];
  close(): Promise<void>;
}

/** Open a page in a fresh context, recording CSP violations, errors, foreign requests and dialogs. */
export async function watchedPage(browser: Browser, origin: string, options: Parameters<Browser['newContext']>[0] = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options });
  const page = await context.newPage();
  // A step that hangs fails on its own line, well before the test's time limit.
  page.setDefaultTimeout(10_000);
  const watched: WatchedPage = { page, cspViolations: [], errors: [], external: [], dialogs: [], close: () => context.close() };
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) watched.cspViolations.push(m.text());
  });
  page.on('pageerror', (e) => watched.errors.push(e.message));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(`${origin}/`) && url !== origin && !url.startsWith('about:')) watched.external.push(url);
  });
  page.on('dialog', (d) => {
    watched.dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  return watched;
}
