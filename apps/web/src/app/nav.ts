import type { AuthUser } from '@kalinga/contracts/auth';
import { hasPermission, hasRole } from '../features/auth/auth-store';

/** What a route or menu entry needs: a permission, a role, or only a signed-in user. */
export interface Access {
  permission?: string;
  role?: string;
}

export interface NavEntry extends Access {
  path: string;
  label: string;
  icon: string;
  children?: NavEntry[];
  /** Works from the local store without the network: stays usable offline (everything else is greyed, '(Offline)'). */
  offline?: boolean;
}

// Sidebar entries of spec section 2; icons are SVG path data (24×24 outline).
export const NAV: NavEntry[] = [
  { path: '/appointments', label: 'Appointments', permission: 'view appointments', icon: 'M6.75 3v2.25M17.25 3v2.25M3 18.75V7.5a2.25 2.25 0 012.25-2.25h13.5A2.25 2.25 0 0121 7.5v11.25m-18 0A2.25 2.25 0 005.25 21h13.5A2.25 2.25 0 0021 18.75m-18 0v-7.5A2.25 2.25 0 015.25 9h13.5A2.25 2.25 0 0121 11.25v7.5' },
  { path: '/categories', label: 'Categories', permission: 'view resources', offline: true, icon: 'M9.568 3H5.25A2.25 2.25 0 003 5.25v4.318c0 .597.237 1.17.659 1.591l9.581 9.581c.699.699 1.78.872 2.607.33a18.095 18.095 0 005.223-5.223c.542-.827.369-1.908-.33-2.607L11.16 3.66A2.25 2.25 0 009.568 3z' },
  { path: '/resources', label: 'Resources', permission: 'view resources', icon: 'M12 6.042A8.967 8.967 0 006 3.75c-1.052 0-2.062.18-3 .512v14.25A8.987 8.987 0 016 18c2.305 0 4.408.867 6 2.292m0-14.25a8.966 8.966 0 016-2.292c1.052 0 2.062.18 3 .512v14.25A8.987 8.987 0 0018 18a8.967 8.967 0 00-6 2.292m0-14.25v14.25' },
  { path: '/reports', label: 'Reports', permission: 'view reports', icon: 'M3 13.125C3 12.504 3.504 12 4.125 12h2.25c.621 0 1.125.504 1.125 1.125v6.75C7.5 20.496 6.996 21 6.375 21h-2.25A1.125 1.125 0 013 19.875v-6.75zM9.75 8.625c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125v11.25c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 01-1.125-1.125V8.625zM16.5 4.125c0-.621.504-1.125 1.125-1.125h2.25C20.496 3 21 3.504 21 4.125v15.75c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 01-1.125-1.125V4.125z' },
  {
    path: '/lending',
    label: 'Lending',
    permission: 'view lending',
    offline: true,
    icon: 'M2.25 18.75a60.07 60.07 0 0115.797 2.101c.727.198 1.453-.342 1.453-1.096V18.75M3.75 4.5v.75A.75.75 0 013 6h-.75m0 0v-.375c0-.621.504-1.125 1.125-1.125H20.25M2.25 6v9m18-10.5v.75c0 .414.336.75.75.75h.75m-1.5-1.5h.375c.621 0 1.125.504 1.125 1.125v9.75c0 .621-.504 1.125-1.125 1.125h-.375m1.5-1.5H21a.75.75 0 00-.75.75v.75m0 0H3.75m0 0h-.375a1.125 1.125 0 01-1.125-1.125V15m1.5 1.5v-.75A.75.75 0 003 15h-.75M15 10.5a3 3 0 11-6 0 3 3 0 016 0zm3 0h.008v.008H18V10.5zm-12 0h.008v.008H6V10.5z',
    children: [
      { path: '/lending/customers', label: 'Customers', permission: 'view lending', icon: '', offline: true },
      { path: '/lending/loans', label: 'Loans', permission: 'view lending', icon: '', offline: true },
      { path: '/lending/items', label: 'Items', permission: 'view lending', icon: '', offline: true },
    ],
  },
  { path: '/triage', label: 'Triage', permission: 'view screenings', role: 'counselor', icon: 'M12 9v3.75m9-.75a9 9 0 11-18 0 9 9 0 0118 0zm-9 3.75h.008v.008H12v-.008z' },
  { path: '/schedule', label: 'My Schedule', role: 'counselor', icon: 'M12 6v6h4.5m4.5 0a9 9 0 11-18 0 9 9 0 0118 0z' },
  {
    path: '/settings',
    label: 'Settings',
    permission: 'manage users',
    icon: 'M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.324.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 011.37.49l1.296 2.247a1.125 1.125 0 01-.26 1.431l-1.003.827c-.293.24-.438.613-.431.992a6.759 6.759 0 010 .255c-.007.378.138.75.43.99l1.005.828c.424.35.534.954.26 1.43l-1.298 2.247a1.125 1.125 0 01-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.57 6.57 0 01-.22.128c-.331.183-.581.495-.644.869l-.213 1.28c-.09.543-.56.941-1.11.941h-2.594c-.55 0-1.02-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 01-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 01-1.369-.49l-1.297-2.247a1.125 1.125 0 01.26-1.431l1.004-.827c.292-.24.437-.613.43-.992a6.932 6.932 0 010-.255c.007-.378-.138-.75-.43-.99l-1.004-.828a1.125 1.125 0 01-.26-1.43l1.297-2.247a1.125 1.125 0 011.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.087.22-.128.332-.183.582-.495.644-.869l.214-1.281z M15 12a3 3 0 11-6 0 3 3 0 016 0z',
    children: [
      { path: '/settings/users', label: 'Users', permission: 'manage users', icon: '' },
      { path: '/settings/roles', label: 'Roles & Permissions', permission: 'manage users', icon: '' },
      { path: '/settings/site', label: 'Site Settings', permission: 'manage users', icon: '' },
    ],
  },
];

export function canAccess(user: AuthUser | null, access: Access | undefined): boolean {
  if (!user) return false;
  if (!access) return true;
  if (access.permission && !hasPermission(user, access.permission)) return false;
  if (access.role && !hasRole(user, access.role)) return false;
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

/** Offline, only entries marked `offline` stay usable (spec section 2: the others are greyed and marked '(Offline)'). */
export function usableNow(entry: NavEntry, online: boolean): boolean {
  return online || entry.offline === true;
}
