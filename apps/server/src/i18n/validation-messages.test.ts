// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isoDateSchema } from '@kalinga/contracts/common';
import { calendarDateField } from '@kalinga/contracts/lending/schemas';
import { unofferedRoleMessage } from '@kalinga/contracts/role-constants';
import { birthDateProblem, createUserBodySchema } from '@kalinga/contracts/users';
import { describe, expect, it } from 'vitest';
import { localizeReply, localizeText } from '../lib/i18n';
import { DAMAGED_IMAGE, TOO_MANY_PIXELS, TYPE_MISMATCH } from '../lib/image-check';
import { NOT_AN_IMAGE, TOO_LARGE } from '../lib/images';
import { REFER_TO_ANOTHER } from '../modules/client-record/client-file.service';
import { NO_LOAN } from '../modules/lending/item.service';
import { NO_CATEGORY, NO_CUSTOMER } from '../modules/lending/loan.service';
import { FILE_TOO_LARGE } from '../plugins/errors';

// The field refusals (422) a Filipino user reads in Filipino (decision 0382): each sentence the server's code writes
// into an `unprocessable(...)` is in both catalogs, so the error handler says it in the request's language (decision
// 0247), and so are the shared schemas' date and user-form messages.

const SRC = join(__dirname, '..');

/** Files whose 422 sentences are not a person's to read: made from a database column's or a body path's name. */
const MACHINE_MADE = new Set(['lib/db-errors.ts', 'lib/input-limits.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each sentence written as a literal inside an `unprocessable(...)` call, a template's `${…}` as a sample value. */
function literalRefusals(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const path of sourceFiles(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    if (MACHINE_MADE.has(file)) continue;
    for (const call of readFileSync(path, 'utf8').matchAll(/\bunprocessable\(([\s\S]*?)\);/g)) {
      for (const literal of call[1].matchAll(/(['"`])((?:\\.|(?!\1).)*?)\1/g)) {
        const text = literal[2].replace(/\$\{[^}]*\}/g, '7').replace(/\\'/g, "'");
        if (/^[A-Z].* /.test(text)) found.push({ file, text });
      }
    }
  }
  return found;
}

describe('field refusals in the request language', () => {
  it("finds every literal sentence of the services' 422s in the catalogs", () => {
    const refusals = literalRefusals();
    expect(refusals.length).toBeGreaterThan(40);
    const missing = refusals.filter(({ text }) => localizeText('fil', text) === text).map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('says the shared constants, the date fields and the user form in Filipino, English as written', () => {
    const bad = createUserBodySchema.safeParse({ name: 'x'.repeat(121), email: 'a@example.test', password: 'longenough1', user_type: 'wizard', roles: [], department: 'd'.repeat(121) });
    const formMessages = bad.success ? [] : bad.error.issues.map((issue) => issue.message);
    expect(formMessages).toHaveLength(4);
    const dates = ['2023-02-30', '30/02/2023'].flatMap((d) => [isoDateSchema, calendarDateField].map((schema) => schema.safeParse(d).error?.issues[0].message ?? ''));
    const messages = [
      ...formMessages,
      ...new Set(dates),
      birthDateProblem('2030-01-01', '2026-11-30') ?? '',
      'The birth date is not a valid date.',
      'The role "wizard" does not exist.',
      'Each day may appear only once.',
      'The item uuid appears more than once.',
      unofferedRoleMessage('Student'),
      NO_CUSTOMER, NO_CATEGORY, NO_LOAN, REFER_TO_ANOTHER,
      NOT_AN_IMAGE, TOO_LARGE, TOO_MANY_PIXELS, DAMAGED_IMAGE, TYPE_MISMATCH, FILE_TOO_LARGE,
    ];
    for (const message of messages) {
      expect(localizeReply('en', { message }).message).toBe(message);
      expect(localizeText('fil', message), message).not.toBe(message);
    }
    expect(localizeText('fil', 'Use a real calendar date (YYYY-MM-DD).')).toBe('Gumamit ng totoong petsa (YYYY-MM-DD).');
    expect(localizeText('fil', 'At most 50 characters.')).toBe('Hanggang 50 character lang.');
    expect(localizeText('fil', 'There is no session 9 in this series.')).toBe('Walang session 9 sa seryeng ito.');
  });
});
