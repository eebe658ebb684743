import type { AuthUser } from '@kalinga/contracts/auth';
import { hasPermission, hasRole } from '../session/auth-store';

/** What a route or menu entry needs: a permission, a role, or only a signed-in user. */
export interface Access {
  permission?: string;
  /** At least one of these permissions. */
  anyOf?: string[];
  role?: string;
  /** At least one of these roles. */
  anyRole?: string[];
  /** Only a clinical supervisor of a counselor (decision 0208). */
  supervisor?: boolean;
}

/**
 * The Sync page and the top bar's sync indicator: for whoever can have changes waiting on this device, the
 * lending book's users and those who edit categories (which save offline too); others see the connection only.
 */
export const SYNC_ACCESS: Access = { anyOf: ['view lending', 'manage resources'] };

/** Covered transactions: the company's report to the AMLC, a manager's, who works at every branch (decision 0364). */
export const COVERED_ACCESS: Access = { permission: 'view lending', anyOf: ['manage branches'] };

/** Groups: counselors run them; an administrator sets whether group absences count (decision 0280). */
export const GROUPS_ACCESS: Access = { anyRole: ['counselor', 'admin'] };
/** Workshops: for the people the centre serves (decision 0279). */
export const WORKSHOPS_ACCESS: Access = { permission: 'view appointments', anyRole: ['student', 'personnel'] };

export interface NavEntry extends Access {
  path: string;
  label: string;
  children?: NavEntry[];
  /** Works from the local store without the network: stays usable offline (everything else is greyed, '(Offline)'). */
  offline?: boolean;
}

// Sidebar entries (product-rules.md#navigation), in the menu's order (their icons are in nav-icons.ts).
export const NAV: NavEntry[] = [
  { path: '/appointments', label: 'Appointments', permission: 'view appointments' },
  { path: '/waitlist', label: 'Waitlist', permission: 'view appointments' },
  { path: '/workshops', label: 'Workshops', ...WORKSHOPS_ACCESS },
  { path: '/categories', label: 'Categories', permission: 'view resources', offline: true },
  { path: '/resources', label: 'Resources', permission: 'view resources' },
  { path: '/reports', label: 'Reports', permission: 'view reports' },
  {
    path: '/lending',
    label: 'Lending',
    permission: 'view lending',
    offline: true,
    children: [
      { path: '/lending/customers', label: 'Customers', permission: 'view lending', offline: true },
      { path: '/lending/loans', label: 'Loans', permission: 'view lending', offline: true },
      { path: '/lending/items', label: 'Items', permission: 'view lending', offline: true },
      { path: '/lending/cash-day', label: 'Cash Day', permission: 'manage lending', offline: true },
      { path: '/lending/vault-count', label: 'Vault Count', permission: 'view lending', offline: true },
      { path: '/lending/transfers', label: 'Transfers', permission: 'view lending' },
      { path: '/lending/notices', label: 'Notices', permission: 'view lending' },
      { path: '/lending/auction', label: 'Auction List', permission: 'view lending' },
      { path: '/lending/covered', label: 'Covered Transactions', ...COVERED_ACCESS },
      { path: '/lending/branches', label: 'Branches', permission: 'manage branches' },
      { path: '/lending/categories', label: 'Lending Categories', permission: 'view lending', offline: true },
      { path: '/lending/rates', label: 'Day Rates', permission: 'view lending', offline: true },
    ],
  },
  { path: '/triage', label: 'Triage', permission: 'view screenings', role: 'counselor' },
  { path: '/schedule', label: 'My Schedule', role: 'counselor' },
  { path: '/groups', label: 'Groups', ...GROUPS_ACCESS },
  // The care team's client files (decision 0235).
  { path: '/clients', label: 'Clients', role: 'counselor' },
  { path: '/case-notes/review', label: 'Notes to review', role: 'counselor', supervisor: true },
  // The privacy officer's (decision 0204): who opened which client's record.
  { path: '/access-log', label: 'Access log', permission: 'view access log' },
  { path: '/files-to-purge', label: 'Files to purge', permission: 'view access log' },
  {
    path: '/settings',
    label: 'Settings',
    permission: 'manage users',
    children: [
      { path: '/settings/users', label: 'Users', permission: 'manage users' },
      { path: '/settings/roles', label: 'Roles & Permissions', permission: 'manage users' },
      { path: '/settings/site', label: 'Site Settings', permission: 'manage users' },
    ],
  },
];

export function canAccess(user: AuthUser | null, access: Access | undefined): boolean {
  if (!user) return false;
  if (!access) return true;
  if (access.permission && !hasPermission(user, access.permission)) return false;
  if (access.anyOf && !access.anyOf.some((p) => hasPermission(user, p))) return false;
  if (access.role && !hasRole(user, access.role)) return false;
  if (access.anyRole && !access.anyRole.some((r) => hasRole(user, r))) return false;
  if (access.supervisor && !user.supervises) return false;
  return true;
}

/** The entries this user may use; a parent stays when at least one child is usable. */
export function visibleNav(user: AuthUser | null, entries: NavEntry[] = NAV): NavEntry[] {
  return entries.flatMap((entry) => {
    if (entry.children) {
      const children = entry.children.filter((c) => canAccess(user, c));
      return children.length > 0 ? [{ ...entry, children }] : [];
    }
    return canAccess(user, entry) ? [entry] : [];
  });
}

/** Offline, only entries marked `offline` stay usable (product-rules.md#navigation: the others are greyed and marked '(Offline)'). */
export function usableNow(entry: NavEntry, online: boolean): boolean {
  return online || entry.offline === true;
}

/** Every signed-in user may use their profile: the landing screen of someone whose roles open no menu entry. */
export const PROFILE_PATH = '/profile';

/**
 * The first screen this user may use, in the menu's order (decision 0145): Appointments (the dashboard) for
 * whoever may view appointments, Lending's Loans for a counter clerk, and so on; My Profile when the user's
 * roles open no menu entry. A group's path is its route, which opens its first screen.
 */
export function homePath(user: AuthUser | null): string {
  return visibleNav(user)[0]?.path ?? PROFILE_PATH;
}
