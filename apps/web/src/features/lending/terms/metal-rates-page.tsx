import { rateFor, RATE_KEYS, type Metal } from '@kalinga/contracts/lending/gold';
import type { MetalRateHistoryReply } from '@kalinga/contracts/lending/metal-rates';
import { parseMoneyText } from '@kalinga/contracts/money-text';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { LoadingBlock } from '../../../components/ui/spinner';
import { SubmitButton } from '../../../components/ui/submit-button';
import { notifyError, notifySuccess } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useOnlineStatus } from '../../../lib/online-status';
import { hasPermission, useAuth } from '../../../session/auth-store';
import { PageHeader } from '../components/page-header';
import { rateHistory, ratesSetAt, setRates } from './metal-rates-store';
import { RatesFrom } from './rates-from';
import { METAL_WORD } from './terms-words';
import { useMetalRates } from './use-metal-rates';

const keyOf = (metal: Metal, purity: string) => `${metal}/${purity}`;

/** A rate in force and the day it was set for, or "Not set". */
function RateNow({ rate }: { rate: { rate: number; rate_date: string } | undefined }) {
  const t = useT('pawnTerms');
  if (!rate) return <span className="text-base-content/70">{t('pawnTerms.rates.notSet')}</span>;
  return (
    <span className="flex flex-col">
      <span>{formatCurrency(rate.rate)}</span>
      <span className="text-xs text-base-content/70">{formatDate(rate.rate_date)}</span>
    </span>
  );
}

/** The branch's day rates: in force (kept on this device for offline appraisal), set each morning by a manager, and their history. */
export function MetalRatesPage() {
  const t = useT('pawnTerms');
  const canSet = hasPermission(useAuth().user, 'manage branches');
  const online = useOnlineStatus();
  const { kept, loading, error, refresh } = useMetalRates();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [history, setHistory] = useState<{ reply?: MetalRateHistoryReply; error?: string; loading: boolean }>({ loading: false });

  const loadHistory = async () => {
    setHistory({ loading: true });
    try {
      setHistory({ loading: false, reply: await rateHistory(1) });
    } catch (err) {
      setHistory({ loading: false, error: errorMessage(err, t('pawnTerms.rates.historyFailed')) });
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const rates = [];
    const wrong: Record<string, string> = {};
    for (const { metal, purity } of RATE_KEYS) {
      const text = (typed[keyOf(metal, purity)] ?? '').trim();
      if (text === '') continue;
      const rate = parseMoneyText(text);
      if (rate === null || rate <= 0) wrong[keyOf(metal, purity)] = t('pawnTerms.rates.notAnAmount');
      else rates.push({ metal, purity, rate });
    }
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    if (rates.length === 0) {
      setErrors({ form: t('pawnTerms.rates.noneTyped') });
      return;
    }
    setSaving(true);
    try {
      await setRates(rates);
      setTyped({});
      notifySuccess(t('pawnTerms.rates.saved'));
      if (history.reply) void loadHistory();
    } catch (err) {
      notifyError(err instanceof ApiError && err.status !== 0 ? err.message : t('pawnTerms.rates.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  if (loading) return <LoadingBlock text={t('pawnTerms.rates.loading')} />;
  const setAt = ratesSetAt(kept);
  const failed = !kept && error;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title={t('pawnTerms.rates.title')} text={t('pawnTerms.rates.text')} />
      {/* "No rates yet" is said once, over the table; RatesFrom says from when the rates are. */}
      {failed ? <ErrorAlert message={errorMessage(error, t('pawnTerms.rates.loadFailed'))} onRetry={() => void refresh()} /> : setAt ? <RatesFrom kept={kept} /> : null}
      <form className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="rates-table-title">
        <h2 id="rates-table-title" className="font-semibold">{t('pawnTerms.rates.inForce')}</h2>
        {!setAt && !failed && <p className="text-base-content/70" data-testid="rates-none-yet">{t('pawnTerms.rates.noneYet')}</p>}
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table table-sm sm:table-md">
            <thead>
              <tr>
                <th scope="col">{t('pawnTerms.rates.purity')}</th>
                <th scope="col" className="hidden sm:table-cell">{t('pawnTerms.rates.perGram')}</th>
                {canSet && <th scope="col">{t('pawnTerms.rates.newRate')}</th>}
              </tr>
            </thead>
            <tbody>
              {RATE_KEYS.map(({ metal, purity }) => {
                const rate = rateFor(kept?.rates ?? [], metal, purity);
                const key = keyOf(metal, purity);
                const id = `rate-${metal}-${purity}`;
                return (
                  <tr key={key}>
                    {/* On a phone the rate in force sits under its metal, so that the table fits 375 px without scrolling. */}
                    <th scope="row" className="font-medium">
                      {t(METAL_WORD[metal])} {purity}
                      <span className="mt-1 block text-sm font-normal sm:hidden" data-testid="rate-now-phone"><RateNow rate={rate} /></span>
                    </th>
                    <td className="hidden sm:table-cell"><RateNow rate={rate} /></td>
                    {canSet && (
                      <td>
                        <input
                          id={id}
                          className={`input input-sm w-24 sm:w-32 ${errors[key] ? 'input-error' : ''}`}
                          inputMode="decimal"
                          aria-label={t('pawnTerms.rates.newRateOf', { metal: t(METAL_WORD[metal]), purity })}
                          value={typed[key] ?? ''}
                          disabled={!online || saving}
                          onChange={(ev) => setTyped((v) => ({ ...v, [key]: ev.target.value }))}
                          aria-invalid={errors[key] ? true : undefined}
                          aria-describedby={errors[key] ? `${id}-error` : undefined}
                        />
                        {errors[key] && <span id={`${id}-error`} className="block text-sm text-error">{errors[key]}</span>}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {canSet && (
          <div className="flex flex-wrap items-center justify-end gap-3">
            {errors.form && <p role="alert" className="text-error">{errors.form}</p>}
            {!online && <p className="text-sm text-base-content/70">{t('pawnTerms.rates.offlineSet')}</p>}
            <SubmitButton busy={saving} disabled={!online}>{t('pawnTerms.rates.save')}</SubmitButton>
          </div>
        )}
      </form>
      <section className="flex flex-col gap-3" aria-labelledby="rates-history-title">
        <h2 id="rates-history-title" className="font-semibold">{t('pawnTerms.rates.history')}</h2>
        {history.loading ? (
          <LoadingBlock text={t('pawnTerms.rates.historyLoading')} />
        ) : history.error ? (
          <ErrorAlert message={history.error} onRetry={() => void loadHistory()} />
        ) : history.reply ? (
          history.reply.data.length === 0 ? (
            <p className="text-base-content/70">{t('pawnTerms.rates.historyEmpty')}</p>
          ) : (
            <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
              {history.reply.data.map((r) => (
                <li key={r.id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2 text-sm">
                  <span className="font-medium">{t(METAL_WORD[r.metal])} {r.purity}: {formatCurrency(r.rate)}</span>
                  <span className="text-base-content/70">{t('pawnTerms.rates.setBy', { when: formatDateTime(r.set_at), name: r.set_by_name ?? '—' })}</span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <div>
            <button type="button" className="btn btn-sm" disabled={!online} onClick={() => void loadHistory()}>{t('pawnTerms.rates.showHistory')}</button>
            {!online && <p className="mt-1 text-sm text-base-content/70">{t('pawnTerms.rates.historyOffline')}</p>}
          </div>
        )}
      </section>
    </div>
  );
}
