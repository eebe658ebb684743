import { gramsText, rateIsStale } from '@kalinga/contracts/lending/gold';
import { useLiveQuery } from 'dexie-react-hooks';
import { formatDate } from '../../../lib/dates';
import { formatCurrency } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { keptRates } from './metal-rates-store';
import { METAL_WORD } from './terms-words';

interface MetalItem {
  metal?: string | null;
  purity?: string | null;
  weight_grams?: number | null;
  metal_rate_id?: number | null;
  metal_rate?: number | null;
  metal_rate_date?: string | null;
}

/**
 * The printed ticket's line under a piece of metal: purity, grams and the rate its appraisal used, with the rate's day
 * when older than the ticket's (decision 0306). Before the server's reply the device has the rate's id only: the rate
 * then comes from the rates kept here, which it was taken from.
 */
export function TicketMetalLine({ item, ticketDate }: { item: MetalItem; ticketDate: string }) {
  const t = useT('pawnTerms');
  const locale = useLocale();
  const kept = useLiveQuery(() => keptRates(), []);
  if (!item.metal || !item.purity || item.weight_grams == null) return null;
  const fromKept = kept?.rates.find((r) => r.id === item.metal_rate_id);
  const rate = item.metal_rate ?? fromKept?.rate;
  const day = item.metal_rate_date ?? fromKept?.rate_date;
  const metal = METAL_WORD[item.metal as keyof typeof METAL_WORD];
  return (
    <span className="block text-xs text-base-content/80" data-testid="ticket-metal">
      {t('pawnTerms.ticket.metal', { metal: metal ? t(metal) : item.metal, purity: item.purity, grams: gramsText(Math.round(item.weight_grams * 100)), rate: rate == null ? '—' : formatCurrency(rate, locale) })}
      {day && rateIsStale(day, ticketDate) && <> · {t('pawnTerms.ticket.staleRate', { date: formatDate(day, undefined, locale) })}</>}
    </span>
  );
}
