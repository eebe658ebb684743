import { randomUUID } from 'node:crypto';
import { type Appointment, type createAppointmentBodySchema } from '@kalinga/contracts/appointments';
import { INTAKE_REQUIRED } from '@kalinga/contracts/screening/items';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { forbidden, HttpError, unprocessable } from '../../lib/http-errors';
import { assertFileOpen } from '../client-record/client-file.service';
import { joinsCareTeamByOwnBooking, tellOwnBookingJoined } from '../client-record/client-access';
import { hashPassword } from '../../lib/passwords';
import { type AuthContext } from '../../lib/auth-context';
import { intakeMissing } from './intake-gate';
import { readBookingSettings } from '../schedule/schedule.repository';
import { insertAppointment, insertStatusChange, type NewAppointment } from './appointment.repository';
import { insertNewStudent, resolveParties } from './booking-parties';
import { isUniqueViolation } from '../../lib/db-errors';
import { recordAppointmentEvent } from '../notifications/notification-events';
import { approvalReason } from './attendance';
import { lockClient } from './attendance.repository';
import { reload, scopeOf } from './appointment-view';
import { checkSlot, holdCounselorTime, slotRace } from './slot-check';
import { assertClientFree } from './client-overlap';

// Booking an appointment (a counselor, a manager, or a client for themselves).

export async function createAppointment(db: DB, auth: AuthContext, body: z.output<typeof createAppointmentBodySchema>): Promise<Appointment> {
  const scope = scopeOf(auth);
  const settings = await readBookingSettings(db, auth.companyId);
  if (scope.kind === 'client' && auth.user.user_type === 'student' && !settings.studentsCanBook) {
    throw forbidden('Students cannot book appointments.');
  }
  // Who the appointment is for: clients book for themselves; counselors and managers choose (or add) a student.
  // The site may require the intake questionnaires before a client's first booking (decision 0160).
  if (scope.kind === 'client' && auth.user.user_type !== 'counselor' && (await intakeMissing(db, auth.companyId, auth.user.id))) {
    throw unprocessable({ intake: [INTAKE_REQUIRED] }, INTAKE_REQUIRED);
  }
  const parties = await resolveParties(db, auth, scope, body);
  const slot = await checkSlot(db, auth, body.counselor_id, body.appointment_date);
  const passwordHash = parties.newStudent ? await hashPassword(randomUUID()) : null;
  const now = nowIso();
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      // The new student and the booking stand or fall together.
      const clientId = parties.newStudent ? await insertNewStudent(trx, auth.companyId, body, passwordHash!, now, auth.user.id) : parties.clientId!;
      // The counselor's time, held as a group's creation holds it (decision 0298); the client's row with it.
      await holdCounselorTime(trx, auth.companyId, { counselorId: body.counselor_id, clientId: parties.newStudent ? null : clientId, startMs: slot.startMs, duration: slot.duration });
      // A client booking for themselves after missed sessions waits for the counselor (the no-show policy); the
      // client's row is held so a no-show marked at this moment is counted or waits for this booking.
      // The client's row is also what makes two bookings of one client take turns: the second sees the first and
      // is refused when the times overlap (decision 0221). A new student has no appointments yet.
      let held: string | null = null;
      let joining = false;
      if (!parties.newStudent) {
        await lockClient(trx, auth.companyId, clientId);
        // The client's row is held: of two bookings at once, the second sees the first (told once, decision 0369).
        joining = await joinsCareTeamByOwnBooking(trx, auth, body.counselor_id, clientId);
        await assertClientFree(trx, auth.companyId, clientId, slot.startMs, slot.duration, scope.kind === 'client');
        // Staff ask to reopen a closed file first; the client themself may still book (decision 0235).
        if (scope.kind !== 'client') await assertFileOpen(trx, auth.companyId, clientId);
      }
      if (scope.kind === 'client') held = await approvalReason(trx, auth.companyId, clientId);
      const values: NewAppointment = {
        uuid: randomUUID(),
        company_id: auth.companyId,
        counselor_id: body.counselor_id,
        client_id: clientId,
        category_id: body.category_id,
        appointment_date: new Date(slot.startMs).toISOString(),
        local_date: slot.localDate,
        duration_minutes: slot.duration,
        reason: body.reason,
        status: 'pending',
        location_type: body.location_type,
        location: body.location ?? null,
        user_type: parties.newStudent ? 'student' : parties.userType,
        notes: scope.kind !== 'client' ? (body.notes ?? null) : null,
        created_by: auth.user.id,
        created_at: now,
        updated_at: now,
        approval_reason: held,
      };
      const newId = await insertAppointment(trx, values);
      await insertStatusChange(trx, auth.companyId, newId, null, 'pending', auth.user.id, now);
      if (joining) await tellOwnBookingJoined(trx, auth, now);
      await recordAppointmentEvent(trx, {
        kind: 'booked',
        companyId: auth.companyId,
        appointment: { id: newId, counselorId: values.counselor_id, clientId: values.client_id, start: values.appointment_date },
        actorId: auth.user.id,
        now,
      });
      return newId;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (parties.newStudent && isUniqueViolation(error, 'email')) throw unprocessable({ student_email: ['The student email has already been taken.'] });
    slotRace(error);
  }
  return reload(db, auth, scope, id);
}
