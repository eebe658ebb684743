import type { Company } from '@kalinga/contracts/auth';
import type { SetupStatus } from '@kalinga/contracts/setup';
import type { DB } from '../../db/database';
import { listCompaniesOfUser } from './company.repository';
import { readSetupStatus } from './setup.repository';

/** The companies a user belongs to, with the one they open by default. */
export async function companiesOfUser(db: DB, userId: number): Promise<{ data: Company[] }> {
  const rows = await listCompaniesOfUser(db, userId);
  return { data: rows.map((c) => ({ id: c.id, name: c.name, pivot: { is_default: c.is_default === 1 } })) };
}

/** The administrator's first-run checklist (decision 0056). */
export async function setupStatus(db: DB, companyId: number): Promise<SetupStatus> {
  return readSetupStatus(db, companyId);
}
