import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { baseUrl, type LiveStream, openLiveStream, secondInstance } from '../../../test/sync/live-stream';
import { MAX_STREAMS_PER_USER } from './live-sessions';

// The bound on one user's change streams is an instance's (decision 0365): no instance ever holds more than
// MAX_STREAMS_PER_USER of one user's streams, and a second instance on the same PostgreSQL database holds its own
// (10 × N in all). On SQLite one instance is supported, so there the bound is the user's in all.

let t: TestApp;
let other: Awaited<ReturnType<typeof secondInstance>>;
const open: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  other = await secondInstance(t);
  // Each listening once before streams are opened side by side.
  await baseUrl(t.app);
  await baseUrl(other.app);
});
afterAll(async () => {
  for (const s of open) s.close();
  await other.close();
  await t.close();
});

async function streams(app: FastifyInstance, headers: Record<string, string>, n: number): Promise<number[]> {
  const opened = await Promise.all(Array.from({ length: n }, () => openLiveStream(app, headers)));
  open.push(...opened);
  for (const s of opened) if (s.status === 200) await vi.waitFor(() => expect(s.preamble.length).toBeGreaterThan(0));
  return opened.map((s) => s.status);
}

describe('GET /api/sync/events: the bound per user is per instance', () => {
  it(`each instance takes ${MAX_STREAMS_PER_USER} of one user's streams and refuses the next (429)`, async () => {
    const admin = await registerCompany(t.app, 'Two Instances Pawnshop');
    const full = Array.from({ length: MAX_STREAMS_PER_USER }, () => 200);
    expect(await streams(t.app, admin.headers, MAX_STREAMS_PER_USER)).toEqual(full);
    expect(await streams(t.app, admin.headers, 1)).toEqual([429]);
    const second = await streams(other.app, admin.headers, MAX_STREAMS_PER_USER + 1);
    if (t.config.database.kind === 'postgres') {
      // Another instance counts its own: the user holds 10 on each, never more on one.
      expect(second.filter((s) => s === 200)).toHaveLength(MAX_STREAMS_PER_USER);
      expect(second.filter((s) => s === 429)).toHaveLength(1);
    } else {
      // One instance: the user's streams are all on it, and it is full.
      expect(second).toEqual(Array.from({ length: MAX_STREAMS_PER_USER + 1 }, () => 429));
    }
  });
});
