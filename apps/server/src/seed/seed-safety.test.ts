import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { envelopeKeyId } from '../lib/field-crypto';
import { readAnswers } from '../modules/screening/screening-answers';
import { seedFoundation } from './seed-foundation';
import { seedSafety } from './seed-safety';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('safety demo data', () => {
  it("stores the demo screenings' answers encrypted with the server's key, readable as a client's own (decision 0205)", async () => {
    const ctx = await seedFoundation(t.db);
    await seedSafety(t.db, t.config, ctx);
    const rows = await t.db.selectFrom('screenings').selectAll().where('company_id', '=', ctx.company.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(envelopeKeyId(row.answers)).toBe(t.app.contentKeys.current.id);
      const answers = readAnswers(t.app.contentKeys, row);
      expect(answers.phq9.reduce((a, b) => a + b, 0)).toBe(row.phq9_score);
      expect(answers.gad7.reduce((a, b) => a + b, 0)).toBe(row.gad7_score);
    }
  });
});
