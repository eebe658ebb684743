import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCategory, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { appointmentRow } from '../../../test/appointment-rows';
import { writeCustomer } from '../../../test/sync/sync-helpers';
import { type LiveStream, openLiveStream, secondInstance } from '../../../test/sync/live-stream';
import { relayTo } from '../../../test/sync/pg-relay';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { insertAppointment, type NewAppointment } from '../appointments/appointment.repository';
import type { ChangeScope } from '@kalinga/contracts/live-changes';
import { listenerName } from '../../db/change-listener';
import { CHANGES_CHANNEL, localChanges } from '../../db/change-signals';
import { createChangeHub, liveConnectionCount } from './live-changes';

// The live change signal (decision 0325). On PostgreSQL the write is made through one instance and heard on a
// stream of another (two apps, two pools, two listeners on one database); on SQLite one instance is supported,
// so both are the same app.

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
const open: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
});
afterAll(async () => {
  for (const s of open) s.close();
  await other.close();
  await t.close();
});

async function stream(headers: Record<string, string>): Promise<LiveStream> {
  const s = await openLiveStream(other.app, headers);
  open.push(s);
  // Subscribed once the first bytes (the retry field) arrived.
  await vi.waitFor(() => expect(s.preamble.length).toBeGreaterThan(0));
  return s;
}

describe('GET /api/sync/events', () => {
  it('is a server-sent-events stream proxies do not buffer, and refuses a signed-out caller (401)', async () => {
    const admin = await registerCompany(t.app, 'Stream Headers Pawnshop');
    const s = await stream(admin.headers);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('content-encoding')).toBeNull();
    expect(s.preamble[0]).toMatch(/^retry: \d+$/);
    s.close();

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sync/events' });
    expect(anonymous.statusCode).toBe(401);
    const badToken = await t.app.inject({ method: 'GET', url: '/api/sync/events', headers: { authorization: 'Bearer nope' } });
    expect(badToken.statusCode).toBe(401);
    // It takes no parameters: one is refused, not ignored.
    const withQuery = await t.app.inject({ method: 'GET', url: '/api/sync/events?since=c1', headers: admin.headers });
    expect(withQuery.statusCode).toBe(422);
    // Another company's stream is not the caller's to open.
    const elsewhere = await registerCompany(t.app, 'Elsewhere Pawnshop');
    const foreign = await t.app.inject({ method: 'GET', url: '/api/sync/events', headers: { ...admin.headers, 'x-company-id': String(elsewhere.companyId) } });
    expect(foreign.statusCode).toBe(403);
  });

  it('a lending write on one instance signals a stream of the same company on another', async () => {
    const admin = await registerCompany(t.app, 'Live Pawnshop');
    const s = await stream(admin.headers);
    await writeCustomer(t.app, admin.headers, 'Lorna');
    await vi.waitFor(() => expect(s.signals).toEqual([['lending']]));
  });

  it("another company's change does not signal", async () => {
    const mine = await registerCompany(t.app, 'Quiet Pawnshop');
    const theirs = await registerCompany(t.app, 'Busy Pawnshop');
    const quiet = await stream(mine.headers);
    const busy = await stream(theirs.headers);
    await writeCustomer(t.app, theirs.headers, 'Other');
    await vi.waitFor(() => expect(busy.signals).toHaveLength(1));
    // The busy company's signal has gone out; a write of our own comes after it, and it is all we hear.
    await writeCustomer(t.app, mine.headers, 'Ours');
    await vi.waitFor(() => expect(quiet.signals).toHaveLength(1));
    expect(quiet.signals).toEqual([['lending']]);
    expect(busy.signals).toHaveLength(1);
  });

  it('a booking signals appointments; a user who may not read lending hears only what they may read', async () => {
    const admin = await registerCompany(t.app, 'Live Centre');
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', roles: ['counselor'] });
    const client = await addUser(t.app, admin.companyId, { userType: 'student' });
    const categoryId = await addCategory(t.db, admin.companyId, 'Wellness');
    const s = await stream(counselor.headers);
    await writeCustomer(t.app, admin.headers, 'Not for counselors');
    await insertAppointment(
      t.db,
      // Every column is given (created_by as null), as the repository's type wants.
      appointmentRow({ company_id: admin.companyId, counselor_id: counselor.user.id, client_id: client.user.id, category_id: categoryId, appointment_date: '2030-01-07T01:00:00.000Z' }) as NewAppointment,
    );
    await vi.waitFor(() => expect(s.signals.flat()).toContain('appointments'));
    expect(s.signals.flat()).not.toContain('lending');
  });

  it('a closed stream is let go: the count of live connections goes back down', async () => {
    const admin = await registerCompany(t.app, 'Closing Pawnshop');
    const before = liveConnectionCount();
    const s = await stream(admin.headers);
    expect(liveConnectionCount()).toBe(before + 1);
    s.close();
    await vi.waitFor(() => expect(liveConnectionCount()).toBe(before));
    // Nothing is written to it any more, and a write still works.
    await writeCustomer(t.app, admin.headers);
    expect(s.signals).toEqual([]);
  });
});

describe("the instance's PostgreSQL listener", () => {
  /** Ends the backends LISTENing for change notes on the test's database, as a restart or a failover would; their pids. */
  async function dropListeners(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and application_name = ${listenerName(CHANGES_CHANNEL)}`.execute(t.db);
    for (const { pid } of rows) await sql`select pg_terminate_backend(${pid})`.execute(t.db);
    return rows.map((r) => r.pid);
  }

  it.runIf(onPostgres)('listens again after the database drops it: the stream is told everything once, then a write signals it again', async () => {
    const admin = await registerCompany(t.app, 'Reconnect Pawnshop');
    const s = await stream(admin.headers);
    const dropped = await dropListeners();
    expect(dropped.length).toBeGreaterThan(0);
    // Notes sent while it was gone never arrived: once back, the stream hears of every scope it may read.
    await vi.waitFor(() => expect(s.signals).toEqual([['lending', 'appointments']]), { timeout: 15_000 });
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and application_name = ${listenerName(CHANGES_CHANNEL)}`.execute(t.db);
    expect(rows.filter((r) => !dropped.includes(r.pid))).not.toEqual([]);
    await writeCustomer(t.app, admin.headers, 'After the drop');
    await vi.waitFor(() => expect(s.signals).toEqual([['lending', 'appointments'], ['lending']]), { timeout: 15_000 });
  });

  it.runIf(onPostgres)('finds a connection that died silently by its own probe notes: it listens again and tells every stream once', async () => {
    const database = t.app.config.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const admin = await registerCompany(t.app, 'Silent Listener Pawnshop');
    const relay = await relayTo(database.url);
    const hub = createChangeHub(t.db, { kind: 'postgres', url: relay.url }, () => undefined, t.app.contentKeys, { everyMs: 100, withinMs: 1_000 });
    const heard: ChangeScope[][] = [];
    try {
      hub.subscribe({ companyId: admin.companyId, scopes: new Set(['lending', 'appointments']), send: (s) => heard.push(s) });
      await hub.ready(5_000);
      await writeCustomer(t.app, admin.headers, 'Before the silence');
      await vi.waitFor(() => expect(heard).toEqual([['lending']]), { timeout: 5_000 });
      relay.freeze();
      // No error and no end reach the client: only its missing probe tells. Once it listens again (the relay carries
      // new connections) the stream hears every scope it may read, since notes sent meanwhile never arrived.
      await vi.waitFor(() => expect(heard).toEqual([['lending'], ['lending', 'appointments']]), { timeout: 5_000 });
      await writeCustomer(t.app, admin.headers, 'After the silence');
      await vi.waitFor(() => expect(heard).toEqual([['lending'], ['lending', 'appointments'], ['lending']]), { timeout: 5_000 });
    } finally {
      // The relay first: a connection still frozen in it would hold the hub's close.
      await relay.close();
      await hub.close();
    }
  });
});

describe('closing the server', () => {
  const connections = (app: FastifyInstance) => new Promise<number>((resolve, reject) => app.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));

  it('ends the open streams at once, and a stream the device closed leaves no connection behind for it to wait on', async () => {
    const own = await createTestApp();
    const admin = await registerCompany(own.app, 'Closing Time Pawnshop');
    const gone = await openLiveStream(own.app, admin.headers);
    const held = await openLiveStream(own.app, admin.headers);
    gone.close();
    await vi.waitFor(async () => expect(await connections(own.app)).toBe(1));
    await own.close();
    await vi.waitFor(() => expect(held.ended).toBe(true));
    expect(own.app.server.listening).toBe(false);
  });
});

describe('the hub', () => {
  it('gathers a burst of notes into one signal per stream, with only the scopes it may hear', async () => {
    const hub = createChangeHub(t.db, { kind: 'sqlite', file: '' }, () => undefined, t.app.contentKeys);
    const everything: ChangeScope[][] = [];
    const lendingOnly: ChangeScope[][] = [];
    const elsewhere: ChangeScope[][] = [];
    hub.subscribe({ companyId: 1_000_001, scopes: new Set(['lending', 'appointments']), send: (s) => everything.push(s) });
    hub.subscribe({ companyId: 1_000_001, scopes: new Set(['lending']), send: (s) => lendingOnly.push(s) });
    hub.subscribe({ companyId: 1_000_002, scopes: new Set(['lending', 'appointments']), send: (s) => elsewhere.push(s) });
    for (let i = 0; i < 3; i++) localChanges.emit('change', { companyId: 1_000_001, scope: 'lending' });
    localChanges.emit('change', { companyId: 1_000_001, scope: 'appointments' });
    await vi.waitFor(() => expect(everything).toHaveLength(1));
    expect(everything).toEqual([['lending', 'appointments']]);
    expect(lendingOnly).toEqual([['lending']]);
    expect(elsewhere).toEqual([]);
    const before = liveConnectionCount();
    await hub.close();
    expect(liveConnectionCount()).toBe(before - 3);
  });
});
