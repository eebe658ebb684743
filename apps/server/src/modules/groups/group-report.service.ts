import type { GroupReport } from '@kalinga/contracts/groups';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { keptTables, published } from '../reports/closed-weeks';
import { ageGroupOn } from '../reports/age-group';
import { smallOnes } from '../reports/small-groups';
import { addDaysToDate, localDateOf, todayIn, ZoneDay } from '@kalinga/contracts/zone-time';
import { sessionsByCategoryMonth, workshopSignups } from './groups.repository';

// The groups report (decision 0281): for the months of a year that have ended, per category and month the sessions
// held, the seats they offered, seats filled (members present) and the attendance rate; workshop sign-ups by
// department and by age group. Attendance and sign-ups are about people: their counts are rounded to 5 with anything
// under 5 left out, and a department or age group of fewer than 5 people is hidden (decisions 0157, 0212). Tables are
// published once and then kept, as decision 0212 keeps the intake and no-show tables: a month's category rows per
// month (every year's reply shows the same rows for a month), the sign-up tables per run of months they cover.

function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return localDateOf(new Date(Date.UTC(y, m, 0)), 'UTC'); // day 0 of the next month: a date, no zone involved
}

/** The months of `year` that have ended by `today` (YYYY-MM each). */
export function closedMonths(year: number, today: string): string[] {
  const current = today.slice(0, 7);
  return Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).filter((m) => m < current);
}

/** The first instant of a date on the company's clock, as stored instants are written. */
const startOf = (date: string, timeZone: string) => new Date(new ZoneDay(date, timeZone).startMs()).toISOString();

/**
 * Sign-ups made from `from` to `to` on the company's clock: a sign-up at 01:00 on the 1st is that month's, and one at
 * 01:00 on a birthday counts the age of that day (decision 0373).
 */
async function signupCells(db: DB, auth: AuthContext, groupBy: 'department' | 'age', from: string, to: string) {
  const tz = auth.company.timezone;
  const rows = await workshopSignups(db, auth.companyId, startOf(from, tz), startOf(addDaysToDate(to, 1), tz));
  const people = new Map<string, Set<number>>();
  const signups = new Map<string, number>();
  for (const r of rows) {
    const grp = groupBy === 'department' ? r.department : ageGroupOn(r.birth_date, localDateOf(r.joined_at, tz));
    people.set(grp, (people.get(grp) ?? new Set()).add(r.client_id));
    signups.set(grp, (signups.get(grp) ?? 0) + 1);
  }
  const hidden = smallOnes(new Map([...people].map(([g, s]) => [g, s.size])));
  return [...signups].filter(([g]) => !hidden.has(g)).sort((a, b) => a[0].localeCompare(b[0])).map(([group, n]) => ({ group, signups: published(n) }));
}

/** GET /api/reports/groups. */
export async function groupReport(db: DB, auth: AuthContext, year?: number): Promise<GroupReport> {
  const today = todayIn(auth.company.timezone);
  const y = year ?? Number(today.slice(0, 4));
  const months = closedMonths(y, today);
  if (months.length === 0) return { year: y, months, by_category: [], signups_by_department: [], signups_by_age: [] };
  const kept = await keptTables(db, auth.companyId, 'groups-month', months, async (missing) => {
    const rows = await categoryRows(db, auth.companyId, `${missing[0]}-01`, lastDay(missing[missing.length - 1]));
    return new Map(missing.map((m) => [m, JSON.stringify(rows.filter((r) => r.month === m))]));
  });
  const byCategory = months.flatMap((m) => JSON.parse(kept.get(m)!) as CategoryRow[]);
  const span = `${months[0]}..${months[months.length - 1]}`;
  const signups = await keptTables(db, auth.companyId, 'groups-signups', [span], async () => {
    const from = `${months[0]}-01`;
    const to = lastDay(months[months.length - 1]);
    const tables = { department: await signupCells(db, auth, 'department', from, to), age: await signupCells(db, auth, 'age', from, to) };
    return new Map([[span, JSON.stringify(tables)]]);
  });
  const { department, age } = JSON.parse(signups.get(span)!) as { department: SignupCell[]; age: SignupCell[] };
  return { year: y, months, by_category: byCategory, signups_by_department: department, signups_by_age: age };
}

type CategoryRow = GroupReport['by_category'][number];
type SignupCell = GroupReport['signups_by_department'][number];

/** The published category rows of the months from `from` to `to` (days), ordered by month and category. */
async function categoryRows(db: DB, companyId: number, from: string, to: string): Promise<CategoryRow[]> {
  const rows = await sessionsByCategoryMonth(db, companyId, from, to, new Date().toISOString());
  return rows
    .map((r) => {
      const present = published(Number(r.present ?? 0));
      const recorded = published(Number(r.recorded ?? 0));
      return {
        category: r.category,
        month: r.month,
        sessions_held: Number(r.sessions),
        seats_offered: Number(r.seats ?? 0),
        seats_filled: present,
        attendance_recorded: recorded,
        attendance_rate: recorded === null ? null : Math.round(((present ?? 0) / recorded) * 1000) / 1000,
      };
    })
    .sort((a, b) => a.month.localeCompare(b.month) || a.category.localeCompare(b.category));
}
