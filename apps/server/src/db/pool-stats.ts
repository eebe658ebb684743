import type pg from 'pg';
import type { DB } from './database';

/** The PostgreSQL pool behind each database handle (Kysely keeps its pool private); SQLite has none. */
const pools = new WeakMap<DB, pg.Pool>();

export function trackPool(db: DB, pool: pg.Pool): void {
  pools.set(db, pool);
}

export interface PoolUse {
  /** Connections open (in use or idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is full. */
  waiting: number;
  max: number;
}

/** How the handle's PostgreSQL pool is used now, as pg tells it; null on SQLite (one file, no pool). */
export function poolUse(db: DB): PoolUse | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}
