import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getToken } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { LoginPage } from '../features/auth/login-page';
import { GuestOnly, NotFound, RequireAuth } from './guard';
import type { Access } from './nav';
import { PageSkeleton, ShellSkeleton } from './skeletons';

// The sign-in page is the only screen in the entry chunk (issue 16, decision 0097): the signed-in frame and
// every screen are chunks of their own, loaded on their route (skeletons meanwhile, the same size as what
// replaces them). The service worker precaches them all, so they open offline too.
const layout = () => import('./layout');
const profile = () => import('../features/profile/profile-page');
const appointments = () => import('../features/appointments/appointments-page');
const categories = () => import('../features/categories/categories-page');
const resources = () => import('../features/resources/resources-page');
const reports = () => import('../features/reports/reports-page');
const AppLayout = lazy(() => layout().then((m) => ({ default: m.AppLayout })));
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const ProfilePage = lazy(() => profile().then((m) => ({ default: m.ProfilePage })));
const AppointmentsPage = lazy(() => appointments().then((m) => ({ default: m.AppointmentsPage })));
const RolesPage = lazy(() => import('../features/roles/roles-page').then((m) => ({ default: m.RolesPage })));
const SchedulePage = lazy(() => import('../features/schedule/schedule-page').then((m) => ({ default: m.SchedulePage })));
const SettingsPage = lazy(() => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));
const UsersPage = lazy(() => import('../features/users/users-page').then((m) => ({ default: m.UsersPage })));
const CategoriesPage = lazy(() => categories().then((m) => ({ default: m.CategoriesPage })));
const ResourceDetailPage = lazy(() => import('../features/resources/resource-detail-page').then((m) => ({ default: m.ResourceDetailPage })));
const ResourcesPage = lazy(() => resources().then((m) => ({ default: m.ResourcesPage })));
const SyncPage = lazy(() => import('../features/sync/sync-page').then((m) => ({ default: m.SyncPage })));
const lending = () => import('../features/lending/lending-routes');
const CustomersPage = lazy(() => lending().then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => lending().then((m) => ({ default: m.CustomerPage })));
const LoansPage = lazy(() => lending().then((m) => ({ default: m.LoansPage })));
const NewLoanPage = lazy(() => lending().then((m) => ({ default: m.NewLoanPage })));
const LoanPage = lazy(() => lending().then((m) => ({ default: m.LoanPage })));
const TicketPage = lazy(() => lending().then((m) => ({ default: m.TicketPage })));
const ItemsPage = lazy(() => lending().then((m) => ({ default: m.ItemsPage })));
const ReportsPage = lazy(() => reports().then((m) => ({ default: m.ReportsPage })));

/** The main screens' code by the first part of their path ('' is the landing screen, Appointments). */
const SCREEN_CODE: Record<string, () => Promise<unknown>> = { '': appointments, appointments, categories, resources, reports, profile };

/**
 * At start-up with a session on the device: the signed-in frame's and the screen's code download while the
 * session is checked, instead of after it (decision 0098). The lazy routes then find them loaded.
 */
export function preloadSignedInScreen(pathname: string): void {
  const quiet = () => undefined;
  const screen = pathname.split('/')[1] ?? '';
  void layout().catch(quiet);
  void SCREEN_CODE[screen]?.().catch(quiet);
  // The landing screen's lists too, with the token the device kept (a refused one signs out, as the check would).
  if ((screen === '' || screen === 'appointments') && getToken() && navigator.onLine) {
    void import('../features/appointments/api/appointments-api').then((m) => m.prefetchLandingLists(queryClient)).catch(quiet);
  }
}

/** A signed-in child route of the layout, with the role or permission it needs. */
function page(path: string, element: ReactNode, access?: Access): RouteObject {
  return { path, element: <RequireAuth access={access}>{element}</RequireAuth> };
}

export const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly><LoginPage /></GuestOnly> },
  { path: '/register', element: <GuestOnly><Suspense fallback={<PageSkeleton />}><RegisterPage /></Suspense></GuestOnly> },
  {
    path: '/',
    element: <RequireAuth fallback={<ShellSkeleton />}><Suspense fallback={<ShellSkeleton />}><AppLayout /></Suspense></RequireAuth>,
    // Spec section 2: any navigation error goes to /login.
    errorElement: <Navigate to="/login" replace />,
    children: [
      { index: true, element: <RequireAuth><AppointmentsPage /></RequireAuth> },
      page('appointments', <AppointmentsPage />),
      page('schedule', <SchedulePage />, { role: 'counselor' }),
      page('profile', <ProfilePage />),
      page('categories', <CategoriesPage />, { permission: 'view resources' }),
      page('resources', <ResourcesPage />, { permission: 'view resources' }),
      page('resources/:id', <ResourceDetailPage />, { permission: 'view resources' }),
      page('reports', <ReportsPage />, { permission: 'view reports' }),
      page('sync', <SyncPage />),
      page('lending', <Navigate to="/lending/loans" replace />, { permission: 'view lending' }),
      page('lending/customers', <CustomersPage />, { permission: 'view lending' }),
      page('lending/customers/:uuid', <CustomerPage />, { permission: 'view lending' }),
      page('lending/loans', <LoansPage />, { permission: 'view lending' }),
      page('lending/loans/new', <NewLoanPage />, { permission: 'manage lending' }),
      page('lending/loans/:uuid', <LoanPage />, { permission: 'view lending' }),
      page('lending/loans/:uuid/ticket', <TicketPage />, { permission: 'view lending' }),
      page('lending/items', <ItemsPage />, { permission: 'view lending' }),
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
