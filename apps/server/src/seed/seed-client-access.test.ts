import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { seedAppointments } from './seed-appointments';
import { seedClientAccess } from './seed-client-access';
import { DEMO_PASSWORD, type DemoContext, seedFoundation } from './seed-foundation';
import { seedLibrary } from './seed-library';
import { seedSafety } from './seed-safety';

// The demo privacy officer and access log (decision 0200): privacy@ signs in and reads the log; the admin cannot.

let t: TestApp;
let ctx: DemoContext;
beforeAll(async () => {
  t = await createTestApp();
  ctx = await seedFoundation(t.db);
  await seedLibrary(t.db, t.config, ctx);
  await seedAppointments(t.db, t.config, ctx);
  await seedSafety(t.db, t.config, ctx);
  await seedClientAccess(t.db, t.config, ctx);
}, 120_000);
afterAll(() => t.close());

async function signIn(email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: '10.78.0.1' });
  const token = (res.json() as { token: string }).token;
  return { authorization: `Bearer ${token}`, 'x-company-id': String(ctx.company.id) };
}

describe('access-log demo data', () => {
  it('privacy@ reads an access log with care-team reads, a Triage list and one break-the-glass opening with its reason', async () => {
    expect(ctx.logins).toContainEqual({ role: 'privacy officer', email: 'privacy@demo.kalinga.test' });
    const res = await t.app.inject({ method: 'GET', url: '/api/access-log?per_page=100', headers: await signIn('privacy@demo.kalinga.test') });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: { via: string; kind: string; reason: string | null }[] }).data;
    expect(data.filter((e) => e.via === 'care_team').length).toBeGreaterThan(0);
    expect(data.some((e) => e.kind === 'triage_list')).toBe(true);
    expect(data.find((e) => e.via === 'break_glass' && e.kind === 'client_file')?.reason).toMatch(/duty phone/);
    const admin = await t.app.inject({ method: 'GET', url: '/api/access-log', headers: await signIn('admin@demo.kalinga.test') });
    expect(admin.statusCode).toBe(403);
  });
});
