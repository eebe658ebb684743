import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';
import type { OutboxRow } from './outbox.repository';

// What the emails without an appointment (urgent cases, waitlist offers, privacy notices) read to be written: the
// recipient with their language and the company's default, who acted, the offer.

type Conn = Kysely<Database>;

/** The recipient's name, address and language, with their company's name and default language. */
export async function recipientOf(db: Conn, companyId: number, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('companies as c', (j) => j.on('c.id', '=', companyId))
    .leftJoin('settings as s', 's.company_id', 'c.id')
    .select(['u.name', 'u.email', 'u.language', 'c.name as company_name', 'c.timezone as company_timezone', 's.default_language as company_language'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The languages of a company's users (null where they chose none) and the company's default. */
export async function languagesOf(db: Conn, companyId: number, userIds: readonly number[]): Promise<{ users: Map<number, string | null>; companyDefault: string | null }> {
  const [users, settings] = await Promise.all([
    userIds.length === 0 ? [] : db.selectFrom('users').select(['id', 'language']).where('id', 'in', userIds).execute(),
    db.selectFrom('settings').select('default_language').where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return { users: new Map(users.map((u) => [u.id, u.language])), companyDefault: settings?.default_language ?? null };
}

/** The name of the user who acted. */
export async function actorNameOf(db: Conn, userId: number) {
  return db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
}

/** The newest offer of the held time an outbox row is about, with the names, zone and languages its email needs. */
export async function offerForEmail(db: Conn, row: Pick<OutboxRow, 'recipient_id' | 'company_id' | 'appointment_date'>) {
  return db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_entries as e', 'e.id', 'o.entry_id')
    .innerJoin('users as cl', 'cl.id', 'e.client_id')
    .innerJoin('users as co', 'co.id', 'o.counselor_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('settings as s', 's.company_id', 'o.company_id')
    .select(['cl.name as client_name', 'cl.email', 'cl.language', 's.default_language as company_language', 'co.name as counselor_name', 'c.name as company_name', 'c.timezone', 'o.expires_at'])
    .where('e.client_id', '=', row.recipient_id)
    .where('o.company_id', '=', row.company_id)
    .where('o.start_at', '=', row.appointment_date ?? '')
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
}
