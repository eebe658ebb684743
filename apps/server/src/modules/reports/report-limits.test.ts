import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';

// Reports are limited per user (decision 0046): the three calls share one budget of REPORTS_PER_MINUTE (90 by
// default), counted per 10 seconds (15 calls: the screen and four filter changes); past it, 429 with Retry-After and the
// house error shape. Other users and other routes are not affected. The count is per session and checked first.

let t: TestApp;
let admin: Actor;
const PATHS = ['appointments-by-category-daily', 'appointments-by-age-daily', 'appointments-by-department-daily'];
const report = (actor: Actor, i: number) => t.app.inject({ method: 'GET', url: `/api/reports/${PATHS[i % 3]}?period=last_7_days&forecast_days=7`, headers: actor.headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Limited School');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('report limits', () => {
  it('answers 429 with Retry-After once a user has made the minute\'s report calls, the three together', async () => {
    const limit = t.config.reportsPerMinute / 6;
    expect(limit).toBe(15);
    for (let i = 0; i < limit; i++) expect((await report(admin, i)).statusCode).toBe(200);
    const refused = await report(admin, limit);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(10);
    expect(refused.json()).toEqual({ message: `Too many requests. Please try again in ${wait} seconds.` });
    // Every report call shares the budget.
    for (const i of [0, 1, 2]) expect((await report(admin, i)).statusCode).toBe(429);
    // The rest of the API still answers the user.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: admin.headers })).statusCode).toBe(200);
  });

  it('keeps each user\'s budget apart; the limit is checked before anything else', async () => {
    const counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    expect((await report(counselor, 0)).statusCode).toBe(200);
    // Counted before the permission check (so that refusing is cheap): 403 while within the budget, then 429.
    const student = await addUser(t.app, admin.companyId, { userType: 'student' });
    for (let i = 0; i < 15; i++) expect((await report(student, i)).statusCode).toBe(403);
    expect((await report(student, 15)).statusCode).toBe(429);
  });
});
