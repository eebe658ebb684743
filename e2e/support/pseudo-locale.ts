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

/** The catalog a built chunk holds (`var e={…};export{e as default};`), or null for any other chunk. */
function catalogOf(source: string): Record<string, Compiled> | null {
  const match = /^var (\w+)=(\{[\s\S]*\});\s*export\s*\{\s*\1 as default\s*\};?\s*$/.exec(source.trim());
  if (!match) return null;
  // The bundler's own output (an object literal of strings and arrays), evaluated to read it.
  return new Function(`return ${match[2]}`)() as Record<string, Compiled>;
}

/** The built English catalogs by file name (an area's chunk whose messages are English's, not Filipino's). */
function englishChunks(): Map<string, Record<string, Compiled>> {
  const areas = fs.readdirSync(path.join(CATALOGS, 'en')).map((f) => f.replace(/\.json$/, ''));
  const chunks = new Map<string, Record<string, Compiled>>();
  for (const file of fs.readdirSync(ASSETS)) {
    const area = areas.find((a) => file.startsWith(`${a}-`) && /^[\w-]{8}\.js$/.test(file.slice(a.length + 1)));
    if (!area) continue;
    const catalog = catalogOf(fs.readFileSync(path.join(ASSETS, file), 'utf8'));
    if (!catalog) continue;
    const en = JSON.parse(fs.readFileSync(path.join(CATALOGS, 'en', `${area}.json`), 'utf8')) as Record<string, string>;
    const fil = JSON.parse(fs.readFileSync(path.join(CATALOGS, 'fil', `${area}.json`), 'utf8')) as Record<string, string>;
    // English when more of its plain messages match English's than Filipino's (the build may trail an edit or two).
    const plain = Object.entries(catalog).filter(([, m]) => Array.isArray(m) && m.length === 1 && typeof m[0] === 'string');
    const likeEn = plain.filter(([k, m]) => en[k] === m[0] && fil[k] !== m[0]).length;
    const likeFil = plain.filter(([k, m]) => fil[k] === m[0] && en[k] !== m[0]).length;
    if (likeEn > likeFil) chunks.set(file, catalog);
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
  for (const [file, catalog] of englishChunks()) {
    const pseudo = Object.fromEntries(Object.entries(catalog).map(([key, message]) => [key, pseudoMessage(message)]));
    const body = `var e=${JSON.stringify(pseudo)};export{e as default};`;
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
