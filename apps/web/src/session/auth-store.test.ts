import 'fake-indexeddb/auto';
import type { AuthUser } from '@kalinga/contracts/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, deviceDatabase } from '../offline/database';
import { CHECK_TTL_MS, SIGN_IN_TTL_MS, storeSignIn } from '../offline/auth-local';
import { isSyncStarted, setSyncHooks } from '../offline/sync-engine';
import { queryClient } from '../lib/query-client';
import { fakeNetwork } from '../test/fake-network';
import { rememberScreens } from '../lib/home-hint';
import { getAuthState, initAuth, login, logout } from './auth-store';

const NOW = new Date('2026-11-23T08:00:00.000Z');
const DAY = 86_400_000;
const USER: AuthUser = {
  id: 7, name: 'Paula Personnel', username: 'paula', email: 'personnel@demo.kalinga.test', avatar: null, role: 'personnel',
  roles: ['personnel'], permissions: ['view appointments', 'view resources'], user_type: 'personnel', student_id: null,
  department: null, birth_date: null, status: 'active',
};
const COMPANIES = { data: [{ id: 1, name: 'Demo', pivot: { is_default: true } }] };
const SETTINGS = { site_name: 'Demo Centre', site_logo: null, business_name: null, business_address: null };

const net = fakeNetwork(NOW);
const { fetchMock, json, setOnline } = net;

/** The server: answers by path; `me` decides what /api/me says. */
function serve(me: () => Response | Promise<Response>): void {
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0];
    if (path === '/api/user/companies') return json(200, COMPANIES);
    if (path === '/api/me') return me();
    if (path === '/api/login') return json(200, { user: USER, token: 'token-from-login-0123456789' });
    if (path === '/api/logout') return new Response(null, { status: 204 });
    if (path === '/api/settings') return json(200, SETTINGS);
    return json(404, { message: 'not found' });
  });
}

function calls(path: string): number {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path)).length;
}

async function stored() {
  return deviceDatabase().auth.toArray();
}

beforeEach(async () => {
  // Pulls (GET /api/sync) are the sync engine's tests' business; here they would reach this file's fetch mock.
  setSyncHooks({ pull: async () => {} });
  localStorage.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  queryClient.clear();
});

describe('sign-in keeps the session on this device', () => {
  it('stores token and user for 7 days after login, and the token under localStorage "token"', async () => {
    serve(() => json(200, { user: USER }));
    await initAuth();
    expect(getAuthState().status).toBe('unauthenticated');
    await login({ email: USER.email, password: 'kalinga-demo' });
    expect(getAuthState().status).toBe('authenticated');
    expect(localStorage.getItem('token')).toBe('token-from-login-0123456789');
    const [record] = await stored();
    expect(record).toMatchObject({ token: 'token-from-login-0123456789', user: { username: 'paula' }, lastVerified: NOW.toISOString() });
    expect(Date.parse(record.expiresAt) - NOW.getTime()).toBe(SIGN_IN_TTL_MS);
    // The queue runner and pulls start with the session.
    // The engine starts in the first-screen gate's last stage, two quiet gaps (1.5 s each) after the first (decision 0099).
    await vi.waitFor(() => expect(isSyncStarted()).toBe(true), { timeout: 8000 });
  });
});

describe('sign-in and start-up without a waterfall', () => {
  it('keeps the site settings on this device before sign-in resolves (a network lost straight after still shows them)', async () => {
    serve(() => json(200, { user: USER }));
    await initAuth();
    await login({ email: USER.email, password: 'kalinga-demo' });
    expect(await deviceDatabase().settings.get('company:1')).toMatchObject({ data: { site_name: 'Demo Centre' } });
  });

  it('with a company chosen, asks for the user and the companies together', async () => {
    await storeSignIn('stored-token', USER, NOW);
    localStorage.setItem('company_id', '1');
    const answers: (() => void)[] = [];
    fetchMock.mockImplementation(async (input) => {
      const path = String(input).split('?')[0];
      const reply = path === '/api/user/companies' ? COMPANIES : path === '/api/me' ? { user: USER } : SETTINGS;
      // No answer until both requests were sent.
      await new Promise<void>((resolve) => answers.push(resolve));
      return json(200, reply);
    });
    const started = initAuth();
    await vi.waitFor(() => expect(calls('/api/me') + calls('/api/user/companies')).toBe(2));
    await vi.waitFor(() => {
      answers.splice(0).forEach((answer) => answer());
      expect(getAuthState().status).toBe('authenticated');
    });
    await started;
  });

  it('asks /api/me again when the chosen company is one the user left', async () => {
    await storeSignIn('stored-token', USER, NOW);
    localStorage.setItem('company_id', '9');
    serve(() => json(200, { user: USER }));
    await initAuth();
    expect(getAuthState().status).toBe('authenticated');
    expect(localStorage.getItem('company_id')).toBe('1');
    expect(calls('/api/me')).toBe(2);
  });

  it('a signed-out browser keeps no session mark, so start-up opens no local database', async () => {
    serve(() => json(200, { user: USER }));
    await initAuth();
    await login({ email: USER.email, password: 'kalinga-demo' });
    expect(localStorage.getItem('session_stored')).toBe('1');
    await logout();
    expect(localStorage.getItem('session_stored')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('restoring a stored session', () => {
  it('offline: offline mode with the stored user and permissions, without asking the server', async () => {
    await storeSignIn('stored-token', USER, new Date(NOW.getTime() - 2 * DAY));
    net.online = false;
    await initAuth();
    expect(getAuthState()).toMatchObject({ status: 'offline', online: false, user: { permissions: USER.permissions } });
    // The engine starts in the first-screen gate's last stage, two quiet gaps (1.5 s each) after the first (decision 0099).
    await vi.waitFor(() => expect(isSyncStarted()).toBe(true), { timeout: 8000 });
    expect(localStorage.getItem('token')).toBe('stored-token');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('expired: cleared and signed out, even offline', async () => {
    await storeSignIn('old-token', USER, new Date(NOW.getTime() - SIGN_IN_TTL_MS - 1));
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('screens_hint', JSON.stringify(['/triage']));
    net.online = false;
    await initAuth();
    expect(getAuthState().status).toBe('unauthenticated');
    expect(localStorage.getItem('token')).toBeNull();
    // What the expired session had goes with it: the next person on this browser learns nothing of it.
    expect(localStorage.getItem('screens_hint')).toBeNull();
    expect(await stored()).toEqual([]);
  });

  it('online: re-checks with /api/me, and the check saves the session for 3 days from now', async () => {
    await storeSignIn('stored-token', USER, new Date(NOW.getTime() - 6 * DAY));
    serve(() => json(200, { user: { ...USER, name: 'Paula P. Personnel' } }));
    await initAuth();
    expect(getAuthState()).toMatchObject({ status: 'authenticated', user: { name: 'Paula P. Personnel' } });
    expect(fetchMock.mock.calls.find(([input]) => input === '/api/me')?.[1]?.headers).toBeInstanceOf(Headers);
    // Saved without holding up the first screen (the test clock moves on while it is awaited).
    await vi.waitFor(async () => expect(Date.parse((await stored())[0].lastVerified)).toBeGreaterThanOrEqual(NOW.getTime()));
    const [record] = await stored();
    expect(Date.parse(record.expiresAt) - Date.parse(record.lastVerified)).toBe(CHECK_TTL_MS);
  });

  it('online but the server cannot be reached: offline mode, the stored session kept', async () => {
    await storeSignIn('stored-token', USER, NOW);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await initAuth();
    expect(getAuthState()).toMatchObject({ status: 'offline', user: { username: 'paula' } });
    expect(await stored()).toHaveLength(1);
  });

  it('a server that never answers: offline mode after the wait, authenticated when the answer comes', async () => {
    await storeSignIn('stored-token', USER, NOW);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/user/companies') return new Promise<Response>((resolve) => (answer = resolve));
      return json(200, { user: USER });
    });
    await initAuth({ serverWaitMs: 20 });
    expect(getAuthState()).toMatchObject({ status: 'offline', user: { username: 'paula' } });
    answer(json(200, COMPANIES));
    await vi.waitFor(() => expect(getAuthState().status).toBe('authenticated'));
  });

  it('a 401 from the user fetch clears the session', async () => {
    await storeSignIn('revoked-token', USER, NOW);
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthenticated.' }));
    await initAuth();
    expect(getAuthState().status).toBe('unauthenticated');
    expect(localStorage.getItem('token')).toBeNull();
    await vi.waitFor(async () => expect(await stored()).toEqual([]));
  });

  it('no stored session and no token: signed out without a call', async () => {
    await initAuth();
    expect(getAuthState().status).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('connectivity while signed in', () => {
  it('going offline clears the online flag (offline mode); coming online re-checks the session', async () => {
    await storeSignIn('stored-token', USER, NOW);
    serve(() => json(200, { user: USER }));
    await initAuth();
    expect(getAuthState().status).toBe('authenticated');
    setOnline(false);
    expect(getAuthState()).toMatchObject({ status: 'offline', online: false });
    const before = calls('/api/me');
    setOnline(true);
    expect(getAuthState().online).toBe(true);
    await vi.waitFor(() => expect(getAuthState().status).toBe('authenticated'));
    expect(calls('/api/me')).toBe(before + 1);
  });

  it('coming online to a revoked session signs out', async () => {
    await storeSignIn('stored-token', USER, NOW);
    net.online = false;
    await initAuth();
    fetchMock.mockImplementation(async () => json(401, { message: 'Unauthenticated.' }));
    setOnline(true);
    await vi.waitFor(() => expect(getAuthState().status).toBe('unauthenticated'));
  });
});

describe('logout', () => {
  it('offline: no server call; local auth cleared; unsent queue entries kept', async () => {
    await storeSignIn('stored-token', USER, NOW);
    await db.syncQueue.add({ operation: 'CREATE_CATEGORY', data: { uuid: 'c-1' }, status: 'pending', created_at: NOW.toISOString(), retry_count: 0, priority: 0 });
    net.online = false;
    await initAuth();
    await logout();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAuthState().status).toBe('unauthenticated');
    expect(isSyncStarted()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await stored()).toEqual([]);
    expect(await db.syncQueue.count()).toBe(1);
  });

  it('online: tells the server, then clears local auth', async () => {
    await storeSignIn('stored-token', USER, NOW);
    serve(() => json(200, { user: USER }));
    await initAuth();
    await logout();
    expect(calls('/api/logout')).toBe(1);
    expect(await stored()).toEqual([]);
    expect(getAuthState().status).toBe('unauthenticated');
  });

  it("forgets which screens the user had (the next person on this browser learns nothing of them)", async () => {
    await storeSignIn('stored-token', USER, NOW);
    serve(() => json(200, { user: USER }));
    await initAuth();
    rememberScreens('/triage', ['/appointments', '/triage', '/schedule']);
    await logout();
    expect(localStorage.getItem('screens_hint')).toBeNull();
  });
});
