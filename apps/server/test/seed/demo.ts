import type { AppConfig } from '../../src/config';
import type { DB } from '../../src/db/database';
import { seedAppointments } from '../../src/seed/seed-appointments';
import { DEMO_PASSWORD, type DemoContext, seedFoundation } from '../../src/seed/seed-foundation';
import { seedLibrary } from '../../src/seed/seed-library';
import { createTestApp, type TestApp } from '../harness';

// The demo data's tests: a fresh database with the demo centre (its foundation, library and appointments) and the
// steps a test is about, and its demo users signed in through the API as the app signs them in.

type SeedStep = (db: DB, config: AppConfig, ctx: DemoContext) => Promise<void>;

/** A fresh database with the demo's foundation, library and appointments, then `more`, in order. */
export async function seededDemo(more: readonly SeedStep[]): Promise<{ t: TestApp; ctx: DemoContext }> {
  const t = await createTestApp();
  const ctx = await seedFoundation(t.db);
  for (const step of [seedLibrary, seedAppointments, ...more]) await step(t.db, t.config, ctx);
  return { t, ctx };
}

/**
 * The headers of a demo user signed in with the demo password, acting in the demo centre. `from` is the address the
 * sign-in comes from: each file its own, so that the sign-in limit of one never counts another's.
 */
export async function demoHeaders(t: TestApp, ctx: DemoContext, email: string, from: string): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: from });
  const token = (res.json() as { token: string }).token;
  return { authorization: `Bearer ${token}`, 'x-company-id': String(ctx.company.id) };
}
