// Offering freed slots with server processes (decision 0152). Slots freed while no process ran are offered when one
// starts; two processes starting at once over the same freed slots offer each one once, to the first person waiting;
// a cancellation through a running server is offered at once (not at the next sweep). The two processes run on
// PostgreSQL only (SQLite is one file with one writer on one machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Actor, createTestApp, type TestApp } from '../../../test/harness';
import { startServers, type Servers } from '../../../test/server-processes';
import { api, bookTen, cancel, client, freshDate, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');
const SLOTS = 6;

let t: TestApp;
let c: WaitCentre;
let servers: Servers[] = [];

beforeAll(async () => {
  t = await createTestApp();
  c = await waitCentre(t, 'Process Waitlist School');
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await t?.close();
});

/** Waits (polling the database, no fixed sleep) until `done` holds. */
async function until(done: () => Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 50));
}

const offersOf = (entryClient: Actor) =>
  t.db.selectFrom('waitlist_offers as o').innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id').select(['o.status', 'o.start_at']).where('e.client_id', '=', entryClient.user.id).execute();

/** SLOTS dates, each with its 10:00 booked and two clients waiting for it; returns the waiting pairs and the bookings. */
async function waitingPairs(label: string) {
  const pairs: { first: Actor; second: Actor; booked: string }[] = [];
  for (let i = 0; i < SLOTS; i++) {
    const date = freshDate();
    const holder = await client(t, c, `${label} holder ${i}`);
    const booked = await bookTen(t, c, holder.user.id, date);
    const first = await client(t, c, `${label} first ${i}`);
    const second = await client(t, c, `${label} second ${i}`);
    for (const who of [first, second]) expect((await api(t.app, who, 'POST', '/api/waitlist', waitBody(c, date))).statusCode).toBe(201);
    pairs.push({ first, second, booked });
  }
  return pairs;
}

describe('freed slots and server processes', () => {
  it('a cancellation through a running server is offered at once to the first person waiting', async () => {
    const [pair] = await waitingPairs('Kick');
    const running = await buildApp({ config: t.config, db: t.db, notificationWorker: true });
    await running.ready();
    try {
      const res = await running.inject({ method: 'PUT', url: `/api/appointments/${pair.booked}`, headers: c.admin.headers, payload: { status: 'cancelled' } });
      expect(res.statusCode).toBe(200);
      await until(async () => (await offersOf(pair.first)).length === 1);
      expect(await offersOf(pair.second)).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it.skipIf(!onPostgres)('two processes starting over freed slots offer each once, to the first person waiting', async () => {
    const pairs = await waitingPairs('Two');
    // Freed while no process runs a sweep (the test's app has none).
    for (const p of pairs) await cancel(t, c, p.booked);
    servers = await Promise.all([startServers(t.config.database, t.config.dataDir, 1), startServers(t.config.database, t.config.dataDir, 1)]);
    for (const p of pairs) await until(async () => (await offersOf(p.first)).length > 0);
    for (const p of pairs) {
      expect(await offersOf(p.first)).toMatchObject([{ status: 'open' }]);
      expect(await offersOf(p.second)).toEqual([]);
    }
    const told = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'waitlist_offer').where('user_id', 'in', pairs.map((p) => p.first.user.id)).execute();
    expect(told).toHaveLength(SLOTS);
  }, 120_000);
});
