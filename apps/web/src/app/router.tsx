import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { lazyScreen } from '../lib/lazy-screen';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { getToken } from '../lib/api-client';
import { getAuthState, hasPermission } from '../session/auth-store';
import { LoginPage } from '../features/auth/login-page';
import { Dashboard, GuestOnly, NotFound, RequireAuth } from './guard';
import { routesForPath } from './routes-for-path';
import { landingExtras, screenToReady } from '../lib/home-hint';
import { type Access, COVERED_ACCESS, GROUPS_ACCESS, SYNC_ACCESS, WORKSHOPS_ACCESS } from './nav';
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
// The new ticket's form (photos, the day's metal rates) is its own chunk: the counter's lists load without it.
const NewLoanPage = lazy(() => import('../features/lending/new-loan-page').then((m) => ({ default: m.NewLoanPage })));
const LoanPage = lazy(() => lending().then((m) => ({ default: m.LoanPage })));
const TicketPage = lazy(() => lending().then((m) => ({ default: m.TicketPage })));
const ItemsPage = lazy(() => lending().then((m) => ({ default: m.ItemsPage })));
// The vault's and the branches' screens are their own chunks: the counter's first screens load without them.
const ItemPage = lazy(() => import('../features/lending/vault/item-page').then((m) => ({ default: m.ItemPage })));
const ItemLabelPage = lazy(() => import('../features/lending/vault/label-page').then((m) => ({ default: m.LabelPage })));
const VaultCountPage = lazy(() => import('../features/lending/vault/vault-count-page').then((m) => ({ default: m.VaultCountPage })));
const TransfersPage = lazy(() => import('../features/lending/vault/transfers-page').then((m) => ({ default: m.TransfersPage })));
const CashDayPage = lazy(() => lending().then((m) => ({ default: m.CashDayPage })));
const NoticesPage = lazy(() => lending().then((m) => ({ default: m.NoticesPage })));
const NoticeLetterPage = lazy(() => lending().then((m) => ({ default: m.NoticeLetterPage })));
const AuctionPage = lazy(() => lending().then((m) => ({ default: m.AuctionPage })));
const CoveredPage = lazy(() => lending().then((m) => ({ default: m.CoveredPage })));
const BranchesPage = lazy(() => import('../features/lending/branches-page').then((m) => ({ default: m.BranchesPage })));
const CategoriesTermsPage = lazy(() => import('../features/lending/terms/categories-terms-page').then((m) => ({ default: m.CategoriesTermsPage })));
const MetalRatesPage = lazy(() => import('../features/lending/terms/metal-rates-page').then((m) => ({ default: m.MetalRatesPage })));
const ReportsPage = lazyScreen(() => reports().then((m) => m.ReportsPage));
// The crisis screen: signed in or not, online or not (precached; decision 0161).
const IntakePage = lazy(() => import('../features/screening/intake-page').then((m) => ({ default: m.IntakePage })));
const WaitlistPage = lazy(() => import('../features/waitlist/waitlist-page').then((m) => ({ default: m.WaitlistPage })));
const TriagePage = lazy(() => import('../features/screening/triage-page').then((m) => ({ default: m.TriagePage })));
const AccessLogPage = lazy(() => import('../features/access-log/access-log-page').then((m) => ({ default: m.AccessLogPage })));
const ClientScreeningsPage = lazy(() => import('../features/screening/client-screenings-page').then((m) => ({ default: m.ClientScreeningsPage })));
const ClientNotesPage = lazy(() => import('../features/case-notes/client-notes-page').then((m) => ({ default: m.ClientNotesPage })));
const NotePage = lazy(() => import('../features/case-notes/note-page').then((m) => ({ default: m.NotePage })));
const ReviewQueuePage = lazy(() => import('../features/case-notes/review-queue-page').then((m) => ({ default: m.ReviewQueuePage })));
const GroupNoteReviewPage = lazy(() => import('../features/groups/group-note-review-page').then((m) => ({ default: m.GroupNoteReviewPage })));
const ClientsPage = lazy(() => import('../features/client-file/clients-page').then((m) => ({ default: m.ClientsPage })));
const ClientFilePage = lazy(() => import('../features/client-file/client-file-page').then((m) => ({ default: m.ClientFilePage })));
const PurgeReviewPage = lazy(() => import('../features/client-file/purge-review-page').then((m) => ({ default: m.PurgeReviewPage })));
const GroupsPage = lazy(() => import('../features/groups/groups-page').then((m) => ({ default: m.GroupsPage })));
const WorkshopsPage = lazy(() => import('../features/groups/workshops-page').then((m) => ({ default: m.WorkshopsPage })));
const CrisisPage = lazy(() => import('../features/screening/crisis-page').then((m) => ({ default: m.CrisisPage })));

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
// The query library loads with them (it is not in the entry script, decision 0230).
const queries = () => import('../lib/query-client').then((m) => m.queryClient);
const landingLists = () => Promise.all([import('../features/appointments/api/appointments-api'), queries()]).then(([m, client]) => m.prefetchLandingLists(client, landingExtras()));
const SCREEN_DATA: Record<string, () => Promise<void>> = {
  '': landingLists,
  appointments: landingLists,
  categories: () => Promise.all([import('../features/categories/api/use-categories'), queries()]).then(([m, client]) => m.prefetchFirstCategories(client)),
};

/** Users' first lists start with the navigation, not after the screen's first render (decision 0139). */
function usersLists(): null {
  if (hasPermission(getAuthState().user, 'manage users') && navigator.onLine) {
    void Promise.all([import('../features/users/users-api'), queries()]).then(([m, client]) => m.prefetchUsersLists(client)).catch(() => undefined);
  }
  return null;
}

/** Starts `load` when its route is entered, before the screen's code has arrived (a data router's loader did this). */
function WithLists({ load, children }: { load: () => unknown; children: ReactNode }) {
  useState(load);
  return children;
}

/** Any error drawing a signed-in route goes to /login (product-rules.md#navigation), as a data router's errorElement did. */
class ToLoginOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(error: unknown): void {
    console.error('A screen failed to draw', error);
  }
  override render(): ReactNode {
    return this.state.failed ? <Navigate to="/login" replace /> : this.props.children;
  }
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
    // Any navigation error goes to /login (product-rules.md#navigation).
    element: <ToLoginOnError><RequireAuth fallback={<ShellSkeleton />}><Suspense fallback={<ShellSkeleton />}><AppLayout /></Suspense></RequireAuth></ToLoginOnError>,
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
      page('groups', <GroupsPage />, GROUPS_ACCESS),
      page('workshops', <WorkshopsPage />, WORKSHOPS_ACCESS),
      page('triage', <TriagePage />, { permission: 'view screenings', role: 'counselor' }),
      page('access-log', <AccessLogPage />, { permission: 'view access log' }),
      page('files-to-purge', <PurgeReviewPage />, { permission: 'view access log' }),
      page('clients/:id/screenings', <ClientScreeningsPage />, { permission: 'view screenings', role: 'counselor' }),
      page('clients', <ClientsPage />, { role: 'counselor' }),
      page('clients/:id', <ClientFilePage />, { role: 'counselor' }),
      page('clients/:id/notes', <ClientNotesPage />, { role: 'counselor' }),
      page('case-notes/review', <ReviewQueuePage />, { role: 'counselor' }),
      page('case-notes/:uuid', <NotePage />, { role: 'counselor' }),
      page('group-notes/:uuid', <GroupNoteReviewPage />, { role: 'counselor' }),
      page('lending', <Navigate to="/lending/loans" replace />, { permission: 'view lending' }),
      page('lending/customers', <CustomersPage />, { permission: 'view lending' }),
      page('lending/customers/:uuid', <CustomerPage />, { permission: 'view lending' }),
      page('lending/loans', <LoansPage />, { permission: 'view lending' }),
      page('lending/loans/new', <NewLoanPage />, { permission: 'manage lending' }),
      page('lending/loans/:uuid', <LoanPage />, { permission: 'view lending' }),
      page('lending/loans/:uuid/ticket', <TicketPage />, { permission: 'view lending' }),
      page('lending/items', <ItemsPage />, { permission: 'view lending' }),
      page('lending/items/:uuid', <ItemPage />, { permission: 'view lending' }),
      page('lending/items/:uuid/label', <ItemLabelPage />, { permission: 'view lending' }),
      page('lending/vault-count', <VaultCountPage />, { permission: 'view lending' }),
      page('lending/transfers', <TransfersPage />, { permission: 'view lending' }),
      page('lending/cash-day', <CashDayPage />, { permission: 'manage lending' }),
      page('lending/notices', <NoticesPage />, { permission: 'view lending' }),
      page('lending/notices/:uuid/letter', <NoticeLetterPage />, { permission: 'view lending' }),
      page('lending/auction', <AuctionPage />, { permission: 'view lending' }),
      page('lending/covered', <CoveredPage />, COVERED_ACCESS),
      page('lending/branches', <BranchesPage />, { permission: 'manage branches' }),
      page('lending/categories', <CategoriesTermsPage />, { permission: 'view lending' }),
      page('lending/rates', <MetalRatesPage />, { permission: 'view lending' }),
      page('settings', <Navigate to="/settings/users" replace />, { permission: 'manage users' }),
      page('settings/users', <WithLists load={usersLists}><UsersPage /></WithLists>, { permission: 'manage users' }),
      page('settings/roles', <RolesPage />, { permission: 'manage users' }),
      page('settings/site', <SettingsPage />, { permission: 'manage users' }),
      page('*', <NotFound />),
    ],
  },
];

const navigationListeners = new Set<() => void>();

/** Calls `listener` after each navigation (and once at the first render); returns the unsubscribe. */
export function onNavigation(listener: () => void): () => void {
  navigationListeners.add(listener);
  return () => navigationListeners.delete(listener);
}

/**
 * The app's routes, drawn under a `<BrowserRouter>` (main.tsx). Declarative routing, not a data router: no route
 * has a loader or an action, and the data router's code was a third of react-router's bytes in every page's entry
 * script (decision 0230).
 */
export function AppRoutes() {
  const location = useLocation();
  useEffect(() => {
    // The path whose screen is drawn now (the last screen keeps only that one's markup, last-screen/keep.ts).
    document.documentElement.dataset.drawnPath = location.pathname;
    navigationListeners.forEach((listener) => listener());
  }, [location]);
  // Only the routes that may match: React Router matches the whole list anew on every render (routes-for-path.ts).
  return useRoutes(routesForPath(routes, location.pathname));
}
