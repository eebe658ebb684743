// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { selfServiceFor } from './self-service-rules';
import { initI18n } from '../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const HOUR = 3_600_000;
const now = Date.parse('2026-03-09T00:00:00Z');
const client = { id: 7, user_type: 'personnel' as const };
const student = { id: 7, user_type: 'student' as const };
const appt = (hoursAhead: number, status: 'pending' | 'confirmed' | 'completed' | 'cancelled' = 'pending', studentId = 7) => ({
  status,
  student_id: studentId,
  appointment_date: new Date(now + hoursAhead * HOUR).toISOString(),
  counselor: { id: 3, name: 'Carmen Counselor', avatar: null },
});

describe('selfServiceFor', () => {
  it('offers cancel and reschedule on the client’s own live appointment while the notice allows', () => {
    expect(selfServiceFor(client, appt(48), 24, false, now)).toEqual({ kind: 'actions', reschedule: true });
    expect(selfServiceFor(client, appt(24, 'confirmed'), 24, false, now)).toEqual({ kind: 'actions', reschedule: true });
  });

  it('students reschedule only when students may book', () => {
    expect(selfServiceFor(student, appt(48), 24, false, now)).toEqual({ kind: 'actions', reschedule: false });
    expect(selfServiceFor(student, appt(48), 24, true, now)).toEqual({ kind: 'actions', reschedule: true });
  });

  it('inside the notice period: a late cancellation, and whom to contact to reschedule', () => {
    expect(selfServiceFor(client, appt(23), 24, true, now)).toEqual({
      kind: 'late',
      message: 'Less than 24 hours to go: cancelling now counts as a late cancellation; to reschedule, contact Carmen Counselor.',
    });
  });

  it('with a notice of 0, until it starts', () => {
    expect(selfServiceFor(client, appt(0.1), 0, true, now).kind).toBe('actions');
    expect(selfServiceFor(client, appt(-0.1), 0, true, now).kind).toBe('none');
  });

  it('nothing on someone else’s, finished or past appointments', () => {
    expect(selfServiceFor(client, appt(48, 'pending', 8), 24, true, now).kind).toBe('none');
    expect(selfServiceFor(client, appt(48, 'cancelled'), 24, true, now).kind).toBe('none');
    expect(selfServiceFor(client, appt(48, 'completed'), 24, true, now).kind).toBe('none');
    expect(selfServiceFor(client, appt(-2), 24, true, now).kind).toBe('none');
    expect(selfServiceFor(null, appt(48), 24, true, now).kind).toBe('none');
  });
});
