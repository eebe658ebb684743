import 'fake-indexeddb/auto';
import type { Branch } from '@kalinga/contracts/lending/branches';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeNetwork } from '../test/fake-network';
import { BRANCHES_ROW, keptBranches, myBranches, pullBranches } from './branches-local';
import { bookName, db } from './database';

// The branch picker's list kept in the user's book (decision 0341): read from the server and kept on the way,
// drawn from the book when the server gives no reply, and never from another user's book.

const net = fakeNetwork(new Date('2026-11-23T08:00:00.000Z'));

const branch = (id: number, name: string, prefix: string): Branch => ({ id, uuid: `b-${id}`, name, address: null, bsp_registration: null, ticket_prefix: prefix, last_ticket_number: 0, deleted: false, user_ids: [7] });
const TWO = [branch(1, 'Quezon City', 'PT'), branch(2, 'Makati', 'MKT')];

function signedInAs(userId: number, companyId: number): void {
  localStorage.setItem('book_user', String(userId));
  localStorage.setItem('company_id', String(companyId));
}

beforeEach(() => signedInAs(7, 3));

describe('the kept list of branches', () => {
  it("is kept in the user's book when the server answers, and read from it when the device is offline", async () => {
    net.fetchMock.mockResolvedValue(net.json(200, { data: TWO }));
    expect(await myBranches()).toEqual(TWO);
    expect(db.name).toBe(bookName({ userId: 7, companyId: 3 }));
    expect((await db.settings.get(BRANCHES_ROW))?.data).toEqual({ branches: TWO });

    net.online = false;
    net.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await myBranches()).map((b) => b.name)).toEqual(['Quezon City', 'Makati']);
  });

  it('is read from the book when the request gets no reply, but a refusal or a server error stays an error', async () => {
    net.fetchMock.mockResolvedValue(net.json(200, { data: TWO }));
    await pullBranches();
    net.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await myBranches()).toEqual(TWO);
    net.fetchMock.mockResolvedValue(net.json(500, { message: 'Server Error' }));
    await expect(myBranches()).rejects.toMatchObject({ status: 500 });
    net.fetchMock.mockResolvedValue(net.json(403, { message: 'This action is unauthorized.' }));
    await expect(myBranches()).rejects.toMatchObject({ status: 403 });
  });

  it("offline with nothing kept is the offline error; another user's book has none of it", async () => {
    net.fetchMock.mockResolvedValue(net.json(200, { data: TWO }));
    await pullBranches();
    signedInAs(8, 3);
    expect(await keptBranches()).toBeUndefined();
    net.online = false;
    await expect(myBranches()).rejects.toMatchObject({ status: 0 });
    signedInAs(7, 3);
    expect(await keptBranches()).toEqual(TWO);
  });
});
