import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { fil } from './fil';

// The glossary's "Not these words" (docs/glossary-fil.md, decision 0337) stay out of every Filipino catalog: the web
// app's and the server's. Only a message's own words are read (its compiled text parts), never a placeholder's name
// or a select's case, so `{ticket}` or `pawned {…}` are not words of the message.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const webCatalogs = path.join(root, 'apps/web/src/i18n/fil');

interface Refused {
  word: string;
  write: string;
  /** Phrases in which the word is still right ("pawn ticket"). */
  except: string[];
}

/** The rows of the glossary's "Not these words" table, a row's comma-separated words each its own. */
function refusedWords(glossary: string): Refused[] {
  const section = glossary.split(/^## Not these words$/m)[1];
  if (!section) return [];
  const list = (cell: string) => cell.split(',').map((w) => w.trim()).filter(Boolean);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*(Not this|-)/.test(line))
    .flatMap((line) => {
      const [not = '', write = '', except = ''] = line.split('|').slice(1, -1);
      return list(not).map((word) => ({ word, write: write.trim(), except: list(except) }));
    });
}

/** A message's own words: the text parts of its compiled form, however deep its plural and select branches go. */
function messageText(message: string): string {
  const parts: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') parts.push(node);
    else if (Array.isArray(node)) {
      for (const part of node) {
        if (typeof part === 'string') parts.push(part);
        else if (Array.isArray(part) && part[2] && typeof part[2] === 'object') for (const branch of Object.values(part[2] as object)) walk(branch);
      }
    }
  };
  walk(compileMessage(message));
  return parts.join(' ');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}-])${escape(phrase).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}-])`, 'giu');

/** Each refused word a catalog's messages use, as 'key: word (write …)'. */
function refusedIn(catalog: Record<string, string>, refused: Refused[]): string[] {
  const found: string[] = [];
  for (const [key, message] of Object.entries(catalog)) {
    const text = messageText(message);
    for (const { word, write, except } of refused) {
      const rest = except.reduce((t, phrase) => t.replace(wordPattern(phrase), ' '), text);
      if (wordPattern(word).test(rest)) found.push(`${key}: "${word}" (write "${write}")`);
    }
  }
  return found;
}

/** The terms each table of the glossary gives a row, as written in its first column, by table. */
function termRows(glossary: string): string[][] {
  return glossary.split(/^## /m).map((section) =>
    section
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2) // the table's head and its |---| line
      .map((line) => (line.split('|')[1] ?? '').trim()),
  );
}

/** The terms a table gives more than one row (case and spacing aside). */
function repeatedTerms(terms: string[]): string[] {
  const seen = new Map<string, number>();
  for (const term of terms) {
    const key = term.toLowerCase().replace(/\s+/g, ' ');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, rows]) => rows > 1).map(([term]) => term);
}

const refused = refusedWords(fs.readFileSync(path.join(root, 'docs/glossary-fil.md'), 'utf8'));

describe("the glossary's words not to use", () => {
  it('are read from the glossary, with the phrases that keep them', () => {
    expect(refused.length).toBeGreaterThan(5);
    expect(refused).toContainEqual({ word: 'sangay', write: 'branch', except: [] });
    expect(refused).toContainEqual({ word: 'ticket', write: 'tiket', except: ['pawn ticket'] });
  });

  it('are found in a message, but not in a placeholder, a select case or a phrase that keeps them', () => {
    const sample = {
      a: 'Saang sangay ka ngayon?',
      b: 'Bagong Pawn Ticket {ticket}',
      c: '{status, select, ticket {Tiket} other {Sangla}}',
      d: 'Mga ticket ng branch',
      e: 'Itinuloy ang pagsangay-sangay', // a word that holds it is another word
    };
    expect(refusedIn(sample, refused)).toEqual(['a: "sangay" (write "branch")', 'd: "ticket" (write "tiket")']);
  });

  it('are in no Filipino catalog of the web app', () => {
    const found = fs
      .readdirSync(webCatalogs)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => refusedIn(JSON.parse(fs.readFileSync(path.join(webCatalogs, f), 'utf8')) as Record<string, string>, refused).map((hit) => `${f} ${hit}`));
    expect(found).toEqual([]);
  });

  it("are in none of the server's Filipino messages (emails, refusals)", () => {
    expect(refusedIn(fil, refused)).toEqual([]);
  });
});

describe("the glossary's rows", () => {
  const tables = termRows(fs.readFileSync(path.join(root, 'docs/glossary-fil.md'), 'utf8'));

  it('are read per table, and a term given twice is found whatever its case or spacing', () => {
    expect(tables.flat()).toContain('urgent case');
    expect(tables.flat()).toContain('sangay');
    expect(repeatedTerms(['urgent case', 'cash day', 'Urgent  case'])).toEqual(['urgent case']);
  });

  it('give each term one row in each table', () => {
    expect(tables.flatMap(repeatedTerms)).toEqual([]);
  });
});
