import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { demoHeaders, seededDemo } from '../../test/seed/demo';
import { seedClientAccess } from './seed-client-access';
import type { DemoContext } from './seed-foundation';
import { seedSafety } from './seed-safety';

// The demo privacy officer and access log (decision 0200): privacy@ signs in and reads the log; the admin cannot.

let t: TestApp;
let ctx: DemoContext;
beforeAll(async () => {
  ({ t, ctx } = await seededDemo([seedSafety, seedClientAccess]));
}, 120_000);
afterAll(() => t.close());

const signIn = (email: string) => demoHeaders(t, ctx, email, '10.78.0.1');

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
