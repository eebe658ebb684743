import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { Avatar } from '../components/ui/avatar';
import { BranchSwitcher } from './branch-switcher';
import { confirm, ConfirmHost } from '../components/ui/confirm-dialog';
import { ToastLayer } from '../components/ui/toast-layer';
import { hasPermission, isSignedIn, logout, switchCompany, useAuth } from '../session/auth-store';
import { loadedInStage, useAfterFirstScreen } from '../lib/first-screen';
import { useLoadedWhen } from '../lib/load-when';
import { useOnlineStatus } from '../lib/online-status';
import { useDocumentTitle, useSiteSettings } from '../session/site-settings';
import { SyncIndicatorView } from '../features/sync/sync-indicator';
import { MenuIcon, PageSkeleton, ShellSkeleton } from './skeletons';
import { NotificationBell } from '../features/notifications/notification-bell';
import { HelpNowLink, showsHelpNow } from '../components/help-now-link';
import { canAccess, homePath, type NavEntry, SYNC_ACCESS, usableNow, visibleNav } from './nav';
import { NAV_ICONS } from './nav-icons';
import { preloadSettingsScreens } from './settings-preload';
import { rememberScreens } from '../lib/home-hint';
import { COMPANY_KEY } from '../lib/storage-keys';
import { queryClient } from '../lib/query-client';
import { setSiteLanguage, setUserLanguage, useT } from '../lib/i18n';
import { NAV_LABELS } from './nav-labels';

const loadLiveIndicator = () => loadedInStage(1, import('../features/sync/sync-indicator-live'));

/**
 * The top bar's sync indicator: drawn at once without counts; the live one (the queue's code, zod) loads once
 * the first screen shows its content (lib/first-screen.ts) and takes its place, the same size.
 */
function TopBarSyncIndicator() {
  const live = useLoadedWhen(loadLiveIndicator, useAfterFirstScreen(1));
  return live ? <live.SyncIndicator /> : <SyncIndicatorView counts={undefined} />;
}

/**
 * For someone with nothing that could wait on this device (the Sync page is not theirs; nav.ts SYNC_ACCESS):
 * the connection's state alone, in words at every width, like the sync indicator's.
 */
function ConnectionState() {
  const t = useT('frame');
  const online = useOnlineStatus();
  return (
    <span className="flex items-center gap-2 px-0 text-sm font-semibold sm:px-2" role="status" data-testid="connection-state">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${online ? 'bg-success' : 'bg-warning'}`} />
      {online ? t('frame.online') : t('frame.offline')}
    </span>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" className="h-5 w-5 shrink-0" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={1.5}>
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

function SidebarEntry({ entry, online, onNavigate }: { entry: NavEntry; online: boolean; onNavigate: () => void }) {
  const t = useT('frame');
  const label = (e: { path: string; label: string }) => (NAV_LABELS[e.path] ? t(NAV_LABELS[e.path]) : e.label);
  const location = useLocation();
  const current = location.pathname === entry.path || location.pathname.startsWith(`${entry.path}/`);
  if (!usableNow(entry, online)) {
    // Offline: greyed, marked, and inert unless the entry works from the local store.
    return (
      <li>
        <span className="menu-disabled flex items-center gap-3 opacity-50" aria-disabled="true">
          <Icon d={NAV_ICONS[entry.path] ?? ''} />
          {t('frame.navOffline', { label: label(entry) })}
        </span>
      </li>
    );
  }
  return (
    <li>
      <NavLink to={entry.children ? entry.children[0].path : entry.path} className={({ isActive }) => `flex items-center gap-3 ${isActive || current ? 'menu-active' : ''}`} onClick={onNavigate}>
        <Icon d={NAV_ICONS[entry.path] ?? ''} />
        {label(entry)}
      </NavLink>
      {entry.children && current && (
        <ul>
          {entry.children.map((child) => (
            <li key={child.path}>
              <NavLink to={child.path} className={({ isActive }) => (isActive ? 'menu-active' : '')} onClick={onNavigate}>
                {label(child)}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function UserMenu() {
  const t = useT('frame');
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(ref, open, useCallback(() => setOpen(false), []), button);
  const signOut = async () => {
    setOpen(false);
    // Unsent changes stay in this user's own book on the device (decision 0110): say so before signing out.
    const unsent = hasPermission(user, 'view lending') ? await import('../offline/queue-counts').then((m) => m.unsentCount()).catch(() => 0) : 0;
    if (unsent > 0) {
      const ok = await confirm({
        title: t('frame.signOutUnsent.title'),
        text: t('frame.signOutUnsent.text', { count: unsent }),
        confirmText: t('frame.signOut'),
        cancelText: t('frame.signOutUnsent.stay'),
      });
      if (!ok) return;
    }
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className="relative" ref={ref}>
      <button ref={button} type="button" className="btn btn-ghost gap-2 px-1 sm:px-2" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <Avatar name={user?.name} src={user?.avatar} size="sm" />
        {/* Hidden visually on phones but still the button's accessible name. */}
        <span className="sr-only max-w-40 truncate sm:not-sr-only" data-testid="username">{user?.username}</span>
      </button>
      {open && (
        <ul role="menu" className="menu absolute right-0 z-30 mt-2 w-52 rounded-box bg-base-100 p-2 shadow-lg">
          <li role="none"><Link role="menuitem" to="/profile" onClick={() => setOpen(false)}>{t('frame.myProfile')}</Link></li>
          {hasPermission(user, 'manage users') && <li role="none"><Link role="menuitem" to="/settings" onClick={() => setOpen(false)}>{t('frame.settings')}</Link></li>}
          <li role="none"><button role="menuitem" type="button" onClick={signOut}>{t('frame.signOut')}</button></li>
        </ul>
      )}
    </div>
  );
}

function CompanySwitcher() {
  const t = useT('frame');
  const { companies } = useAuth();
  const [busy, setBusy] = useState(false);
  if (companies.length < 2) return null;
  const current = localStorage.getItem(COMPANY_KEY) ?? '';
  return (
    <label className="hidden items-center gap-2 md:flex">
      <span className="sr-only">{t('frame.company')}</span>
      <select
        className="select select-sm max-w-48"
        value={current}
        disabled={busy}
        onChange={async (e) => {
          setBusy(true);
          try { await switchCompany(Number(e.target.value)); } finally { setBusy(false); }
        }}
      >
        {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
      </select>
    </label>
  );
}

/** Offline mode (product-rules.md#session): signed in from the session kept on this device; changes wait in the queue. */
function OfflineModeBadge() {
  const t = useT('frame');
  return (
    <span className="badge badge-warning gap-1 whitespace-nowrap" role="status" title={t('frame.offlineModeTitle')}>
      <svg aria-hidden="true" className="h-3.5 w-3.5" fill="none" viewBox="0 0 24 24" stroke="currentColor" strokeWidth={2}>
        <path strokeLinecap="round" strokeLinejoin="round" d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 014.2-2.6M19 13a10 10 0 00-3-2M2 8.8a15 15 0 014.5-2.8M22 8.8A15 15 0 0011 5.1M12 20h.01" />
      </svg>
      {/* On a phone the sync state beside it says "Offline" in words; the badge keeps its name for screen readers. */}
      <span className="max-sm:sr-only">{t('frame.offlineMode')}</span>
    </span>
  );
}

/**
 * The signed-in frame with the query client every signed-in screen reads through. The client is provided here, not
 * around the whole app, so that the sign-in page's entry script does without the query library (decision 0230).
 */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Frame />
    </QueryClientProvider>
  );
}

/** The signed-in frame: sidebar (a slide-over on small screens), top bar, and the page. */
function Frame() {
  const t = useT('frame');
  const auth = useAuth();
  const online = useOnlineStatus();
  const settings = useSiteSettings(isSignedIn(auth.status));
  const [menuOpen, setMenuOpen] = useState(false);
  const siteName = settings.data?.site_name || 'Kalinga';
  useDocumentTitle(settings.data?.site_name);
  // The user's own language, else the site's default, over this device's choice (decision 0246); signed out, neither.
  const userLanguage = auth.user?.language ?? null;
  const siteLanguage = settings.data?.default_language ?? null;
  useEffect(() => {
    void setUserLanguage(userLanguage);
  }, [userLanguage]);
  useEffect(() => {
    void setSiteLanguage(siteLanguage);
  }, [siteLanguage]);
  useEffect(() => () => {
    void setUserLanguage(null);
    void setSiteLanguage(null);
  }, []);

  const menuButton = useRef<HTMLButtonElement>(null);
  const slideOver = useRef<HTMLDivElement>(null);
  // The phone slide-over takes focus when it opens and closes on Escape like any dialog; however it closes
  // (Escape, the backdrop, a link), focus goes back to the button that opened it.
  const close = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    slideOver.current?.querySelector<HTMLElement>('nav a')?.focus();
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') close(); };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, close]);

  const home = homePath(auth.user);
  const paths = visibleNav(auth.user).map((e) => e.path).join(' ');
  // The next start readies this user's landing screen, and only lists they may read (home-hint.ts).
  // Only while someone is signed in: signing out clears it (auth-store.ts) and must not see it written again.
  const signedIn = auth.user !== null;
  useEffect(() => {
    if (signedIn) rememberScreens(home, paths.split(' '));
  }, [signedIn, home, paths]);
  // An administrator's Settings screens load ahead once the page has settled (settings-screens.ts).
  const settled = useAfterFirstScreen(2);
  const manages = hasPermission(auth.user, 'manage users');
  useEffect(() => {
    if (settled && manages) preloadSettingsScreens();
  }, [settled, manages]);

  if (!auth.user) return <ShellSkeleton />;
  const entries = visibleNav(auth.user);

  const sidebar = (
    <nav aria-label={t('frame.mainNav')} className="flex h-full w-64 flex-col bg-base-100">
      <Link to={home} className="flex items-center gap-3 px-5 py-4" onClick={close}>
        {/* Lazy: on a phone the sidebar is the closed drawer, and its logo was one more request in front of every
            screen's largest paint; its box keeps its size until it arrives (decision 0362). */}
        <img src={settings.data?.site_logo || '/logo.svg'} alt="" loading="lazy" className="h-9 w-9 rounded-lg object-contain" />
        <span className="truncate text-lg font-bold" data-testid="site-name">{siteName}</span>
      </Link>
      <ul className="menu w-full flex-1 gap-1 px-3">
        {entries.map((e) => <SidebarEntry key={e.path} entry={e} online={online} onNavigate={close} />)}
      </ul>
      {!online && <p className="mx-3 my-3 rounded-box bg-warning px-3 py-2 text-sm text-warning-content" role="status">{t('frame.youAreOffline')}</p>}
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      <aside className="hidden border-r border-base-300 bg-base-100 lg:block">
        <div className="sticky top-0 h-screen">{sidebar}</div>
      </aside>
      {menuOpen && (
        <div ref={slideOver} className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label={t('frame.menu')}>
          <button type="button" className="absolute inset-0 bg-black/40" aria-label={t('frame.closeMenu')} onClick={close} />
          <div className="absolute inset-y-0 left-0 shadow-xl">{sidebar}</div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex items-center gap-1 sm:gap-2 border-b border-base-300 bg-base-100 px-3 py-2 sm:px-5">
          <button ref={menuButton} type="button" className="btn btn-ghost btn-square lg:hidden" aria-label={t('frame.openMenu')} aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <MenuIcon />
          </button>
          {/* On a phone in offline mode the badge and the sync state need the room, and for a client "Help now" does
              (decision 0225): the name is in the menu. */}
          <span className={`truncate font-semibold lg:hidden ${auth.status === 'offline' || showsHelpNow(auth.user) ? 'max-sm:hidden' : ''}`}>{siteName}</span>
          <div className="flex-1" />
          {auth.status === 'offline' && <OfflineModeBadge />}
          {canAccess(auth.user, SYNC_ACCESS) ? <TopBarSyncIndicator /> : <ConnectionState />}
          <CompanySwitcher />
          <BranchSwitcher place="top-bar" />
          {/* A client reaches the crisis screen from every screen (decision 0225). */}
          {showsHelpNow(auth.user) && <HelpNowLink className="btn-sm shrink-0 max-sm:px-2" compact />}
          {/* Keyed by company and user: another inbox starts from its own first page. */}
          <NotificationBell key={`${localStorage.getItem(COMPANY_KEY) ?? ''}:${auth.user.id}`} />
          <UserMenu />
        </header>
        <main className="flex-1 p-4 sm:p-6">
          {/* On a phone the lending screens' branch picker heads the screen, under the top bar (decision 0341). */}
          <BranchSwitcher place="page" />
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ConfirmHost />
      <ToastLayer />
    </div>
  );
}
