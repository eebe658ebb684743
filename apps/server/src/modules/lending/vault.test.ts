import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, lendingWorld, type LendingWorld, makeLoan } from '../../../test/lending/lending-helpers';
import { TAG_TAKEN } from './item-place.service';

// Tags, places and their history, and vault counts (decisions 0308, 0309), on both databases.

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

const tag = () => `T-${randomUUID().slice(0, 8).toUpperCase()}`;

describe('POST /api/items/:uuid/place', () => {
  it('tags an item and puts it in a place, then records a move; the history lists both, newest first', async () => {
    const loan = await makeLoan(w);
    const item = loan.items[0].uuid;
    const label = tag();
    const first = await call(w.t, w.admin, 'POST', `/api/items/${item}/place`, { tag_number: ` ${label.toLowerCase()} `, place_kind: 'drawer', place_name: 'D-3' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ uuid: item, tag_number: label, place_kind: 'drawer', place_name: 'D-3' });
    const moved = await call(w.t, w.admin, 'POST', `/api/items/${item}/place`, { place_kind: 'tray', place_name: 'Tray 7' });
    expect(moved.json().data).toMatchObject({ tag_number: label, place_kind: 'tray', place_name: 'Tray 7' });
    expect(moved.json().data.version).toBeGreaterThan(first.json().data.version);
    // The same place again is no move.
    await call(w.t, w.admin, 'POST', `/api/items/${item}/place`, { place_kind: 'tray', place_name: 'Tray 7' });
    const history = await call(w.t, w.viewer, 'GET', `/api/items/${item}/moves`);
    expect(history.statusCode).toBe(200);
    expect(history.json().data.map((m: Record<string, unknown>) => [m.from_kind, m.from_name, m.to_kind, m.to_name, m.tag_number])).toEqual([
      ['drawer', 'D-3', 'tray', 'Tray 7', label],
      [null, null, 'drawer', 'D-3', label],
    ]);
    expect(history.json().data[0].moved_by_name).toEqual(expect.any(String));
    // The pull carries the tag and place to every device.
    expect((await call(w.t, w.admin, 'GET', `/api/loans/${loan.uuid}`)).json().data.items[0]).toMatchObject({ tag_number: label, place_name: 'Tray 7' });
  });

  it("refuses another item's tag (409), a redeemed item (409), bad input (422), a viewer (403), another company's item (404)", async () => {
    const a = (await makeLoan(w)).items[0].uuid;
    const loanB = await makeLoan(w);
    const label = tag();
    expect((await call(w.t, w.admin, 'POST', `/api/items/${a}/place`, { tag_number: label, place_kind: 'vault', place_name: 'Main' })).statusCode).toBe(200);
    const taken = await call(w.t, w.admin, 'POST', `/api/items/${loanB.items[0].uuid}/place`, { tag_number: label, place_kind: 'vault', place_name: 'Main' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, TAG_TAKEN]);
    const bad = await call(w.t, w.admin, 'POST', `/api/items/${a}/place`, { tag_number: 'x', place_kind: 'shelf', place_name: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['place_kind', 'place_name', 'tag_number']);
    expect((await call(w.t, w.viewer, 'POST', `/api/items/${a}/place`, { place_kind: 'vault', place_name: 'Main' })).statusCode).toBe(403);
    expect((await call(w.t, w.other, 'POST', `/api/items/${a}/place`, { place_kind: 'vault', place_name: 'Main' })).statusCode).toBe(404);
    expect((await call(w.t, w.other, 'GET', `/api/items/${a}/moves`)).statusCode).toBe(404);
    // Another company may use the same tag: tags are unique within a company.
    const theirs = (await makeLoan({ ...w, admin: w.other, category: w.otherCategory }, {}, w.other)).items[0].uuid;
    expect((await call(w.t, w.other, 'POST', `/api/items/${theirs}/place`, { tag_number: label, place_kind: 'vault', place_name: 'Main' })).statusCode).toBe(200);
    await call(w.t, w.admin, 'POST', `/api/loans/${loanB.uuid}/redeem`, {});
    const gone = await call(w.t, w.admin, 'POST', `/api/items/${loanB.items[0].uuid}/place`, { place_kind: 'vault', place_name: 'Main' });
    expect(gone.statusCode).toBe(409);
  });

  it('gives one tag to one item when several devices tag items with it at once', async () => {
    const items = await Promise.all([1, 2, 3, 4, 5].map(async () => (await makeLoan(w)).items[0].uuid));
    const label = tag();
    const replies = await Promise.all(items.map((uuid) => call(w.t, w.admin, 'POST', `/api/items/${uuid}/place`, { tag_number: label, place_kind: 'drawer', place_name: 'D-1' })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const holders = await w.t.db.selectFrom('items').select('uuid').where('company_id', '=', w.admin.companyId).where('tag_number', '=', label).execute();
    expect(holders).toHaveLength(1);
  });

  it('applies a repeat with the same Idempotency-Key once', async () => {
    const item = (await makeLoan(w)).items[0].uuid;
    const key = { 'idempotency-key': randomUUID() };
    const body = { place_kind: 'drawer', place_name: 'D-9' };
    const [one, two] = [await call(w.t, w.admin, 'POST', `/api/items/${item}/place`, body, key), await call(w.t, w.admin, 'POST', `/api/items/${item}/place`, body, key)];
    expect(two.json()).toEqual(one.json());
    expect((await call(w.t, w.admin, 'GET', `/api/items/${item}/moves`)).json().data).toHaveLength(1);
  });
});

describe('vault counts', () => {
  it('keeps what a count found: the missing item, the unexpected tag, a repeat answering the first count', async () => {
    const t = await lendingWorld();
    try {
      const [a, b, c] = await Promise.all([1, 2, 3].map(async () => (await makeLoan(t)).items[0].uuid));
      const untagged = await makeLoan(t);
      const tags = ['AAAA-0001', 'AAAA-0002', 'AAAA-0003'];
      for (const [i, uuid] of [a, b, c].entries()) await call(t.t, t.admin, 'POST', `/api/items/${uuid}/place`, { tag_number: tags[i], place_kind: 'vault', place_name: 'Main' });
      const uuid = randomUUID();
      const res = await call(t.t, t.admin, 'POST', '/api/vault-counts', { uuid, tags: ['aaaa-0001', 'AAAA-0003', 'AAAA-0003', 'ZZZZ-9999', ' '] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ uuid, expected_count: 3, present_count: 2, unexpected: ['ZZZZ-9999'] });
      expect(res.json().data.missing).toEqual([{ uuid: b, tag_number: 'AAAA-0002', description: expect.any(String) }]);
      expect(untagged.items[0].uuid).not.toBe(b);
      const again = await call(t.t, t.admin, 'POST', '/api/vault-counts', { uuid, tags: [] });
      expect([again.statusCode, again.json().data]).toEqual([200, res.json().data]);
      const list = await call(t.t, t.viewer, 'GET', '/api/vault-counts');
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([expect.objectContaining({ uuid, missing_count: 1, unexpected_count: 1, expected_count: 3 })]);
      expect(list.json().meta.total).toBe(1);
      expect((await call(t.t, t.viewer, 'GET', `/api/vault-counts/${uuid}`)).json().data).toEqual(res.json().data);
      // Another company sees none of it, and may not reuse the uuid.
      expect((await call(t.t, t.other, 'GET', `/api/vault-counts/${uuid}`)).statusCode).toBe(404);
      expect((await call(t.t, t.other, 'GET', '/api/vault-counts')).json().data).toEqual([]);
      expect((await call(t.t, t.other, 'POST', '/api/vault-counts', { uuid, tags: [] })).statusCode).toBe(422);
      expect((await call(t.t, t.viewer, 'POST', '/api/vault-counts', { uuid: randomUUID(), tags: [] })).statusCode).toBe(403);
      expect((await call(t.t, t.admin, 'POST', '/api/vault-counts', { uuid: 'nope', tags: 'AAAA' })).statusCode).toBe(422);
    } finally {
      await t.t.close();
    }
  });
});
