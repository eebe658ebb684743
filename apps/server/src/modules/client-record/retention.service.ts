import type { Purge } from '@kalinga/contracts/client-file';
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, notFound } from '../../lib/http-errors';
import { findFile, insertFileEvent, lockClientFile } from './client-file.repository';
import { claimMonth, companiesToList, filesClosedBefore, findPurge, insertListed, markApproved, markPurged, purgeContent, type PurgeRow, purgesOf, retentionYears } from './retention.repository';

// Retention (docs/decisions/0236-retention-and-purge.md): a closed file is kept the site's years after closing
// (default 10). Once a month the job lists the files past it; the privacy officer approves each, and the approval
// purges the content (case notes and addenda, screening answers, urgent cases' details, correction requests, the
// closing summary and reasons) in one transaction and records the purge with its counts. Appointments, screening
// scores and urgent cases' dates stay, so reports keep their counts; no content does.

export const REOPENED_MEANWHILE = 'This file was reopened or changed since it was listed; it is no longer due.';
export const PURGED_ALREADY = 'This file was purged already.';

function toPurge(r: PurgeRow): Purge {
  return {
    id: r.id,
    client_name: r.client_name,
    closed_at: r.closed_at,
    keep_until: r.keep_until,
    listed_at: r.listed_at,
    status: r.status,
    approved_by_name: r.approved_by_name,
    purged_at: r.purged_at,
    counts: r.counts === null ? null : (JSON.parse(r.counts) as Record<string, number>),
  };
}

/** The instant `years` before `now` (a closing before it is past retention). */
export function retentionCutoff(now: Date, years: number): string {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString();
}

/**
 * Lists, once a month per company, the closed files past the company's retention. The month is claimed with one
 * conditional update, so two servers running the job at once list once; a file is listed once per closing (unique).
 * Returns how many files were newly listed.
 */
export async function listDueFiles(db: DB, now = new Date()): Promise<number> {
  // eslint-disable-next-line house/local-day -- the job's claim key, one clock for every company; no one reads it as a day
  const month = now.toISOString().slice(0, 7);
  let listed = 0;
  for (const c of await companiesToList(db, month)) {
    listed += await db.transaction().execute(async (trx) => {
      if (!(await claimMonth(trx, c.company_id, month))) return 0;
      let n = 0;
      for (const f of await filesClosedBefore(trx, c.company_id, retentionCutoff(now, c.retention_years))) {
        const keepUntil = new Date(f.closed_at);
        keepUntil.setUTCFullYear(keepUntil.getUTCFullYear() + c.retention_years);
        const row = { company_id: c.company_id, client_id: f.client_id, client_name: f.name, closed_at: f.closed_at, keep_until: keepUntil.toISOString(), listed_at: now.toISOString(), status: 'listed' as const, approved_by: null, approved_by_name: null, purged_at: null, counts: null };
        if (await insertListed(trx, row)) n += 1;
      }
      return n;
    });
  }
  return listed;
}

/** The company's files to purge and purged, newest listing first, with the site's retention. */
export async function listPurges(db: DB, auth: AuthContext): Promise<{ data: Purge[]; retention_years: number }> {
  return { data: (await purgesOf(db, auth.companyId)).map(toPurge), retention_years: await retentionYears(db, auth.companyId) };
}

/** Approves one listed file: its content is purged in this one transaction, and the purge is recorded with its counts. */
export async function approvePurge(db: DB, auth: AuthContext, purgeId: number): Promise<Purge> {
  return db.transaction().execute(async (trx) => {
    const listed = await findPurge(trx, auth.companyId, purgeId);
    if (!listed) throw notFound('File to purge');
    if (listed.status !== 'listed' || listed.client_id === null) throw conflict(PURGED_ALREADY);
    const clientId = listed.client_id;
    await lockClientFile(trx, auth.companyId, clientId);
    const file = await findFile(trx, auth.companyId, clientId);
    if (file?.status !== 'closed' || file.closed_at !== listed.closed_at) throw conflict(REOPENED_MEANWHILE);
    const now = new Date().toISOString();
    // 'approved' is what lets the notes' delete triggers pass (migration 032); it lasts only this transaction.
    if (!(await markApproved(trx, auth.companyId, purgeId, { id: auth.user.id, name: auth.user.name }))) throw conflict(PURGED_ALREADY);
    const counts = await purgeContent(trx, auth.companyId, clientId, now);
    const done = await markPurged(trx, auth.companyId, purgeId, now, counts);
    await insertFileEvent(trx, { company_id: auth.companyId, client_id: clientId, uuid: randomUUID(), kind: 'purged', actor_id: auth.user.id, actor_name: auth.user.name, text: null, at: now });
    return toPurge(done);
  });
}
