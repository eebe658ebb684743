import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { DEMO_PASSWORD, type DemoContext, seedFoundation } from './seed-foundation';
import { seedAppointments } from './seed-appointments';
import { seedLending } from './seed-lending';
import { seedLibrary } from './seed-library';
import { seedSafety } from './seed-safety';

/** One area's demo data, added after the foundation's people exist. */
type SeedStep = (db: DB, config: AppConfig, ctx: DemoContext) => Promise<void>;

// Areas add their step here, in dependency order.
const steps: SeedStep[] = [seedLibrary, seedAppointments, seedLending, seedSafety];

/** Fills an empty database with the demo centre; returns the sign-ins, or null when data already exists. */
export async function seedDemoData(db: DB, config: AppConfig): Promise<{ password: string; logins: DemoContext['logins'] } | null> {
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const ctx = await seedFoundation(db);
  for (const step of steps) await step(db, config, ctx);
  return { password: DEMO_PASSWORD, logins: ctx.logins };
}
