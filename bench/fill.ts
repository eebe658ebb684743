// Bulk test data for the load benches: a company's clients (departments, birth dates), counselors,
// categories and appointments spread over the last year and the next month.
import { randomUUID } from 'node:crypto';
import type { DB } from '../apps/server/src/db/database';
import type { AppointmentsTable } from '../apps/server/src/db/tables';
import { appointmentRow } from '../apps/server/test/appointment-rows';
import type { Insertable } from 'kysely';
import { nowIso } from '../apps/server/src/lib/clock';
import { addDays } from '../apps/server/src/modules/reports/report-days';
import { seededRandom } from '../apps/server/src/seed/random';
import { localDateOf } from '@kalinga/contracts/zone-time';

const DEPARTMENTS = ['Engineering', 'Nursing', 'Business', 'Education', 'Finance', 'Registrar', null];
const STATUSES: AppointmentsTable['status'][] = ['pending', 'confirmed', 'completed', 'completed', 'cancelled'];

/** 20 counselors and 280 students (departments, birth dates; members of the company) and 10 categories. */
export async function addPeopleAndCategories(db: DB, companyId: number): Promise<{ counselors: number[]; clients: number[]; categories: number[] }> {
  const now = nowIso();
  const users = Array.from({ length: 300 }, (_, i) => ({
    name: `Fill ${companyId}-${i} ${['Santos', 'Reyes', 'Cruz', 'Garcia'][i % 4]}`,
    email: `fill-${companyId}-${i}-${randomUUID()}@example.test`,
    password_hash: 'x',
    user_type: i < 20 ? ('counselor' as const) : ('student' as const),
    department: DEPARTMENTS[i % DEPARTMENTS.length],
    birth_date: i % 13 === 0 ? null : `${1970 + (i % 40)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    status: 'active' as const,
    created_at: now,
    updated_at: now,
  }));
  const ids = (await db.insertInto('users').values(users).returning('id').execute()).map((r) => r.id);
  await db.insertInto('company_user').values(ids.map((user_id) => ({ company_id: companyId, user_id, is_default: 1, created_at: now }))).execute();
  const counselors = ids.slice(0, 20);
  const clients = ids.slice(20);
  const categories = (
    await db
      .insertInto('categories')
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          uuid: randomUUID(),
          company_id: companyId,
          title: `Category ${i + 1}`,
          interest_rate: 0,
          penalty_rate: 0,
          loan_period: 1,
          loan_period_type: 'month',
          loan_period_expiry: 0,
          is_renewable: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);
  return { counselors, clients, categories };
}

/** Inserts `count` appointments for the company (1,000 a statement); returns the counselor and client ids. */
export async function fillAppointments(db: DB, companyId: number, count: number, seed = 1): Promise<{ counselors: number[]; clients: number[] }> {
  const rand = seededRandom(seed);
  const now = nowIso();
  const { counselors, clients, categories } = await addPeopleAndCategories(db, companyId);

  const today = localDateOf(new Date(), 'Asia/Manila');
  const first = Date.parse(`${addDays(today, -364)}T00:00:00.000Z`);
  const span = 395 * 86_400_000;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i += 1000) {
      const batch: Insertable<AppointmentsTable>[] = [];
      for (let j = i; j < Math.min(count, i + 1000); j++) {
        // One start per second over ~13 months: unique per counselor, so no double-booking refusals.
        const start = new Date(first + Math.floor((j / count) * span / 1000) * 1000).toISOString();
        batch.push(
          appointmentRow({
            company_id: companyId,
            counselor_id: counselors[j % counselors.length],
            client_id: clients[Math.floor(rand() * clients.length)],
            category_id: categories[Math.floor(rand() * categories.length)],
            appointment_date: start,
            local_date: localDateOf(new Date(start), 'Asia/Manila'),
            reason: `Reason ${j}`,
            status: STATUSES[Math.floor(rand() * STATUSES.length)],
            created_at: now,
            updated_at: now,
          }),
        );
      }
      await trx.insertInto('appointments').values(batch).execute();
    }
  });
  return { counselors, clients };
}
