import 'fake-indexeddb/auto';
import { addDays, CLOSED_DAY, DAY_ALREADY_CLOSED, DAY_IN_FUTURE, DAY_TOO_FAR_BACK } from '@kalinga/contracts/lending/rules';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearStore } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { cashDayOf, closeCashDay, openCashDay, refuseClosedDay } from './cash-day-actions';
import { counterToday } from './lending-checks';
import { dropEntry } from '../../../offline/refusals';

// The cash day on the device (decision 0188): opened and closed as queued writes; once closed here, an entry dated
// in it is refused before anything is queued.

beforeEach(async () => {
  await clearStore();
});

describe('the cash day on this device', () => {
  it('queues the open and the close, then refuses entries dated in the closed day only', async () => {
    const today = await counterToday();
    const day = await openCashDay('5,000');
    expect(day).toMatchObject({ day: today, status: 'open', opening_float: 5000, sync_status: 'pending' });
    await refuseClosedDay(today);
    const closed = await closeCashDay(day.uuid, '4,990.50', 'Short a coin');
    expect(closed).toMatchObject({ status: 'closed', counted: 4990.5, close_note: 'Short a coin' });
    expect((await db.syncQueue.toArray()).map((e) => [e.operation, e.data.uuid])).toEqual([['OPEN_CASH_DAY', day.uuid], ['CLOSE_CASH_DAY', day.uuid]]);
    await expect(refuseClosedDay(today)).rejects.toThrow(CLOSED_DAY(today));
    await refuseClosedDay('2020-01-01');
    await expect(closeCashDay(day.uuid, 1)).rejects.toThrow(DAY_ALREADY_CLOSED);
    await expect(openCashDay(100)).rejects.toThrow('already opened');
    expect(await db.syncQueue.count()).toBe(2);
    expect((await cashDayOf(today))?.uuid).toBe(day.uuid);
  });

  it("refuses tomorrow's day and one before yesterday without queueing; yesterday opens (decision 0218)", async () => {
    const today = await counterToday();
    await expect(openCashDay(100, addDays(today, 1))).rejects.toThrow(DAY_IN_FUTURE);
    await expect(openCashDay(100, addDays(today, -2))).rejects.toThrow(DAY_TOO_FAR_BACK);
    expect(await db.syncQueue.count()).toBe(0);
    expect((await openCashDay(100, addDays(today, -1))).day).toBe(addDays(today, -1));
  });

  it('refuses a negative float without queueing', async () => {
    await expect(openCashDay(-5)).rejects.toThrow('may not be negative');
    expect(await db.syncQueue.count()).toBe(0);
  });
});

describe('a refused cash day', () => {
  it('a refused open takes the close queued after it with it, and the day is gone from the device', async () => {
    const day = await openCashDay(1000);
    await closeCashDay(day.uuid, 1000);
    const [open] = await db.syncQueue.toArray();
    await dropEntry(open.id!, 'refused', 'Your cash day of this date is already open.');
    expect((await db.syncQueue.toArray()).map((e) => e.status)).toEqual(['refused', 'refused']);
    expect(await db.cashDays.get(day.uuid)).toBeUndefined();
    expect(open.subject).toBe(`Cash day ${day.day}`);
    expect((await db.syncQueue.get(open.id!))?.reverted).toBe(`Cash day ${day.day} removed.`);
    await refuseClosedDay(day.day);
  });

  it('a refused close leaves the day open on the device', async () => {
    const day = await openCashDay(1000);
    await closeCashDay(day.uuid, 900);
    const close = (await db.syncQueue.toArray())[1];
    await dropEntry(close.id!, 'refused', 'This cash day is already closed.');
    expect(await db.cashDays.get(day.uuid)).toMatchObject({ status: 'open', opening_float: 1000 });
    expect((await db.syncQueue.toArray()).map((e) => e.status)).toEqual(['pending', 'refused']);
  });
});
