import type { NotificationKind } from '@kalinga/contracts/notifications';
import { sql } from 'kysely';
import type { DB } from '../../db/database';

export interface PreferenceRow {
  kind: NotificationKind;
  in_app: boolean;
  email: boolean;
}

/** The user's stored choices (kinds without a row keep their defaults). */
export async function findPreferences(db: DB, userId: number): Promise<PreferenceRow[]> {
  const rows = await db.selectFrom('notification_preferences').select(['kind', 'in_app', 'email']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ kind: r.kind as NotificationKind, in_app: Boolean(r.in_app), email: Boolean(r.email) }));
}

/** Writes the given kinds' choices in one statement (insert or replace per kind): no half-saved set. */
export async function savePreferences(db: DB, userId: number, rows: PreferenceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values(rows.map((r) => ({ user_id: userId, kind: r.kind, in_app: r.in_app ? 1 : 0, email: r.email ? 1 : 0 })))
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ in_app: sql`excluded.in_app`, email: sql`excluded.email` }))
    .execute();
}
