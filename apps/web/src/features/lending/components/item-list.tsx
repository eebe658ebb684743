import { Link } from 'react-router';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import type { LocalItem } from '../book/lending-queries';
import { ItemStatusBadge } from './status-badge';
import { SyncBadge } from './sync-badge';

/** Items with appraised value, status, whether on its way to another branch, and sync state; linked to their loan when asked. */
export function ItemList({ items, label, linkToLoan = false }: { items: LocalItem[]; label: string; linkToLoan?: boolean }) {
  const t = useT('lending');
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={label}>
      {items.map((item) => (
        <li key={item.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          {linkToLoan ? (
            <Link to={`/lending/loans/${item.loan_uuid}`} className="link link-hover min-w-0 flex-1 basis-48">{item.description}</Link>
          ) : (
            <Link to={`/lending/items/${item.uuid}`} className="link link-hover min-w-0 flex-1 basis-48">{item.description}</Link>
          )}
          <span>{formatCurrency(item.appraisal_value)}</span>
          <ItemStatusBadge status={item.status} />
          {item.in_transit && <span className="badge badge-warning" data-testid="item-in-transit-badge">{t('lending.itemInTransit')}</span>}
          <SyncBadge record={item} />
        </li>
      ))}
    </ul>
  );
}
