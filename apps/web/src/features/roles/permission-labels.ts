import type { PermissionName } from '@kalinga/contracts/common';
import type { MessageKey } from '../../lib/i18n';

/** Each permission's words on screen (the stored name stays English: it is the permission's identity). */
export const PERMISSION_LABELS: Record<PermissionName, MessageKey> = {
  'manage users': 'roles.perm.manageUsers',
  'view appointments': 'roles.perm.viewAppointments',
  'view resources': 'roles.perm.viewResources',
  'view reports': 'roles.perm.viewReports',
  'manage resources': 'roles.perm.manageResources',
  'manage appointments': 'roles.perm.manageAppointments',
  'view lending': 'roles.perm.viewLending',
  'manage lending': 'roles.perm.manageLending',
  'backdate lending': 'roles.perm.backdateLending',
  'view screenings': 'roles.perm.viewScreenings',
  'view access log': 'roles.perm.viewAccessLog',
  'manage branches': 'roles.perm.manageBranches',
};

/** What each permission opens, shown under the matrix (the access log's has no hint). */
export const PERMISSION_HINTS: Partial<Record<PermissionName, MessageKey>> = {
  'manage users': 'roles.hint.manageUsers',
  'view appointments': 'roles.hint.viewAppointments',
  'view resources': 'roles.hint.viewResources',
  'view reports': 'roles.hint.viewReports',
  'manage resources': 'roles.hint.manageResources',
  'manage appointments': 'roles.hint.manageAppointments',
  'view lending': 'roles.hint.viewLending',
  'manage lending': 'roles.hint.manageLending',
  'backdate lending': 'roles.hint.backdateLending',
  'view screenings': 'roles.hint.viewScreenings',
  'manage branches': 'roles.hint.manageBranches',
};
