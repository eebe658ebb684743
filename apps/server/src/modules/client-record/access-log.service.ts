import { ACCESS_KIND_LABELS, ACCESS_VIA_LABELS, type AccessKind } from '@kalinga/contracts/client-access-constants';
import type { AccessLogEntry, AccessLogQuery, AccessLogReply, ClinicalGrantsReply } from '@kalinga/contracts/client-access';
import { addDaysToDate, ZoneDay } from '@kalinga/contracts/zone-time';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { unprocessable } from '../../lib/http-errors';
import { paginationMeta } from '../../lib/pagination';
import { type AccessLogFilters, accessLogPage, accessLogRows, clinicalGrantsPage } from './client-record.repository';
import { grantKind, grantWhat } from '../../lib/grant-words';
import type { Language } from '../../lib/i18n';

// The privacy officer's Access log (docs/decisions/0204-access-log-screen.md): who opened which client's record,
// when, what, by which right and why (a break-the-glass reason); filtered by person, client, kind and days; a CSV.
// It shows names and reasons, never the content opened.

/** The most rows one CSV holds; narrower filters give the rest. */
export const CSV_LIMIT = 10_000;

function filtersOf(auth: AuthContext, q: Pick<AccessLogQuery, 'person' | 'client' | 'kind' | 'from' | 'to'>): AccessLogFilters {
  if (q.from && q.to && q.from > q.to) throw unprocessable({ to: ['The end date must be on or after the start date.'] });
  const tz = auth.company.timezone;
  return {
    person: q.person,
    client: q.client,
    kind: q.kind,
    fromAt: q.from ? new Date(new ZoneDay(q.from, tz).startMs()).toISOString() : undefined,
    beforeAt: q.to ? new Date(new ZoneDay(addDaysToDate(q.to, 1), tz).startMs()).toISOString() : undefined,
  };
}

type Row = Awaited<ReturnType<typeof accessLogRows>>[number];

function toEntry(r: Row): AccessLogEntry {
  // A reason belongs to a break-the-glass opening only.
  return { ...r, reason: r.via === 'break_glass' ? r.reason : null };
}

export async function accessLog(db: DB, auth: AuthContext, q: AccessLogQuery): Promise<AccessLogReply> {
  const { rows, total } = await accessLogPage(db, auth.companyId, filtersOf(auth, q), q.page, q.per_page);
  return { data: rows.map(toEntry), meta: paginationMeta(q.page, q.per_page, total) };
}

/** A cell a spreadsheet reads as text: quoted, and never taken for a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The matching entries as CSV (newest first), with the screen's words for what and by which right. */
export async function accessLogCsv(db: DB, auth: AuthContext, q: AccessLogQuery): Promise<string> {
  const rows = await accessLogRows(db, auth.companyId, filtersOf(auth, q), CSV_LIMIT);
  const head = ['When (UTC)', 'Person', 'Client', 'What', 'By right of', 'Reason'];
  const lines = rows.map((r) => {
    const e = toEntry(r);
    const kind = ACCESS_KIND_LABELS[e.kind as AccessKind] ?? e.kind;
    return [e.at, e.viewer_name ?? 'A removed user', e.client_name ?? 'A removed client', kind, ACCESS_VIA_LABELS[e.via], e.reason ?? ''].map(cell).join(',');
  });
  return [head.map(cell).join(','), ...lines].join('\r\n') + '\r\n';
}

/** Who was given clinical access or the access log, by whom and when (decision 0202), newest first. */
export async function clinicalGrants(db: DB, auth: AuthContext, q: { page: number; per_page: number }, language: Language = 'en'): Promise<ClinicalGrantsReply> {
  const { rows, total } = await clinicalGrantsPage(db, auth.companyId, q.page, q.per_page);
  // What each gave, in the reader's language (decision 0318), and whether it was a password set rather than a grant.
  const data = rows.map(({ what_key, what_values, ...row }) => ({ ...row, what: grantWhat(language, { what: row.what, what_key, what_values }), kind: grantKind(what_key) }));
  return { data, meta: paginationMeta(q.page, q.per_page, total) };
}
