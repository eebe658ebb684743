// GET /api/notifications/deliveries (decision 0067): administrators see their company's failed and pending emails and
// whether email is configured; nobody else, and never another company's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, type TestApp } from '../../../test/harness';
import { book, type Centre, makeCentre } from '../../../test/notifications/centre-helpers';

let t: TestApp;
let a: Centre;
let b: Centre;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  a = await makeCentre(t, 'Deliveries A');
  b = await makeCentre(t, 'Deliveries B');
});
afterAll(async () => t?.close());

const list = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/notifications/deliveries${query}`, headers });

describe('GET /api/notifications/deliveries', () => {
  it("lists the company's pending and failed emails, newest first, with the recipient and the reason", async () => {
    const first = await book(t, a);
    const second = await book(t, a);
    await book(t, b);
    await t.db.updateTable('outbox').set({ status: 'failed', attempts: 6, last_error: '451 Mailbox busy' }).where('appointment_id', '=', first.id).where('channel', '=', 'email').execute();
    await t.db.updateTable('outbox').set({ status: 'sent', sent_at: new Date().toISOString() }).where('appointment_id', '=', second.id).where('channel', '=', 'email').execute();
    const third = await book(t, a);

    const res = await list(a.admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.email_configured).toBe(true);
    expect(reply.data).toEqual([
      { id: expect.any(Number), kind: 'booked', recipient_name: 'Counselor of Deliveries A', recipient_email: a.counselor.user.email, status: 'pending', attempts: 0, due_at: expect.any(String), last_error: null, sent_at: null },
      { id: expect.any(Number), kind: 'booked', recipient_name: 'Counselor of Deliveries A', recipient_email: a.counselor.user.email, status: 'failed', attempts: 6, due_at: expect.any(String), last_error: '451 Mailbox busy', sent_at: null },
    ]);
    expect(reply.data[0].id).toBeGreaterThan(reply.data[1].id);
    expect(third.id).toBeGreaterThan(first.id);

    const sent = (await list(a.admin.headers, '?status=sent&limit=5')).json();
    expect(sent.data.map((d: { status: string }) => d.status)).toEqual(['sent']);
    expect((await list(a.admin.headers, '?limit=1')).json().data).toHaveLength(1);
  });

  it("another company's deliveries are invisible", async () => {
    const reply = (await list(b.admin.headers, '?status=pending')).json();
    expect(reply.data.length).toBeGreaterThan(0);
    for (const d of reply.data) expect(d.recipient_email).toBe(b.counselor.user.email);
    const cross = await list({ ...a.admin.headers, 'x-company-id': String(b.admin.companyId) });
    expect(cross.statusCode).toBe(403);
  });

  it('needs the settings permission (manage users): counselors and clients get 403, signed out 401', async () => {
    expect((await list(a.counselor.headers)).statusCode).toBe(403);
    expect((await list(a.client.headers)).statusCode).toBe(403);
    const staff = await addUser(t.app, a.admin.companyId, { userType: 'personnel', roles: ['personnel'] });
    expect((await list(staff.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/deliveries' })).statusCode).toBe(401);
  });

  it('bad input: 422 with field messages', async () => {
    const status = await list(a.admin.headers, '?status=lost');
    expect(status.statusCode).toBe(422);
    expect(status.json().errors.status).toEqual(['Choose one of pending, sent, failed or cancelled.']);
    for (const limit of ['0', '201', 'many']) {
      const res = await list(a.admin.headers, `?limit=${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors).toHaveProperty('limit');
    }
  });
});

describe('without SMTP_URL', () => {
  it('says email is not configured', async () => {
    const plain = await createTestApp();
    try {
      const c = await makeCentre(plain, 'No Mail');
      const res = await plain.app.inject({ method: 'GET', url: '/api/notifications/deliveries', headers: c.admin.headers });
      expect(res.json()).toEqual({ email_configured: false, data: [] });
    } finally {
      await plain.close();
    }
  });
});
