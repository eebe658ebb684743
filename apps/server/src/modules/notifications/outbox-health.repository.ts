import type { DB } from '../../db/database';

export interface OutboxHealth {
  /** Rows due now and not yet sent, per channel, and the oldest one's due time (null when none is due). */
  due: { channel: 'email' | 'reminder'; count: number; oldestDueAt: string | null }[];
  /** Rows that failed for good (status 'failed'): the Deliveries list shows them to their company's administrators. */
  failed: number;
}

/**
 * The whole server's outbox at a glance, for the operator's metrics (decision 0331): every company's rows together,
 * counts and instants only, never a recipient or a reason. Reads the pending partial index and the failed one.
 */
export async function outboxHealth(db: DB, now: string): Promise<OutboxHealth> {
  const due = await db
    .selectFrom('outbox')
    .select((eb) => ['channel', eb.fn.countAll<number>().as('count'), eb.fn.min('due_at').as('oldest')])
    .where('status', '=', 'pending')
    .where('due_at', '<=', now)
    .groupBy('channel')
    .execute();
  const failed = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'failed').executeTakeFirstOrThrow();
  return {
    due: due.map((r) => ({ channel: r.channel, count: Number(r.count), oldestDueAt: r.oldest ?? null })),
    failed: Number(failed.n),
  };
}
