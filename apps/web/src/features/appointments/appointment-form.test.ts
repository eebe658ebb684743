// @vitest-environment node
import type { Appointment } from '@kalinga/contracts/appointments';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyValues, instantForSlot, isComplete, toBody, valuesFromAppointment } from './appointment-form';
import { initI18n } from '../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const filled = { ...emptyValues(3), date: '2026-03-09', time: '09:00', reason: 'Stress', categoryId: 2 };

describe('isComplete (submit stays disabled until required fields are filled)', () => {
  it('needs counselor, date, time, reason and category', () => {
    const opts = { editing: false, picksStudent: false };
    expect(isComplete(filled, opts)).toBe(true);
    for (const key of ['counselorId', 'date', 'time', 'reason', 'categoryId'] as const) {
      expect(isComplete({ ...filled, [key]: key === 'counselorId' || key === 'categoryId' ? null : '' }, opts)).toBe(false);
    }
    expect(isComplete({ ...filled, reason: '   ' }, opts)).toBe(false);
  });
  it('needs a location when on-site', () => {
    const opts = { editing: false, picksStudent: false };
    expect(isComplete({ ...filled, locationType: 'on-site' }, opts)).toBe(false);
    expect(isComplete({ ...filled, locationType: 'on-site', location: 'Room 2' }, opts)).toBe(true);
  });
  it("needs the counselor's student: a chosen one, or all three New Student fields", () => {
    const opts = { editing: false, picksStudent: true };
    expect(isComplete(filled, opts)).toBe(false);
    expect(isComplete({ ...filled, student: { id: 5, name: 'Ana', student_id: null } }, opts)).toBe(true);
    const newStudent = { ...filled, isNewStudent: true, studentName: 'Ana', studentIdNumber: 'S-9', studentEmail: 'ana@x.test' };
    expect(isComplete(newStudent, opts)).toBe(true);
    expect(isComplete({ ...newStudent, studentEmail: '' }, opts)).toBe(false);
    // Editing: the client is fixed.
    expect(isComplete(filled, { editing: true, picksStudent: true })).toBe(true);
  });
  it("a manager's client is optional (empty: they book for themselves), and sent when chosen", () => {
    const opts = { editing: false, picksStudent: true, clientOptional: true };
    expect(isComplete(filled, opts)).toBe(true);
    expect(isComplete({ ...filled, isNewStudent: true }, opts)).toBe(false);
    const chosen = { ...filled, student: { id: 5, name: 'Ana', student_id: null } };
    expect(toBody(chosen, '2026-03-09T01:00:00.000Z', { editing: false, picksStudent: true, sendsNotes: true })).toMatchObject({ student_id: 5 });
    expect(toBody(filled, '2026-03-09T01:00:00.000Z', { editing: false, picksStudent: true, sendsNotes: true })).not.toHaveProperty('student_id', expect.anything());
  });
});

describe('instantForSlot (the time is sent as an ISO instant)', () => {
  const slots = { starts: [{ time: '09:00', appointment_date: '2026-03-09T01:00:00.000Z' }], timezone: 'Asia/Manila' };
  it("uses the server's exact instant for the slot", () => {
    expect(instantForSlot('2026-03-09', '09:00', slots, undefined)).toBe('2026-03-09T01:00:00.000Z');
  });
  it("otherwise converts the company-zone wall time, DST included", () => {
    expect(instantForSlot('2026-03-09', '10:00', slots, undefined)).toBe('2026-03-09T02:00:00.000Z');
    expect(instantForSlot('2026-11-01', '09:00', undefined, 'America/New_York')).toBe('2026-11-01T14:00:00.000Z');
    expect(instantForSlot('2026-03-09', '10:00', undefined, undefined)).toBeNull();
  });
});

describe('toBody', () => {
  it('sends the counselor choice of student or the New Student fields', () => {
    const chosen = toBody({ ...filled, student: { id: 5, name: 'Ana', student_id: null } }, 'X', { editing: false, picksStudent: true, sendsNotes: true });
    expect(chosen).toMatchObject({ counselor_id: 3, appointment_date: 'X', student_id: 5, location: null, notes: null });
    const created = toBody({ ...filled, isNewStudent: true, studentName: ' Ana ', studentIdNumber: 'S-9', studentEmail: 'a@x.test' }, 'X', { editing: false, picksStudent: true, sendsNotes: false });
    expect(created).toMatchObject({ is_new_student: true, student_name: 'Ana', student_id_number: 'S-9', student_email: 'a@x.test' });
    expect(created).not.toHaveProperty('notes');
  });
  it('never sends the client when editing, and drops the location when online', () => {
    const body = toBody({ ...filled, location: 'left over', student: { id: 5, name: 'Ana', student_id: null } }, 'X', { editing: true, picksStudent: true, sendsNotes: false });
    expect(body).not.toHaveProperty('student_id');
    expect(body).toMatchObject({ location_type: 'online', location: null });
  });
});

describe('valuesFromAppointment', () => {
  it("fills date and HH:mm in the company's zone", () => {
    const a = {
      appointment_date: '2026-03-09T01:00:00.000Z', local_date: '2026-03-09', counselor_id: 3, reason: 'Stress', category_id: 2,
      location_type: 'on-site', location: 'Room 2', notes: null, student: { id: 5, name: 'Ana', avatar: null, student_id: null },
    } as unknown as Appointment;
    expect(valuesFromAppointment(a, 'Asia/Manila')).toMatchObject({ date: '2026-03-09', time: '09:00', location: 'Room 2', categoryId: 2 });
    expect(valuesFromAppointment(a, undefined).time).toBe('');
  });
});

describe('an appointment whose reason the user does not read (decision 0377)', () => {
  it('fills no reason, is complete without one, and sends neither the reason nor the notes', () => {
    const a = {
      appointment_date: '2026-03-09T01:00:00.000Z', local_date: '2026-03-09', counselor_id: 3, reason: null, category_id: 2,
      location_type: 'online', location: null, student: { id: 5, name: 'Ana', avatar: null, student_id: null },
    } as unknown as Appointment;
    const v = valuesFromAppointment(a, 'Asia/Manila');
    expect(v).toMatchObject({ reason: '', withheld: true });
    expect(isComplete(v, { editing: true, picksStudent: false })).toBe(true);
    const body = toBody({ ...v, notes: '' }, '2026-03-09T01:00:00.000Z', { editing: true, picksStudent: false, sendsNotes: true });
    expect(body).not.toHaveProperty('reason');
    expect(body).not.toHaveProperty('notes');
    expect(body).toMatchObject({ counselor_id: a.counselor_id, category_id: a.category_id });
  });
});
