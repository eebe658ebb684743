import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { baseUrl, type LiveStream, openLiveStream, secondInstance } from '../../../test/sync/live-stream';
import { writeCustomer } from '../../../test/sync/sync-helpers';
import { insertRole, setRolePermissions } from '../roles/roles.repository';
import { HEARTBEAT_MS } from './live-changes.routes';
import { MAX_STREAMS_PER_USER } from './live-sessions';

// Who may keep a change stream open (decision 0351): a bounded number per user, and only while signed in.
// The heartbeat's timer is the one the routes start; it is taken from setInterval's calls and run by hand. A write
// that changes a session re-checks its streams at once (decision 0361): there the write is made through one
// instance and the stream held by another (PostgreSQL; on SQLite one instance is supported, so both are the same
// app), and the heartbeat never runs.

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
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
  other = await secondInstance(t);
});
afterAll(async () => {
  for (const s of open) s.close();
  await other.close();
  await t.close();
});

async function stream(headers: Record<string, string>, app: FastifyInstance = t.app): Promise<LiveStream> {
  const s = await openLiveStream(app, headers);
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
    // The sign-out is noted and ends its stream at once (decision 0361); the rows written straight to the database
    // are noted by nothing, and nothing ends their streams before the check.
    await vi.waitFor(() => expect(signedOut.ended).toBe(true));
    expect([inactive.ended, outside.ended]).toEqual([false, false]);

    heartbeat();
    await vi.waitFor(() => expect([signedOut.ended, inactive.ended, outside.ended]).toEqual([true, true, true]));
    expect(staying.ended).toBe(false);
    // The heartbeat reached the one still signed in.
    await vi.waitFor(() => expect(staying.preamble.length).toBeGreaterThan(1));
    // A new stream of the signed-out session is refused.
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/events', headers: leaving.headers })).statusCode).toBe(401);
  });
});

async function counterWorld(name: string) {
  const admin = await registerCompany(t.app, name);
  const roleId = await insertRole(t.db, admin.companyId, 'counter');
  await setRolePermissions(t.db, admin.companyId, roleId, ['view lending', 'manage lending']);
  const clerk = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
  return { admin, roleId, clerk };
}

const putRole = (headers: Record<string, string>, roleId: number, name: string, permissions: string[]) =>
  t.app.inject({ method: 'PUT', url: `/api/roles/${roleId}`, headers, payload: { name, permissions } });

/** Gives a personnel user exactly these roles, through the users' route (which notes it). */
const putRoles = (headers: Record<string, string>, who: { user: { id: number; name: string; email: string } }, roles: string[]) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${who.user.id}`, headers, payload: { name: who.user.name, email: who.user.email, user_type: 'personnel', roles } });

describe('GET /api/sync/events: a change of permissions', () => {
  it("ends the stream of a user who loses 'view lending' at once; reopened, it hears no lending signal", async () => {
    const { admin, roleId, clerk } = await counterWorld('Withdrawn Pawnshop');
    const clerks = await stream(clerk.headers, other.app);
    const admins = await stream(admin.headers, other.app);

    const res = await putRole(admin.headers, roleId, 'counter', ['view appointments']);
    expect(res.statusCode).toBe(200);
    await vi.waitFor(() => expect(clerks.ended).toBe(true), { timeout: 3000 });
    // The administrator's scopes did not change: their stream goes on.
    expect(admins.ended).toBe(false);

    const again = await stream(clerk.headers, other.app);
    await writeCustomer(t.app, admin.headers, 'After The Change');
    await vi.waitFor(() => expect(admins.signals).toEqual([['lending']]));
    expect(again.signals).toEqual([]);
  });

  it('ends the stream of a user whose roles no longer give it, and leaves one whose scopes stay the same', async () => {
    const { admin, roleId, clerk } = await counterWorld('Reassigned Pawnshop');
    const colleague = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const moved = await stream(clerk.headers, other.app);
    const stays = await stream(colleague.headers, other.app);

    // A rename changes both sessions, not what they may hear.
    expect((await putRole(admin.headers, roleId, 'front counter', ['view lending', 'manage lending'])).statusCode).toBe(200);
    const res = await putRoles(admin.headers, clerk, ['personnel']);
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(moved.ended).toBe(true), { timeout: 3000 });
    expect(stays.ended).toBe(false);
  });

  it('ends the stream of a signed-out session at once, not at the heartbeat', async () => {
    const { clerk } = await counterWorld('Signed Out Pawnshop');
    const s = await stream(clerk.headers, other.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: clerk.headers })).statusCode).toBe(200);
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 3000 });
  });
});

describe('GET /api/sync/events: a change of what the carried deltas are built for (decision 0360)', () => {
  it("ends the stream of a clerk who loses 'manage lending' but keeps 'view lending', and leaves a colleague's", async () => {
    const { admin, clerk } = await counterWorld('Demoted Clerk Pawnshop');
    const viewerRole = await insertRole(t.db, admin.companyId, 'viewer');
    await setRolePermissions(t.db, admin.companyId, viewerRole, ['view lending']);
    const colleague = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const demoted = await stream(clerk.headers, other.app);
    const stays = await stream(colleague.headers, other.app);

    const res = await putRoles(admin.headers, clerk, ['viewer']);
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(demoted.ended).toBe(true), { timeout: 3000 });
    expect(stays.ended).toBe(false);
  });

  it('ends the stream of a user whose branches are set anew, and leaves the others of the company', async () => {
    const { admin, clerk } = await counterWorld('Moved Clerk Pawnshop');
    const colleague = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
    const branch = await t.app.inject({ method: 'POST', url: '/api/branches', headers: admin.headers, payload: { name: 'Makati', ticket_prefix: 'MKT' } });
    expect(branch.statusCode, branch.body).toBe(201);
    const moved = await stream(clerk.headers, other.app);
    const stays = await stream(colleague.headers, other.app);

    const res = await t.app.inject({ method: 'PUT', url: `/api/branches/users/${clerk.user.id}`, headers: admin.headers, payload: { branch_ids: [branch.json().data.id] } });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(moved.ended).toBe(true), { timeout: 3000 });
    expect(stays.ended).toBe(false);
  });
});
