import { ITEM_IN_TRANSIT } from '@kalinga/contracts/lending/rules';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { Pagination } from '../../components/ui/pagination';
import { formatDate } from '../../lib/dates';
import { formatCurrency } from '../../lib/format';
import { useT, type MessageKey } from '../../lib/i18n';
import { ITEM_TABS, useCounterZone, useItemPage, type ItemTab, type LocalItem } from './book/lending-queries';
import { hasPermission, useAuth } from '../../session/auth-store';
import { SaleForm, SellingPriceForm } from './components/item-sale-forms';
import { ListState } from './components/list-state';
import { PageHeader } from './components/page-header';
import { SyncBadge } from './components/sync-badge';
import { Tabs } from './components/tabs';
import { fieldMessage } from './field-messages';
import { customerName, ticketNumber } from './lending-figures';

const TAB_LABEL: Record<ItemTab, MessageKey> = { forfeited: 'lending.itemStatus.forfeited', for_sale: 'lending.itemStatus.forSale', sold: 'lending.itemStatus.sold' };
const LIST_LABEL: Record<ItemTab, MessageKey> = { forfeited: 'lending.items.list.forfeited', for_sale: 'lending.items.list.forSale', sold: 'lending.items.list.sold' };
const EMPTY: Record<ItemTab, [MessageKey, MessageKey]> = {
  forfeited: ['lending.items.empty.forfeited', 'lending.items.empty.forfeitedText'],
  for_sale: ['lending.items.empty.forSale', 'lending.items.empty.forSaleText'],
  sold: ['lending.items.empty.sold', 'lending.items.empty.soldText'],
};

type Editing = { kind: 'price' | 'sale'; item: LocalItem } | null;

/** An item on its way to another branch is not put up for sale or sold (decision 0323): its button waits, with the reason. */
const heldWhileTravelling = (item: LocalItem) => (item.in_transit ? { disabled: true, 'aria-describedby': `transit-${item.uuid}` } : {});

function isTab(v: string | null): v is ItemTab {
  return (ITEM_TABS as readonly string[]).includes(v ?? '');
}

/** Items of forfeited loans: set a selling price, sell, and the record of sales. */
export function ItemsPage() {
  const t = useT('lending');
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const [params, setParams] = useSearchParams();
  const tab: ItemTab = isTab(params.get('tab')) ? (params.get('tab') as ItemTab) : 'forfeited';
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  // A sale's day is its instant's date on the counter's clock, not UTC's (decision 0373).
  const zone = useCounterZone();
  const list = useItemPage(tab, page);
  useEffect(() => setPage(1), [tab]);
  const data = list.data;
  const close = () => setEditing(null);
  // The item a save moved to the next tab takes its button away: focus goes to the next item's button, or to the
  // tab the item went to when it was the last (never to <body>).
  const [moved, setMoved] = useState<{ uuid: string; next: string | null } | null>(null);
  const done = () => {
    if (editing) {
      const rows = data?.rows ?? [];
      const at = rows.findIndex((r) => r.item.uuid === editing.item.uuid);
      const next = rows[at + 1] ?? rows[at - 1];
      setMoved({ uuid: editing.item.uuid, next: next?.item.uuid ?? null });
    }
    close();
  };
  useEffect(() => {
    if (!moved || !data || data.rows.some((r) => r.item.uuid === moved.uuid)) return;
    const nextButton = moved.next ? document.querySelector<HTMLElement>(`[data-item-action="${moved.next}"]`) : null;
    (nextButton ?? document.querySelector<HTMLElement>(`[role="tab"][data-tab="${tab === 'forfeited' ? 'for_sale' : 'sold'}"]`))?.focus();
    setMoved(null);
  }, [moved, data, tab]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title={t('lending.items')} text={t('lending.items.text')} />
      <Tabs label={t('lending.items.tabs')} tabs={ITEM_TABS.map((id) => ({ id, label: t(TAB_LABEL[id]) }))} current={tab} onChange={(id) => setParams(id === 'forfeited' ? {} : { tab: id })} />
      <ListState
        stale={list.stale}
        loading={list.loading}
        error={list.error}
        empty={data?.total === 0}
        onRetry={list.retry}
        loadingText={t('lending.items.loading')}
        emptyTitle={t(EMPTY[tab][0])}
        emptyText={t(EMPTY[tab][1])}
        emptyAction={tab === 'forfeited' ? <Link to="/lending/loans?tab=expired" className="btn">{t('lending.items.expiredLoans')}</Link> : undefined}
      >
        {data && (
          <>
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label={t(LIST_LABEL[tab])}>
              {data.rows.map(({ item, loan, customer }) => (
                <li key={item.uuid} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="item-row">
                  <div className="min-w-0 flex-1 basis-60">
                    <p className="font-semibold">{item.description}</p>
                    <p className="text-sm text-base-content/70">
                      {loan ? <Link className="link link-hover" to={`/lending/loans/${loan.uuid}`}>{t('lending.ticketNo', { number: ticketNumber(loan) })}</Link> : t('lending.ticketNo', { number: '—' })} · {customerName(customer)}
                    </p>
                  </div>
                  <div className="text-sm">
                    {tab === 'forfeited' && t('lending.items.appraised', { amount: formatCurrency(item.appraisal_value) })}
                    {tab === 'for_sale' && t('lending.items.price', { amount: formatCurrency(item.selling_price) })}
                    {tab === 'sold' && (
                      <>
                        {t('lending.items.soldFor', { amount: formatCurrency(item.final_selling_price), buyer: item.buyer_name ?? '—' })}
                        <span className="block text-base-content/70">{item.sold_at && zone ? formatDate(item.sold_at, zone) : '—'}{item.buyer_contact ? ` · ${item.buyer_contact}` : ''}</span>
                      </>
                    )}
                  </div>
                  <SyncBadge record={item} />
                  {canManage && tab === 'forfeited' && (
                    <button type="button" className="btn btn-sm btn-primary" data-item-action={item.uuid} aria-label={t('lending.items.setPriceLabel', { item: item.description })} onClick={() => setEditing({ kind: 'price', item })} {...heldWhileTravelling(item)}>{t('lending.items.setPrice')}</button>
                  )}
                  {canManage && tab === 'for_sale' && (
                    <button type="button" className="btn btn-sm btn-primary" data-item-action={item.uuid} aria-label={t('lending.items.markSoldLabel', { item: item.description })} onClick={() => setEditing({ kind: 'sale', item })} {...heldWhileTravelling(item)}>{t('lending.items.markSold')}</button>
                  )}
                  {canManage && tab !== 'sold' && item.in_transit && <p id={`transit-${item.uuid}`} className="w-full text-sm text-amber-800" data-testid="item-in-transit">{fieldMessage(ITEM_IN_TRANSIT)}</p>}
                </li>
              ))}
            </ul>
            <Pagination currentPage={data.page} lastPage={data.lastPage} onPageChange={setPage} />
          </>
        )}
      </ListState>
      <Modal open={editing !== null} title={editing?.kind === 'sale' ? t('lending.items.markSold') : t('lending.items.setPrice')} onClose={close}>
        {editing?.kind === 'price' && <SellingPriceForm key={editing.item.uuid} item={editing.item} onDone={done} onCancel={close} />}
        {editing?.kind === 'sale' && <SaleForm key={editing.item.uuid} item={editing.item} onDone={done} onCancel={close} />}
      </Modal>
    </div>
  );
}
