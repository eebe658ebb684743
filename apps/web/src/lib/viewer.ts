import type { AuthUser } from '@kalinga/contracts/auth';
import { CLINICAL_PERMISSIONS } from '@kalinga/contracts/client-access-constants';

// What kind of member the signed-in user is, for the screens that offer more to counselors and managers
// (product-rules.md#permissions). The server enforces the same rules; these only decide what a screen offers.

export const MANAGE_APPOINTMENTS = 'manage appointments';

export type Viewer = Pick<AuthUser, 'id' | 'roles' | 'permissions' | 'user_type'>;

export function isCounselorUser(user: Viewer | null): boolean {
  return !!user && (user.user_type === 'counselor' || user.roles.includes('counselor'));
}

/** A clinician (decision 0200): a counselor by type holding a clinical permission; only they run groups (decision 0340). */
export function isClinicianUser(user: Viewer | null): boolean {
  return !!user && user.user_type === 'counselor' && user.permissions.some((p) => CLINICAL_PERMISSIONS.includes(p));
}

export function isManager(user: Viewer | null): boolean {
  return !!user && user.permissions.includes(MANAGE_APPOINTMENTS);
}
