import { rateIsStale } from '@kalinga/contracts/lending/gold';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useCounterToday } from '../book/lending-queries';
import { type KeptRates, ratesSetAt } from './metal-rates-store';

/** "Rates of <date time>", and a warning when the newest rate kept here was set before today (decision 0306). */
export function RatesFrom({ kept }: { kept: KeptRates | undefined }) {
  const t = useT('pawnTerms');
  const today = useCounterToday();
  const setAt = ratesSetAt(kept);
  if (!kept || !setAt) return <p className="text-sm text-base-content/70" data-testid="rates-from">{t('pawnTerms.rates.noneYet')}</p>;
  const newestDay = kept.rates.reduce((d, r) => (r.rate_date > d ? r.rate_date : d), '');
  const stale = today !== undefined && rateIsStale(newestDay, today);
  return (
    <div className="flex flex-col gap-1" data-testid="rates-from">
      <p className="text-sm font-medium">{t('pawnTerms.rates.of', { when: formatDateTime(setAt) })}</p>
      {stale && <p role="status" className="alert alert-warning alert-soft text-sm">{t('pawnTerms.rates.stale', { date: formatDate(newestDay) })}</p>}
    </div>
  );
}
