// Concurrent member and role changes (decision 0075); on PostgreSQL (npm run test:pg) they really overlap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { LAST_MANAGER } from './users.service';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Toggle School');
});
afterAll(async () => t?.close());

const toggle = (by: Actor, userId: number) => t.app.inject({ method: 'PATCH', url: `/api/users/${userId}/toggle-status`, headers: by.headers });

async function statusOf(userId: number): Promise<string> {
  return (await t.db.selectFrom('users').select('status').where('id', '=', userId).executeTakeFirstOrThrow()).status;
}

describe('toggle-status under concurrency', () => {
  it('ten toggles at once flip the status ten times: every reply 200, back where it started', async () => {
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    const replies = await Promise.all(Array.from({ length: 10 }, () => toggle(admin, student.user.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.map((r) => r.json().data.status).filter((s) => s === 'inactive')).toHaveLength(5);
    expect(await statusOf(student.user.id)).toBe('active');
  });

  it('two managers deactivating each other at once: one wins, the company keeps a manager', async () => {
    for (let round = 0; round < 5; round++) {
      const company = await registerCompany(t.app, `Standoff ${round}`);
      const second = await addUser(t.app, company.companyId, { userType: 'personnel', roles: ['admin'] });
      const [a, b] = await Promise.all([toggle(company, second.user.id), toggle(second, company.user.id)]);
      expect([a, b].filter((r) => r.statusCode === 200)).toHaveLength(1);
      // The loser is refused by the last-manager rule, or (when the winner finished before it signed in) is signed out.
      const loser = [a, b].find((r) => r.statusCode !== 200)!;
      if (loser.statusCode === 422) expect(loser.json().message).toBe(LAST_MANAGER);
      else expect(loser.statusCode).toBe(401);
      const statuses = [await statusOf(company.user.id), await statusOf(second.user.id)];
      expect(statuses.sort()).toEqual(['active', 'inactive']);
    }
  });
});

describe('roles under concurrency', () => {
  it('a role deleted while it is given to a user: either the delete is refused or the user never holds it', async () => {
    for (let round = 0; round < 5; round++) {
      const created = await t.app.inject({ method: 'POST', url: '/api/roles', headers: admin.headers, payload: { name: `Helpers ${round}`, permissions: ['view resources'] } });
      expect(created.statusCode, created.body).toBe(201);
      const role = created.json().data as { id: number; name: string };
      const member = await addUser(t.app, admin.companyId, { userType: 'personnel' });
      const [assign, remove] = await Promise.all([
        t.app.inject({
          method: 'PUT',
          url: `/api/users/${member.user.id}`,
          headers: admin.headers,
          payload: { name: member.user.name, email: member.user.email, user_type: 'personnel', roles: ['personnel', role.name] },
        }),
        t.app.inject({ method: 'DELETE', url: `/api/roles/${role.id}`, headers: admin.headers }),
      ]);
      if (remove.statusCode === 200) {
        // Deleted first: the assignment names a role that no longer exists.
        expect(assign.statusCode).toBe(422);
      } else {
        expect(remove.statusCode).toBe(409);
        expect(assign.statusCode).toBe(200);
        const holds = await t.db.selectFrom('role_user').select('role_id').where('user_id', '=', member.user.id).where('role_id', '=', role.id).execute();
        expect(holds).toHaveLength(1);
      }
    }
  });
});
