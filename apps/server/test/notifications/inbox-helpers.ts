import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@kalinga/contracts/notifications';
import type { TestApp } from '../harness';
import { nowIso } from '../../src/lib/clock';
import { addCategory } from '../schedule/schedule-helpers';
import { localDateOf } from '@kalinga/contracts/zone-time';
import { appointmentRow } from '../appointment-rows';

/** Inserts an appointment (pending, tomorrow at 09:00 UTC) straight into the table; returns its id and uuid. */
export async function insertAppointment(t: TestApp, companyId: number, counselorId: number, clientId: number): Promise<{ id: number; uuid: string; start: string }> {
  const now = nowIso();
  const uuid = randomUUID();
  const start = new Date(Date.now() + 86_400_000).toISOString().slice(0, 11) + '09:00:00.000Z';
  const row = await t.db
    .insertInto('appointments')
    .values(
      appointmentRow({
        uuid,
        company_id: companyId,
        counselor_id: counselorId,
        client_id: clientId,
        category_id: await addCategory(t.app, companyId, `Category ${uuid.slice(0, 8)}`),
        appointment_date: start,
        local_date: localDateOf(start, 'Asia/Manila'),
        reason: 'Inserted for notifications',
        created_by: clientId,
        created_at: now,
        updated_at: now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, uuid, start };
}

/** Inserts an in-app notification row as the delivery side writes it. */
export async function insertNotification(
  t: TestApp,
  values: { companyId: number; userId: number; kind?: NotificationKind; appointmentId?: number | null; actorId?: number | null; appointmentDate?: string | null; reason?: string | null; createdAt?: string },
): Promise<number> {
  const row = await t.db
    .insertInto('notifications')
    .values({
      company_id: values.companyId,
      user_id: values.userId,
      kind: values.kind ?? 'booked',
      appointment_id: values.appointmentId ?? null,
      actor_id: values.actorId ?? null,
      appointment_date: values.appointmentDate ?? null,
      previous_date: null,
      reason: values.reason ?? null,
      created_at: values.createdAt ?? nowIso(),
      read_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
