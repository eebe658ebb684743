// Notifications have one way in (decision 0256): only notify.repository.ts inserts into `notifications` and `outbox`,
// and what it writes is the caller's company's, in the caller's transaction.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Actor, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { notify, queueEmail } from './notify.repository';

const SRC = path.resolve(__dirname, '../..');
const WRITES = /insertInto\(\s*['"](notifications|outbox)['"]|insert\s+into\s+"?(notifications|outbox)\b/i;

let t: TestApp;
let admin: Actor;
let counselor: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'One Way School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
});
afterAll(() => t.close());

describe('the one way into notifications', () => {
  it('is the only production file that inserts into notifications or outbox', () => {
    const writers = (fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith(`db${path.sep}migrations`))
      .filter((f) => WRITES.test(fs.readFileSync(path.join(SRC, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'));
    expect(writers).toEqual(['modules/notifications/notify.repository.ts']);
  });

  it("writes the notice and its email for the caller's company, in the caller's transaction", async () => {
    const now = new Date().toISOString();
    await t.db.transaction().execute(async (trx) => {
      await notify(trx, admin.companyId, { kind: 'urgent' }, { inApp: [counselor.user.id], email: [counselor.user.id] }, now);
    });
    const inApp = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', counselor.user.id).execute();
    const emails = await t.db.selectFrom('outbox').selectAll().where('recipient_id', '=', counselor.user.id).execute();
    expect(inApp).toMatchObject([{ company_id: admin.companyId, kind: 'urgent', reason: null, appointment_id: null, created_at: now }]);
    expect(emails).toMatchObject([{ company_id: admin.companyId, kind: 'urgent', channel: 'email', status: 'pending', due_at: now, reason: null }]);
    expect(emails[0].message_id).toMatch(/^<[0-9a-f-]{36}@kalinga>$/);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = await t.db.selectFrom('outbox').select('id').execute();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueEmail(trx, admin.companyId, { kind: 'urgent', recipient_id: counselor.user.id }, new Date().toISOString());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });
});
