import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, it, vi } from 'vitest';
import { apiCall, apiLogin } from './support/api';
import { DEMO, DESKTOP, PHONE, SCREENSHOT_DIR, screenshot, signIn } from './support/browser';
import { overflowing } from './support/checks';
import { atFirstBranch, DEMO_NAMES, onlyIn, withoutData, wholeWord } from './support/languages';
import { go, localRows } from './support/lending';
import { outsideMessages, usePseudoLocale } from './support/pseudo-locale';
import { appRoutes, mayOpen, pathPattern, type AppRoute, type Person } from './support/routes';
import { intlWords, recordData, screenFacts } from './support/screen-text';
import type { RunningServer } from './support/server';
import { withAppAndBrowser } from './support/suite';
import { NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';

// Every route of router.tsx, walked by a demo person who may open it (decision 0292), three times: in English (no
// Filipino message shows), in Filipino (no English message shows; screenshots at 1280 and 375 px) and in the
// pseudo-locale at 375 px (every word on screen came from a catalog, nothing is clipped or sticks out, no sideways
// scroll). Names and data (what the server sent, what Intl writes) are never translated, so they are never findings.

let server: RunningServer;
let browser: Browser;
withAppAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Who walks: the first of these who may open a route walks it. */
const WALKERS = [DEMO.admin, DEMO.counselor, DEMO.student, 'privacy@demo.kalinga.test', DEMO.clerk];

/**
 * English still on its way into the catalogs (being translated now: lending rule refusals, series problems, the
 * client file's timeline titles, CSV columns, chart months, email kinds, a pawner's language). Each entry is a text
 * the pseudo walk may find outside a message; remove an entry once its text comes from a catalog.
 */
const KNOWN_ENGLISH: RegExp[] = [];

/**
 * English by design: a notice letter to a pawner who reads English is the contracts' own wording (lending/notice-rules,
 * the same lines the server prints), not the web catalog's; in Filipino it comes from the catalog.
 */
const PAWNERS_WORDING = [/^This is to remind you that the redemption period/, /^Pawned: /, /^To redeem on or before/, /^If the pawn is not redeemed/];

/**
 * Names that are never translated besides the data the server sends: the product's, a file format's, the clinical
 * note standards and their sections (docs/glossary-fil.md), and the crisis lines' numbers. The crisis screen's
 * built-in names, hours and next steps come from the crisis catalog (decision 0318), so they are checked like any
 * message.
 */
const NAMES = ['Kalinga', 'CSV', 'DAP', 'SOAP', 'Data', 'Assessment', 'Plan', 'Subjective', 'Objective', 'NCMH Crisis Hotline', ...NATIONAL_CRISIS_LINES.map((c) => c.number)];

/** Each language's own messages, with the pattern finding each as whole words. */
const FIL_WORDS = onlyIn('fil').map((m) => [m, wholeWord(m)] as const);
const EN_WORDS = onlyIn('en').map((m) => [m, wholeWord(m)] as const);
const INTL = new Set([...intlWords('en-PH'), ...intlWords('fil-PH')]);

type Pass = 'en' | 'fil' | 'pseudo';

/** Routes whose screen needs what the demo data may lack: made on the way, in English, when no screen links to one. */
const ARRANGE: Record<string, (page: Page, links: string[]) => Promise<void>> = {
  '/lending/notices/:uuid/letter': async (page) => {
    await go(page, '/lending/notices');
    await settled(page);
    await page.getByRole('button', { name: /^(Record|Send) Notice$/ }).first().click();
    await page.getByRole('link', { name: 'Print Letter' }).first().waitFor();
  },
  // The demo holds no trainee's group note: counselor2@, the demo group's co-facilitator, becomes a trainee
  // supervised by counselor@ and signs the note of a held session, which then waits in counselor@'s Notes to review.
  '/group-notes/:uuid': async (page) => {
    const admin = await apiLogin(server, DEMO.admin);
    const [supervisor, trainee] = [await apiLogin(server, DEMO.counselor), await apiLogin(server, DEMO.counselor2)];
    const found = (await apiCall<{ data: { id: number; name: string; email: string; user_type: string; roles: string[] }[] }>(server, admin, 'GET', `/api/users?search=${encodeURIComponent(DEMO.counselor2)}`)).data;
    const me = found.find((u) => u.id === trainee.user.id);
    if (!me) throw new Error('counselor2 is not listed');
    await apiCall(server, admin, 'PUT', `/api/users/${me.id}`, { name: me.name, email: me.email, user_type: me.user_type, roles: me.roles, is_trainee: true, clinical_supervisor_id: supervisor.user.id });
    const closed = (await apiCall<{ data: { uuid: string; name: string }[] }>(server, trainee, 'GET', '/api/groups')).data.find((g) => g.name === 'Managing Exam Anxiety');
    if (!closed) throw new Error('the demo group is not listed to its co-facilitator');
    const sessions = (await apiCall<{ data: { sessions: { uuid: string; starts_at: string }[] } }>(server, trainee, 'GET', `/api/groups/${closed.uuid}`)).data.sessions;
    const held = sessions.find((x) => Date.parse(x.starts_at) < Date.now());
    if (!held) throw new Error('the demo group has no held session');
    const present = (await apiCall<{ data: { present: { client_id: number }[] } }>(server, trainee, 'GET', `/api/group-sessions/${held.uuid}/note`)).data.present;
    const note = await apiCall<{ data: { uuid: string } }>(server, trainee, 'POST', `/api/group-sessions/${held.uuid}/note`, {
      uuid: crypto.randomUUID(),
      shared: { themes: 'Worry the night before an exam', activities: 'Breathing practice in pairs' },
      parts: present.map((x) => ({ client_id: x.client_id, text: 'Took part and tried the breathing.' })),
    });
    await apiCall(server, trainee, 'POST', `/api/group-notes/${note.data.uuid}/sign`);
    await go(page, '/case-notes/review');
    await page.locator(`a[href="/group-notes/${note.data.uuid}"]`).waitFor();
  },
  // The demo's items are untagged: the first item seen is tagged and placed on its page, as a clerk does.
  '/lending/items/:uuid/label': async (page, links) => {
    const item = links.find((l) => /^\/lending\/items\/[0-9a-f-]{36}$/.test(l));
    if (!item) throw new Error('no item page was linked');
    await go(page, item);
    await settled(page);
    await page.getByLabel('Place', { exact: true }).selectOption('vault');
    await page.getByLabel('Which one').fill('V-1');
    await page.getByRole('button', { name: 'Save tag and place' }).click();
    await page.getByRole('link', { name: 'Print label' }).waitFor();
  },
};

interface Walk {
  context: BrowserContext;
  page: Page;
  data: Set<string>;
  /** Resolves once every answer the server sent so far is read into `data`. */
  dataRead: () => Promise<void>;
  findings: string[];
}

/**
 * The next screen is drawn: a heading the last screen did not have shows (a screen loading its code keeps the last one
 * up meanwhile; walk() marks the headings before it moves on) and nothing on it is still loading.
 */
async function settled(page: Page): Promise<void> {
  await page.locator('h1:not([data-walked])').first().waitFor();
  // vi.waitFor, not expect.poll: the walks run as concurrent tests, where expect.poll needs the test's own expect.
  await vi.waitFor(async () => {
    if ((await page.locator('.loading, [aria-busy="true"], .skeleton, .animate-pulse').count()) > 0) throw new Error('still loading');
  }, { timeout: 20_000, interval: 100 });
}

/** Every word of `text` with an ASCII letter that is neither data, nor Intl's, nor a name. */
function strayWords(text: string, dataWords: Set<string>): string[] {
  return (text.match(/\p{L}{3,}/gu) ?? []).filter((w) => /[A-Za-z]/.test(w) && !dataWords.has(w) && !INTL.has(w));
}

async function checkPseudo(walk: Walk, where: string): Promise<void> {
  const { page, findings } = walk;
  const facts = await screenFacts(page);
  const before = findings.length;
  if (facts.pageWidth) findings.push(`${where}: the page scrolls sideways (${facts.pageWidth} px)`);
  for (const c of facts.clipped) findings.push(`${where}: clipped: ${c}`);
  for (const o of await overflowing(page)) findings.push(`${where}: sticks out: ${o}`);
  const dataWords = new Set([...walk.data, ...DEMO_NAMES, ...NAMES].flatMap((d) => d.match(/\p{L}+/gu) ?? []));
  const data = [...walk.data, ...DEMO_NAMES, ...NAMES];
  for (const { where: element, text } of facts.texts) {
    // A text that is a datum or the start of one (a list's excerpt of a resource, its last word cut) is data.
    const shown = text.trim().replace(/(…|\.\.\.)$/, '');
    if (shown && data.some((d) => d.startsWith(shown))) continue;
    const outside = outsideMessages(text);
    if (strayWords(outside, dataWords).length > 0 && ![...KNOWN_ENGLISH, ...PAWNERS_WORDING].some((known) => known.test(text.trim()))) findings.push(`${where}: not from a catalog: ${element} "${text.trim().slice(0, 80)}"`);
  }
  // A screen with findings is photographed in the pseudo-locale, to show where.
  if (findings.length > before) await screenshot(page, `every-route-pseudo${new URL(page.url()).pathname.replaceAll('/', '-')}-375`);
}

async function checkLanguage(walk: Walk, where: string, candidates: (readonly [string, RegExp])[]): Promise<void> {
  // A text that is a datum or part of one (a list's excerpt of a resource) is data; the rest is the screen's words.
  const data = [...walk.data, ...DEMO_NAMES, ...NAMES];
  const own = (await screenFacts(walk.page)).texts.map((t) => t.text.trim().replace(/(…|\.\.\.)$/, '')).filter((text) => !data.some((d) => d.includes(text)));
  const text = withoutData(own.join('\n'), data);
  const found = candidates.filter(([, pattern]) => pattern.test(text)).map(([message]) => message);
  if (found.length > 0) walk.findings.push(`${where}: the other language's messages: ${found.slice(0, 8).join(' | ')}`);
}

/** One route of one pass: drawn, judged, and (in Filipino) photographed at both widths. */
async function visit(walk: Walk, pass: Pass, who: string, path: string, first: boolean): Promise<void> {
  const where = `${pass} ${who} ${path}`;
  try {
    await walk.page.evaluate(() => document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-walked', '')));
    if (first) await walk.page.goto(path);
    else await go(walk.page, path);
    await walk.page.waitForURL((url) => url.pathname === path);
    await settled(walk.page);
    await walk.dataRead();
    if (pass === 'pseudo') await checkPseudo(walk, where);
    else if (pass === 'en') await checkLanguage(walk, where, FIL_WORDS);
    else {
      await checkLanguage(walk, where, EN_WORDS);
      const name = `every-route-fil${path.replaceAll('/', '-')}`;
      await screenshot(walk.page, `${name}-375`);
      await walk.page.setViewportSize(DESKTOP);
      // The desktop's first screenful: the phone's whole page is where longer words break a layout.
      await walk.page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-1280.png` });
      await walk.page.setViewportSize(PHONE);
    }
  } catch (error) {
    walk.findings.push(`${where}: ${error instanceof Error ? error.message.split('\n').slice(0, 4).join(' | ') : String(error)}`);
  }
}

/** The links on the screen (paths only), to find a concrete path for a route that takes a parameter. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]')).map((a) => (a as HTMLAnchorElement).href));
  return hrefs.map((href) => new URL(href)).filter((url) => url.origin === server.baseURL).map((url) => url.pathname);
}

/**
 * Walks `routes` as `email` (or a guest) in English, Filipino and the pseudo-locale, in one browser context. A route
 * with a parameter is walked at the first link to it that an earlier screen showed.
 */
async function walkAll(who: string, email: string | null, routes: AppRoute[], book: boolean): Promise<string[]> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: PHONE, timezoneId: 'Asia/Manila', locale: 'en-PH', serviceWorkers: 'block' });
  const page = await context.newPage();
  const data = new Set<string>();
  const walk: Walk = { context, page, data, dataRead: recordData(page, data), findings: [] };
  // Someone working at several branches is asked which one first: the walker works at its first branch.
  if (email && book) await atFirstBranch(context, server, email);
  if (email) await signIn(page, email);
  else await page.goto('/login');
  if (book) await bookOnDevice(page);

  const fixed = routes.filter((r) => !r.path.includes(':')).map((r) => r.path);
  const open = routes.filter((r) => r.path.includes(':'));
  const paths: string[] = [];
  // '/lending/loans/new' is its own route, not a loan's.
  const leadsTo = (route: AppRoute, path: string) => pathPattern(route.path).test(path) && !fixed.includes(path);
  for (const pass of ['en', 'fil', 'pseudo'] as const) {
    await page.evaluate((language) => localStorage.setItem('kalinga.language', language), pass === 'fil' ? 'fil' : 'en');
    if (pass === 'pseudo') await usePseudoLocale(context);
    if (pass === 'en') {
      // The first pass finds the paths: the fixed ones, then each parameter's route at a link seen on the way.
      const links = new Set<string>();
      for (const [i, path] of fixed.entries()) {
        await visit(walk, pass, who, path, i === 0);
        paths.push(path);
        (await linksOn(page).catch(() => [])).forEach((l) => links.add(l));
      }
      for (let progress = true; progress; ) {
        progress = false;
        for (const route of open.filter((r) => !paths.some((p) => leadsTo(r, p)))) {
          let link = [...links].find((l) => leadsTo(route, l));
          if (!link && ARRANGE[route.path]) {
            await ARRANGE[route.path](page, [...links]).catch((error: unknown) => walk.findings.push(`${who}: arranging ${route.path}: ${String(error).split('\n')[0]}`));
            link = (await linksOn(page)).find((l) => leadsTo(route, l));
            delete ARRANGE[route.path];
          }
          if (!link) continue;
          progress = true;
          await visit(walk, pass, who, link, false);
          paths.push(link);
          (await linksOn(page).catch(() => [])).forEach((l) => links.add(l));
        }
      }
      // A link only some rows have (an item's label needs a tag): look at a few more rows of the routes walked.
      for (const route of open.filter((r) => !paths.some((p) => leadsTo(r, p)))) {
        const rows = [...links].filter((l) => !paths.includes(l) && open.some((o) => o !== route && leadsTo(o, l) && route.path.startsWith(`${o.path}/`)));
        for (const row of rows.slice(0, 6)) {
          await go(page, row);
          await settled(page).catch(() => undefined);
          const link = (await linksOn(page)).find((l) => leadsTo(route, l));
          if (!link) continue;
          await visit(walk, pass, who, link, false);
          paths.push(link);
          break;
        }
      }
      for (const route of open) {
        if (!paths.some((p) => leadsTo(route, p))) walk.findings.push(`${who}: no screen links to ${route.path}; give it a link or a walker who sees one`);
      }
    } else {
      for (const [i, path] of paths.entries()) await visit(walk, pass, who, path, i === 0);
    }
  }
  await context.close();
  return walk.findings;
}

/** waitForBook's wait, by vi.waitFor (see settled): the demo book's first sync recorded on this device. */
async function bookOnDevice(page: Page): Promise<void> {
  await vi.waitFor(async () => {
    if (!(await localRows<{ table_name: string }>(page, 'syncState')).some((s) => s.table_name === 'all')) throw new Error('the book is not on this device yet');
  }, { timeout: 60_000, interval: 200 });
}

/** Runs `work` once one of LANES is free, in the order asked. */
const LANES = 2;
let busy = 0;
const waiting: (() => void)[] = [];
async function inLane<T>(work: () => Promise<T>): Promise<T> {
  if (busy >= LANES) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

describe('every route in English, Filipino and the pseudo-locale', () => {
  const routes = appRoutes();
  const byWalker = new Map<string, AppRoute[]>();
  let people: Person[] = [];

  beforeAll(async () => {
    people = await Promise.all(
      WALKERS.map(async (email) => {
        const session = (await apiLogin(server, email)) as unknown as { user: Omit<Person, 'email'> };
        return { email, ...session.user };
      }),
    );
    for (const route of routes.filter((r) => r.signedIn)) {
      const walker = people.find((p) => mayOpen(p, route.access));
      if (!walker) throw new Error(`No demo person may open ${route.path}: add one to WALKERS`);
      byWalker.set(walker.email, [...(byWalker.get(walker.email) ?? []), route]);
    }
  });

  // The walkers go two at a time, each in its own browser context (the administrator's walk is half of the whole):
  // the file took the sum of the walks, most of it waiting on the browser and the server. A test's time counts from
  // its start, so the guest, first in its lane, keeps its minute.
  it.concurrent('guest screens: sign-in, registration and the crisis screen', { timeout: 60_000 }, async ({ expect }) => {
    expect(await inLane(() => walkAll('guest', null, routes.filter((r) => !r.signedIn), false))).toEqual([]);
  });

  // One test per walker, so each names its own findings (every finding of a walker is gathered in one run).
  for (const email of WALKERS) {
    it.concurrent(`signed-in screens walked by ${email.split('@')[0]}`, { timeout: 300_000 }, async ({ expect }) => {
      const person = people.find((p) => p.email === email);
      const mine = byWalker.get(email) ?? [];
      if (!person || mine.length === 0) return;
      expect(await inLane(() => walkAll(email.split('@')[0], email, mine, person.permissions.includes('view lending')))).toEqual([]);
    });
  }
});
