import { type NoShowGroup, type NoShowReport } from '@kalinga/contracts/no-show-report';
import { REPORT_PERIODS, type ReportPeriod } from '@kalinga/contracts/reports';
import type { DB } from '../../db/database';
import { isPostgresDb } from '../../db/locks';
import { closedWeeks, keptTables, published } from './closed-weeks';
import type { ReportGroupBy } from './report.repository';
import { compareGroups, type ReportScope } from './report.service';
import { hiddenGroups, smallOnes } from './small-groups';
import { countsPerPerson, type PersonCounts } from './small-groups.repository';
import { localDateOf } from '@kalinga/contracts/zone-time';

// The no-show rate by category, age group and department (docs/decisions/0156-no-show-rate-report.md).
// A session counts once its outcome is known: held (completed) or missed (no-show). Booked sessions nobody
// marked, and cancellations, say nothing about attendance and are left out. Attendance is confidential: only whole
// weeks that have ended, published once and then kept, every count rounded (decision 0212).

/**
 * Sums per group as published; the `hidden` groups carry no numbers at all. A group of fewer than MIN_GROUP_PEOPLE
 * people with a known outcome is hidden, with the next smallest when that hides just one (so the hidden numbers
 * cannot be worked out from the other rows and a total), and so is every group in `alsoHidden`. The numbers shown
 * are rounded to ROUNDING_BASE, under it null, and the rate is that of the rounded numbers (decision 0212).
 */
export function groupRates(groupBy: ReportGroupBy, perPerson: readonly PersonCounts[], alsoHidden: ReadonlySet<string> = new Set()): NoShowGroup[] {
  const groups = new Map<string, { people: number; sessions: number; no_shows: number }>();
  for (const p of perPerson) {
    const g = groups.get(p.grp) ?? { people: 0, sessions: 0, no_shows: 0 };
    g.people += 1;
    g.sessions += p.sessions;
    g.no_shows += p.no_shows;
    groups.set(p.grp, g);
  }
  const hidden = new Set([...smallOnes(new Map([...groups].map(([name, g]) => [name, g.people]))), ...alsoHidden]);
  return [...groups]
    .sort(([a], [b]) => compareGroups(groupBy, a, b))
    .map(([group, g]) => {
      const sessions = published(g.sessions);
      if (hidden.has(group) || sessions === null) return { group, hidden: true, sessions: null, no_shows: null, rate: null };
      const noShows = published(g.no_shows);
      return { group, hidden: false, sessions, no_shows: noShows, rate: noShows === null ? null : Math.round((noShows / sessions) * 10_000) / 10_000 };
    });
}

/** One period's table from the appointments themselves (the weeks `from` to `to`). */
async function buildReport(db: DB, companyId: number, from: string, to: string): Promise<NoShowReport> {
  // The groups the daily counts of the same weeks would hide are hidden here too: with two different hidden sets, a
  // group one shows and the other hides would give away the small group hidden with it in the other.
  const by = async (groupBy: ReportGroupBy) =>
    groupRates(groupBy, await countsPerPerson(db, companyId, groupBy, from, to), await hiddenGroups(db, companyId, groupBy, from, to));
  return { from, to, by_category: await by('category'), by_age: await by('age'), by_department: await by('department') };
}

/**
 * The period's whole weeks ending last Sunday in the centre's zone. The first read after a week ends publishes the
 * tables of every period ending that Sunday from one snapshot, and later reads get those: periods ending on the same
 * day agree, and nothing changed later in those weeks shows.
 */
export async function noShowReport(db: DB, scope: ReportScope, period: ReportPeriod, now = new Date()): Promise<NoShowReport> {
  const today = localDateOf(now, scope.timezone);
  const { to } = closedWeeks(today, period);
  const keyOf = (p: ReportPeriod) => `${p}:${to}`;
  const kept = await keptTables(db, scope.companyId, 'no-show-rate', REPORT_PERIODS.map(keyOf), async (missing) => {
    const snapshot = isPostgresDb(db) ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
    return snapshot.execute(async (trx) => {
      const tables = new Map<string, string>();
      for (const p of REPORT_PERIODS.filter((q) => missing.includes(keyOf(q)))) {
        tables.set(keyOf(p), JSON.stringify(await buildReport(trx, scope.companyId, closedWeeks(today, p).from, to)));
      }
      return tables;
    });
  });
  return JSON.parse(kept.get(keyOf(period))!) as NoShowReport;
}
