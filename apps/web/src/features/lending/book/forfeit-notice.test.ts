import 'fake-indexeddb/auto';
import { BACKDATE_PERMISSION, FORFEIT_NEEDS_NOTICE, FORFEIT_REASON_NEEDED } from '@kalinga/contracts/lending/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearStore, keepSynced, serverCategory, serverCustomer, serverLoan } from '../../../test/lending-fixtures';
import { db } from '../../../offline/database';
import { setPermissionCheck } from '../../../offline/permissions';
import { forfeitLoan } from './lending-actions';

// The offline counter refuses a forfeiture whose pawner was sent no notice as the server does (decision 0217): a
// clerk never, a manager only with a reason, which the queued entry carries.

const loan = serverLoan({ notice_sent_at: null });
const as = (permissions: string[]) => setPermissionCheck((p) => permissions.includes(p));

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-03-02T08:00:00Z')); // the day after the period ends
  await clearStore();
  await keepSynced({ categories: [serverCategory()], customers: [serverCustomer()], loans: [loan] });
});
afterEach(() => {
  setPermissionCheck(null);
  vi.useRealTimers();
});

describe('forfeiting on this device without a sent notice', () => {
  it('a clerk is refused with the server’s sentence and nothing is queued', async () => {
    as(['view lending', 'manage lending']);
    await expect(forfeitLoan(loan.uuid)).rejects.toThrow(FORFEIT_NEEDS_NOTICE);
    await expect(forfeitLoan(loan.uuid, undefined, 'The pawner moved away')).rejects.toThrow(FORFEIT_NEEDS_NOTICE);
    expect(await db.syncQueue.count()).toBe(0);
    expect((await db.loans.get(loan.uuid))?.status).toBe('active');
  });

  it('a manager needs a reason; with one the entry carries it and the ticket shows it at once', async () => {
    as(['view lending', 'manage lending', BACKDATE_PERMISSION]);
    await expect(forfeitLoan(loan.uuid, undefined, '  ')).rejects.toThrow(FORFEIT_REASON_NEEDED);
    const done = await forfeitLoan(loan.uuid, undefined, ' The pawner moved away ');
    expect(done).toMatchObject({ status: 'forfeited', forfeit_reason: 'The pawner moved away' });
    const [entry] = await db.syncQueue.toArray();
    expect(entry).toMatchObject({ operation: 'FORFEIT_LOAN', data: { uuid: loan.uuid, forfeiture_date: '2027-03-02', no_notice_reason: 'The pawner moved away' } });
  });

  it('once the pull brings the notice, a clerk forfeits with no reason', async () => {
    as(['view lending', 'manage lending']);
    await keepSynced({ loans: [{ ...loan, notice_sent_at: '2027-02-20T02:00:00.000Z', version: loan.version + 1 }] });
    const done = await forfeitLoan(loan.uuid);
    expect(done.status).toBe('forfeited');
    expect(done.forfeit_reason ?? null).toBeNull();
    const [entry] = await db.syncQueue.toArray();
    expect(entry.data).toEqual({ uuid: loan.uuid, forfeiture_date: '2027-03-02' });
  });
});
