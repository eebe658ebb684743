// @vitest-environment node
import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelConfirmation } from './cancel-confirmation';
import { initI18n } from '../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const counselor = { id: 1, user_type: 'counselor', roles: ['counselor'], permissions: ['manage appointments'] } as unknown as AuthUser;
const a = {
  appointment_date: new Date(2026, 2, 9, 9, 0).toISOString(),
  counselor: { id: 1, name: 'Maria Santos', avatar: null },
  student: { id: 10, name: 'Juan Dela Cruz', avatar: null, student_id: 'S-1' },
} as Pick<Appointment, 'appointment_date' | 'counselor' | 'student'>;

describe('the cancel confirmation', () => {
  it('names who and when, and labels the buttons by their effect', () => {
    const options = cancelConfirmation(counselor, a);
    expect(options.text).toContain('Juan Dela Cruz');
    expect(options.text).toContain('Monday, March 9, 2026 at 9:00 AM');
    expect(options.confirmText).toBe('Yes, cancel it');
    expect(options.cancelText).toBe('Keep it');
  });
});
