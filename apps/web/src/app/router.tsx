import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppointmentsPage } from '../features/appointments/appointments-page';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ProfilePage } from '../features/profile/profile-page';
import { RolesPage } from '../features/roles/roles-page';
import { SchedulePage } from '../features/schedule/schedule-page';
import { SettingsPage } from '../features/settings/settings-page';
import { UsersPage } from '../features/users/users-page';
import { CategoriesPage } from '../features/categories/categories-page';
import { ResourceDetailPage } from '../features/resources/resource-detail-page';
import { ResourcesPage } from '../features/resources/resources-page';
import { ReportsPage } from '../features/reports/reports-page';
import { GuestOnly, NotFound, RequireAuth } from './guard';
import { AppLayout } from './layout';
import type { Access } from './nav';

/** A signed-in child route of the layout, with the role or permission it needs. */
function page(path: string, element: ReactNode, access?: Access): RouteObject {
  return { path, element: <RequireAuth access={access}>{element}</RequireAuth> };
}

export const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly><LoginPage /></GuestOnly> },
  { path: '/register', element: <GuestOnly><RegisterPage /></GuestOnly> },
  {
    path: '/',
    element: <RequireAuth><AppLayout /></RequireAuth>,
    // Spec section 2: any navigation error goes to /login.
    errorElement: <Navigate to="/login" replace />,
    children: [
      { index: true, element: <RequireAuth><AppointmentsPage /></RequireAuth> },
      page('appointments', <AppointmentsPage />),
      page('schedule', <SchedulePage />, { role: 'counselor' }),
      page('profile', <ProfilePage />),
      // Feature routes: one line each, e.g. page('categories', <CategoriesPage />, { permission: 'view resources' }),
      page('categories', <CategoriesPage />, { permission: 'view resources' }),
      page('resources', <ResourcesPage />, { permission: 'view resources' }),
      page('resources/:id', <ResourceDetailPage />, { permission: 'view resources' }),
      page('reports', <ReportsPage />, { permission: 'view reports' }),
      page('settings', <Navigate to="/settings/users" replace />, { permission: 'manage users' }),
      page('settings/users', <UsersPage />, { permission: 'manage users' }),
      page('settings/roles', <RolesPage />, { permission: 'manage users' }),
      page('settings/site', <SettingsPage />, { permission: 'manage users' }),
      page('*', <NotFound />),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
