import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../../db/database';
import { poolUse } from '../../db/pool-stats';
import { forbidden, HttpError } from '../../lib/http-errors';
import { outboxHealth } from '../notifications/outbox-health.repository';
import { pingDatabase } from '../health/health.repository';
import { lastSuccessfulBackupAt } from './metrics.repository';

// The operator's metrics (decision 0331): labels are route patterns, methods, status classes and channels only, never
// an id, a raw URL, a user or anything a client wrote.

/** What the metrics read beside the database: the devices connected to this process for changes, once known. */
export interface MetricSources {
  connectedDevices?: () => number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const PULL_ROUTE = '/api/sync';
const PUSH_ROUTE = '/api/sync/push';

export interface ServerMetrics {
  /** Counts one answered request: `route` is the matched route's pattern (undefined when none matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, milliseconds: number): void;
  /** The Prometheus text of every metric, read now. */
  scrape(): Promise<string>;
  contentType: string;
}

const secondsSince = (iso: string, now: number) => Math.max(0, (now - Date.parse(iso)) / 1000);

/** One registry per server (tests build many in one process): the request histogram, sync counters and gauges. */
export function createServerMetrics(db: DB, sources: MetricSources = {}): ServerMetrics {
  const registers = [new Registry()];
  const [registry] = registers;
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'kalinga_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pulls = new Counter({ name: 'kalinga_sync_pulls_total', help: 'Pulls answered (GET /api/sync: deltas and download chunks), by status class.', labelNames: ['status_class'], registers });
  const pushes = new Counter({ name: 'kalinga_sync_pushes_total', help: "Devices' queued-write batches answered (POST /api/sync/push), by status class.", labelNames: ['status_class'], registers });
  if (sources.connectedDevices) {
    const count = sources.connectedDevices;
    new Gauge({ name: 'kalinga_connected_devices', help: 'Devices holding a live connection for changes to this process.', registers, collect() { this.set(count()); } });
  }
  const databaseUp = new Gauge({ name: 'kalinga_database_up', help: '1 when the database answered the scrape, else 0 (the gauges read from it are then left out).', registers });
  const outboxDue = new Gauge({ name: 'kalinga_outbox_due', help: 'Outbox rows due and not yet sent, by channel (the whole server).', labelNames: ['channel'], registers });
  const outboxLag = new Gauge({ name: 'kalinga_outbox_lag_seconds', help: 'How long the oldest due outbox row has waited, by channel (0 when none waits).', labelNames: ['channel'], registers });
  const outboxFailed = new Gauge({ name: 'kalinga_outbox_failed', help: 'Outbox rows that failed for good (the whole server; the Deliveries list shows them).', registers });
  const backupAge = new Gauge({ name: 'kalinga_backup_last_success_age_seconds', help: 'Seconds since the last backup that succeeded finished (+Inf when none has).', registers });
  const pool = new Gauge({ name: 'kalinga_db_pool_connections', help: "The PostgreSQL pool's connections by state: open, idle, waiting (queries queued for one) and max.", labelNames: ['state'], registers });

  async function readDatabase(): Promise<void> {
    const now = Date.now();
    const use = poolUse(db);
    if (use) for (const [state, n] of Object.entries({ open: use.total, idle: use.idle, waiting: use.waiting, max: use.max })) pool.set({ state }, n);
    try {
      await pingDatabase(db);
      const outbox = await outboxHealth(db, new Date(now).toISOString());
      const backup = await lastSuccessfulBackupAt(db);
      for (const channel of ['email', 'reminder'] as const) {
        const row = outbox.due.find((d) => d.channel === channel);
        outboxDue.set({ channel }, row?.count ?? 0);
        outboxLag.set({ channel }, row?.oldestDueAt ? secondsSince(row.oldestDueAt, now) : 0);
      }
      outboxFailed.set(outbox.failed);
      backupAge.set(backup ? secondsSince(backup, now) : Infinity);
      databaseUp.set(1);
    } catch {
      databaseUp.set(0);
      for (const gauge of [outboxDue, outboxLag, outboxFailed, backupAge]) gauge.reset();
    }
  }

  return {
    observeRequest(method, route, statusCode, milliseconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      requests.observe({ method: METHODS.has(method) ? method : 'other', route: route ?? 'unmatched', status_class: statusClass }, milliseconds / 1000);
      if (method === 'GET' && route === PULL_ROUTE) pulls.inc({ status_class: statusClass });
      if (method === 'POST' && route === PUSH_ROUTE) pushes.inc({ status_class: statusClass });
    },
    async scrape() {
      await readDatabase();
      return registry.metrics();
    },
    contentType: registry.contentType,
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The scrape's bearer token against METRICS_TOKEN: 401 without one, 403 with another. The two are compared as
 * hashes of equal length in constant time, so the answer's timing tells nothing of the token.
 */
export function checkMetricsToken(authorization: string | undefined, token: string): void {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (given === undefined) throw new HttpError(401, 'Unauthenticated.', undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  if (!timingSafeEqual(digest(given), digest(token))) throw forbidden();
}
