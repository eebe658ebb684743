// @vitest-environment node
import type { AuthUser } from '@kalinga/contracts/auth';
import { describe, expect, it } from 'vitest';
import { canAccess, homePath, NAV, SYNC_ACCESS, usableNow, visibleNav } from './nav';

const base: AuthUser = { id: 1, name: 'A', username: 'A', email: 'a@x.test', avatar: null, role: 'student', roles: ['student'], permissions: [], user_type: 'student', student_id: null, department: null, birth_date: null, status: 'active' };

describe('visibleNav', () => {
  it("a student's menu lacks Settings, Reports and My Schedule", () => {
    const labels = visibleNav({ ...base, permissions: ['view appointments', 'view resources'] }).map((e) => e.label);
    expect(labels).toEqual(['Appointments', 'Waitlist', 'Workshops', 'Categories', 'Resources']);
  });

  it('a counselor sees My Schedule and Reports; an administrator sees Settings with its three children', () => {
    const counselor = visibleNav({ ...base, user_type: 'counselor', roles: ['counselor'], permissions: ['view appointments', 'view reports'] }).map((e) => e.label);
    expect(counselor).toEqual(['Appointments', 'Waitlist', 'Reports', 'My Schedule', 'Groups', 'Clients']);
    const admin = visibleNav({ ...base, user_type: 'personnel', roles: ['admin'], permissions: ['manage users'] });
    expect(admin.map((e) => e.label)).toEqual(['Groups', 'Settings']);
    expect(admin[1].children?.map((c) => c.label)).toEqual(['Users', 'Roles & Permissions', 'Site Settings']);
  });

  it('Notes to review is only for a counselor who supervises another (decision 0208)', () => {
    const counselor = { ...base, user_type: 'counselor' as const, roles: ['counselor'], permissions: ['view appointments'] };
    expect(visibleNav(counselor).map((e) => e.label)).not.toContain('Notes to review');
    expect(visibleNav({ ...counselor, supervises: true }).map((e) => e.label)).toEqual(['Appointments', 'Waitlist', 'My Schedule', 'Groups', 'Clients', 'Notes to review']);
    expect(visibleNav({ ...base, supervises: true }).map((e) => e.label)).not.toContain('Notes to review');
  });

  it("the Lending group (Customers, Loans, Items; Notices and Auction List online) needs 'view lending' and stays usable offline; Covered Transactions is a manager's", () => {
    expect(visibleNav({ ...base, permissions: ['view appointments'] }).map((e) => e.label)).not.toContain('Lending');
    const clerk = visibleNav({ ...base, permissions: ['view lending'] });
    expect(clerk.map((e) => e.label)).toEqual(['Lending']);
    expect(clerk[0].children?.map((c) => [c.label, c.offline])).toEqual([['Customers', true], ['Loans', true], ['Items', true], ['Vault Count', true], ['Transfers', undefined], ['Notices', undefined], ['Auction List', undefined], ['Lending Categories', true], ['Day Rates', true]]);
    // The company's report (decision 0364): for who works at every branch, with the lending view.
    const manager = visibleNav({ ...base, permissions: ['view lending', 'manage branches'] });
    expect(manager[0].children?.map((c) => c.label)).toContain('Covered Transactions');
    expect(visibleNav({ ...base, permissions: ['manage branches'] })[0].children?.map((c) => c.label)).toEqual(['Branches']);
  });
});

describe('usableNow', () => {
  it('offline, only the entries that work from the local store stay usable (Categories, Lending); online, all of them', () => {
    expect(NAV.filter((e) => usableNow(e, false)).map((e) => e.label)).toEqual(['Categories', 'Lending']);
    expect(NAV.filter((e) => usableNow(e, true))).toHaveLength(NAV.length);
  });
});

describe('homePath', () => {
  it('lands each user on the first menu entry they may use, and on My Profile when none', () => {
    expect(homePath({ ...base, permissions: ['view appointments', 'view resources'] })).toBe('/appointments');
    expect(homePath({ ...base, permissions: ['view lending', 'manage lending'] })).toBe('/lending');
    expect(homePath({ ...base, permissions: ['view reports'] })).toBe('/reports');
    expect(homePath({ ...base, roles: ['landlord'], permissions: [] })).toBe('/profile');
    expect(homePath(null)).toBe('/profile');
  });
});

describe('SYNC_ACCESS', () => {
  it('opens the Sync page to lending users and category editors, not to a student', () => {
    expect(canAccess({ ...base, permissions: ['view lending'] }, SYNC_ACCESS)).toBe(true);
    expect(canAccess({ ...base, permissions: ['view resources', 'manage resources'] }, SYNC_ACCESS)).toBe(true);
    expect(canAccess({ ...base, permissions: ['view appointments', 'view resources'] }, SYNC_ACCESS)).toBe(false);
  });
});
