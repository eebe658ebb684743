import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, countRows, lendingWorld, type LendingWorld, makeCustomer } from '../../../test/lending/lending-helpers';

let w: LendingWorld;
beforeAll(async () => {
  w = await lendingWorld();
});
afterAll(async () => {
  await w.t.close();
});

describe('POST /api/customers', () => {
  it('creates a customer (201, with id) keyed by the client uuid', async () => {
    const uuid = randomUUID();
    const res = await call(w.t, w.admin, 'POST', '/api/customers', {
      uuid,
      first_name: ' Maria ',
      last_name: 'Santos',
      phone_number: '0917 555 0101',
      address: 'Quezon City',
      id_type: 'PhilSys ID',
      id_number: '1234-5678',
      birth_date: '1990-02-28',
      email: ' maria@example.test ',
      nationality: 'Filipino',
      occupation: 'Teacher, Jaro National High School',
      source_of_funds: 'Salary',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ uuid, first_name: 'Maria', last_name: 'Santos', id_type: 'PhilSys ID', birth_date: '1990-02-28' });
    expect(res.json().data).toMatchObject({ email: 'maria@example.test', nationality: 'Filipino', occupation: 'Teacher, Jaro National High School', source_of_funds: 'Salary' });
    expect(res.json().data.id).toEqual(expect.any(Number));
  });

  it('a repeated create returns the first customer (200) and writes no second row', async () => {
    const uuid = randomUUID();
    const first = await call(w.t, w.admin, 'POST', '/api/customers', { uuid, first_name: 'Ana', last_name: 'Reyes' });
    const before = await countRows(w.t, 'customers', w.admin.companyId);
    const again = await call(w.t, w.admin, 'POST', '/api/customers', { uuid, first_name: 'Ana', last_name: 'Reyes' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await countRows(w.t, 'customers', w.admin.companyId)).toBe(before);
  });

  it('the same create sent ten times at once writes one customer', async () => {
    const uuid = randomUUID();
    const before = await countRows(w.t, 'customers', w.admin.companyId);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(w.t, w.admin, 'POST', '/api/customers', { uuid, first_name: 'Raced', last_name: 'Twice' })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await countRows(w.t, 'customers', w.admin.companyId)).toBe(before + 1);
  });

  it("another company's uuid is refused without showing that customer", async () => {
    const mine = await makeCustomer(w.t, w.admin, { first_name: 'Secret' });
    const res = await call(w.t, w.other, 'POST', '/api/customers', { uuid: mine.uuid, first_name: 'X', last_name: 'Y' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'This uuid cannot be used; make a new one.', errors: { uuid: ['This uuid cannot be used; make a new one.'] } });
  });

  it('bad input is 422 with field messages', async () => {
    const res = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: 'nope', first_name: '  ', birth_date: '2023-02-30', email: 'not an address' });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.uuid).toEqual(['The uuid must be a valid UUID.']);
    expect(errors.first_name).toEqual(['The first name field is required.']);
    expect(errors.last_name).toEqual(['The last name field is required.']);
    expect(errors.birth_date).toEqual(['Use a real calendar date (YYYY-MM-DD).']);
    expect(errors.email).toEqual(['The email must be a valid email address.']);
  });

  it('says a date that does not exist in Filipino to a Filipino request (decision 0382)', async () => {
    const res = await call(w.t, w.admin, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'Ana', last_name: 'Reyes', birth_date: '2023-02-30' }, { 'accept-language': 'fil' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.birth_date).toEqual(['Gumamit ng totoong petsa (YYYY-MM-DD).']);
  });

  it("needs 'manage lending'", async () => {
    const res = await call(w.t, w.viewer, 'POST', '/api/customers', { uuid: randomUUID(), first_name: 'A', last_name: 'B' });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/customers/{uuid}', () => {
  it('changes the sent fields only', async () => {
    const c = await makeCustomer(w.t, w.admin, { first_name: 'Pedro', address: 'Manila' });
    const res = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { phone_number: '0999', address: '', email: 'pedro@example.test', source_of_funds: 'Remittance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Pedro', phone_number: '0999', address: null, email: 'pedro@example.test', source_of_funds: 'Remittance' });
  });

  it("another company's customer is not found; junk uuid 422; blank name 422; viewer 403", async () => {
    const c = await makeCustomer(w.t, w.admin);
    expect((await call(w.t, w.other, 'PUT', `/api/customers/${c.uuid}`, { first_name: 'Hack' })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', `/api/customers/${randomUUID()}`, { first_name: 'X' })).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'PUT', '/api/customers/12', { first_name: 'X' })).statusCode).toBe(422);
    const blank = await call(w.t, w.admin, 'PUT', `/api/customers/${c.uuid}`, { first_name: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.first_name).toEqual(['The first name field is required.']);
    expect((await call(w.t, w.viewer, 'PUT', `/api/customers/${c.uuid}`, { first_name: 'X' })).statusCode).toBe(403);
    const unchanged = await call(w.t, w.admin, 'GET', `/api/customers/${c.uuid}`);
    expect(unchanged.json().data.first_name).toBe('Juan');
  });
});

describe('GET /api/customers', () => {
  it('lists by last then first name, searches names and phone, pages; other companies unseen', async () => {
    const w2 = await lendingWorld();
    try {
      for (const [first, last, phone] of [
        ['Zoe', 'Abad', '0917 111'],
        ['Ana', 'Cruz', '0917 222'],
        ['Ben', 'Abad', '0917 333'],
        ['Carla', 'Bautista', '0998 444'],
      ]) {
        await makeCustomer(w2.t, w2.admin, { first_name: first, last_name: last, phone_number: phone });
      }
      await makeCustomer(w2.t, w2.other, { first_name: 'Hidden', last_name: 'Abad' });
      const all = await call(w2.t, w2.viewer, 'GET', '/api/customers');
      expect(all.statusCode).toBe(200);
      expect(all.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Ben', 'Zoe', 'Carla', 'Ana']);
      expect(all.json().meta).toMatchObject({ total: 4, current_page: 1 });
      const abad = await call(w2.t, w2.viewer, 'GET', '/api/customers?search=abad');
      expect(abad.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Ben', 'Zoe']);
      const full = await call(w2.t, w2.viewer, 'GET', '/api/customers?search=ana%20cruz');
      expect(full.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Ana']);
      const phone = await call(w2.t, w2.viewer, 'GET', '/api/customers?search=0998');
      expect(phone.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Carla']);
      const page2 = await call(w2.t, w2.viewer, 'GET', '/api/customers?per_page=3&page=2');
      expect(page2.json().data.map((c: { first_name: string }) => c.first_name)).toEqual(['Ana']);
      expect(page2.json().meta).toMatchObject({ total: 4, last_page: 2, from: 4, to: 4 });
      expect((await call(w2.t, w2.viewer, 'GET', '/api/customers?per_page=0')).statusCode).toBe(422);
    } finally {
      await w2.t.close();
    }
  });

  it("needs 'view lending'; GET one; another company's is 404", async () => {
    const student = await (await import('../../../test/harness')).addUser(w.t.app, w.admin.companyId, { userType: 'student' });
    expect((await call(w.t, student, 'GET', '/api/customers')).statusCode).toBe(403);
    const c = await makeCustomer(w.t, w.admin);
    expect((await call(w.t, student, 'GET', `/api/customers/${c.uuid}`)).statusCode).toBe(403);
    const one = await call(w.t, w.viewer, 'GET', `/api/customers/${c.uuid}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.uuid).toBe(c.uuid);
    expect((await call(w.t, w.other, 'GET', `/api/customers/${c.uuid}`)).statusCode).toBe(404);
    expect((await call(w.t, w.admin, 'GET', '/api/customers/not-a-uuid')).statusCode).toBe(422);
  });
});
