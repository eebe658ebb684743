import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore, serverTransaction } from '../test/lending-fixtures';
import { db } from './database';
import type { LocalTransaction } from './db';
import { applyTransactions } from './queue-apply';
import { forgetCursor } from './pull';
import { LOCAL_REGISTER_REFUSED } from './register-guard';

// The device's copy of the register is append-only too (decision 0187): no local write changes or deletes a stored
// transaction; a pull or replayed reply that repeats one passes.

const stored = serverTransaction({ uuid: '00000000-0000-4000-8000-00000000f001', type: 'disbursement', amount: 2995 });

beforeEach(async () => {
  await clearStore();
  await applyTransactions([stored]);
});

const row = async () => (await db.transactions.get(stored.uuid)) as LocalTransaction;

describe('a stored transaction on the device', () => {
  it('takes the same row again (a pull, a replayed reply) and new rows beside it', async () => {
    await applyTransactions([stored, serverTransaction({ uuid: '00000000-0000-4000-8000-00000000f002', reverses_uuid: stored.uuid, reason: 'Paid twice' })]);
    expect(await db.transactions.count()).toBe(2);
    expect(await row()).toMatchObject({ amount: 2995, entry_date: stored.entry_date });
    expect((await row()).reverses_uuid ?? null).toBeNull();
  });

  it('refuses a put, an update or a modify that changes what it says, and keeps it as it was', async () => {
    const before = await row();
    await expect(db.transactions.put({ ...before, amount: 1 })).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    await expect(db.transactions.update(stored.uuid, { reason: 'changed' })).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    await expect(db.transactions.where('loan_uuid').equals(stored.loan_uuid).modify({ type: 'sale' })).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    await expect(applyTransactions([{ ...stored, amount: 5 }])).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    expect(await row()).toEqual(before);
  });

  it('refuses a delete, one or many, and a range', async () => {
    await expect(db.transactions.delete(stored.uuid)).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    await expect(db.transactions.bulkDelete([stored.uuid])).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    await expect(db.transactions.where('uuid').startsWith('0').delete()).rejects.toThrow(LOCAL_REGISTER_REFUSED);
    expect(await db.transactions.count()).toBe(1);
  });

  it('a restored server: the whole copy starts again from the server (the one removal allowed)', async () => {
    await forgetCursor();
    expect(await db.transactions.count()).toBe(0);
  });
});
