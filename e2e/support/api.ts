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
  if (res.status >= 300) expect.fail(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Whether a client already has a pending or confirmed appointment overlapping a start (an instant): a time they are
 * busy cannot be booked for them (409). The demo data gives clients appointments in the coming days, so a test that
 * books for a client picks a time this says is free.
 */
export async function clientBusyAt(server: RunningServer, client: ApiSession): Promise<(startIso: string) => boolean> {
  type Page = { data: { appointment_date: string; duration_minutes: number }[] };
  const tabs = await Promise.all(['pending', 'upcoming'].map((tab) => apiCall<Page>(server, client, 'GET', `/api/appointments?status=${tab}&per_page=100`)));
  const own = tabs.flatMap((t) => t.data);
  return (startIso) => own.some((a) => Math.abs(Date.parse(a.appointment_date) - Date.parse(startIso)) < a.duration_minutes * 60_000);
}
