// Money as the app shows it; dates and times are dates.ts's (decision 0146).
import { currentLocale } from './i18n';

// Made on first use: building a currency formatter loads the locale's data, which cost ~55 ms of a phone-class
// main thread at start-up on screens that show no money (decision 0099).
const pesos = new Map<string, Intl.NumberFormat>();

/** PHP with exactly 2 decimals (product-rules.md#constants); anything non-numeric shows an em dash. */
export function formatCurrency(value: unknown, locale: string = currentLocale()): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return '—';
  // In the language in use's Philippine locale (en-PH, fil-PH; decision 0246): both write ₱1,234.50.
  let peso = pesos.get(locale);
  if (!peso) pesos.set(locale, (peso = new Intl.NumberFormat(locale, { style: 'currency', currency: 'PHP', minimumFractionDigits: 2, maximumFractionDigits: 2 })));
  return peso.format(n);
}
