import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { DEMO_PASSWORD, type DemoContext, seedFoundation } from './seed-foundation';
import { seedAppointments } from './seed-appointments';
import { seedCaseNotes } from './seed-case-notes';
import { seedClientAccess } from './seed-client-access';
import { seedLending } from './seed-lending';
import { seedLibrary } from './seed-library';
import { seedSafety } from './seed-safety';
import { seedGroups } from './seed-groups';

/** One area's demo data, added after the foundation's people exist. */
type SeedStep = (db: DB, config: AppConfig, ctx: DemoContext) => Promise<void>;

// Areas add their step here, in dependency order.
const steps: SeedStep[] = [seedLibrary, seedAppointments, seedLending, seedSafety, seedCaseNotes, seedClientAccess, seedGroups];

/** Fills an empty database with the demo centre; returns the sign-ins, or null when data already exists. */
export async function seedDemoData(db: DB, config: AppConfig): Promise<{ password: string; logins: DemoContext['logins'] } | null> {
  const existing = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const ctx = await seedFoundation(db);
  for (const step of steps) await step(db, config, ctx);
  return { password: DEMO_PASSWORD, logins: ctx.logins };
}
