// GET /metrics (decision 0331): off without METRICS_TOKEN, only with the token when on, and the families an operator
// watches are there and move: request latency by route pattern, pulls and pushes, outbox lag and failures, the last
// backup's age, the database pool (PostgreSQL). On both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_EPOCH } from '@kalinga/contracts/sync';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { queueEmail } from '../notifications/notify.repository';
import { openLiveStream } from '../../../test/sync/live-stream';

const TOKEN = 'metrics-token-for-the-test-0123456789';
const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

/** The value of one sample: `name{labels}` exactly as printed (labels in the order prom-client prints them). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === '+Inf' ? Infinity : Number(value);
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is not there (404), with or without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let admin: Actor;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    admin = await registerCompany(t.app, 'Metrics School');
  });
  afterAll(async () => t?.close());

  it('refuses a scrape without the token (401, saying Bearer) and with another one (403)', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(none.body).not.toContain('kalinga_');
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('kalinga_');
    // A signed-in user's own session is not the token either.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: admin.headers })).statusCode).toBe(403);
  });

  it('times requests by their route pattern, never by the URL with its ids', async () => {
    const user = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const put = await t.app.inject({ method: 'PUT', url: `/api/users/${user.user.id}`, headers: admin.headers, payload: { name: '' } });
    expect(put.statusCode).toBe(422);
    const text = await scrape(t);
    expect(sample(text, 'kalinga_http_request_duration_seconds_count{method="PUT",route="/api/users/:id",status_class="4xx"}')).toBe(1);
    expect(text).not.toContain(`/api/users/${user.user.id}`);
    expect(text).not.toContain(user.user.email);
    // No route matched: one label for every such request, whatever its path.
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    expect(sample(await scrape(t), 'kalinga_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts pulls and pushes', async () => {
    const pullsBefore = sample(await scrape(t), 'kalinga_sync_pulls_total{status_class="2xx"}') ?? 0;
    const pull = await t.app.inject({ method: 'GET', url: `/api/sync?since=${encodeURIComponent(SYNC_EPOCH)}`, headers: admin.headers });
    expect(pull.statusCode).toBe(200);
    const push = await t.app.inject({ method: 'POST', url: '/api/sync/push', headers: admin.headers, payload: { mutations: [] } });
    const text = await scrape(t);
    expect(sample(text, 'kalinga_sync_pulls_total{status_class="2xx"}')).toBe(pullsBefore + 1);
    expect(sample(text, `kalinga_sync_pushes_total{status_class="${Math.floor(push.statusCode / 100)}xx"}`)).toBe(1);
  });

  it("reads the outbox's lag and failures and the last backup's age", async () => {
    let text = await scrape(t);
    expect(sample(text, 'kalinga_database_up')).toBe(1);
    expect(sample(text, 'kalinga_outbox_due{channel="email"}')).toBe(0);
    expect(sample(text, 'kalinga_outbox_lag_seconds{channel="email"}')).toBe(0);
    expect(sample(text, 'kalinga_outbox_failed')).toBe(0);
    expect(sample(text, 'kalinga_backup_last_success_age_seconds')).toBe(Infinity);

    const now = Date.now();
    const tenMinutesAgo = new Date(now - 600_000).toISOString();
    await queueEmail(t.db, admin.companyId, { kind: 'booked', recipient_id: admin.user.id, due_at: tenMinutesAgo }, tenMinutesAgo);
    await queueEmail(t.db, admin.companyId, { kind: 'booked', recipient_id: admin.user.id, due_at: new Date(now - 60_000).toISOString() }, tenMinutesAgo);
    // Not due yet: no lag.
    await queueEmail(t.db, admin.companyId, { kind: 'booked', recipient_id: admin.user.id, due_at: new Date(now + 3_600_000).toISOString() }, tenMinutesAgo);
    await queueEmail(t.db, admin.companyId, { kind: 'cancelled', recipient_id: admin.user.id }, tenMinutesAgo);
    const failing = await t.db.selectFrom('outbox').select('id').where('kind', '=', 'cancelled').executeTakeFirstOrThrow();
    await t.db.updateTable('outbox').set({ status: 'failed', last_error: 'refused' }).where('id', '=', failing.id).execute();
    const hourAgo = new Date(now - 3_600_000).toISOString();
    await t.db.insertInto('backup_runs').values({ kind: 'manual', slot: null, started_at: hourAgo, finished_at: hourAgo, ok: 1, archive: 'a.tar', bytes: 1, error: null }).execute();

    text = await scrape(t);
    expect(sample(text, 'kalinga_outbox_due{channel="email"}')).toBe(2);
    expect(sample(text, 'kalinga_outbox_lag_seconds{channel="email"}')).toBeGreaterThanOrEqual(599);
    expect(sample(text, 'kalinga_outbox_lag_seconds{channel="email"}')).toBeLessThan(700);
    expect(sample(text, 'kalinga_outbox_failed')).toBe(1);
    expect(sample(text, 'kalinga_backup_last_success_age_seconds')).toBeGreaterThanOrEqual(3599);
    expect(sample(text, 'kalinga_backup_last_success_age_seconds')).toBeLessThan(3700);
    // The process's own families come along (memory per connected device is read from these).
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('counts the devices holding a live stream, and does not time the stream as a request', async () => {
    const before = sample(await scrape(t), 'kalinga_connected_devices') ?? Number.NaN;
    const stream = await openLiveStream(t.app, admin.headers);
    try {
      expect(stream.status).toBe(200);
      await expect.poll(async () => sample(await scrape(t), 'kalinga_connected_devices')).toBe(before + 1);
    } finally {
      stream.close();
    }
    await expect.poll(async () => sample(await scrape(t), 'kalinga_connected_devices')).toBe(before);
    expect(await scrape(t)).not.toContain('route="/api/sync/events"');
  });

  it.runIf(onPostgres)("shows the PostgreSQL pool's use", async () => {
    const text = await scrape(t);
    expect(sample(text, 'kalinga_db_pool_connections{state="max"}')).toBe(10);
    expect(sample(text, 'kalinga_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
  });

  it.runIf(!onPostgres)('has no pool on SQLite', async () => {
    expect(await scrape(t)).not.toMatch(/^kalinga_db_pool_connections\{/m);
  });
});
