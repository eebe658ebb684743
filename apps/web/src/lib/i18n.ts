// Messages in Filipino and English (decisions 0245, 0246). The catalogs are src/i18n/<language>/<area>.json, ICU
// messages compiled when built (vite.config.ts, compiledCatalogs); each language's area is its own chunk, loaded when
// a screen of the area first draws, so the sign-in page carries Lingui's runtime and the sign-in catalog only. Every
// chunk is precached by the service worker, so the crisis screen opens offline in either language.
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { createContext, createElement, type ReactNode, use, useContext, useSyncExternalStore } from 'react';
import { effectiveLanguage, isLanguage, languageFromTags, LOCALES, type Language } from '@kalinga/contracts/languages';
import type enAuth from '../i18n/en/auth.json';
import type enCrisis from '../i18n/en/crisis.json';
import type enFrame from '../i18n/en/frame.json';
import type enProfile from '../i18n/en/profile.json';
import type enSettings from '../i18n/en/settings.json';
import type enLending from '../i18n/en/lending.json';
import type enPawnTerms from '../i18n/en/pawnTerms.json';
import type enSync from '../i18n/en/sync.json';
import type enAppointments from '../i18n/en/appointments.json';
import type enSchedule from '../i18n/en/schedule.json';
import type enWaitlist from '../i18n/en/waitlist.json';
import type enIntake from '../i18n/en/intake.json';
import type enNotifications from '../i18n/en/notifications.json';
import type enTriage from '../i18n/en/triage.json';
import type enCommon from '../i18n/en/common.json';
import type enUsers from '../i18n/en/users.json';
import type enRoles from '../i18n/en/roles.json';
import type enCategories from '../i18n/en/categories.json';
import type enResources from '../i18n/en/resources.json';
import type enReports from '../i18n/en/reports.json';
import type enClients from '../i18n/en/clients.json';
import type enCaseNotes from '../i18n/en/caseNotes.json';
import type enAccessLog from '../i18n/en/accessLog.json';
import type enGroups from '../i18n/en/groups.json';
import type enVault from '../i18n/en/vault.json';

export type { Language };
export type Area = 'auth' | 'crisis' | 'frame' | 'profile' | 'settings' | 'appointments' | 'schedule' | 'waitlist' | 'intake' | 'notifications' | 'triage' | 'common' | 'users' | 'roles' | 'categories' | 'resources' | 'reports' | 'clients' | 'caseNotes' | 'accessLog' | 'lending' | 'sync' | 'groups' | 'vault' | 'pawnTerms';
/** Every key of the English catalogs: a key missing there is a type error where it is used. */
export type MessageKey = keyof typeof enAuth | keyof typeof enCrisis | keyof typeof enFrame | keyof typeof enProfile | keyof typeof enSettings | keyof typeof enAppointments | keyof typeof enSchedule | keyof typeof enWaitlist | keyof typeof enIntake | keyof typeof enNotifications | keyof typeof enTriage | keyof typeof enCommon | keyof typeof enUsers | keyof typeof enRoles | keyof typeof enCategories | keyof typeof enResources | keyof typeof enReports | keyof typeof enClients | keyof typeof enCaseNotes | keyof typeof enAccessLog | keyof typeof enLending | keyof typeof enSync | keyof typeof enGroups | keyof typeof enVault | keyof typeof enPawnTerms;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The device's own choice, made on the sign-in screen or in My Profile: a language code, not confidential. */
export const LANGUAGE_KEY = 'kalinga.language';

const catalogs = import.meta.glob<{ default: Messages }>('../i18n/*/*.json');
const i18n = setupI18n();
/**
 * One instance per language as well, always active in it: a part of a screen drawn in a language other than the
 * screen's (InLanguage: a printed ticket or letter in the pawner's language, decision 0316) translates with these.
 */
const fixed: Record<Language, I18n> = { fil: setupI18n(), en: setupI18n() };
const fixedT: Record<Language, Translate> = { fil: (key, values) => fixed.fil._(key, values), en: (key, values) => fixed.en._(key, values) };
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const listeners = new Set<() => void>();
/** What a suspended component waits for, the same promise at each try (React's use needs it). */
const waits = new Map<string, Promise<unknown>>();

function deviceChoice(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null; // storage refused (a private window): no choice kept
  }
}

function browserGuess(): Language | null {
  return typeof navigator === 'undefined' ? null : languageFromTags(navigator.languages ?? [navigator.language]);
}

const choices: { user: Language | null; device: Language | null; site: Language | null; browser: Language | null } = {
  user: null,
  device: deviceChoice(),
  site: null,
  browser: browserGuess(),
};
let current: Language = effectiveLanguage(choices);

/** Loads one area's catalog in one language (once; a failed load may be tried again). */
function loadArea(language: Language, area: Area): Promise<void> {
  const key = `${language}/${area}`;
  let promise = loading.get(key);
  if (!promise) {
    const loader = catalogs[`../i18n/${key}.json`];
    if (!loader) return Promise.reject(new Error(`No catalog ${key}`));
    promise = loader().then(async (module) => {
      const messages = await compiled(module.default);
      i18n.load(LOCALES[language], messages);
      fixed[language].load(LOCALES[language], messages);
      fixed[language].activate(LOCALES[language]);
      // A screen drawn before initI18n ran (a test of one section) still formats in the language in use.
      if (!i18n.locale) i18n.activate(LOCALES[current]);
      loaded.add(key);
    });
    promise.catch(() => loading.delete(key));
    loading.set(key, promise);
  }
  return promise;
}

/** Catalogs arrive compiled from the build; the tests read the JSON files as they are and compile them here. */
async function compiled(messages: Messages): Promise<Messages> {
  if (import.meta.env.PROD) return messages;
  const { compileMessage } = await import('@lingui/message-utils/compileMessage');
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, typeof message === 'string' ? compileMessage(message) : message]));
}

function loadedAreas(): Area[] {
  return [...new Set([...loaded].map((key) => key.split('/')[1] as Area))];
}

/** The latest switch asked for: an earlier one still loading gives way to it. */
let latestSwitch = 0;

/** Switches to `language` once the areas already shown are loaded in it, so no screen draws a missing message. */
async function switchTo(language: Language): Promise<void> {
  const mine = ++latestSwitch;
  if (language === current && i18n.locale === LOCALES[language]) return;
  await Promise.all(loadedAreas().map((area) => loadArea(language, area)));
  if (mine !== latestSwitch) return;
  current = language;
  i18n.activate(LOCALES[language]);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

function reconsider(): Promise<void> {
  return switchTo(effectiveLanguage(choices));
}

/** Loads the first screen's areas in the language to use and activates it; main.tsx waits for it before drawing. */
export async function initI18n(areas: Area[]): Promise<void> {
  await Promise.all(areas.map((area) => loadArea(current, area)));
  i18n.activate(LOCALES[current]);
  if (typeof document !== 'undefined') document.documentElement.lang = current;
}

/** The language in use. */
export function currentLanguage(): Language {
  return current;
}

/** Its Intl locale (fil-PH or en-PH), for dates, times, money and numbers. */
export function currentLocale(): string {
  return LOCALES[current];
}

/** The choice made on this device (sign-in screen, My Profile); kept for the next visit. */
export function chooseOnDevice(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage refused: the choice holds for this visit only
  }
  choices.device = language;
  return reconsider();
}

/** Forgets this device's choice (My Profile's "The site's default"): the site's default or the browser's guess applies. */
export function forgetDeviceChoice(): Promise<void> {
  try {
    localStorage.removeItem(LANGUAGE_KEY);
  } catch {
    // storage refused: nothing was kept
  }
  choices.device = null;
  return reconsider();
}

/** The signed-in user's saved language (null: none chosen, or signed out). */
export function setUserLanguage(language: Language | null): Promise<void> {
  choices.user = language;
  return reconsider();
}

/** The site's default language as last told by Site Settings (null: none set, or not known yet). */
export function siteLanguage(): Language | null {
  return choices.site;
}

/** The site's default language from Site Settings (null: not known yet). */
export function setSiteLanguage(language: Language | null): Promise<void> {
  choices.site = language;
  return reconsider();
}

/** A message in the language in use. */
export const t: Translate = (key, values) => i18n._(key, values);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const Scope = createContext<Language | null>(null);

/**
 * Draws `children` in `language` whatever the screen's language is: useT, useLanguage and useLocale inside answer in
 * it (decision 0316). Code that formats outside a hook (lib/format.ts, lib/dates.ts) takes useLocale()'s locale.
 */
export function InLanguage({ language, children }: { language: Language; children: ReactNode }) {
  return createElement(Scope.Provider, { value: language }, children);
}

/** The language this part of the screen is drawn in (InLanguage's, else the one in use), redrawing when it changes. */
export function useLanguage(): Language {
  const scoped = useContext(Scope);
  const screen = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return scoped ?? screen;
}

/** useLanguage's Intl locale (fil-PH or en-PH), for the formatters of lib/format.ts and lib/dates.ts. */
export function useLocale(): string {
  return LOCALES[useLanguage()];
}

/**
 * The translate function for a component showing the areas' messages: it suspends (the nearest Suspense shows its
 * fallback) until the areas' catalogs are loaded, and redraws the component when the language changes.
 */
export function useT(...areas: Area[]): Translate {
  const scoped = useContext(Scope);
  const language = useLanguage();
  const missing = areas.filter((area) => !loaded.has(`${language}/${area}`));
  let waiting: Promise<unknown> = LOADED;
  if (missing.length > 0) {
    const key = `${language}:${missing.join(',')}`;
    waiting = waits.get(key) ?? Promise.all(missing.map((area) => loadArea(language, area))).finally(() => waits.delete(key));
    waits.set(key, waiting);
  }
  // use() on every render, not only while a catalog is missing: React replays a component that suspended as soon as
  // what it waited for has come, and a replay that no longer called use() ran the next hook in its place ("Update
  // hook called on initial render", seen once in the lending ticket's test). Loaded, it is a promise React reads as
  // already fulfilled.
  use(waiting);
  return scoped ? fixedT[scoped] : t;
}

/** A promise React's use() reads as fulfilled at once (its status and value set as React itself sets them). */
const LOADED: Promise<unknown> = Object.assign(Promise.resolve(undefined), { status: 'fulfilled', value: undefined });
