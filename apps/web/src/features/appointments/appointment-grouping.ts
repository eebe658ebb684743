import { localDateOf } from '@kalinga/contracts/zone-time';
import { format } from 'date-fns';
import { formatMonth } from '../../lib/dates';

export interface MonthGroup<T> {
  /** yyyy-MM of the month, stable as a React key. */
  key: string;
  /** The heading: 'MMMM yyyy' (e.g. 'March 2026'). */
  label: string;
  items: T[];
}

/**
 * Groups appointments under month-year headings on the centre's clock (`timeZone`, decision 0383; the browser's
 * while the site's settings are not known yet), keeping the server's
 * order (soonest first for pending/upcoming, latest first for history). A month that comes back
 * after another (it cannot with a sorted list, but a page is not trusted to be) joins its first group.
 */
export function groupByMonth<T extends { appointment_date: string }>(items: readonly T[], timeZone?: string): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  const byKey = new Map<string, MonthGroup<T>>();
  for (const item of items) {
    const key = timeZone ? localDateOf(item.appointment_date, timeZone).slice(0, 7) : format(new Date(item.appointment_date), 'yyyy-MM');
    let group = byKey.get(key);
    if (!group) {
      group = { key, label: formatMonth(`${key}-01`), items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
