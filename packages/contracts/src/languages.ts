// The languages Kalinga speaks (decision 0246): Filipino and English, each with its Philippine locale for Intl
// (dates, times, money, numbers). Pure constants and rules; the messages live in the catalogs of the web app
// (apps/web/src/i18n) and the server (apps/server/src/i18n).

export const LANGUAGES = ['fil', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The Intl locale of a language: the Philippine variant of each. */
export const LOCALES: Record<Language, string> = { fil: 'fil-PH', en: 'en-PH' };

/** Each language's name in itself, as the language picker shows it (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { fil: 'Filipino', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return value === 'fil' || value === 'en';
}

/**
 * The language a browser asks for, from its list of preferred language tags (navigator.languages), or null when it
 * names neither: Filipino for `fil` and `tl` (Tagalog, which many phones still report), English for any `en`.
 */
export function languageFromTags(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fil' || base === 'tl') return 'fil';
    if (base === 'en') return 'en';
  }
  return null;
}

/**
 * The language to use (decision 0246): the user's own choice, else the one chosen on this device, else the site's
 * default, else the browser's guess, else English.
 */
export function effectiveLanguage(choices: {
  user?: Language | null;
  device?: Language | null;
  site?: Language | null;
  browser?: Language | null;
}): Language {
  return choices.user ?? choices.device ?? choices.site ?? choices.browser ?? DEFAULT_LANGUAGE;
}
