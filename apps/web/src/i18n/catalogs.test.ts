// @vitest-environment node
// The catalogs stay complete (decision 0245): every area has the same keys in Filipino and English, every message
// compiles as ICU with the same placeholders in both, and every key is used by the code (a key no code names is a
// leftover; a key the code names but English lacks is a type error, MessageKey).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@kalinga/contracts/languages';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, '..');
const areas = fs.readdirSync(path.join(here, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
const read = (language: string, area: string) => JSON.parse(fs.readFileSync(path.join(here, language, `${area}.json`), 'utf8')) as Record<string, string>;

/**
 * The argument names a compiled message uses, however deep: a compiled message is text or a list of text parts and
 * arguments, an argument a list of its name, its kind and (plural, select) its branches, each a message again.
 */
function argumentsOf(message: unknown, names = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return names;
  for (const part of message) {
    if (!Array.isArray(part)) continue;
    names.add(String(part[0]));
    const branches: unknown = part[2];
    if (branches && typeof branches === 'object') for (const branch of Object.values(branches)) argumentsOf(branch, names);
  }
  return names;
}

/** Every source file of the app but the tests and the catalogs. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('message catalogs', () => {
  it('exist for both languages, area by area', () => {
    expect(areas.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect(fs.readdirSync(path.join(here, language)).filter((f) => f.endsWith('.json')).sort()).toEqual(areas.map((a) => `${a}.json`).sort());
    }
  });

  it.each(areas)('%s: the same keys in Filipino and English, each a non-empty ICU message with the same placeholders', (area) => {
    const en = read('en', area);
    const fil = read('fil', area);
    expect(Object.keys(fil).sort(), `keys of fil/${area}.json`).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en)) {
      expect(key.startsWith(`${area}.`), `${key} belongs to ${area}`).toBe(true);
      for (const [language, catalog] of [['en', en], ['fil', fil]] as const) {
        expect(catalog[key].trim(), `${language}/${area}: ${key}`).not.toBe('');
      }
      expect([...argumentsOf(compileMessage(fil[key]))].sort(), `placeholders of ${key}`).toEqual([...argumentsOf(compileMessage(en[key]))].sort());
    }
  });

  it('hold no key the code does not use', () => {
    const code = sources(src).map((file) => fs.readFileSync(file, 'utf8')).join('\n');
    const unused = areas.flatMap((area) => Object.keys(read('en', area))).filter((key) => !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
