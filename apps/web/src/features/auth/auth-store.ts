import type { AuthReply, AuthUser, Company, LoginBody, RegisterBody } from '@kalinga/contracts/auth';
import { useSyncExternalStore } from 'react';
import { api, COMPANY_KEY, getToken, setUnauthorizedHandler, TOKEN_KEY } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: AuthUser | null;
  companies: Company[];
}

let state: AuthState = { status: 'loading', user: null, companies: [] };
const listeners = new Set<() => void>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
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

function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  queryClient.clear();
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

async function acceptSession(reply: AuthReply, failure: string): Promise<AuthUser> {
  // A reply without both a user and a token counts as a failure (spec section 5).
  if (!reply?.user || !reply?.token) throw new Error(failure);
  localStorage.setItem(TOKEN_KEY, reply.token);
  localStorage.removeItem(COMPANY_KEY);
  const companies = await loadCompanies();
  // The login reply speaks for the default company; /api/me speaks for the chosen one.
  const { user } = await api.get<{ user: AuthUser }>('/api/me');
  setState({ status: 'authenticated', user, companies });
  return user;
}

/** Restores a stored session before the app mounts; a failed user fetch clears it. */
export async function initAuth(): Promise<void> {
  setUnauthorizedHandler(() => {
    if (state.status !== 'unauthenticated' || getToken()) {
      clearSession();
      if (!['/login', '/register'].includes(window.location.pathname)) window.history.pushState(null, '', '/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    }
  });
  if (!getToken()) {
    setState({ status: 'unauthenticated' });
    return;
  }
  try {
    const companies = await loadCompanies();
    const { user } = await api.get<{ user: AuthUser }>('/api/me');
    setState({ status: 'authenticated', user, companies });
  } catch (error) {
    console.error('Failed to fetch the signed-in user', error);
    clearSession();
  }
}

export async function login(body: LoginBody): Promise<AuthUser> {
  return acceptSession(await api.post<AuthReply>('/api/login', body), 'Failed to sign in');
}

export async function register(body: RegisterBody): Promise<AuthUser> {
  return acceptSession(await api.post<AuthReply>('/api/register', body), 'Registration failed');
}

/** Calls the server only when online; always clears local auth. */
export async function logout(): Promise<void> {
  if (navigator.onLine && getToken()) {
    try {
      await api.post('/api/logout');
    } catch (error) {
      console.error('Logout call failed', error);
    }
  }
  localStorage.removeItem(COMPANY_KEY);
  clearSession();
}

/** Re-reads the user (after a profile change, a company switch, or coming back online). */
export async function refreshUser(): Promise<void> {
  const { user } = await api.get<{ user: AuthUser }>('/api/me');
  setState({ user });
}

export function setUser(user: AuthUser): void {
  setState({ user });
}

export async function switchCompany(companyId: number): Promise<void> {
  localStorage.setItem(COMPANY_KEY, String(companyId));
  queryClient.clear();
  await refreshUser();
}

export function hasPermission(user: AuthUser | null, permission: string): boolean {
  return !!user?.permissions.includes(permission);
}

export function hasRole(user: AuthUser | null, role: string): boolean {
  if (!user) return false;
  if (role === 'counselor' && user.user_type === 'counselor') return true;
  return user.roles.includes(role);
}
