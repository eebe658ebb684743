// Waitlist races (decision 0152), run on PostgreSQL too (npm run test:pg), where the requests really overlap: one
// offer accepted twice at once books one appointment; two passes (as two server processes would make) over one freed
// slot offer it once, to the first person waiting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { matchCompany } from './waitlist-match';
import { api, bookTen, cancel, client, freshDate, mine, waitBody, type WaitCentre, waitCentre } from '../../../test/waitlist/waitlist-helpers';

let t: TestApp;
let c: WaitCentre;

beforeAll(async () => {
  t = await createTestApp();
  c = await waitCentre(t, 'Race Waitlist School');
});
afterAll(async () => t?.close());

describe('waitlist races', () => {
  it('an offer accepted twice at once is booked once; both answers name that one booking', async () => {
    for (let round = 0; round < 3; round++) {
      const date = freshDate();
      const who = await client(t, c, `Double Clicker ${round}`);
      const res = await api(t.app, who, 'POST', '/api/waitlist', waitBody(c, date));
      const offer = res.json().data.offer as { uuid: string };
      const url = `/api/waitlist/offers/${offer.uuid}/accept`;
      const [a, b] = await Promise.all([api(t.app, who, 'POST', url), api(t.app, who, 'POST', url)]);
      expect([a.statusCode, b.statusCode], `${a.body} / ${b.body}`).toEqual([200, 200]);
      expect(a.json().appointment_uuid).toBe(b.json().appointment_uuid);
      const booked = await t.db.selectFrom('appointments').select('id').where('client_id', '=', who.user.id).where('status', '=', 'pending').execute();
      expect(booked).toHaveLength(1);
    }
  });

  it('leaving and accepting at once (two tabs): one of them wins, the other is told 409, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const date = freshDate();
      const who = await client(t, c, `Two Tabs ${round}`);
      const entry = (await api(t.app, who, 'POST', '/api/waitlist', waitBody(c, date))).json().data as { uuid: string; offer: { uuid: string } };
      const [accept, leave] = await Promise.all([api(t.app, who, 'POST', `/api/waitlist/offers/${entry.offer.uuid}/accept`), api(t.app, who, 'DELETE', `/api/waitlist/${entry.uuid}`)]);
      const codes = [accept.statusCode, leave.statusCode];
      expect(codes.filter((s) => s === 409), `${accept.body} / ${leave.body}`).toHaveLength(1);
      const booked = await t.db.selectFrom('appointments').select('id').where('client_id', '=', who.user.id).execute();
      expect(booked).toHaveLength(accept.statusCode === 200 ? 1 : 0);
      const row = await t.db.selectFrom('waitlist_entries').select('status').where('uuid', '=', entry.uuid).executeTakeFirstOrThrow();
      expect(row.status).toBe(accept.statusCode === 200 ? 'booked' : 'left');
    }
  });

  it('two passes at once over one freed slot offer it once, to the first person waiting', async () => {
    for (let round = 0; round < 4; round++) {
      const date = freshDate();
      const holder = await client(t, c, `Holder ${round}`);
      const booked = await bookTen(t, c, holder.user.id, date);
      const waiting = [];
      for (let i = 0; i < 3; i++) {
        const who = await client(t, c, `Waiting ${round}-${i}`);
        await api(t.app, who, 'POST', '/api/waitlist', waitBody(c, date));
        waiting.push(who);
      }
      await cancel(t, c, booked);
      const made = await Promise.all([matchCompany(t.db, c.admin.companyId), matchCompany(t.db, c.admin.companyId), matchCompany(t.db, c.admin.companyId)]);
      expect(made.reduce((s, n) => s + n, 0)).toBe(1);
      const offers = await Promise.all(waiting.map(async (w) => (await mine(t, w))[0].offer));
      expect(offers.map((o) => o !== null)).toEqual([true, false, false]);
      const told = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'waitlist_offer').where('user_id', 'in', waiting.map((w) => w.user.id)).execute();
      expect(told.map((n) => n.user_id)).toEqual([waiting[0].user.id]);
    }
  });
});
