import type { DB } from '../../db/database';
import { migrationsBehind } from '../../db/migration-status';
import { pingDatabase } from './health.repository';

/** What readiness checks beside the database: configured object storage, when there is some. */
export interface ReadinessChecks {
  storage?: () => Promise<void>;
}

export type NotReadyCause = 'database' | 'migrations' | 'storage';

export type Readiness = { ready: true } | { ready: false; cause: NotReadyCause; detail: string };

/** A check that neither answers nor fails within this long fails: a load balancer's probe must not hang with it. */
const CHECK_MS = 3000;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What failed, for the log: a storage failure's own reason (StorageUnavailable), else the error's message. */
function reason(err: unknown): string {
  if (typeof err === 'object' && err !== null && 'reason' in err && typeof err.reason === 'string') return err.reason;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Whether this instance can serve (decision 0331): the database answers, it has every migration this build knows,
 * and configured object storage answers. The first cause that fails is returned for the log, not for the reply.
 */
export async function checkReadiness(db: DB, checks: ReadinessChecks = {}): Promise<Readiness> {
  try {
    await within(CHECK_MS, pingDatabase(db));
  } catch (err) {
    return { ready: false, cause: 'database', detail: reason(err) };
  }
  const behind = await within(CHECK_MS, migrationsBehind(db)).catch((err: unknown) => [`(unknown: ${reason(err)})`]);
  if (behind.length > 0) return { ready: false, cause: 'migrations', detail: `the database lacks ${behind.join(', ')}` };
  if (checks.storage) {
    try {
      await within(CHECK_MS, checks.storage());
    } catch (err) {
      return { ready: false, cause: 'storage', detail: reason(err) };
    }
  }
  return { ready: true };
}
