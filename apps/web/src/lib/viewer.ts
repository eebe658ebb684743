import type { AuthUser } from '@kalinga/contracts/auth';

// What kind of member the signed-in user is, for the screens that offer more to counselors and managers
// (product-rules.md#permissions). The server enforces the same rules; these only decide what a screen offers.

export const MANAGE_APPOINTMENTS = 'manage appointments';

export type Viewer = Pick<AuthUser, 'id' | 'roles' | 'permissions' | 'user_type'>;

export function isCounselorUser(user: Viewer | null): boolean {
  return !!user && (user.user_type === 'counselor' || user.roles.includes('counselor'));
}

export function isManager(user: Viewer | null): boolean {
  return !!user && user.permissions.includes(MANAGE_APPOINTMENTS);
}
