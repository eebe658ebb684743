import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { findSession } from '../modules/auth/token.repository';
import { hashToken } from '../lib/tokens';
import { preparedName } from './prepared-statements';
import { currentVersion } from './sync-version';

// The hot queries' shapes are named prepared statements on PostgreSQL (decision 0348): the session lookup and the
// counter every pull reads. On SQLite the statement cache of db/database.ts does the same; here only the answers are checked.

let t: TestApp;
let admin: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Prepared Pawn');
});
afterAll(async () => {
  await t.close();
});

/** The statements the connection running `trx` has prepared, by name. */
async function prepared(trx: typeof t.db): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
  return new Map(rows.map((r) => [r.name, r.statement]));
}

describe('the hot queries', () => {
  it('answer as before: the session of a token with its company and permissions, the counter of a company', async () => {
    for (let i = 0; i < 3; i++) {
      const rows = await findSession(t.db, hashToken(admin.token), admin.companyId);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows[0].company_id).toBe(admin.companyId);
      expect(rows.some((r) => r.permission === 'view lending')).toBe(true);
      expect(await findSession(t.db, hashToken(`${admin.token}x`), admin.companyId)).toEqual([]);
    }
    expect(await currentVersion(t.db, admin.companyId)).toBe(0);
  });

  it.runIf(/^postgres/.test(process.env.DATABASE_URL ?? ''))(
    'go as named prepared statements on PostgreSQL, each parsed once per connection; other texts are not prepared',
    async () => {
      await t.db.transaction().execute(async (trx) => {
        await findSession(trx, hashToken(admin.token), admin.companyId);
        await currentVersion(trx, admin.companyId);
        await currentVersion(trx, admin.companyId);
        const statements = await prepared(trx);
        const names = [...statements.keys()].filter((n) => n.startsWith('kalinga_shape_'));
        const texts = names.map((n) => statements.get(n) ?? '');
        expect(texts.some((s) => s.includes('"access_tokens"') && s.includes('"token_hash" = $'))).toBe(true);
        expect(texts.filter((s) => s.includes('"lending_counters"'))).toHaveLength(1);
        for (const n of names) expect(preparedName(statements.get(n) ?? '')).toBe(n);
        // A query that is not a shape goes unnamed, as Kysely sends it.
        await sql`select ${1}::int as one`.execute(trx);
        expect([...(await prepared(trx)).values()].some((s) => s.includes('as one'))).toBe(false);
      });
    },
  );
});
