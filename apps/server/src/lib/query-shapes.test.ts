import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../test/harness';
import { compiledShape, param } from './query-shapes';

describe('compiledShape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('builds a shape once and binds new values each time', async () => {
    const a = await registerCompany(t.app, 'Shape A');
    const b = await registerCompany(t.app, 'Shape B');
    let builds = 0;
    const byId = (id: number) =>
      compiledShape(
        t.db,
        'test:companyById',
        () => {
          builds++;
          return t.db.selectFrom('companies').select('name').where('id', '=', param<number>('id'));
        },
        { id },
      );
    const first = byId(a.companyId);
    const second = byId(b.companyId);
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual([b.companyId]);
    expect((await t.db.executeQuery(first)).rows).toEqual([{ name: 'Shape A' }]);
    expect((await t.db.executeQuery(second)).rows).toEqual([{ name: 'Shape B' }]);
  });

  it('keeps text values as bound parameters, never in the SQL text', async () => {
    const evil = "x' or '1'='1";
    const query = compiledShape(t.db, 'test:byName', () => t.db.selectFrom('companies').select('id').where('name', '=', param<string>('name')), { name: evil });
    expect(query.sql).not.toContain(evil);
    expect(query.parameters).toEqual([evil]);
    expect((await t.db.executeQuery(query)).rows).toEqual([]);
  });

  it('refuses a placeholder that does not end up a bound parameter, and a missing value', () => {
    expect(() => compiledShape(t.db, 'test:inlined', () => t.db.selectFrom('companies').select(sql.lit(param<string>('x')).as('x')), { x: 'a' })).toThrow(/inlined/);
    expect(() => compiledShape(t.db, 'test:unused', () => (param<number>('unused'), t.db.selectFrom('companies').select('id')), { unused: 1 })).toThrow(/not a bound parameter/);
    compiledShape(t.db, 'test:needsValue', () => t.db.selectFrom('companies').select('id').where('id', '=', param<number>('id')), { id: 1 });
    expect(() => compiledShape(t.db, 'test:needsValue', () => t.db.selectFrom('companies').select('id'), {})).toThrow(/no value for id/);
    expect(() => param('outside')).toThrow(/outside/);
  });
});
