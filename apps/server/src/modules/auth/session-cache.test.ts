import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, TEST_PASSWORD, type TestApp } from '../../../test/harness';
import { relayTo } from '../../../test/sync/pg-relay';
import { secondInstance } from '../../../test/sync/live-stream';
import { AUTH_CHANNEL, type AuthNote, localAuthChanges } from '../../db/auth-signals';
import { listenerName, PROBE_PREFIX } from '../../db/change-listener';
import type { AuthContext } from '../../lib/auth-context';
import { addMember, insertCompany, setUserRoles } from '../companies/company.repository';
import { deleteRole, findRole, insertRole, renameRole, setRolePermissions } from '../roles/roles.repository';
import { saveSettings } from '../settings/settings.repository';
import { deleteTokensOfUser } from './token.repository';
import { createSessionCache } from './session-cache';
import { updateUser } from './user.repository';

// The session cache (decision 0361). Every write that changes a session is made through one instance and the
// session is asked of another that kept it (two apps, two pools, two listeners on one PostgreSQL database; on
// SQLite one instance is supported, so both are the same app). Sessions are kept a minute here: within a test only
// a note can end one, so a write path that forgets to note its change fails its test.

const onPostgres = /^postgres/.test(process.env.DATABASE_URL ?? '');

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '60000' });
  other = await secondInstance(t);
  await vi.waitFor(() => expect([t.app.sessionCache.usable(), other.app.sessionCache.usable()]).toEqual([true, true]), { timeout: 5000 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

interface Me {
  status: number;
  name?: string;
  roles?: string[];
  permissions?: string[];
}

async function me(app: FastifyInstance, headers: Record<string, string>): Promise<Me> {
  const res = await app.inject({ method: 'GET', url: '/api/me', headers });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const { user } = res.json() as { user: { name: string; roles: string[]; permissions: string[] } };
  return { status: 200, name: user.name, roles: user.roles, permissions: user.permissions };
}

/** Runs a write and waits until the other instance heard a note after it. */
async function written(write: () => Promise<unknown>): Promise<void> {
  const before = other.app.sessionCache.heard();
  await write();
  await vi.waitFor(() => expect(other.app.sessionCache.heard()).toBeGreaterThan(before), { timeout: 3000 });
}

/** The actor's session asked of the other instance, so it keeps it. */
async function kept(actor: Actor): Promise<Me> {
  const seen = await me(other.app, actor.headers);
  expect(seen.status).toBe(200);
  return seen;
}

async function signIn(actor: Actor): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: actor.user.email, password: TEST_PASSWORD }, remoteAddress: '10.77.0.1' });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${(res.json() as { token: string }).token}`, 'x-company-id': String(actor.companyId) };
}

describe('the session cache', () => {
  it('keeps a looked-up session: a change no write path notes (straight to the database) is not seen while it is kept', async () => {
    const admin = await registerCompany(t.app, 'Kept Pawnshop');
    expect((await kept(admin)).name).toBe('Kept Pawnshop Admin');
    await t.db.updateTable('users').set({ name: 'Unnoted Name' }).where('id', '=', admin.user.id).execute();
    expect((await me(other.app, admin.headers)).name).toBe('Kept Pawnshop Admin');
    // Nothing is kept for a refusal: a wrong token, or a company the user is not in, is asked of the database each time.
    expect((await me(other.app, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await me(other.app, { ...admin.headers, 'x-company-id': '999999' })).status).toBe(403);
  });

  it('a sign-out ends the session on every instance at once', async () => {
    const admin = await registerCompany(t.app, 'Sign Out Pawnshop');
    await kept(admin);
    await written(() => t.app.inject({ method: 'POST', url: '/api/logout', headers: admin.headers }));
    expect((await me(other.app, admin.headers)).status).toBe(401);
  });

  it("a password change ends the user's other sessions, and a new name is seen at once", async () => {
    const admin = await registerCompany(t.app, 'Password Pawnshop');
    const second = await signIn(admin);
    await kept(admin);
    expect((await me(other.app, second)).status).toBe(200);
    await written(() =>
      t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: admin.headers, payload: { name: 'Renamed Admin', current_password: TEST_PASSWORD, new_password: 'another-horse-2' } }),
    );
    expect((await me(other.app, second)).status).toBe(401);
    expect((await me(other.app, admin.headers)).name).toBe('Renamed Admin');
  });

  it('a deactivated user and one taken out of the company are refused at once', async () => {
    const admin = await registerCompany(t.app, 'Leaving Pawnshop');
    const deactivated = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    const removed = await addUser(t.app, admin.companyId, { userType: 'personnel' });
    await kept(deactivated);
    await kept(removed);
    await written(async () => expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${deactivated.user.id}/toggle-status`, headers: admin.headers })).statusCode).toBe(200));
    expect((await me(other.app, deactivated.headers)).status).toBe(401);
    await written(async () => expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${removed.user.id}`, headers: admin.headers })).statusCode).toBeLessThan(300));
    expect((await me(other.app, removed.headers)).status).not.toBe(200);
  });

  it("a user's roles, a role's permissions, its name and its deletion are seen at once", async () => {
    const admin = await registerCompany(t.app, 'Roles Pawnshop');
    const roleId = await insertRole(t.db, admin.companyId, 'counter');
    await setRolePermissions(t.db, admin.companyId, roleId, ['view lending']);
    const clerk = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['counter'] });
    expect((await kept(clerk)).permissions).toEqual(['view lending']);

    await written(() => setRolePermissions(t.db, admin.companyId, roleId, ['view lending', 'manage lending']));
    expect((await me(other.app, clerk.headers)).permissions?.sort()).toEqual(['manage lending', 'view lending']);

    await written(() => renameRole(t.db, admin.companyId, roleId, 'front counter'));
    expect((await me(other.app, clerk.headers)).roles).toEqual(['front counter']);

    await written(() => setUserRoles(t.db, admin.companyId, clerk.user.id, ['personnel', 'front counter']));
    expect((await me(other.app, clerk.headers)).roles?.sort()).toEqual(['front counter', 'personnel']);

    await t.db.deleteFrom('role_user').where('role_id', '=', roleId).execute();
    await written(() => deleteRole(t.db, admin.companyId, roleId));
    expect(await findRole(t.db, admin.companyId, roleId)).toBeUndefined();
    expect((await me(other.app, clerk.headers)).roles).toEqual(['personnel']);
  });

  it("the other write paths note what they change: every token of a user, a user's row, a membership, the company's time zone", async () => {
    const admin = await registerCompany(t.app, 'Paths Pawnshop');
    await kept(admin);
    await written(() => updateUser(t.db, admin.user.id, { name: 'Path Admin' }));
    expect((await me(other.app, admin.headers)).name).toBe('Path Admin');
    await written(() => saveSettings(t.db, admin.companyId, {}, 'Asia/Tokyo', new Date().toISOString()));
    await written(async () => addMember(t.db, (await insertCompany(t.db, 'Second Shop')).id, admin.user.id, false));
    expect((await me(other.app, admin.headers)).status).toBe(200);
    await written(() => deleteTokensOfUser(t.db, admin.user.id));
    expect((await me(other.app, admin.headers)).status).toBe(401);
  });

  it.runIf(onPostgres)('is bypassed and emptied while its channel is lost, and keeps sessions again once the channel is back', async () => {
    const admin = await registerCompany(t.app, 'Lost Channel Pawnshop');
    await kept(admin);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${listenerName(AUTH_CHANNEL)}`.execute(t.db);
    await vi.waitFor(() => expect(other.app.sessionCache.usable()).toBe(false));
    // While it is lost a change no note tells of is seen at once: nothing is kept or used.
    await t.db.updateTable('users').set({ name: 'Seen While Lost' }).where('id', '=', admin.user.id).execute();
    expect((await me(other.app, admin.headers)).name).toBe('Seen While Lost');
    await t.db.updateTable('users').set({ name: 'Seen Again While Lost' }).where('id', '=', admin.user.id).execute();
    expect((await me(other.app, admin.headers)).name).toBe('Seen Again While Lost');

    await vi.waitFor(() => expect(other.app.sessionCache.usable()).toBe(true), { timeout: 10_000 });
    await kept(admin);
    await t.db.updateTable('users').set({ name: 'Unnoted Once Back' }).where('id', '=', admin.user.id).execute();
    expect((await me(other.app, admin.headers)).name).toBe('Seen Again While Lost');
  });
});

describe.runIf(onPostgres)('a listener connection that dies silently', () => {
  it('is found by its own probe notes: the cache is emptied and bypassed, and once it listens again everything is re-checked', async () => {
    const database = t.app.config.database;
    if (database.kind !== 'postgres') throw new Error('PostgreSQL only');
    const relay = await relayTo(database.url);
    // The probes as anyone listening on the channel sees them.
    const watcher = new pg.Client({ connectionString: database.url });
    const probes: string[] = [];
    watcher.on('notification', (msg) => msg.payload?.startsWith(PROBE_PREFIX) && probes.push(msg.payload));
    await watcher.connect();
    await watcher.query(`listen ${AUTH_CHANNEL}`);
    const cache = createSessionCache({ kind: 'postgres', url: relay.url }, 60_000, () => undefined, { everyMs: 100, withinMs: 1_000 });
    const told: (AuthNote | null)[] = [];
    cache.onChange((note) => told.push(note));
    const auth = { user: { id: 7 }, tokenId: 70, companyId: 3, company: { id: 3 }, roles: [], permissions: new Set<string>() } as unknown as AuthContext;
    const session = { auth, tokenExpiresAt: '2999-01-01T00:00:00.000Z', tokenLastUsedAt: '2026-01-01T00:00:00.000Z' };
    try {
      await vi.waitFor(() => expect(cache.usable()).toBe(true), { timeout: 5000 });
      cache.put('a', cache.mark(), session, Date.now());
      // Probes that come back keep it in use, and reach no one as a note.
      const sent = probes.length;
      await vi.waitFor(() => expect(probes.length).toBeGreaterThanOrEqual(sent + 3), { timeout: 5000 });
      expect([cache.usable(), cache.get('a', Date.now()) !== undefined, cache.heard(), told]).toEqual([true, true, 0, []]);

      relay.freeze();
      // No error and no end reach the client: only the missing probe tells.
      await vi.waitFor(() => expect(cache.usable()).toBe(false), { timeout: 3000 });
      expect(cache.get('a', Date.now())).toBeUndefined();
      // It connects again (through the relay, which carries new connections) and the streams are re-checked.
      await vi.waitFor(() => expect([cache.usable(), told]).toEqual([true, [null]]), { timeout: 5000 });
      cache.put('a', cache.mark(), session, Date.now());
      expect(cache.get('a', Date.now())).toBeDefined();
    } finally {
      await cache.close();
      await watcher.end();
      await relay.close();
    }
  });
});

describe('what the cache keeps (one instance, its notes in process)', () => {
  // Only the fields the cache reads; the rest of a user row plays no part here.
  const auth = { user: { id: 7 }, tokenId: 70, tokenHash: 'h', companyId: 3, company: { id: 3, name: 'Shop', timezone: 'Asia/Manila' }, roles: ['clerk'], permissions: new Set(['view lending']) } as unknown as AuthContext;
  const session = { auth, tokenExpiresAt: '2999-01-01T00:00:00.000Z', tokenLastUsedAt: '2026-01-01T00:00:00.000Z' };

  it('keeps a lookup only when no note arrived while it was under way, and each use gets its own copy', async () => {
    const cache = createSessionCache({ kind: 'sqlite', file: ':memory:' }, 5000, () => undefined);
    try {
      const racing = cache.mark();
      localAuthChanges.emit('change', { kind: 'company', id: 99 });
      cache.put('a', racing, session, 1000);
      expect(cache.get('a', 1000)).toBeUndefined();

      cache.put('a', cache.mark(), session, 1000);
      const first = cache.get('a', 1000)!;
      first.auth.permissions.add('manage lending');
      expect([...cache.get('a', 1000)!.auth.permissions]).toEqual(['view lending']);
      expect(cache.get('a', 1000)!.auth).not.toBe(first.auth);
      // Its life, then gone.
      expect(cache.get('a', 5999)).toBeDefined();
      expect(cache.get('a', 6000)).toBeUndefined();
    } finally {
      await cache.close();
    }
  });

  it("drops what a note names (the user's, the token's, the company's) and nothing else; keeps nothing when off", async () => {
    const cache = createSessionCache({ kind: 'sqlite', file: ':memory:' }, 5000, () => undefined);
    const off = createSessionCache({ kind: 'sqlite', file: ':memory:' }, 0, () => undefined);
    try {
      for (const [note, dropped] of [
        [{ kind: 'user', id: 8 }, false],
        [{ kind: 'user', id: 7 }, true],
        [{ kind: 'token', id: 70 }, true],
        [{ kind: 'company', id: 4 }, false],
        [{ kind: 'company', id: 3 }, true],
      ] as const) {
        cache.put('a', cache.mark(), session, 1000);
        localAuthChanges.emit('change', note);
        expect({ note, dropped: cache.get('a', 1000) === undefined }).toEqual({ note, dropped });
      }
      off.put('a', off.mark(), session, 1000);
      expect([off.usable(), off.get('a', 1000)]).toEqual([false, undefined]);
    } finally {
      await cache.close();
      await off.close();
    }
  });
});
