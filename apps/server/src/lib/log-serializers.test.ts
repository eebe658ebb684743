import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../test/harness';

// What the server's log says of a request the database refused (decision 0366): the error's code, table and
// constraint, never the row or key values PostgreSQL repeats in `detail` (a screened client's band and id here).

const ROW = 'Failing row contains (41, 7, 9, severe, moderate, 2026-11-29T08:00:00.000Z)';
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];

/** A database error as the pg driver throws it: its message names the constraint; `detail` and `where` quote values. */
function refusal(): Error {
  return Object.assign(new Error('new row for relation "screenings" violates check constraint "screenings_band_check"'), {
    code: '23514',
    table: 'screenings',
    constraint: 'screenings_band_check',
    detail: ROW,
    where: `SQL statement "insert into screenings values (41, 7, 9, 'severe')"`,
    internalQuery: "select 'severe'",
  });
}

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ config: { ...t.config, logLevel: 'info' }, db: t.db, logger: true });
  // The lines the logger writes, instead of standard output (pino's destination, read by its symbol).
  const target = app.log as unknown as Record<symbol, unknown>;
  const stream = Object.getOwnPropertySymbols(target).find((s) => s.description === 'pino.stream');
  expect(stream).toBeDefined();
  target[stream!] = { write: (line: string) => void lines.push(line) };
  app.get('/api/probe/refused', { config: { public: true } }, async () => {
    throw refusal();
  });
  app.get('/api/probe/failed', { config: { public: true } }, async () => {
    throw new Error('the statement failed', { cause: refusal() });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** The lines the server logged while answering `url` with `status`. */
async function logOf(url: string, status: number): Promise<string> {
  lines.length = 0;
  expect((await app.inject({ method: 'GET', url })).statusCode).toBe(status);
  return lines.join('\n');
}

describe('the log of a refused or failed request (decision 0366)', () => {
  it('names the constraint of a database refusal (422) but not the row it quotes', async () => {
    const logged = await logOf('/api/probe/refused', 422);
    expect(logged).toContain('database refused the input');
    expect(logged).toContain('screenings_band_check');
    for (const value of [ROW, 'severe', "select 'severe'"]) expect(logged).not.toContain(value);
  });

  it("a server fault's cause is logged the same way", async () => {
    const logged = await logOf('/api/probe/failed', 500);
    expect(logged).toContain('request failed');
    expect(logged).toContain('screenings_band_check');
    expect(logged).not.toContain('severe');
  });
});
