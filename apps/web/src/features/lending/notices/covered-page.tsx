import type { CoveredReply } from '@kalinga/contracts/lending/notices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { PageHeader } from '../components/page-header';
import { formatDay } from '../lending-figures';
import { problemText } from './notices-api';

/** Lending › Covered Transactions: loans above ₱500,000, alone or a customer's in one day, and the date to report each by. */
export function CoveredPage() {
  const t = useT('lending');
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const query = useQuery({
    queryKey: ['covered-transactions', range.from, range.to],
    queryFn: () => api.get<CoveredReply>('/api/covered-transactions', { ...(range.from && { from: range.from }), ...(range.to && { to: range.to }) }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const date = (name: 'from' | 'to', label: string) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{label}</span>
      <input type="date" className="input" name={name} value={range[name] || (data ? data[name] : '')} onChange={(e) => setRange((r) => ({ ...r, [name]: e.target.value }))} />
    </label>
  );
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader title={t('lending.covered.title')} text={t('lending.covered.text')} />
      <div className="flex flex-wrap items-end gap-3">
        {date('from', t('lending.covered.from'))}
        {date('to', t('lending.covered.to'))}
      </div>
      {query.isPending && !data ? (
        <LoadingBlock text={t('lending.covered.loading')} />
      ) : !data ? (
        <ErrorAlert message={problemText(query.error, t('lending.covered.loadError'))} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.isError && <p role="alert" className="text-sm text-error">{problemText(query.error, t('lending.covered.loadError'))}</p>}
          {data.data.length === 0 ? (
            <EmptyState title={t('lending.covered.none')} text={t('lending.covered.noneText', { from: formatDay(data.from), to: formatDay(data.to) })} />
          ) : (
            <ul className="flex flex-col gap-3" aria-label={t('lending.covered.list')} aria-busy={query.isPlaceholderData}>
              {data.data.map((c) => {
                const late = c.file_by < data.today;
                return (
                  <li key={`${c.kind}-${c.customer_uuid}-${c.date}-${c.loans[0]?.uuid}`} className="card border border-base-300 bg-base-100" data-testid="covered-row">
                    <div className="card-body gap-1 p-4">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h2 className="font-semibold">
                          <Link to={`/lending/customers/${c.customer_uuid}`} className="link link-hover">{c.customer_name}</Link> · {formatCurrency(c.total)}
                        </h2>
                        <span className={`badge ${late ? 'badge-error' : 'badge-warning'}`}>{late ? t('lending.covered.late') : t('lending.covered.fileBy', { date: formatDay(c.file_by) })}</span>
                      </div>
                      <p className="text-sm text-base-content/80">{t('lending.covered.line', { kind: c.kind === 'single' ? 'single' : 'day', count: c.loans.length, date: formatDay(c.date), fileBy: formatDay(c.file_by) })}</p>
                      <p className="text-sm">
                        {c.loans.map((l, i) => (
                          <span key={l.uuid}>{i > 0 && ', '}<Link to={`/lending/loans/${l.uuid}`} className="link link-hover font-mono">{l.pawn_ticket_number}</Link> {formatCurrency(l.loan_amount)}</span>
                        ))}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
