import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from 'playwright-core';

// The pseudo-locale (decision 0292): the built English catalogs, rewritten as the test starts so that every message
// the app draws is accented (ASCII letters left on screen did not come from a catalog), about 40 % longer (each vowel
// doubled: English words grow as Filipino ones do, and still break where words break) and framed by ⟦ ⟧ so a reader
// sees where each message starts and ends. It is never built into the app nor offered to users: the browser is handed
// these catalogs in place of the English ones.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The built web app the test's server serves (WEB_DIR, as the server reads it).
const ASSETS = path.join(process.env.WEB_DIR ?? path.join(root, 'apps/web/dist'), 'assets');
const CATALOGS = path.join(root, 'apps/web/src/i18n');

export const OPEN = '⟦';
export const CLOSE = '⟧';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
);

/** One literal run of a message: accented, each vowel doubled. */
export function pseudoText(text: string): string {
  return [...text].map((c) => (/[aeiouAEIOU]/.test(c) ? ACCENTED[c].repeat(2) : (ACCENTED[c] ?? c))).join('');
}

/** A compiled message (Lingui's form: literal strings, `#` and placeholders `[name, type?, options?]`). */
type Compiled = string | CompiledToken[];
type CompiledToken = string | [string, string?, (Record<string, Compiled> | string)?];

function pseudoTokens(tokens: CompiledToken[]): CompiledToken[] {
  return tokens.map((token) => {
    if (typeof token === 'string') return token === '#' ? token : pseudoText(token);
    const [name, type, options] = token;
    if (options && typeof options === 'object') {
      return [name, type, Object.fromEntries(Object.entries(options).map(([k, v]) => [k, typeof v === 'string' ? pseudoText(v) : pseudoTokens(v)]))];
    }
    return token;
  });
}

/** A compiled message in the pseudo-locale, its start and end marked. */
export function pseudoMessage(message: Compiled): Compiled {
  return [OPEN, ...pseudoTokens(typeof message === 'string' ? [message] : message), CLOSE];
}

/** Where the object literal starting at `open` (a `{`) ends, past its closing `}`: strings and template texts skipped. */
function literalEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === '`') {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The catalogs a built chunk holds, where each is written: an area's own chunk (`var e={…};export{e as default};`)
 * or the signed-in frame's chunk of a language, which holds three (decision 0381). A catalog is an object literal of
 * messages whose keys are `<area>.<name>`.
 */
function catalogsIn(source: string, areas: string[]): { start: number; end: number; area: string; catalog: Record<string, Compiled> }[] {
  const found: { start: number; end: number; area: string; catalog: Record<string, Compiled> }[] = [];
  for (let at = source.indexOf('={"'); at >= 0; at = source.indexOf('={"', at + 1)) {
    const area = /^=\{"([A-Za-z]+)\./.exec(source.slice(at, at + 60))?.[1];
    if (!area || !areas.includes(area)) continue;
    const end = literalEnd(source, at + 1);
    if (end < 0) continue;
    // The bundler's own output (an object literal of strings and arrays), evaluated to read it.
    const catalog = new Function(`return ${source.slice(at + 1, end)}`)() as Record<string, Compiled>;
    found.push({ start: at + 1, end, area, catalog });
    at = end;
  }
  return found;
}

/** Whether `catalog` (of `area`) is the English one, not the Filipino (more plain messages match English's). */
function isEnglish(area: string, catalog: Record<string, Compiled>): boolean {
  const en = JSON.parse(fs.readFileSync(path.join(CATALOGS, 'en', `${area}.json`), 'utf8')) as Record<string, string>;
  const fil = JSON.parse(fs.readFileSync(path.join(CATALOGS, 'fil', `${area}.json`), 'utf8')) as Record<string, string>;
  // (The build may trail an edit or two.)
  const plain = Object.entries(catalog).filter(([, m]) => Array.isArray(m) && m.length === 1 && typeof m[0] === 'string');
  const likeEn = plain.filter(([k, m]) => en[k] === m[0] && fil[k] !== m[0]).length;
  const likeFil = plain.filter(([k, m]) => fil[k] === m[0] && en[k] !== m[0]).length;
  return likeEn > likeFil;
}

/** The built chunks holding English catalogs, by file name, each rewritten with its catalogs in the pseudo-locale. */
function pseudoChunks(): Map<string, string> {
  const areas = fs.readdirSync(path.join(CATALOGS, 'en')).map((f) => f.replace(/\.json$/, ''));
  const chunks = new Map<string, string>();
  for (const file of fs.readdirSync(ASSETS)) {
    if (!file.endsWith('.js')) continue;
    const source = fs.readFileSync(path.join(ASSETS, file), 'utf8');
    const english = catalogsIn(source, areas).filter((c) => isEnglish(c.area, c.catalog));
    if (english.length === 0) continue;
    let body = source;
    // From the last, so the earlier ones' places stay where they were found.
    for (const c of english.reverse()) {
      const pseudo = Object.fromEntries(Object.entries(c.catalog).map(([key, message]) => [key, pseudoMessage(message)]));
      body = body.slice(0, c.start) + JSON.stringify(pseudo) + body.slice(c.end);
    }
    chunks.set(file, body);
  }
  // An area whose catalog came after the build is not in it, and the built app does not use it.
  if (chunks.size === 0) throw new Error('No built English catalog: build the app first (npm run build)');
  return chunks;
}

/**
 * Hands the browser the pseudo-locale's catalogs in place of the English ones, for every page of `context` (whose
 * service worker must be blocked: it would answer from its precache). The app runs in English, so it formats
 * dates and numbers as English does.
 */
export async function usePseudoLocale(context: BrowserContext): Promise<void> {
  for (const [file, body] of pseudoChunks()) {
    await context.route(`**/assets/${file}`, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body }));
  }
}

/** The text of `text` outside every ⟦ ⟧ message (placeholders' values inside a message are data). */
export function outsideMessages(text: string): string {
  let depth = 0;
  let out = '';
  for (const c of text) {
    if (c === OPEN) depth += 1;
    else if (c === CLOSE) depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out;
}
