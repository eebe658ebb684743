// One file over 300 lines on purpose: it is the one session store; its state and every action that changes it
// (start-up verification, sign-in, sign-out, switching company) must stay together so no other module writes it.

import type { AuthReply, AuthUser, Company, LoginBody, RegisterBody } from '@kalinga/contracts/auth';
import { useSyncExternalStore } from 'react';
import { api, ApiError, COMPANY_KEY, getToken, setUnauthorizedHandler, TOKEN_KEY } from '../lib/api-client';
import { BOOK_USER_KEY } from '../lib/storage-keys';
import { setPermissionCheck } from '../offline/permissions';
import { clearQueries } from '../lib/query-clear';
import { forgetLastScreens } from '../last-screen/keep';
import { forgetScreens } from '../lib/home-hint';
import {
  forgetDeviceSession,
  keepSignIn,
  keepVerifiedSession,
  readDeviceSession,
  startSessionServices,
  stopSessionServices,
  updateDeviceUser,
} from './session-services';

/**
 * product-rules.md#session: unauthenticated, loading, authenticated, and offline mode — signed in from the session kept
 * on this device while the server cannot be reached (restored offline, or the network dropped).
 */
export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'offline';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  companies: Company[];
  /** The online flag: going offline clears it, coming online sets it and re-checks the session. */
  online: boolean;
}

let state: AuthState = { status: 'loading', user: null, companies: [], online: typeof navigator === 'undefined' || navigator.onLine };
// The offline engine asks here what the signed-in user may do (a known user's permissions; nobody known: allowed).
setPermissionCheck((permission) => !state.user || hasPermission(state.user, permission));
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  // The local book in use is the signed-in user's in the chosen company (decision 0110): nobody's while signed out.
  if (state.user) localStorage.setItem(BOOK_USER_KEY, String(state.user.id));
  else localStorage.removeItem(BOOK_USER_KEY);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The one place that knows who is signed in. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, () => state, () => state);
}

export function getAuthState(): AuthState {
  return state;
}

/** Signed in, verified by the server or in offline mode. */
export function isSignedIn(status: AuthStatus): boolean {
  return status === 'authenticated' || status === 'offline';
}

function logged(what: string): (error: unknown) => void {
  return (error) => console.error(what, error);
}

function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  // What the screens showed goes with the session (decision 0101).
  forgetLastScreens();
  // And which screens this user had (lib/home-hint.ts).
  forgetScreens();
  clearQueries();
  stopSessionServices();
  void forgetDeviceSession().catch(logged('Failed to clear the stored session'));
  setState({ status: 'unauthenticated', user: null, companies: [] });
}

async function loadCompanies(): Promise<Company[]> {
  const { data } = await api.get<{ data: Company[] }>('/api/user/companies');
  // Keep a chosen company only while the user still belongs to it.
  const chosen = localStorage.getItem(COMPANY_KEY);
  if (chosen && !data.some((c) => String(c.id) === chosen)) localStorage.removeItem(COMPANY_KEY);
  if (!localStorage.getItem(COMPANY_KEY)) {
    const fallback = data.find((c) => c.pivot.is_default) ?? data[0];
    if (fallback) localStorage.setItem(COMPANY_KEY, String(fallback.id));
  }
  return data;
}

const siteSettings = () => import('./site-settings');

/** Starts the settings' local-first load (its own chunk, with the local database) beside the session check. */
function prefetchSettings(): Promise<void> {
  return siteSettings()
    .then((m) => m.prefetchSiteSettings())
    .catch(logged('Failed to load the site settings'));
}

/**
 * Who the token belongs to and their companies, in one round trip when a company is already chosen (the two
 * requests go together; /api/me speaks for the chosen company). Only when the chosen company turns out to be
 * one the user left is /api/me asked again, for the company chosen in its place.
 */
interface SessionInfo {
  user: AuthUser;
  companies: Company[];
}

async function fetchSessionInfo(): Promise<SessionInfo> {
  const chosen = localStorage.getItem(COMPANY_KEY);
  const early = chosen ? api.get<{ user: AuthUser }>('/api/me') : null;
  // A discarded early answer must not surface as an unhandled rejection.
  early?.catch(() => undefined);
  let companies: Company[];
  try {
    companies = await loadCompanies();
  } catch (error) {
    // The early /api/me may have answered 401 (the session's end) before the companies failed: its verdict wins.
    if (early) await early;
    throw error;
  }
  const same = chosen !== null && localStorage.getItem(COMPANY_KEY) === chosen;
  // Whatever was fetched ahead for the company the user left (settings, the first screen's lists) goes.
  if (!same && early) clearQueries();
  const { user } = same && early ? await early : await api.get<{ user: AuthUser }>('/api/me');
  return { user, companies };
}

/** No answer from the server (network down, or a gateway with the server behind it down). */
function unreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * Asks the server who the token belongs to. Success: authenticated, and the stored session is saved with the
 * check's 3-day expiry. No answer: offline mode with the stored user (when there is one). Any refusal (401):
 * the session is cleared.
 */
async function verifySession(started: Promise<SessionInfo> = fetchSessionInfo()): Promise<void> {
  const token = getToken();
  try {
    const { user, companies } = await started;
    setState({ status: 'authenticated', user, companies });
    // Saved on the device without holding up the first screen.
    if (token) void keepVerifiedSession(token, user).catch(logged('Failed to save the session on this device'));
  } catch (error) {
    if (unreachable(error) && state.user) {
      setState({ status: 'offline' });
      return;
    }
    console.error('Failed to fetch the signed-in user', error);
    clearSession();
  }
}

let watching = false;

function watchConnectivity(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('offline', () => {
    setState(isSignedIn(state.status) ? { online: false, status: 'offline' } : { online: false });
  });
  window.addEventListener('online', () => {
    setState({ online: true });
    // Coming online while signed in re-checks the session (product-rules.md#session).
    if (isSignedIn(state.status)) void verifySession();
  });
}

/** How long start-up waits for the server before opening in offline mode with a stored session. */
const SERVER_WAIT_MS = 5000;

/** Waits for the check, or opens in offline mode when a stored user exists and the server is slow to answer. */
async function verifyAtStartUp(serverWaitMs: number, started?: Promise<SessionInfo>): Promise<void> {
  const check = verifySession(started);
  if (!state.user) return check;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      // A network that takes connections but never answers: work from the device; the check goes on.
      if (state.status === 'loading') setState({ status: 'offline' });
      resolve();
    }, serverWaitMs);
  });
  await Promise.race([check, slow]);
  clearTimeout(timer);
}

/**
 * Restores a stored session before the app mounts (product-rules.md#navigation, #session), starting from no one
 * known: what the state was before is not carried into it.
 */
export async function initAuth({ serverWaitMs = SERVER_WAIT_MS }: { serverWaitMs?: number } = {}): Promise<void> {
  // Not through setState: the stored mark of whose book is in use stays for the session read below.
  state = { ...state, status: 'loading', user: null, companies: [] };
  setUnauthorizedHandler(() => {
    if (state.status !== 'unauthenticated' || getToken()) {
      clearSession();
      if (!['/login', '/register'].includes(window.location.pathname)) window.history.pushState(null, '', '/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    }
  });
  watchConnectivity();
  setState({ online: navigator.onLine });
  // With a token and a network, the server is asked while the device's copy is read (one wait, not two).
  const tokenAtStart = getToken();
  const early = tokenAtStart && navigator.onLine ? fetchSessionInfo() : undefined;
  early?.catch(() => undefined);
  const stored = await readDeviceSession().catch((error: unknown) => {
    logged('Failed to read the stored session')(error);
    return null;
  });
  if (stored) {
    localStorage.setItem(TOKEN_KEY, stored.token);
    setState({ user: stored.user });
  } else if (getToken() && !navigator.onLine) {
    // A token without a stored user (an expired session, or one from before this version): nothing to show offline,
    // and what the session left (its last screens, which screens it had) goes with it, as at sign-out.
    clearSession();
  }
  if (!getToken()) {
    setState({ status: 'unauthenticated', user: null });
    return;
  }
  // The settings load from the device (or the server) while the session is checked; mounting does not wait for them.
  void prefetchSettings();
  // The early answer counts only for the token the device kept (an expired copy has already signed out above).
  if (navigator.onLine) await verifyAtStartUp(serverWaitMs, getToken() === tokenAtStart ? early : undefined);
  else setState({ status: 'offline' });
  if (isSignedIn(state.status)) startSession();
}

function startSession(): void {
  startSessionServices().catch(logged('Failed to start the sync engine'));
}

async function acceptSession(reply: AuthReply, failure: string): Promise<AuthUser> {
  // A reply without both a user and a token counts as a failure (product-rules.md#validation).
  if (!reply?.user || !reply?.token) throw new Error(failure);
  localStorage.setItem(TOKEN_KEY, reply.token);
  localStorage.removeItem(COMPANY_KEY);
  // Until the new user is known no book is open: nothing of the previous user's is read or sent meanwhile.
  localStorage.removeItem(BOOK_USER_KEY);
  const companies = await loadCompanies();
  // The login reply speaks for the default company; /api/me speaks for the chosen one. The settings load beside it.
  const settings = prefetchSettings();
  const { user } = await api.get<{ user: AuthUser }>('/api/me');
  // Kept on this device for 7 days, so a reload without a network stays signed in; the settings are kept there too
  // before the app opens (a network lost straight after sign-in still shows them).
  await Promise.all([keepSignIn(reply.token, user).catch(logged('Failed to keep the session on this device')), settings]);
  setState({ status: 'authenticated', user, companies });
  startSession();
  return user;
}

export async function login(body: LoginBody): Promise<AuthUser> {
  return acceptSession(await api.post<AuthReply>('/api/login', body), 'Failed to sign in');
}

export async function register(body: RegisterBody): Promise<AuthUser> {
  return acceptSession(await api.post<AuthReply>('/api/register', body), 'Registration failed');
}

/** Calls the server only when online; always clears local auth (the sync queue keeps its unsent changes). */
export async function logout(): Promise<void> {
  if (navigator.onLine && getToken()) {
    try {
      await api.post('/api/logout');
    } catch (error) {
      console.error('Logout call failed', error);
    }
  }
  localStorage.removeItem(COMPANY_KEY);
  await forgetDeviceSession().catch(logged('Failed to clear the stored session'));
  clearSession();
}

/** Re-reads the user (after a profile change or a company switch). */
export async function refreshUser(): Promise<void> {
  const { user } = await api.get<{ user: AuthUser }>('/api/me');
  setUser(user);
}

export function setUser(user: AuthUser): void {
  setState({ user });
  if (isSignedIn(state.status)) void updateDeviceUser(user).catch(logged('Failed to update the stored user'));
}

export async function switchCompany(companyId: number): Promise<void> {
  localStorage.setItem(COMPANY_KEY, String(companyId));
  clearQueries();
  await refreshUser();
  // The company's own local book is now in use: its queue is sent and its rows pulled.
  if (isSignedIn(state.status)) startSession();
}

export function hasPermission(user: AuthUser | null, permission: string): boolean {
  return !!user?.permissions.includes(permission);
}

export function hasRole(user: AuthUser | null, role: string): boolean {
  if (!user) return false;
  if (role === 'counselor' && user.user_type === 'counselor') return true;
  return user.roles.includes(role);
}
