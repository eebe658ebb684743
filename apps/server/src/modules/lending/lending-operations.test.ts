import { randomUUID } from 'node:crypto';
import { LENDING_OPERATIONS, operationPath, SYNC_OPERATIONS } from '@kalinga/contracts/lending/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lendingWorld, type LendingWorld } from '../../../test/lending/lending-helpers';

// The queue's operations and the server's routes come from one table (packages/contracts/src/lending/operations.ts).

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => w?.t.close());

describe('LENDING_OPERATIONS', () => {
  it('names every operation of the queue once; operationPath puts the uuid in the path of updates and actions only', () => {
    expect(Object.keys(LENDING_OPERATIONS).sort()).toEqual([...SYNC_OPERATIONS].sort());
    expect(operationPath('RENEW_LOAN', 'abc')).toBe('/api/loans/abc/renew');
    expect(operationPath('UPDATE_CUSTOMER', 'a/b')).toBe('/api/customers/a%2Fb');
    expect(operationPath('CREATE_LOAN', 'abc')).toBe('/api/loans');
  });

  it.each(SYNC_OPERATIONS)('%s: the server answers its method and path (validation or not found, never "no such route")', async (op) => {
    const spec = LENDING_OPERATIONS[op];
    const res = await call(w.t, w.admin, spec.method, operationPath(op, randomUUID()), {});
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(String(res.json().message)).not.toMatch(/^Route /);
    // The route validates with the table's schema: a body it refuses is 422 on the server too.
    const parsed = spec.body.safeParse({});
    if (!parsed.success) expect(res.statusCode).toBe(422);
  });

  it('declares each route with its entry of the table: summary and operationId in the API reference', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string; operationId?: string }>> };
    for (const op of SYNC_OPERATIONS) {
      const spec = LENDING_OPERATIONS[op];
      // The category routes are the categories module's (a form with an image, `:id`).
      if ('form' in spec) continue;
      const route = doc.paths[spec.path.replace(':uuid', '{uuid}')]?.[spec.method.toLowerCase()];
      expect(route, op).toMatchObject({ summary: spec.summary, operationId: spec.operationId });
    }
  });
});
