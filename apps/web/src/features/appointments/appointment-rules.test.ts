// @vitest-environment node
import type { Appointment, AppointmentStatus } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  canBook,
  canChangeStatus,
  canComplete,
  canConfirm,
  canDelete,
  canEdit,
  canViewHistory,
  clientFieldsLocked,
  otherParty,
  statusBadgeClass,
  statusOptions,
  statusToast,
} from './appointment-rules';
import { initI18n } from '../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

function user(id: number, userType: AuthUser['user_type'], roles: string[], permissions: string[]): AuthUser {
  return {
    id, name: `User ${id}`, username: `u${id}`, email: `u${id}@x.test`, avatar: null, role: roles[0] ?? null, roles, permissions,
    user_type: userType, student_id: null, department: null, birth_date: null, status: 'active',
  };
}

const counselor = user(1, 'counselor', ['counselor'], ['view appointments', 'manage appointments']);
const otherCounselor = user(2, 'counselor', ['counselor'], ['view appointments', 'manage appointments']);
const student = user(10, 'student', ['student'], ['view appointments']);
const personnel = user(11, 'personnel', ['personnel'], ['view appointments']);
const admin = user(20, 'personnel', ['admin'], ['view appointments', 'manage appointments', 'manage users']);

function appt(status: AppointmentStatus, over: Partial<Appointment> = {}): Appointment {
  return {
    id: 1, uuid: 'u-1', appointment_date: '2026-03-09T01:00:00.000Z', local_date: '2026-03-09', duration_minutes: 60,
    reason: 'Stress', category_id: 1, category: { id: 1, title: 'Wellbeing' }, status, location_type: 'online', location: null,
    counselor_id: 1, counselor: { id: 1, name: 'Maria Santos', avatar: null },
    student_id: 10, student: { id: 10, name: 'Juan Dela Cruz', avatar: null, student_id: 'S-1' },
    user_type: 'student', created_by: 10, created_at: '', updated_at: '', ...over,
  };
}

const STATUSES: AppointmentStatus[] = ['pending', 'confirmed', 'completed', 'cancelled'];

describe('Book Appointment button', () => {
  it('is hidden for students unless the site lets them book', () => {
    expect(canBook(student, false)).toBe(false);
    expect(canBook(student, true)).toBe(true);
  });
  it('is shown for personnel, counselors and managers', () => {
    for (const u of [personnel, counselor, admin]) expect(canBook(u, false)).toBe(true);
  });
  it('is hidden without a user', () => expect(canBook(null, true)).toBe(false));
});

describe('status-change menu', () => {
  it('shows only to a counselor, only on pending or confirmed', () => {
    for (const s of STATUSES) {
      expect(canChangeStatus(counselor, appt(s))).toBe(s === 'pending' || s === 'confirmed');
      expect(canChangeStatus(admin, appt(s))).toBe(false);
      expect(canChangeStatus(student, appt(s))).toBe(false);
      expect(canChangeStatus(personnel, appt(s))).toBe(false);
    }
  });
  it('offers exactly the allowed changes', () => {
    expect(statusOptions(appt('pending'))).toEqual(['confirmed', 'cancelled', 'no_show']);
    expect(statusOptions(appt('confirmed'))).toEqual(['completed', 'cancelled', 'no_show']);
    expect(statusOptions(appt('completed'))).toEqual([]);
    expect(statusOptions(appt('no_show'))).toEqual([]);
  });
});

describe('Confirm and Complete', () => {
  it("Confirm is for 'manage appointments' on pending", () => {
    for (const s of STATUSES) {
      expect(canConfirm(counselor, appt(s))).toBe(s === 'pending');
      expect(canConfirm(admin, appt(s))).toBe(s === 'pending');
      expect(canConfirm(student, appt(s))).toBe(false);
      expect(canConfirm(personnel, appt(s, { student_id: 11 }))).toBe(false);
    }
  });
  it('Complete and No-show are offered only once the session has started (menu and button)', () => {
    const now = Date.parse('2026-03-09T00:30:00.000Z');
    const future = appt('confirmed', { appointment_date: '2026-03-09T01:00:00.000Z' });
    expect(canComplete(counselor, future, now)).toBe(false);
    expect(statusOptions(future, now)).toEqual(['cancelled']);
    const started = appt('confirmed', { appointment_date: '2026-03-09T00:30:00.000Z' });
    expect(canComplete(counselor, started, now)).toBe(true);
    expect(statusOptions(started, now)).toEqual(['completed', 'cancelled', 'no_show']);
  });
  it('Complete is on confirmed, for the same users', () => {
    for (const s of STATUSES) {
      expect(canComplete(counselor, appt(s))).toBe(s === 'confirmed');
      expect(canComplete(student, appt(s))).toBe(false);
    }
  });
});

describe('Edit', () => {
  it('a manager edits pending or confirmed', () => {
    for (const s of STATUSES) {
      expect(canEdit(admin, appt(s))).toBe(s === 'pending' || s === 'confirmed');
      expect(canEdit(counselor, appt(s))).toBe(s === 'pending' || s === 'confirmed');
    }
  });
  it('others edit only their own pending appointment', () => {
    for (const s of STATUSES) expect(canEdit(student, appt(s))).toBe(s === 'pending');
    expect(canEdit(personnel, appt('pending'))).toBe(false);
    expect(canEdit(personnel, appt('pending', { student_id: 11, user_type: 'personnel' }))).toBe(true);
    expect(canEdit(personnel, appt('confirmed', { student_id: 11, user_type: 'personnel' }))).toBe(false);
  });
});

describe('Delete', () => {
  it('is for counselors only', () => {
    expect(canDelete(counselor)).toBe(true);
    expect(canDelete(otherCounselor)).toBe(true);
    expect(canDelete(admin)).toBe(false);
    expect(canDelete(student)).toBe(false);
    expect(canDelete(personnel)).toBe(false);
  });
});

describe('Status history', () => {
  it('is offered to counselors and managers, never to clients', () => {
    expect(canViewHistory(counselor)).toBe(true);
    expect(canViewHistory(admin)).toBe(true);
    expect(canViewHistory(student)).toBe(false);
    expect(canViewHistory(personnel)).toBe(false);
  });
});

describe('client-chosen fields', () => {
  it('are open on a new or pending appointment', () => {
    expect(clientFieldsLocked(student, null)).toBe(false);
    expect(clientFieldsLocked(student, appt('pending'))).toBe(false);
  });
  it("are locked after pending unless the user has 'manage appointments'", () => {
    expect(clientFieldsLocked(student, appt('confirmed'))).toBe(true);
    expect(clientFieldsLocked(counselor, appt('confirmed'))).toBe(false);
  });
});

describe('card details', () => {
  it('students see the counselor; everyone else the client', () => {
    expect(otherParty(student, appt('pending')).name).toBe('Maria Santos');
    expect(otherParty(counselor, appt('pending')).name).toBe('Juan Dela Cruz');
    expect(otherParty(admin, appt('pending')).name).toBe('Juan Dela Cruz');
    // A personnel client sees the counselor on their own appointment.
    expect(otherParty(personnel, appt('pending', { student_id: 11, student: { id: 11, name: 'Paula', avatar: null, student_id: null } })).name).toBe('Maria Santos');
  });
  it('badge colours follow the spec', () => {
    expect(statusBadgeClass('pending')).toBe('badge-warning');
    expect(statusBadgeClass('confirmed')).toBe('badge-primary');
    expect(statusBadgeClass('completed')).toBe('badge-info');
    expect(statusBadgeClass('cancelled')).toBe('badge-error');
  });
  it('status toasts are verbatim', () => {
    expect(statusToast('confirmed')).toBe('Appointment confirmed successfully');
    expect(statusToast('completed')).toBe('Appointment marked as completed');
    expect(statusToast('cancelled')).toBe('Appointment cancelled successfully');
    expect(statusToast('pending')).toBe('Appointment status updated');
  });
});
