import { lazy, type ReactNode, Suspense } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { getToken } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { getAuthState, hasPermission } from '../features/auth/auth-store';
import { LoginPage } from '../features/auth/login-page';
import { Dashboard, GuestOnly, NotFound, RequireAuth } from './guard';
import { screenToReady } from './home-hint';
import { type Access, SYNC_ACCESS } from './nav';
import { RolesPage, SettingsPage, UsersPage } from './settings-screens';
import { PageSkeleton, ShellSkeleton } from './skeletons';

// The sign-in page is the only screen in the entry chunk (decision 0097): the signed-in frame and
// every screen are chunks of their own, loaded on their route (skeletons meanwhile, the same size as what
// replaces them). The service worker precaches them all, so they open offline too.
const layout = () => import('./layout');
const profile = () => import('../features/profile/profile-page');
const appointments = () => import('../features/appointments/appointments-page');
const categories = () => import('../features/categories/categories-page');
const resources = () => import('../features/resources/resources-page');
const reports = () => import('../features/reports/reports-page');
const AppLayout = lazyScreen(() => layout().then((m) => m.AppLayout));
const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
const ProfilePage = lazyScreen(() => profile().then((m) => m.ProfilePage));
const AppointmentsPage = lazyScreen(() => appointments().then((m) => m.AppointmentsPage));
const SchedulePage = lazy(() => import('../features/schedule/schedule-page').then((m) => ({ default: m.SchedulePage })));
const CategoriesPage = lazyScreen(() => categories().then((m) => m.CategoriesPage));
const ResourceDetailPage = lazy(() => import('../features/resources/resource-detail-page').then((m) => ({ default: m.ResourceDetailPage })));
const ResourcesPage = lazyScreen(() => resources().then((m) => m.ResourcesPage));
const SyncPage = lazy(() => import('../features/sync/sync-page').then((m) => ({ default: m.SyncPage })));
const lending = () => import('../features/lending/lending-routes');
const CustomersPage = lazy(() => lending().then((m) => ({ default: m.CustomersPage })));
const CustomerPage = lazy(() => lending().then((m) => ({ default: m.CustomerPage })));
const LoansPage = lazy(() => lending().then((m) => ({ default: m.LoansPage })));
const NewLoanPage = lazy(() => lending().then((m) => ({ default: m.NewLoanPage })));
const LoanPage = lazy(() => lending().then((m) => ({ default: m.LoanPage })));
const TicketPage = lazy(() => lending().then((m) => ({ default: m.TicketPage })));
const ItemsPage = lazy(() => lending().then((m) => ({ default: m.ItemsPage })));
const CashDayPage = lazy(() => lending().then((m) => ({ default: m.CashDayPage })));
const NoticesPage = lazy(() => lending().then((m) => ({ default: m.NoticesPage })));
const NoticeLetterPage = lazy(() => lending().then((m) => ({ default: m.NoticeLetterPage })));
const AuctionPage = lazy(() => lending().then((m) => ({ default: m.AuctionPage })));
const CoveredPage = lazy(() => lending().then((m) => ({ default: m.CoveredPage })));
const ReportsPage = lazyScreen(() => reports().then((m) => m.ReportsPage));
// The crisis screen: signed in or not, online or not (precached; decision 0161).
const IntakePage = lazy(() => import('../features/intake/intake-page').then((m) => ({ default: m.IntakePage })));
const WaitlistPage = lazy(() => import('../features/waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage })));
const TriagePage = lazy(() => import('../features/triage/triage-page').then((m) => ({ default: m.TriagePage })));
const ClientScreeningsPage = lazy(() => import('../features/triage/client-screenings-page').then((m) => ({ default: m.ClientScreeningsPage })));
const CrisisPage = lazy(() => import('../features/crisis/crisis-page').then((m) => ({ default: m.CrisisPage })));

/** The main screens by the first part of their path ('' is the landing screen, Appointments). */
const SCREENS: Record<string, { preload: () => Promise<unknown> }> = {
  '': AppointmentsPage,
  appointments: AppointmentsPage,
  categories: CategoriesPage,
  resources: ResourcesPage,
  reports: ReportsPage,
  profile: ProfilePage,
  settings: UsersPage,
  'settings/users': UsersPage,
  'settings/roles': RolesPage,
  'settings/site': SettingsPage,
};

/** The first lists of the screens that have them, by path segment (each call is one query, cached for the screen). */
const landingLists = () => import('../features/appointments/api/appointments-api').then((m) => m.prefetchLandingLists(queryClient));
const SCREEN_DATA: Record<string, () => Promise<void>> = {
  '': landingLists,
  appointments: landingLists,
  categories: () => import('../features/categories/api/use-categories').then((m) => m.prefetchFirstCategories(queryClient)),
};

/** Users' first lists start with the navigation, not after the screen's first render (decision 0139). */
function usersLists(): null {
  if (hasPermission(getAuthState().user, 'manage users') && navigator.onLine) {
    void import('../features/users/users-api').then((m) => m.prefetchUsersLists(queryClient)).catch(() => undefined);
  }
  return null;
}

/**
 * At start-up with a session on the device: the signed-in frame's and the screen's code download while the
 * session is checked, instead of after it (decision 0098); the page's modulepreloads usually have them in
 * flight already (0099). Resolves when both are loaded, so the first render draws them (lib/lazy-screen.tsx).
 */
export function preloadSignedInScreen(pathname: string): Promise<unknown> {
  // At '/', the screen this device's user lands on; lists only of a screen the user may open (home-hint.ts).
  const { screen, listsAllowed } = screenToReady(pathname);
  // The screen's first lists too, with the token the device kept (a refused one signs out, as the check would).
  if (getToken() && navigator.onLine && listsAllowed) void SCREEN_DATA[screen]?.().catch(() => undefined);
  const twoDeep = pathname.split('/').slice(1, 3).join('/');
  return Promise.all([AppLayout.preload(), (SCREENS[twoDeep] ?? SCREENS[screen])?.preload()]);
}

/** A signed-in child route of the layout, with the role or permission it needs. */
function page(path: string, element: ReactNode, access?: Access): RouteObject {
  return { path, element: <RequireAuth access={access}>{element}</RequireAuth> };
}

export const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly><LoginPage /></GuestOnly> },
  { path: '/register', element: <GuestOnly><Suspense fallback={<PageSkeleton />}><RegisterPage /></Suspense></GuestOnly> },
  { path: '/crisis', element: <Suspense fallback={<PageSkeleton />}><CrisisPage /></Suspense> },
  {
    path: '/',
    element: <RequireAuth fallback={<ShellSkeleton />}><Suspense fallback={<ShellSkeleton />}><AppLayout /></Suspense></RequireAuth>,
    // Any navigation error goes to /login (product-rules.md#navigation).
    errorElement: <Navigate to="/login" replace />,
    children: [
      { index: true, element: <RequireAuth><Dashboard><AppointmentsPage /></Dashboard></RequireAuth> },
      page('appointments', <AppointmentsPage />, { permission: 'view appointments' }),
      page('schedule', <SchedulePage />, { role: 'counselor' }),
      page('profile', <ProfilePage />),
      page('categories', <CategoriesPage />, { permission: 'view resources' }),
      page('resources', <ResourcesPage />, { permission: 'view resources' }),
      page('resources/:id', <ResourceDetailPage />, { permission: 'view resources' }),
      page('reports', <ReportsPage />, { permission: 'view reports' }),
      page('sync', <SyncPage />, SYNC_ACCESS),
      page('intake', <IntakePage />),
      page('waitlist', <WaitlistPage />, { permission: 'view appointments' }),
      page('triage', <TriagePage />, { permission: 'view screenings', role: 'counselor' }),
      page('clients/:id/screenings', <ClientScreeningsPage />, { permission: 'view screenings', role: 'counselor' }),
      page('lending', <Navigate to="/lending/loans" replace />, { permission: 'view lending' }),
      page('lending/customers', <CustomersPage />, { permission: 'view lending' }),
      page('lending/customers/:uuid', <CustomerPage />, { permission: 'view lending' }),
      page('lending/loans', <LoansPage />, { permission: 'view lending' }),
      page('lending/loans/new', <NewLoanPage />, { permission: 'manage lending' }),
      page('lending/loans/:uuid', <LoanPage />, { permission: 'view lending' }),
      page('lending/loans/:uuid/ticket', <TicketPage />, { permission: 'view lending' }),
      page('lending/items', <ItemsPage />, { permission: 'view lending' }),
      page('lending/cash-day', <CashDayPage />, { permission: 'manage lending' }),
      page('lending/notices', <NoticesPage />, { permission: 'view lending' }),
      page('lending/notices/:uuid/letter', <NoticeLetterPage />, { permission: 'view lending' }),
      page('lending/auction', <AuctionPage />, { permission: 'view lending' }),
      page('lending/covered', <CoveredPage />, { permission: 'view lending' }),
      page('settings', <Navigate to="/settings/users" replace />, { permission: 'manage users' }),
      { ...page('settings/users', <UsersPage />, { permission: 'manage users' }), loader: usersLists },
      page('settings/roles', <RolesPage />, { permission: 'manage users' }),
      page('settings/site', <SettingsPage />, { permission: 'manage users' }),
      page('*', <NotFound />),
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
