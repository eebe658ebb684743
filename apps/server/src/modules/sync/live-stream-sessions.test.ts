import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { baseUrl, type LiveStream, openLiveStream } from '../../../test/sync/live-stream';
import { HEARTBEAT_MS } from './live-changes.routes';
import { MAX_STREAMS_PER_USER } from './live-sessions';

// Who may keep a change stream open (decision 0351): a bounded number per user, and only while signed in.
// The heartbeat's timer is the one the routes start; it is taken from setInterval's calls and run by hand.

let t: TestApp;
let heartbeat: () => void;
const open: LiveStream[] = [];

beforeAll(async () => {
  const spy = vi.spyOn(globalThis, 'setInterval');
  t = await createTestApp();
  const call = spy.mock.calls.find((c) => c[1] === HEARTBEAT_MS);
  spy.mockRestore();
  if (!call) throw new Error('the live streams set no heartbeat');
  heartbeat = call[0] as () => void;
  // Listening once before streams are opened side by side.
  await baseUrl(t.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function stream(headers: Record<string, string>): Promise<LiveStream> {
  const s = await openLiveStream(t.app, headers);
  open.push(s);
  if (s.status === 200) await vi.waitFor(() => expect(s.preamble.length).toBeGreaterThan(0));
  return s;
}

describe('GET /api/sync/events: streams per user', () => {
  it(`keeps at most ${MAX_STREAMS_PER_USER} streams of one user open (429 after), and gives a place back when one closes`, async () => {
    const admin = await registerCompany(t.app, 'Many Streams Pawnshop');
    const colleague = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['administrator'] });
    const mine = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => stream(admin.headers)));
    expect(mine.map((s) => s.status)).toEqual(Array.from({ length: MAX_STREAMS_PER_USER }, () => 200));

    const extra = await stream(admin.headers);
    expect(extra.status).toBe(429);
    // Another user of the same company is not held back by it.
    expect((await stream(colleague.headers)).status).toBe(200);

    mine[0].close();
    await vi.waitFor(async () => {
      const again = await stream(admin.headers);
      expect(again.status).toBe(200);
    });
  });

  it('counts streams opened at the same moment: no more than the bound get through', async () => {
    const admin = await registerCompany(t.app, 'Burst Streams Pawnshop');
    const burst = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER + 5 }, () => stream(admin.headers)));
    expect(burst.filter((s) => s.status === 200)).toHaveLength(MAX_STREAMS_PER_USER);
    expect(burst.filter((s) => s.status === 429)).toHaveLength(5);
  });
});

describe('GET /api/sync/events: a session that ends', () => {
  it('a signed-out session, a deactivated user and a user taken out of the company stop hearing at the next heartbeat; the others go on', async () => {
    const admin = await registerCompany(t.app, 'Ending Streams Pawnshop');
    const leaving = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['administrator'] });
    const deactivated = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['administrator'] });
    const removed = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['administrator'] });
    const staying = await stream(admin.headers);
    const signedOut = await stream(leaving.headers);
    const inactive = await stream(deactivated.headers);
    const outside = await stream(removed.headers);

    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: leaving.headers });
    expect(logout.statusCode).toBe(200);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', deactivated.user.id).execute();
    await t.db.deleteFrom('company_user').where('user_id', '=', removed.user.id).where('company_id', '=', admin.companyId).execute();
    // Nothing ends them before the check.
    expect([signedOut.ended, inactive.ended, outside.ended]).toEqual([false, false, false]);

    heartbeat();
    await vi.waitFor(() => expect([signedOut.ended, inactive.ended, outside.ended]).toEqual([true, true, true]));
    expect(staying.ended).toBe(false);
    // The heartbeat reached the one still signed in.
    await vi.waitFor(() => expect(staying.preamble.length).toBeGreaterThan(1));
    // A new stream of the signed-out session is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/events', headers: leaving.headers })).statusCode).toBe(401);
  });
});
