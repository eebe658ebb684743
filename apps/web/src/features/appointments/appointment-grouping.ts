import { formatMonth } from '../../lib/dates';

export interface MonthGroup<T> {
  /** yyyy-MM of the month, stable as a React key. */
  key: string;
  /** The heading: 'MMMM yyyy' (e.g. 'March 2026'). */
  label: string;
  items: T[];
}

/**
 * Groups appointments under month-year headings in the browser's time zone, keeping the server's
 * order (soonest first for pending/upcoming, latest first for history). A month that comes back
 * after another (it cannot with a sorted list, but a page is not trusted to be) joins its first group.
 */
export function groupByMonth<T extends { appointment_date: string }>(items: readonly T[]): MonthGroup<T>[] {
  const groups: MonthGroup<T>[] = [];
  const byKey = new Map<string, MonthGroup<T>>();
  for (const item of items) {
    const date = new Date(item.appointment_date);
    // yyyy-MM by hand: date-fns' format parsed its pattern again for every card of the first render (decision 0388).
    const key = `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`;
    let group = byKey.get(key);
    if (!group) {
      group = { key, label: formatMonth(date), items: [] };
      byKey.set(key, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
