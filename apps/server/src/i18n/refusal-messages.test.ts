// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { noticePassedMessage } from '@kalinga/contracts/notice-period';
import { describe, expect, it } from 'vitest';
import { forbidden, notFound, unauthenticated } from '../lib/http-errors';
import { localizeReply, localizeText } from '../lib/i18n';
import { blockedError } from '../modules/appointments/series.service';

// The refusals a Filipino user reads in Filipino (decision 0384, extending 0382 beyond the 422s): each sentence the
// server's code writes into a `forbidden(...)`, `conflict(...)`, `notFound(...)` or `new HttpError(...)`, as a literal
// or by a constant it names, is in both catalogs, so the error handler says it in the request's language; and so is
// each field message the shared schemas of the forms write (packages/contracts).

const SERVER = join(__dirname, '..');
const CONTRACTS = join(__dirname, '../../../../packages/contracts/src');

/**
 * Sentences no person reads (decision 0384): a developer's, the live stream's and a nested body's; the keys the app
 * makes itself (uuids, ids); and the query or choice values only the app's own controls send, which name them as the
 * wire does (`no_show`, `one_term`, `last_7_days`).
 */
const MACHINE_FACING = new Set([
  'Send _method=PUT to update a category.',
  'Send _method=PUT to update a resource.',
  'At most 7 change streams can be open for one user.',
  'The request body is nested too deeply.',
  'Invalid note key.',
  'Invalid addendum key.',
  'Invalid submission key.',
  'The uuid must be a valid UUID.',
  'The request needs a uuid.',
  'This uuid cannot be used; make a new one.',
  'The selected id is invalid.',
  'The status must be pending, confirmed, completed, cancelled or no_show.',
  'The month field is required.',
  'The month must be in the form YYYY-MM.',
  'The interest in advance must be none or one_term.',
  'The day must be one of monday to sunday.',
  'The field must be true or false.',
  'The year must be a number.',
  'The year must be a whole number.',
  'The year must be 2000 or later.',
  'The year must be 2100 or earlier.',
]);

/**
 * Contract files whose sentences are no refusal or only a machine's: the questionnaires and crisis text (the web's
 * catalogs say them), the reports' descriptions and period values, the outbox's and calendar's query values, the
 * start-up reads, a held booking's reason, and the notice period (listed below, its sentence is made of parts).
 */
const NOT_REFUSALS = new Set([
  'screening/items.ts', 'screening/crisis.ts', 'report-constants.ts', 'reports.ts', 'intake-report.ts', 'no-show-report.ts',
  'notifications.ts', 'calendar.ts', 'start-up-reads.ts', 'attendance.ts', 'notice-period.ts',
]);

/** Files whose refusals only a machine reads: the metrics scraper's token check. */
const MACHINE_FILES = new Set(['modules/metrics/metrics.service.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

const LITERAL = /(['"`])((?:\\.|(?!\1).)*?)\1/g;

/** A literal's text, a template's `${…}` as a sample value. */
const sample = (text: string) => text.replace(/\$\{[^}]*\}/g, '7').replace(/\\'/g, "'");

/** The text inside the parentheses that open at `from` (balanced; strings are not read for brackets). */
function argumentsAt(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length; i += 1) {
    if (source[i] === '(') depth += 1;
    else if (source[i] === ')' && --depth === 0) return source.slice(from + 1, i);
  }
  return '';
}

/** `NAME` → its text, for each `const NAME = '…'`, `const NAME = (…) => \`…\``, and `NAME.key` of an object of texts. */
function constantTexts(files: string[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const path of files) {
    const source = readFileSync(path, 'utf8');
    for (const m of source.matchAll(/\bconst ([A-Z][A-Z0-9_]*)(?:: [^=]+)? =\s*(?:\([^)]*\)(?:: \w+)? =>\s*)?(['"`])((?:\\.|(?!\2).)*?)\2/g)) texts.set(m[1], sample(m[3]));
    for (const m of source.matchAll(/\bconst ([A-Z][A-Z0-9_]*)(?:: [^=]+)? = \{/g)) {
      const body = source.slice(m.index + m[0].length, source.indexOf('\n}', m.index));
      for (const entry of body.matchAll(/^\s*(\w+): (['"`])((?:\\.|(?!\2).)*?)\2,?$/gm)) texts.set(`${m[1]}.${entry[1]}`, sample(entry[3]));
    }
  }
  return texts;
}

interface Refusal { file: string; text: string }

/**
 * Each sentence the shared schemas of the forms write (packages/contracts, not the lending schemas, whose sentences
 * the web says itself, decision 0275, nor the offline sync's): every literal that reads as a sentence, outside
 * comments and `.describe(…)`.
 */
function schemaMessages(): Refusal[] {
  const found: Refusal[] = [];
  for (const path of sourceFiles(CONTRACTS)) {
    const file = relative(CONTRACTS, path).split('\\').join('/');
    if (/^(lending|pawn-|sync)/.test(file) || NOT_REFUSALS.has(file)) continue;
    const source = readFileSync(path, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '').replace(/\.describe\((['"`]).*?\1\)/g, '');
    for (const literal of source.matchAll(LITERAL)) {
      const text = sample(literal[2]);
      if (/^[A-Z].* .*[.?]$/.test(text) && !MACHINE_FACING.has(text)) found.push({ file: `contracts/${file}`, text });
    }
  }
  return found;
}

const untranslated = (found: Refusal[]) =>
  [...new Set(found.filter(({ text }) => localizeText('fil', text) === text).map(({ file, text }) => `${file}: ${text}`))];

/** Each sentence a refusal of the server's code says: its literals, `notFound('X')` as "X not found.", and its constants. */
function refusals(): { found: Refusal[]; unread: string[] } {
  const files = sourceFiles(SERVER);
  const constants = constantTexts([...files, ...sourceFiles(CONTRACTS)]);
  const found: Refusal[] = [];
  const unread: string[] = [];
  for (const path of files) {
    const file = relative(SERVER, path).split('\\').join('/');
    if (file === 'lib/http-errors.ts' || MACHINE_FILES.has(file)) continue;
    const source = readFileSync(path, 'utf8');
    for (const call of source.matchAll(/\b(forbidden|conflict|notFound|new HttpError)\(/g)) {
      const args = argumentsAt(source, call.index + call[0].length - 1);
      if (call[1] === 'notFound') {
        const what = /^\s*(['"])([^'"]+)\1\s*$/.exec(args);
        if (what) found.push({ file, text: `${what[2]} not found.` });
        else if (args.trim() !== '') unread.push(`${file}: notFound(${args})`);
        continue;
      }
      for (const literal of args.matchAll(LITERAL)) {
        const text = sample(literal[2]);
        if (/^[A-Z].* /.test(text)) found.push({ file, text });
      }
      for (const name of args.replace(LITERAL, '').matchAll(/\b[A-Z][A-Z0-9_]+(?:\.\w+)?\b/g)) {
        const text = constants.get(name[0]);
        if (text !== undefined) found.push({ file, text });
        else unread.push(`${file}: ${name[0]}`);
      }
    }
  }
  return { found: found.filter(({ text }) => !MACHINE_FACING.has(text)), unread };
}

describe('refusals in the request language', () => {
  it("finds every sentence of the services' 403s, 404s and 409s in the catalogs", () => {
    const { found, unread } = refusals();
    expect(found.length).toBeGreaterThan(150);
    expect(unread).toEqual([]);
    expect(untranslated(found)).toEqual([]);
  });

  it("finds every sentence of the forms' shared schemas in the catalogs", () => {
    const found = schemaMessages();
    expect(found.length).toBeGreaterThan(150);
    expect(untranslated(found)).toEqual([]);
  });

  it('says the sentences the scans cannot read: defaults, a parameter passed on, sentences made of parts', () => {
    const series = blockedError([{ index: 2, wanted_date: '2026-12-01', wanted_time: '09:00', outcome: 'blocked', problem: { code: 'past', message: 'This time has already passed.' } }] as never, 5).message;
    const messages = [
      forbidden().message, unauthenticated().message, notFound().message,
      'Clients join the waitlist themselves.', 'Clients leave the waitlist themselves.',
      'Counselors and managers see the waitlist at /api/waitlist.', 'Only the client it is held for can answer an offer.',
      ...(['cancelled', 'rescheduled'] as const).flatMap((action) => [0, 1, 24].map((hours) => noticePassedMessage(action, hours, 'Ana Cruz'))),
      series,
      'Session 2 of 5 (2026-12-01 at 09:00), Ana Cruz: This time has already passed.',
      '3 of the 5 sessions cannot be booked; check the sessions again.',
      '3 of the 5 sessions cannot be held; check the sessions again.',
    ];
    for (const message of messages) {
      expect(localizeReply('en', { message }).message).toBe(message);
      expect(localizeText('fil', message), message).not.toBe(message);
    }
    expect(localizeText('fil', series)).toBe('Hindi ma-book ang session 2 sa 5 (2026-12-01, 09:00): Lumipas na ang oras na ito.');
    expect(localizeText('fil', noticePassedMessage('cancelled', 24, 'Ana Cruz'))).toBe('Puwedeng kanselahin dito ang appointment hanggang 24 oras bago ito magsimula. Pakikontak si Ana Cruz.');
    expect(localizeText('fil', 'The business name may not be greater than 160 characters.')).toBe('Hanggang 160 character lang ang pangalan ng negosyo.');
    // No catalog pattern takes a field's name, so a lending schema's sentence stays English for the web to say (decision 0275).
    expect(localizeText('fil', 'The first name may not be greater than 120 characters.')).toBe('The first name may not be greater than 120 characters.');
  });

  it('says them in Filipino, English as written', () => {
    for (const message of ['Only counselors can do this.', 'Appointment not found.', 'You are already signed up for this workshop.']) {
      expect(localizeReply('en', { message }).message).toBe(message);
    }
    expect(localizeText('fil', 'Only counselors can do this.')).toBe('Mga counselor lang ang puwedeng gumawa nito.');
    expect(localizeText('fil', 'Appointment not found.')).toBe('Hindi nakita ang appointment.');
  });
});
