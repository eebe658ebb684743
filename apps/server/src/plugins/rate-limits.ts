import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/http-errors';
import { hashToken } from '../lib/tokens';

interface Counter {
  current: number;
  ttl: number;
}

/**
 * One in-memory store for every limited route. The library's default store gives each route a store of its
 * own (its `groupId` only joins routes on a shared store such as Redis), so the report calls would each get
 * the full budget. Fixed windows per key; the key already ends in the route's group.
 */
class SharedStore {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(private readonly options: { cache?: number }) {}

  // The library passes each route's window as a third argument (its typings leave it out).
  incr(key: string, callback: (error: Error | null, counter?: Counter) => void, timeWindow = 60_000): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) window = { count: 0, startedAt: now };
    window.count++;
    // Least recently counted first out, so the map stays bounded.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > (this.options.cache ?? 10_000)) this.windows.delete(this.windows.keys().next().value as string);
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - now });
  }

  child(): this {
    return this;
  }
}

/**
 * Per-user limits on expensive reads (docs/decisions/0046-heavy-read-limits.md), with
 * @fastify/rate-limit: a route opts in with `config: { rateLimit: heavyRead(...) }`. The count is kept per
 * session (the bearer token; the address when there is none) and shared by every route of one group, so the
 * three report calls draw on one budget. It is checked first, before sign-in, so that refusing is cheap; over
 * the limit the answer is 429 with Retry-After.
 * Counts live in each process's memory: the limit protects that process's time, see the decision record.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    store: SharedStore,
    // Before sign-in is checked: a refused call costs less than the cheapest signed-in request, so a flood of
    // them cannot slow the others down more than its own weight (decision 0046).
    hook: 'onRequest',
    cache: 10_000,
    // Keyed by the session: the bearer token's hash (as stored in access_tokens), the address without one.
    keyGenerator: (request) => {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      return token ? `session:${hashToken(token)}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many requests. Please try again in ${seconds} seconds.`, undefined, { 'Retry-After': String(seconds) });
    },
  });
}

/**
 * The rate-limit config of a heavy read: `perMinute` calls per user per minute, shared within `group`,
 * counted in windows of 10 seconds (perMinute / 6 each) so that a burst is small as well as the rate.
 */
export function heavyRead(group: string, perMinute: number) {
  return { max: Math.max(1, Math.round(perMinute / 6)), timeWindow: HEAVY_READ_WINDOW_MS, groupId: group };
}

export const HEAVY_READ_WINDOW_MS = 10_000;
