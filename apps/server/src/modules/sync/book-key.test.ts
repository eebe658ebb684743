import { bookKeyReplySchema, type BookKeyReply } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, setUserRoles } from '../companies/company.repository';
import { type Actor, addUser, registerCompany } from '../../../test/harness';
import { call, lendingWorld, type LendingWorld } from '../../../test/lending/lending-helpers';
import { reloadContentKeys, writeKeyFile } from '../../lib/field-crypto';
import { deriveBookKey } from './book-key';

// The offline book's key (decision 0375): only the signed-in user, in the company their request names, gets theirs;
// it is the same at every sign-in, another user's and another company's differ, and a key rotation keeps the old one
// on offer. On SQLite and PostgreSQL.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

async function keyOf(actor: Actor, headers: Record<string, string> = {}): Promise<BookKeyReply['data']> {
  const res = await call(w.t, actor, 'GET', '/api/sync/book-key', undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return bookKeyReplySchema.parse(res.json()).data;
}

const currentOf = (reply: BookKeyReply['data']) => reply.keys.find((k) => k.id === reply.current)!.key;

describe('GET /api/sync/book-key', () => {
  it("gives the user their own book's key, the same at every sign-in, derived from the current content key", async () => {
    const first = await keyOf(w.viewer);
    expect(first.current).toBe(w.t.app.contentKeys.current.id);
    expect(first.keys[0].id).toBe(first.current);
    expect(Buffer.from(currentOf(first), 'base64url')).toHaveLength(32);
    expect(currentOf(first)).toBe(deriveBookKey(w.t.app.contentKeys.current.key, w.viewer.user.id, w.admin.companyId).toString('base64url'));
    // The content key itself never leaves.
    expect(JSON.stringify(first)).not.toContain(w.t.app.contentKeys.current.key.toString('base64url'));
    // Signing in again (a new session) gives the same key: the book opens again.
    const login = await w.t.app.inject({ method: 'POST', url: '/api/login', payload: { email: w.viewer.user.email, password: 'correct-horse-1' }, remoteAddress: '10.77.0.1' });
    expect(login.statusCode, login.body).toBe(200);
    const token = (login.json() as { token: string }).token;
    const again = await keyOf({ ...w.viewer, token, headers: { authorization: `Bearer ${token}`, 'x-company-id': String(w.admin.companyId) } });
    expect(currentOf(again)).toBe(currentOf(first));
  });

  it("another user's key and another company's key differ; a user in two companies has one key per company", async () => {
    const viewer = currentOf(await keyOf(w.viewer));
    expect(currentOf(await keyOf(w.admin))).not.toBe(viewer);
    expect(currentOf(await keyOf(w.other))).not.toBe(viewer);
    await addMember(w.t.db, w.other.companyId, w.viewer.user.id, false);
    await setUserRoles(w.t.db, w.other.companyId, w.viewer.user.id, ['admin']);
    const inOther = await keyOf(w.viewer, { 'x-company-id': String(w.other.companyId) });
    expect(currentOf(inOther)).not.toBe(viewer);
    expect(currentOf(inOther)).not.toBe(currentOf(await keyOf(w.other)));
    // And in the first company, still the first key.
    expect(currentOf(await keyOf(w.viewer))).toBe(viewer);
  });

  it("refuses another company's book to someone who is not its member", async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/sync/book-key', headers: { ...w.viewer.headers, 'x-company-id': String((await registerCompany(w.t.app, 'Third')).companyId) } });
    expect([401, 403]).toContain(res.statusCode);
    expect(res.body).not.toContain('"keys"');
  });

  it('refuses the signed-out (401), a user without lending (403) and any parameter (422)', async () => {
    const out = await w.t.app.inject({ method: 'GET', url: '/api/sync/book-key', headers: { 'x-company-id': String(w.admin.companyId) } });
    expect(out.statusCode).toBe(401);
    const student = await addUser(w.t.app, w.admin.companyId, { userType: 'student' });
    expect((await call(w.t, student, 'GET', '/api/sync/book-key')).statusCode).toBe(403);
    const bad = await call(w.t, w.viewer, 'GET', '/api/sync/book-key?user_id=1');
    expect(bad.statusCode, bad.body).toBe(422);
  });

  it('after a key rotation the current key is the new one and the old one is still given, unchanged', async () => {
    const before = await keyOf(w.viewer);
    writeKeyFile(w.t.config.contentKeys.dir, new Date(Date.now() + 60_000));
    expect(reloadContentKeys(w.t.app.contentKeys, w.t.config)).toBe(true);
    const after = await keyOf(w.viewer);
    expect(after.current).not.toBe(before.current);
    expect(after.keys[0].id).toBe(after.current);
    expect(after.keys.find((k) => k.id === before.current)?.key).toBe(currentOf(before));
  });
});
