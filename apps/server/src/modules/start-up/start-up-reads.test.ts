import { startUpReadsReplySchema } from '@kalinga/contracts/start-up-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';

// The start-up's reads in one request (decision 0381): each read is answered as it would be alone (the same status
// and body), with the request's session, company and language; a read the user may not make, or of another company,
// gets its own refusal; anything that is not a read of this API is refused. On SQLite and PostgreSQL.

let t: TestApp;
let admin: Actor;
let student: Actor;
let other: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Start-up School');
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  other = await registerCompany(t.app, 'Other School');
});
afterAll(async () => {
  await t.close();
});

const query = (urls: string[]) => urls.map((u) => `url=${encodeURIComponent(u)}`).join('&');

async function together(headers: Record<string, string>, urls: string[]) {
  const res = await t.app.inject({ method: 'GET', url: `/api/start-up-reads?${query(urls)}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return startUpReadsReplySchema.parse(res.json()).replies;
}

async function alone(headers: Record<string, string>, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...headers, accept: 'application/json' } });
  return { status: res.statusCode, body: res.json() as unknown };
}

describe('GET /api/start-up-reads', () => {
  it('answers each read as it is answered alone, in the order asked', async () => {
    const urls = ['/api/me', '/api/user/companies', '/api/appointments/counts', '/api/categories?page=1&per_page=10'];
    const replies = await together(admin.headers, urls);
    expect(replies.map((r) => r.url)).toEqual(urls);
    for (const [i, url] of urls.entries()) {
      const direct = await alone(admin.headers, url);
      expect(replies[i].status).toBe(200);
      expect(replies[i].type).toContain('application/json');
      expect(JSON.parse(replies[i].body)).toEqual(direct.body);
    }
    // A single read arrives as one parameter.
    expect((await together(admin.headers, ['/api/me'])).map((r) => r.status)).toEqual([200]);
  });

  it("gives a read the user may not make its own refusal, in the request's language", async () => {
    const headers = { ...student.headers, 'accept-language': 'fil' };
    const [roles, me] = await together(headers, ['/api/roles', '/api/me']);
    const direct = await alone(headers, '/api/roles');
    expect(direct.status).toBe(403);
    expect(roles.status).toBe(403);
    expect(JSON.parse(roles.body)).toEqual(direct.body);
    expect(me.status).toBe(200);
    expect((JSON.parse(me.body) as { user: { id: number } }).user.id).toBe(student.user.id);
  });

  it("never shows another company's data: a request naming another company is refused whole", async () => {
    const headers = { ...admin.headers, 'x-company-id': String(other.companyId) };
    const res = await t.app.inject({ method: 'GET', url: `/api/start-up-reads?${query(['/api/categories?page=1&per_page=10', '/api/me'])}`, headers });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Other School');
    expect((await alone(headers, '/api/categories?page=1&per_page=10')).status).toBe(403);
  });

  it('refuses without a session, and anything that is not a few reads of this API', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/start-up-reads?${query(['/api/me'])}` })).statusCode).toBe(401);
    const refused = [
      [],
      ['/uploads/x.png'],
      ['https://example.test/api/me'],
      ['/api/start-up-reads?url=/api/me'],
      ['/api/sync/events'],
      ['/api/x/../start-up-reads?url=/api/me'],
      ['/api/x/%2e%2e/sync/events'],
      ['/api/sync//events'],
      ['/api/sync/events/'],
      ['/api/./me'],
      Array.from({ length: 9 }, () => '/api/me'),
    ];
    for (const urls of refused) {
      const res = await t.app.inject({ method: 'GET', url: `/api/start-up-reads?${query(urls)}`, headers: admin.headers });
      expect(res.statusCode, `${urls.join(',')}: ${res.body}`).toBe(422);
    }
  });
});
