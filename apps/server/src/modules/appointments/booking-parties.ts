import { type createAppointmentBodySchema, isNewStudentBooking } from '@kalinga/contracts/appointments';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/database';
import type { Database } from '../../db/tables';
import { forbidden, unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { insertUser } from '../auth/user.repository';
import { addMember, setUserRoles } from '../companies/company.repository';
import { findCounselor } from '../schedule/schedule.repository';
import { categoryExists, emailExists, findClient, type Scope } from './appointment.repository';

// Who a booking is for and with whom, shared by the single booking and the series (decision 0022): clients book
// for themselves; counselors only with themselves as counselor, for a chosen or a new student; managers for any
// counselor and client (or themselves).

type BookingBody = Pick<
  z.output<typeof createAppointmentBodySchema>,
  'counselor_id' | 'category_id' | 'student_id' | 'is_new_student' | 'student_name' | 'student_id_number' | 'student_email'
>;

export interface BookingParties {
  /** The client; null when a new student is to be added in the booking's transaction. */
  clientId: number | null;
  userType: 'student' | 'personnel';
  newStudent: boolean;
}

/** Checks the counselor, the category and the client; 422 naming each field that is wrong. */
export async function resolveParties(db: DB, auth: AuthContext, scope: Scope, body: BookingBody): Promise<BookingParties> {
  const errors: Record<string, string[]> = {};
  if (scope.kind === 'counselor' && body.counselor_id !== auth.user.id) {
    errors.counselor_id = ['Counselors book appointments for themselves.'];
  } else if (!(await findCounselor(db, auth.companyId, body.counselor_id))) {
    errors.counselor_id = ['The selected counselor is invalid.'];
  }
  if (!(await categoryExists(db, auth.companyId, body.category_id))) errors.category_id = ['The selected category is invalid.'];

  let clientId: number | null = null;
  let userType: 'student' | 'personnel' = 'student';
  const newStudent = scope.kind !== 'client' && isNewStudentBooking(body);
  if (scope.kind === 'client') {
    if (auth.user.user_type === 'counselor') throw forbidden();
    clientId = auth.user.id;
    userType = auth.user.user_type;
  } else if (!newStudent) {
    if (body.student_id !== undefined) {
      const client = await findClient(db, auth.companyId, body.student_id);
      if (client && client.user_type !== 'counselor') {
        clientId = client.id;
        userType = client.user_type;
      } else errors.student_id = ['The selected student is invalid.'];
    } else if (scope.kind === 'all' && auth.user.user_type !== 'counselor') {
      clientId = auth.user.id;
      userType = auth.user.user_type;
    } else {
      errors.student_id = ['The student field is required.'];
    }
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return { clientId, userType, newStudent };
}

/**
 * Adds the booking's new student (student role, this company) inside the booking's transaction, created by the one
 * booking (`users.created_by`, decision 0358); 422 on a taken email.
 */
export async function insertNewStudent(trx: Kysely<Database>, companyId: number, body: BookingBody, passwordHash: string, now: string, createdBy: number): Promise<number> {
  const email = body.student_email!.toLowerCase();
  if (await emailExists(trx, email)) throw unprocessable({ student_email: ['The student email has already been taken.'] });
  const user = await insertUser(trx, {
    name: body.student_name!,
    email,
    password_hash: passwordHash,
    user_type: 'student',
    student_id: body.student_id_number!,
    status: 'active',
    created_at: now,
    updated_at: now,
    created_by: createdBy,
  });
  await addMember(trx, companyId, user.id, true);
  await setUserRoles(trx, companyId, user.id, ['student']);
  return user.id;
}
