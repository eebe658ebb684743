// The server's messages in the recipient's language (decision 0247): `t(language, key, values)` for what the server
// writes itself (emails), and `localizeReply` for the refusals and validation messages that are written in English
// where they arise (the contracts' zod schemas, the services): each is matched against the English catalog by its
// text and replaced by its message in the language the request asks for. A text not in the catalog stays English.
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { isLanguage, LANGUAGES, languageFromTags, LOCALES, type Language } from '@kalinga/contracts/languages';
import { en, type ServerMessageKey } from '../i18n/en';
import { fil } from '../i18n/fil';

export type { Language, ServerMessageKey };

const CATALOGS: Record<Language, Record<ServerMessageKey, string>> = { en, fil };

function instance(language: Language): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: LOCALES[language], messages: CATALOGS[language] });
  return i18n;
}

const INSTANCES = Object.fromEntries(LANGUAGES.map((language) => [language, instance(language)])) as Record<Language, I18n>;

/** A message in a language. */
export function t(language: Language, key: ServerMessageKey, values?: Record<string, string | number>): string {
  return INSTANCES[language]._(key, values);
}

/** English texts with no placeholder, by text; and those with simple `{name}` placeholders, as patterns. */
const BY_TEXT = new Map<string, ServerMessageKey>();
const PATTERNS: { pattern: RegExp; names: string[]; key: ServerMessageKey }[] = [];
for (const [key, text] of Object.entries(en) as [ServerMessageKey, string][]) {
  if (!text.includes('{')) BY_TEXT.set(text, key);
  else if (/^[^{}]*(\{\w+\}[^{}]*)+$/.test(text)) {
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const source = text.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
    PATTERNS.push({ pattern: new RegExp(`^${source}$`), names, key });
  }
}

/** Words a message's placeholder may hold (`<area>.word.*`: a date's or a field's name), said again in the language. */
const WORDS = new Map((Object.entries(en) as [ServerMessageKey, string][]).filter(([key]) => key.includes('.word.')).map(([key, text]) => [text, key]));

/**
 * A placeholder's value in `language`: a known word (or a list of them, ', ' between) or a whole message of the
 * catalog (a series' blocked session says why in one, decision 0384) said again, else as it is.
 */
function valueIn(language: Language, value: string): string {
  const parts = value.split(', ');
  if (parts.every((part) => WORDS.has(part))) return parts.map((part) => t(language, WORDS.get(part) as ServerMessageKey)).join(', ');
  const message = BY_TEXT.get(value);
  return message ? t(language, message) : value;
}

/** An English message of the server in `language`; a message the catalog does not hold is returned as it is. */
export function localizeText(language: Language, text: string): string {
  if (language === 'en') return text;
  const key = BY_TEXT.get(text);
  if (key) return t(language, key);
  for (const { pattern, names, key: patternKey } of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return t(language, patternKey, Object.fromEntries(names.map((name, i) => [name, valueIn(language, match[i + 1])])));
  }
  return text;
}

/** A reply body `{ message, errors? }` with its messages in `language`. */
export function localizeReply<B extends { message: string; errors?: Record<string, string[]> }>(language: Language, body: B): B {
  if (language === 'en') return body;
  const errors = body.errors && Object.fromEntries(Object.entries(body.errors).map(([field, messages]) => [field, messages.map((m) => localizeText(language, m))]));
  return { ...body, message: localizeText(language, body.message), ...(errors ? { errors } : {}) };
}

/**
 * The language a request asks for: the web app sends the one in use as Accept-Language (its first tag); a
 * language it does not speak, or none, is English.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return 'en';
  const tags = acceptLanguage.split(',').map((part) => part.split(';')[0].trim()).filter(Boolean);
  return languageFromTags(tags) ?? 'en';
}

/**
 * The language of something the signed-in user downloads (a calendar file): their own choice, else the language the
 * request asks for (decision 0258).
 */
export function readerLanguage(request: { headers: { 'accept-language'?: string }; authContext?: { user: { language: string | null } } | null }): Language {
  return storedLanguage(request.authContext?.user.language) ?? requestLanguage(request.headers['accept-language']);
}

/** A stored language column's value, or null when it holds none or an unknown one. */
export function storedLanguage(value: string | null | undefined): Language | null {
  return isLanguage(value) ? value : null;
}
