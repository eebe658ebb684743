import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, createTestApp, registerCompany, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { jsonTooDeep, parseId } from '../lib/input-limits';

let t: TestApp;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Limits School');
});
afterAll(async () => t?.close());

describe('ids and company ids', () => {
  it('refuses ids beyond 32 bits before any query', async () => {
    const user = await t.app.inject({ method: 'PUT', url: '/api/users/2147483648', headers: admin.headers, payload: { name: 'X' } });
    expect(user.statusCode).toBe(422);
    expect(user.json().errors.id).toEqual(['The selected id is invalid.']);
    for (const id of ['2147483648', '99999999999999999999']) {
      const category = await t.app.inject({ method: 'GET', url: `/api/categories/${id}`, headers: admin.headers });
      expect(category.statusCode).toBe(404);
    }
    const slots = await t.app.inject({ method: 'GET', url: '/api/appointments/available-slots?counselor_id=2147483648&date=2030-01-01', headers: admin.headers });
    expect(slots.statusCode).toBe(422);
  });

  it('answers 403 for a company id that is not a positive 32-bit integer', async () => {
    for (const id of ['2147483648', '-1', '0', '1.5', 'abc', '1e3']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { ...admin.headers, 'x-company-id': id } });
      expect(res.statusCode, id).toBe(403);
    }
  });

  it('parses only decimal digits within range', () => {
    expect(parseId('2147483647')).toBe(2147483647);
    expect(parseId('2147483648')).toBeNull();
    expect(parseId('0')).toBeNull();
    expect(parseId(' 1')).toBeNull();
  });
});

describe('NUL characters', () => {
  it('are refused with a field message in JSON bodies, queries and params, on either database', async () => {
    const body = await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { title: 'Career\u0000 talk' } });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ title: ['The title may not contain a NUL character.'] });
    const query = await t.app.inject({ method: 'GET', url: '/api/categories?search=a%00b', headers: admin.headers });
    expect(query.statusCode).toBe(422);
    const param = await t.app.inject({ method: 'GET', url: '/api/categories/a%00b', headers: admin.headers });
    expect(param.statusCode).toBe(422);
    const list = await t.app.inject({ method: 'GET', url: '/api/categories', headers: admin.headers });
    expect(list.json().data).toEqual([]);
  });

  it('are refused in multipart fields', async () => {
    const boundary = 'b0undary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA\u0000B\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.title).toBeDefined();
  });
});

describe('bodies', () => {
  it('refuses JSON nested 100,000 deep with 422, not a crash', async () => {
    const payload = '['.repeat(100_000) + ']'.repeat(100_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { ...admin.headers, 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('The request body is nested too deeply.');
    expect(jsonTooDeep('{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(false);
  });

  it('answers 413 for a body over the size limit', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ site_name: 'x'.repeat(4_000_000) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file may not be greater than 2 MB.');
    // In Filipino to a Filipino request (decision 0382).
    const inFilipino = await t.app.inject({ method: 'POST', url: '/api/settings', headers: { ...admin.headers, 'content-type': 'application/json', 'accept-language': 'fil' }, payload: JSON.stringify({ site_name: 'x'.repeat(4_000_000) }) });
    expect(inFilipino.json().message).toBe('Hanggang 2 MB lang ang file.');
  });

  it('answers 400 for a multipart body without a boundary', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: { ...admin.headers, 'content-type': 'multipart/form-data' }, payload: 'title=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The form data could not be read.');
  });
});

describe('unique keys taken by a concurrent request', () => {
  it('registering one email twenty times at once creates one account; the others hear the email is taken', async () => {
    const email = `race-${Date.now()}@example.test`;
    const payload = { name: 'Racer', email, password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD, companyName: 'Race School' };
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: `10.77.0.${i + 1}` })),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    // Other engineers' sign-up limits may answer 429 to some; none may be a 500.
    for (const r of replies.filter((x) => x.statusCode !== 201 && x.statusCode !== 429)) {
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.email).toEqual(['The email has already been taken.']);
    }
  });
});

describe('ids inside lists', () => {
  it('a resource category id beyond 32 bits is a field error, before any query', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/resources', headers: admin.headers, payload: { title: 'T', content: 'C', categories: '1,2147483648' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.categories).toEqual(['The selected categories are invalid.']);
  });
});
