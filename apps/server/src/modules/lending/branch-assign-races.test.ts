import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, counterClerks, lendingWorld, type LendingWorld } from '../../../test/lending/lending-helpers';

// Assigning a user's branches makes them exactly the ones given (delete, then insert): two assignments of one
// user at once must not mix into a union, nor fail on the other's rows. On PostgreSQL (DATABASE_URL) the
// requests really overlap; on SQLite they take turns.

let w: LendingWorld;
const branches: number[] = [];
beforeAll(async () => {
  w = await lendingWorld();
  for (const prefix of ['RA', 'RB', 'RC', 'RD']) {
    const made = await call(w.t, w.admin, 'POST', '/api/branches', { name: `Branch ${prefix}`, ticket_prefix: prefix });
    expect(made.statusCode, made.body).toBe(201);
    branches.push(made.json().data.id as number);
  }
});
afterAll(async () => w?.t.close());

describe('PUT /api/branches/users/{id} at the same moment', () => {
  it('leaves exactly one of the assignments, and answers each one 200', async () => {
    const [clerk] = await counterClerks(w, w.admin, ['Racing Rosa']);
    const sets = [[branches[0]], [branches[1], branches[2]], [branches[3]], [branches[0], branches[3]], [branches[2]], [branches[1]]];
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all(sets.map((ids) => call(w.t, w.admin, 'PUT', `/api/branches/users/${clerk.user.id}`, { branch_ids: ids })));
      expect(replies.map((r) => r.statusCode), replies.map((r) => r.body).join('\n')).toEqual(sets.map(() => 200));
      const held = (await w.t.db.selectFrom('user_branches').select('branch_id').where('user_id', '=', clerk.user.id).execute()).map((r) => r.branch_id).sort((a, b) => a - b);
      expect(sets.map((s) => [...s].sort((a, b) => a - b))).toContainEqual(held);
    }
  });
});
