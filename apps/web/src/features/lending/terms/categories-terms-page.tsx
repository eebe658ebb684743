import { DEFAULT_LTV_PERCENT } from '@kalinga/contracts/lending/gold';
import { useState } from 'react';
import { Drawer } from '../../../components/ui/drawer';
import { useT } from '../../../lib/i18n';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { type LocalCategory, useLendingCategories } from '../book/lending-queries';
import { ListState } from '../components/list-state';
import { PageHeader } from '../components/page-header';
import { SyncBadge } from '../components/sync-badge';
import { CategoryTermsForm } from './category-terms-form';
import { PERIOD_WORD } from './terms-words';

type Editing = { category: LocalCategory | null } | null;

/** The lending categories and every one of their terms, from the device's book; edited in the drawer. */
export function CategoriesTermsPage() {
  const t = useT('pawnTerms');
  const canManage = hasPermission(useAuth().user, 'manage lending');
  const list = useLendingCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const add = () => setEditing({ category: null });
  const rows = list.data ?? [];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        title={t('pawnTerms.title')}
        text={t('pawnTerms.text')}
        action={canManage && (
          <button type="button" className="btn btn-primary" onClick={add}>
            <span aria-hidden="true">+</span> {t('pawnTerms.add')}
          </button>
        )}
      />
      <ListState
        loading={list.loading}
        error={list.error}
        empty={rows.length === 0}
        onRetry={list.retry}
        loadingText={t('pawnTerms.loading')}
        emptyTitle={t('pawnTerms.none')}
        emptyText={t('pawnTerms.noneText')}
        emptyAction={canManage ? <button type="button" className="btn btn-primary" onClick={add}>{t('pawnTerms.addFirst')}</button> : undefined}
      >
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={t('pawnTerms.title')}>
          {rows.map((c) => (
            <li key={c.uuid} className="card border border-base-300 bg-base-100" data-testid="terms-card">
              <div className="card-body gap-3 p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 className="card-title text-base break-words">{c.title}</h2>
                  <SyncBadge record={c} />
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-base-content/70">{t('pawnTerms.field.interest')}</dt>
                  <dd>{t('pawnTerms.ratePerMonth', { rate: c.interest_rate ?? 0 })}</dd>
                  <dt className="text-base-content/70">{t('pawnTerms.field.penalty')}</dt>
                  <dd>{t('pawnTerms.ratePerMonth', { rate: c.penalty_rate ?? 0 })}</dd>
                  <dt className="text-base-content/70">{t('pawnTerms.field.term')}</dt>
                  <dd>{t(PERIOD_WORD[c.loan_period_type ?? 'month'] ?? 'pawnTerms.period.month', { count: c.loan_period ?? 1 })}</dd>
                  <dt className="text-base-content/70">{t('pawnTerms.field.redemption')}</dt>
                  <dd>{t('pawnTerms.days', { count: c.loan_period_expiry ?? 0 })}</dd>
                  <dt className="text-base-content/70">{t('pawnTerms.field.ltv')}</dt>
                  <dd>{c.ltv_percent == null ? t('pawnTerms.ltvDefault', { percent: DEFAULT_LTV_PERCENT }) : `${c.ltv_percent} %`}</dd>
                </dl>
                <ul className="flex flex-wrap gap-1" aria-label={t('pawnTerms.field.options')}>
                  <li className={`badge badge-sm ${c.is_renewable ? 'badge-success' : 'badge-ghost'}`}>{c.is_renewable ? t('pawnTerms.badge.renewable') : t('pawnTerms.badge.notRenewable')}</li>
                  <li className={`badge badge-sm ${(c.is_extendable ?? c.is_renewable) ? 'badge-success' : 'badge-ghost'}`}>{(c.is_extendable ?? c.is_renewable) ? t('pawnTerms.badge.extendable') : t('pawnTerms.badge.notExtendable')}</li>
                  {c.fast_depreciating && <li className="badge badge-sm badge-warning">{t('pawnTerms.badge.fast')}</li>}
                  {c.advance_interest === 'one_term' && <li className="badge badge-sm badge-info">{t('pawnTerms.badge.advance')}</li>}
                </ul>
                {canManage && (
                  <div className="card-actions justify-end">
                    <button type="button" className="btn btn-sm btn-ghost" aria-label={t('pawnTerms.editNamed', { title: c.title })} onClick={() => setEditing({ category: c })}>
                      {t('pawnTerms.edit')}
                    </button>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListState>
      <Drawer open={editing !== null} title={editing?.category ? t('pawnTerms.editTitle') : t('pawnTerms.add')} onClose={() => setEditing(null)}>
        {editing && <CategoryTermsForm key={editing.category?.uuid ?? 'new'} category={editing.category} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Drawer>
    </div>
  );
}
