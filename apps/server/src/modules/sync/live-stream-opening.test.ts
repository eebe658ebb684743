import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { type LiveStream, openLiveStream } from '../../../test/sync/live-stream';
import { writeCustomer } from '../../../test/sync/sync-helpers';
import { insertRole, setRolePermissions } from '../roles/roles.repository';

// A session that ends, or changes, while its change stream is being opened (decision 0374): between the request's
// session read and the stream's place in the registry a note named no stream yet. The stream's opening is held at
// the read of the user's branches (what the stream's deltas are built for) until the test has made its write.

const pause = vi.hoisted(() => {
  let armed: { reached(): void; release: Promise<void> } | null = null;
  return {
    /** Holds the next read of a user's branches: `reached` resolves when it is held, `release` lets it go on. */
    arm() {
      let reached!: () => void;
      let release!: () => void;
      const held = { reached: new Promise<void>((resolve) => (reached = resolve)), release: () => release() };
      armed = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return held;
    },
    async wait() {
      const taken = armed;
      armed = null;
      if (!taken) return;
      taken.reached();
      await taken.release;
    },
  };
});

vi.mock(import('../lending/branch-context'), async (original) => {
  const real = await original();
  return { ...real, ownBranchIds: async (...args: Parameters<typeof real.ownBranchIds>) => (await pause.wait(), real.ownBranchIds(...args)) };
});

let t: TestApp;
const open: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function clerkOf(name: string) {
  const admin = await registerCompany(t.app, name);
  const roleId = await insertRole(t.db, admin.companyId, 'counter');
  await setRolePermissions(t.db, admin.companyId, roleId, ['view lending', 'manage lending']);
  const clerk = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
  return { admin, clerk };
}

/** Opens a stream held at its branches' read, makes `write` meanwhile, waits until this instance heard its note, lets it go on. */
async function openAcross(headers: Record<string, string>, write: () => Promise<void>): Promise<LiveStream> {
  const held = pause.arm();
  const opening = openLiveStream(t.app, headers);
  await held.reached;
  const heard = t.app.sessionCache.heard();
  await write();
  await vi.waitFor(() => expect(t.app.sessionCache.heard()).toBeGreaterThan(heard), { timeout: 5000 });
  held.release();
  const s = await opening;
  open.push(s);
  return s;
}

describe('GET /api/sync/events: a session that changes while its stream opens', () => {
  it('a sign-out made between the session read and the registration ends the stream (or refuses it), not the next heartbeat', async () => {
    const { clerk } = await clerkOf('Signed Out While Opening Pawnshop');
    const s = await openAcross(clerk.headers, async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: clerk.headers })).statusCode).toBe(200);
    });
    await vi.waitFor(() => expect(s.status === 401 || s.ended).toBe(true), { timeout: 3000 });
    // Reopened, it is refused.
    const again = await openLiveStream(t.app, clerk.headers);
    open.push(again);
    expect(again.status).toBe(401);
  });

  it("a clerk who loses 'view lending' meanwhile has the stream ended at once", async () => {
    const { admin, clerk } = await clerkOf('Demoted While Opening Pawnshop');
    const s = await openAcross(clerk.headers, async () => {
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${clerk.user.id}`, headers: admin.headers, payload: { name: clerk.user.name, email: clerk.user.email, user_type: 'personnel', roles: ['personnel'] } });
      expect(res.statusCode, res.body).toBe(200);
    });
    await vi.waitFor(() => expect(s.ended).toBe(true), { timeout: 3000 });
  });

  it('a stream whose session did not change opens, stays open and is signalled', async () => {
    const { admin, clerk } = await clerkOf('Unchanged While Opening Pawnshop');
    const colleague = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
    // A note for another user of the company: this stream's re-check is not started by it.
    const s = await openAcross(clerk.headers, async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: colleague.headers })).statusCode).toBe(200);
    });
    expect(s.status).toBe(200);
    await vi.waitFor(() => expect(s.preamble.length).toBeGreaterThan(0));
    await writeCustomer(t.app, admin.headers);
    await vi.waitFor(() => expect(s.signals).toEqual([['lending']]), { timeout: 3000 });
    expect(s.ended).toBe(false);
  });
});
