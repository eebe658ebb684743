import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall, apiLogin } from './api';
import { DESKTOP, PHONE, screenshot, signIn } from './browser';
import { overflowing } from './checks';
import type { RunningServer } from './server';

// What the language browser tests share (decisions 0245, 0248, 0292): the web catalogs read as written, the messages
// of one language that the other says otherwise, and finding them on a screen as whole words, names and data aside.

const CATALOGS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/i18n');

export type CatalogLanguage = 'en' | 'fil';

/** Every area with a catalog (the English folder's files). */
export const AREAS = fs.readdirSync(path.join(CATALOGS, 'en')).map((f) => f.replace(/\.json$/, ''));

export function readCatalog(language: CatalogLanguage, area: string): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(CATALOGS, language, `${area}.json`), 'utf8')) as Record<string, string>;
}

/** A pattern finding `message` as whole words (a short English word inside a Filipino one is not English on screen). */
export const wholeWord = (message: string): RegExp =>
  new RegExp(`(^|[^\\p{L}])${message.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');

/** Language names are shown in themselves in every language (decision 0246): never a finding. */
const LANGUAGE_NAMES = ['Filipino', 'English'];

/**
 * The messages of `language` in the areas that the other language says otherwise, hold no placeholder and are
 * longer than two letters; a message the other language itself uses as a word ("Expired" in "Expired na",
 * docs/glossary-fil.md) or a language's name is not one of them. None may show in the other language.
 */
export function onlyIn(language: CatalogLanguage, ...areas: string[]): string[] {
  const key = `${language}:${areas.join(',')}`;
  let found = ONLY_IN.get(key);
  if (!found) ONLY_IN.set(key, (found = computeOnlyIn(language, areas)));
  return found;
}

// Worked out once per language and areas: each call read every catalog and built a pattern per message and text,
// about a second on a loaded machine, several times in each walk (the catalogs do not change during a run).
const ONLY_IN = new Map<string, string[]>();
const OTHER_TEXT = new Map<CatalogLanguage, string>();

function computeOnlyIn(language: CatalogLanguage, areas: string[]): string[] {
  const other: CatalogLanguage = language === 'en' ? 'fil' : 'en';
  const chosen = areas.length > 0 ? areas : AREAS;
  // Every text of the other language, one per line: a message found as whole words in it is one of its words too.
  let otherText = OTHER_TEXT.get(other);
  if (otherText === undefined) OTHER_TEXT.set(other, (otherText = AREAS.flatMap((area) => Object.values(readCatalog(other, area))).join('\n')));
  const own = chosen.flatMap((area) => {
    const mine = readCatalog(language, area);
    const theirs = readCatalog(other, area);
    return Object.keys(mine).filter((key) => mine[key] !== theirs[key] && !mine[key].includes('{') && mine[key].trim().length > 2).map((key) => mine[key]);
  });
  const text = otherText;
  return [...new Set(own)].filter((message) => !LANGUAGE_NAMES.includes(message) && !wholeWord(message).test(text));
}

/** English messages that Filipino says otherwise (see onlyIn). */
export const englishOnly = (...areas: string[]): string[] => onlyIn('en', ...areas);

/** `text` without the given names and data (longest first, so a name inside a longer datum goes with it). */
export function withoutData(text: string, data: Iterable<string>): string {
  const present = [...data].filter((d) => d.length > 1 && text.includes(d)).sort((a, b) => b.length - a.length);
  return present.reduce((rest, datum) => rest.replaceAll(datum, ' '), text);
}

/** The `candidates` found, as whole words, in the text of what `selector` selects, once `data` is taken out. */
export async function messagesIn(page: Page, selector: string, candidates: string[], data: Iterable<string> = []): Promise<string[]> {
  const text = withoutData((await page.locator(selector).allInnerTexts()).join('\n'), data);
  return candidates.filter((message) => wholeWord(message).test(text));
}

/** Demo people whose names hold English words ('Paula Personnel'): names are data, never translated. */
export const DEMO_NAMES = ['Paula Personnel', 'Pawn Ticket'];

/** English messages among `candidates` found in `selector` (the demo names aside). */
export const englishIn = (page: Page, selector: string, candidates: string[]): Promise<string[]> => messagesIn(page, selector, candidates, DEMO_NAMES);

/** Signs in (the sign-in screen in English) and chooses Filipino on this device for the next page. */
export async function signInInFilipino(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.evaluate(() => localStorage.setItem('kalinga.language', 'fil'));
}

/**
 * No message left unformatted ('{name}', '{count, plural, …}': a catalog the build did not compile), screenshots at
 * 1280 and 375 px named `<prefix>-<name>-<width>`, and nothing wider than the phone's screen.
 */
export async function atBothWidths(page: Page, prefix: string, name: string): Promise<void> {
  const shown = (await page.locator('body').allInnerTexts()).join('\n');
  expect(shown.match(/\{[A-Za-z]+(, *(plural|select)|\})/g), `${name}: unformatted messages`).toBeNull();
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${prefix}-${name}-1280`);
  await page.setViewportSize(PHONE);
  // A chart redraws at the new width on its own resize observer: wait for it, not a time.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('canvas')).every((c) => c.getBoundingClientRect().right <= window.innerWidth + 1));
  expect(await overflowing(page), `${name} at 375 px`).toEqual([]);
  await screenshot(page, `${prefix}-${name}-375`);
  await page.setViewportSize(DESKTOP);
}

/**
 * Someone working at several branches is asked which one before anything else (decision 0302): the pages of
 * `context` start at `email`'s first branch, so the question does not cover the screen being checked.
 */
export async function atFirstBranch(context: BrowserContext, server: RunningServer, email: string): Promise<void> {
  const branches = await apiCall<{ data: { id: number }[] }>(server, await apiLogin(server, email), 'GET', '/api/branches/mine');
  const branch = branches.data[0]?.id;
  if (branch !== undefined) await context.addInitScript((id) => localStorage.getItem('branch_id') ?? localStorage.setItem('branch_id', id), String(branch));
}
