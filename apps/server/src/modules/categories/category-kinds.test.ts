import { randomUUID } from 'node:crypto';
import { SYNC_EPOCH } from '@kalinga/contracts/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';

// Counselling and lending categories kept apart (docs/decisions/0121-category-kinds.md).
// A counselor's 'manage resources' never sets a pawn rate; the counter's 'manage lending' makes and edits lending
// categories (the offline queue's CREATE/UPDATE_CATEGORY, JSON by uuid); a loan is written only in a lending category.

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let clerk: Actor;
let student: Actor;
let other: Actor;
let otherClerk: Actor;
let anxiety: { id: number; uuid: string };
let jewellery: { id: number; uuid: string };

const terms = { interest_rate: 3, penalty_rate: 2, loan_period: 1, loan_period_type: 'month', loan_period_expiry: 30, is_renewable: true };

async function call(actor: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: actor.headers, ...(payload && { payload }) });
}

async function customerOf(actor: Actor): Promise<string> {
  const res = await call(actor, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'Juan', last_name: 'Cruz' });
  expect(res.statusCode).toBe(201);
  return res.json().data.uuid as string;
}

function loanIn(customerUuid: string, category: { id?: number; uuid?: string }) {
  return {
    uuid: randomUUID(),
    customer_uuid: customerUuid,
    ...(category.id ? { category_id: category.id } : { category_uuid: category.uuid }),
    loan_date: new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date()),
    loan_amount: 1000,
    items: [{ uuid: randomUUID(), description: 'Ring', appraisal_value: 1500 }],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Kinds One');
  other = await registerCompany(t.app, 'Kinds Two');
  for (const owner of [admin, other]) {
    expect((await call(owner, 'POST', '/api/roles', { name: 'clerk', permissions: ['view lending', 'manage lending'] })).statusCode).toBe(201);
  }
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  clerk = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['clerk'] });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  otherClerk = await addUser(t.app, other.companyId, { userType: 'personnel', roles: ['clerk'] });
  const a = await call(counselor, 'POST', '/api/categories', { title: 'Anxiety' });
  expect(a.statusCode).toBe(201);
  expect(a.json().data.kind).toBe('counselling');
  anxiety = a.json().data;
  const j = await call(admin, 'POST', '/api/categories', { kind: 'lending', title: 'Jewellery', ...terms });
  expect(j.statusCode).toBe(201);
  expect(j.json().data).toMatchObject({ kind: 'lending', interest_rate: 3, loan_period_expiry: 30 });
  jewellery = j.json().data;
});
afterAll(async () => t?.close());

describe('a counselor (manage resources)', () => {
  it('cannot make a lending category nor change its terms (403): the next ticket keeps its rate', async () => {
    expect((await call(counselor, 'POST', '/api/categories', { kind: 'lending', title: 'Gadgets', ...terms })).statusCode).toBe(403);
    expect((await call(counselor, 'PUT', `/api/categories/${jewellery.uuid}`, { interest_rate: 100 })).statusCode).toBe(403);
    expect((await call(counselor, 'POST', `/api/categories/${jewellery.id}`, { _method: 'PUT', interest_rate: 100 })).statusCode).toBe(403);
    expect((await call(counselor, 'DELETE', `/api/categories/${jewellery.uuid}`)).statusCode).toBe(403);
    expect((await call(counselor, 'GET', `/api/categories/${jewellery.uuid}`)).statusCode).toBe(403);
    const loan = await call(clerk, 'POST', '/api/loans', loanIn(await customerOf(clerk), jewellery));
    expect(loan.statusCode).toBe(201);
    expect(loan.json().data.interest_rate).toBe(3);
  });

  it('edits a counselling category, whose pawn terms are not stored', async () => {
    const res = await call(counselor, 'PUT', `/api/categories/${anxiety.uuid}`, { title: 'Anxiety and stress', interest_rate: 100, loan_period: 99 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'counselling', title: 'Anxiety and stress', interest_rate: 0, loan_period: 1 });
    const made = await call(counselor, 'POST', '/api/categories', { title: 'Grief', interest_rate: 50 });
    expect(made.json().data).toMatchObject({ kind: 'counselling', interest_rate: 0 });
  });
});

describe('a loan', () => {
  it('is never written in a counselling category (422), by id or by uuid; nor an item filed under one', async () => {
    const customer = await customerOf(clerk);
    for (const ref of [{ id: anxiety.id }, { uuid: anxiety.uuid }]) {
      const res = await call(clerk, 'POST', '/api/loans', loanIn(customer, ref));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.category_id).toEqual(['The selected category does not exist.']);
    }
    const loan = (await call(clerk, 'POST', '/api/loans', loanIn(customer, jewellery))).json().data;
    const item = await call(clerk, 'POST', '/api/items', { uuid: randomUUID(), loan_uuid: loan.uuid, description: 'Watch', appraisal_value: 10, category_id: anxiety.id });
    expect(item.statusCode).toBe(422);
  });
});

describe('the counter clerk (manage lending, no manage resources)', () => {
  it('makes and edits lending categories through the queue (JSON by uuid; no kind = lending), and reads only that list', async () => {
    const uuid = randomUUID();
    const created = await call(clerk, 'POST', '/api/categories', { uuid, title: 'Appliances', ...terms, interest_rate: 4 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ uuid, kind: 'lending', interest_rate: 4 });
    const replay = await call(clerk, 'POST', '/api/categories', { uuid, title: 'Appliances' });
    expect(replay.statusCode).toBe(200);
    const updated = await call(clerk, 'PUT', `/api/categories/${uuid}`, { title: 'Home appliances', interest_rate: 3.5, kind: 'counselling' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ kind: 'lending', title: 'Home appliances', interest_rate: 3.5 });
    const list = await call(clerk, 'GET', '/api/categories?per_page=100');
    expect(list.statusCode).toBe(200);
    const kinds = new Set((list.json().data as { kind: string }[]).map((c) => c.kind));
    expect([...kinds]).toEqual(['lending']);
    expect((list.json().data as { uuid: string }[]).map((c) => c.uuid)).toEqual(expect.arrayContaining([uuid, jewellery.uuid]));
    expect(list.json().meta.total).toBe(list.json().data.length);
  });

  it('may not make, edit or read a counselling category (403)', async () => {
    expect((await call(clerk, 'POST', '/api/categories', { kind: 'counselling', title: 'Sleep' })).statusCode).toBe(403);
    expect((await call(clerk, 'PUT', `/api/categories/${anxiety.uuid}`, { title: 'X' })).statusCode).toBe(403);
    expect((await call(clerk, 'GET', '/api/categories?kind=counselling')).statusCode).toBe(403);
    expect((await call(clerk, 'GET', `/api/categories/${anxiety.uuid}`)).statusCode).toBe(403);
  });

  it("never sees or touches another company's lending category (404)", async () => {
    expect((await call(otherClerk, 'GET', `/api/categories/${jewellery.uuid}`)).statusCode).toBe(404);
    expect((await call(otherClerk, 'PUT', `/api/categories/${jewellery.uuid}`, { interest_rate: 9 })).statusCode).toBe(404);
    const theirs = await call(otherClerk, 'GET', '/api/categories?kind=lending');
    expect((theirs.json().data as { uuid: string }[]).some((c) => c.uuid === jewellery.uuid)).toBe(false);
    expect((await call(clerk, 'GET', `/api/categories/${jewellery.uuid}`)).json().data.interest_rate).toBe(3);
  });
});

describe('each list shows its own', () => {
  it('the counselling list (the default for whoever views resources) has no lending category, and the lending one no counselling', async () => {
    const counselling = (await call(admin, 'GET', '/api/categories?per_page=100')).json().data as { kind: string; uuid: string }[];
    expect(counselling.every((c) => c.kind === 'counselling')).toBe(true);
    expect(counselling.map((c) => c.uuid)).toContain(anxiety.uuid);
    const lending = (await call(admin, 'GET', '/api/categories?kind=lending&per_page=100')).json().data as { kind: string }[];
    expect(lending.length).toBeGreaterThan(0);
    expect(lending.every((c) => c.kind === 'lending')).toBe(true);
  });

  it('a kind that is neither is 422', async () => {
    const res = await call(admin, 'GET', '/api/categories?kind=pawn');
    expect(res.statusCode).toBe(422);
    const made = await call(admin, 'POST', '/api/categories', { kind: 'pawn', title: 'X' });
    expect(made.statusCode).toBe(422);
    expect(made.json().errors.kind).toEqual(['The kind must be counselling or lending.']);
  });
});

describe('students', () => {
  it('do not read lending terms: no lending list, no lending category, none in their list', async () => {
    expect((await call(student, 'GET', '/api/categories?kind=lending')).statusCode).toBe(403);
    expect((await call(student, 'GET', `/api/categories/${jewellery.uuid}`)).statusCode).toBe(403);
    const theirs = await call(student, 'GET', '/api/categories?per_page=100');
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().data as { kind: string }[]).every((c) => c.kind === 'counselling')).toBe(true);
    expect((await call(student, 'POST', '/api/categories', { title: 'X' })).statusCode).toBe(403);
  });
});

describe('the counselling side', () => {
  it('books no appointment and files no resource under a lending category', async () => {
    const resource = await call(counselor, 'POST', '/api/resources', { title: 'Guide', content: 'Text', categories: `${jewellery.id}`, is_published: '1' });
    expect(resource.statusCode).toBe(422);
  });
});

describe("the lending book's pull", () => {
  it('carries the lending categories only, counted the same (counselling ones are not the counter\'s)', async () => {
    const res = await call(admin, 'GET', `/api/sync?since=${encodeURIComponent(SYNC_EPOCH)}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { categories: { uuid: string; kind: string }[] }; meta: { counts?: Record<string, number> } };
    const uuids = body.data.categories.map((c) => c.uuid);
    expect(uuids).toContain(jewellery.uuid);
    expect(uuids).not.toContain(anxiety.uuid);
    expect(body.data.categories.every((c) => c.kind === 'lending')).toBe(true);
    const chunk = await call(admin, 'GET', '/api/sync/categories?per_page=100');
    if (chunk.statusCode === 200) {
      const rows = (chunk.json() as { data: { kind: string }[]; meta: { total: number } });
      expect(rows.data.every((c) => c.kind === 'lending')).toBe(true);
      expect(rows.meta.total).toBe(rows.data.length);
    }
  });
});
