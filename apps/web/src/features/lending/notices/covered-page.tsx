import type { CoveredReply } from '@kalinga/contracts/pawn-notices';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { formatCurrency } from '../../../lib/format';
import { PageHeader } from '../components/page-header';
import { formatDay } from '../lending-figures';
import { problemText } from './notices-api';

/** Lending › Covered Transactions: loans above ₱500,000, alone or a customer's in one day, and the date to report each by. */
export function CoveredPage() {
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
      <PageHeader title="Covered Transactions" text="Loans above ₱500,000, alone or one customer’s in one day together: report each to the AMLC within 5 working days" />
      <div className="flex flex-wrap items-end gap-3">
        {date('from', 'Loans from')}
        {date('to', 'To')}
      </div>
      {query.isPending && !data ? (
        <LoadingBlock text="Loading covered transactions..." />
      ) : !data ? (
        <ErrorAlert message={problemText(query.error, 'Could not load the covered transactions.')} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.isError && <p role="alert" className="text-sm text-error">{problemText(query.error, 'Could not load the covered transactions.')}</p>}
          {data.data.length === 0 ? (
            <EmptyState title="No covered transactions" text={`No loan, and no customer’s loans of one day, above ₱500,000 from ${formatDay(data.from)} to ${formatDay(data.to)}.`} />
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Covered transactions" aria-busy={query.isPlaceholderData}>
              {data.data.map((c) => {
                const late = c.file_by < data.today;
                return (
                  <li key={`${c.kind}-${c.customer_uuid}-${c.date}-${c.loans[0]?.uuid}`} className="card border border-base-300 bg-base-100" data-testid="covered-row">
                    <div className="card-body gap-1 p-4">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h2 className="font-semibold">
                          <Link to={`/lending/customers/${c.customer_uuid}`} className="link link-hover">{c.customer_name}</Link> · {formatCurrency(c.total)}
                        </h2>
                        <span className={`badge ${late ? 'badge-error' : 'badge-warning'}`}>{late ? 'Past the filing date' : `File by ${formatDay(c.file_by)}`}</span>
                      </div>
                      <p className="text-sm text-base-content/80">{c.kind === 'single' ? 'One loan' : `${c.loans.length} loans in one day`} on {formatDay(c.date)} · file by {formatDay(c.file_by)}</p>
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
