// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERIES_PROBLEM_TEXT, SERIES_PROBLEMS } from '@kalinga/contracts/series-constants';
import { describe, expect, it } from 'vitest';

// A series' session problems are said by their codes from the catalogs (the booking form's per-session text): English
// as the server writes it, and a Filipino sentence of its own for each.

const here = path.dirname(fileURLToPath(import.meta.url));
const read = (language: string) => JSON.parse(fs.readFileSync(path.join(here, `../../i18n/${language}/appointments.json`), 'utf8')) as Record<string, string>;

describe("a series session's problem", () => {
  it('reads in English as the server writes it, and in Filipino otherwise', () => {
    const en = read('en');
    const fil = read('fil');
    for (const code of SERIES_PROBLEMS) {
      expect(en[`appointments.series.problem.${code}`], code).toBe(SERIES_PROBLEM_TEXT[code]);
      expect(fil[`appointments.series.problem.${code}`], code).toBeTruthy();
      expect(fil[`appointments.series.problem.${code}`], code).not.toBe(SERIES_PROBLEM_TEXT[code]);
    }
  });
});
