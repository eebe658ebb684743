import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = path.join(root, 'screenshots');
const AXE_SOURCE = path.join(root, 'node_modules/axe-core/axe.min.js');
export const DEMO_PASSWORD = 'kalinga-demo';
export const DEMO = {
  admin: 'admin@demo.kalinga.test',
  counselor: 'counselor@demo.kalinga.test',
  counselor2: 'counselor2@demo.kalinga.test',
  personnel: 'personnel@demo.kalinga.test',
  student: 'student@demo.kalinga.test',
  /** The counter clerk who works at two branches. */
  clerk: 'clerk@demo.kalinga.test',
} as const;

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 375, height: 780 };

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  // The demo centre is in Manila; its people's browsers are too (times show in the browser's zone).
  const context = await browser.newContext({ baseURL, viewport, timezoneId: 'Asia/Manila', locale: 'en-PH' });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the sign-in screen and waits for the landing page (`origin` for a context without a baseURL). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByPlaceholder('Email').fill(email);
  await page.getByPlaceholder('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await rememberFirstBranch(page);
}

/**
 * Someone working at several branches is asked on the lending screens which one they are at (decision 0302); the
 * tests that are not about branches work at the oldest, as a device that was asked once would.
 */
async function rememberFirstBranch(page: Page): Promise<void> {
  // Asked from here, not from the page: a test that watches the page's requests sees none it did not make.
  const session = await page.evaluate(() => ({ token: localStorage.getItem('token'), company: localStorage.getItem('company_id'), branch: localStorage.getItem('branch_id') }));
  if (!session.token || session.branch) return;
  const headers: Record<string, string> = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
  if (session.company) headers['X-Company-Id'] = session.company;
  const res = await fetch(new URL('/api/branches/mine', page.url()), { headers });
  if (!res.ok) return;
  const body = (await res.json()) as { data: { id: number | string }[] };
  // The oldest (for the demo shop, Quezon City with the PT series), as the server takes when no branch is named.
  const oldest = body.data.map((b) => Number(b.id)).sort((a, b) => a - b)[0];
  if (oldest !== undefined) await page.evaluate((id) => localStorage.setItem('branch_id', id), String(oldest));
}

/**
 * Saves a full-page screenshot under screenshots/ (git-ignored) for a person to look at. Not on CI (`CI` set, as
 * `.ci/run` sets it): nobody looks at them there, and the suite's two hundred full-page captures cost minutes of a
 * two-core machine (decision 0344). `E2E_SCREENSHOTS=1` takes them on CI too.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return file;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function axeViolations(page: Page): Promise<{ id: string; help: string; nodes: number; where: string[] }[]> {
  // Judged without a hover: the pointer rests where the last click left it, maybe on a button mid-transition.
  await page.mouse.move(0, 0);
  // Evaluated through the DevTools protocol, so the app's CSP (script-src 'self') does not block it. Once per document:
  // a walk that moves between screens in the app keeps it, and evaluating its half a megabyte again took up to 0.6 s a
  // screen on a loaded two-core machine.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(fs.readFileSync(AXE_SOURCE, 'utf8'));
  return page.evaluate(async () => {
    // Contrast is judged at rest: transitions and finite animations (a dialog or menu fading in) end first.
    // Endless ones (a spinner) are left running; they never settle. So are scroll-driven ones (daisyUI's open modal
    // runs `set-page-has-scroll` on the scroll timeline): their end is a scroll position, not a time, and never comes.
    // An animation that is paused or otherwise never ends must not hold the test: the wait ends after 5 s at most.
    const settled = Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    // axe is injected above; the page's window has no type for it.
    const axe = (window as unknown as { axe: { run: (ctx: Document | { exclude: string[][] }, opts: object) => Promise<{ violations: { id: string; help: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    // Toasts fade in and out: mid-animation their contrast is not what a person reads, so they are left out.
    const result = await axe.run({ exclude: [['[data-sonner-toaster]']] }, { resultTypes: ['violations'] });
    // The elements are named so that a failure says where to look.
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.length, where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}
