import { expect } from 'vitest';
import { DEMO_PASSWORD } from './browser';
import type { RunningServer } from './server';

/** A session signed in through the API (for arranging data beside what the browser does). */
export interface ApiSession {
  token: string;
  user: { id: number; name: string };
}

export async function apiLogin(server: RunningServer, email: string, password = DEMO_PASSWORD): Promise<ApiSession> {
  const res = await fetch(`${server.baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ApiSession;
}

/** One JSON call as the session's user; fails the test unless it succeeds. */
export async function apiCall<T>(server: RunningServer, session: ApiSession, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(res.status, `${method} ${url}: ${res.status}`).toBeLessThan(300);
  return (await res.json()) as T;
}
