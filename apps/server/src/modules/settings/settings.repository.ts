import type { DB } from '../../db/database';
import { forUpdate } from '../../db/locks';
import type { Updateable } from 'kysely';
import type { SettingsTable } from '../../db/tables';
import { authChanged } from '../../db/auth-signals';

export async function findSettings(db: DB, companyId: number) {
  return db
    .selectFrom('settings')
    .innerJoin('companies', 'companies.id', 'settings.company_id')
    .selectAll('settings')
    .select('companies.timezone')
    .where('settings.company_id', '=', companyId)
    .executeTakeFirst();
}

type SettingsChanges = Omit<Updateable<SettingsTable>, 'company_id'>;

/**
 * Writes the settings row and, when given, the company's time zone, together. Returns the logo the row
 * had just before, read under the row's lock, so the file a write replaced is the one removed.
 */
export async function saveSettings(db: DB, companyId: number, changes: SettingsChanges, timezone: string | undefined, now: string): Promise<{ previousLogo: string | null }> {
  return db.transaction().execute(async (trx) => {
    const before = await forUpdate(trx, trx.selectFrom('settings').select('site_logo').where('company_id', '=', companyId)).executeTakeFirst();
    await trx.updateTable('settings').set({ ...changes, updated_at: now }).where('company_id', '=', companyId).execute();
    if (timezone !== undefined) {
      await trx.updateTable('companies').set({ timezone, updated_at: now }).where('id', '=', companyId).execute();
      // The time zone is in every session's auth of the company.
      await authChanged(trx, { kind: 'company', id: companyId });
    }
    return { previousLogo: before?.site_logo ?? null };
  });
}
