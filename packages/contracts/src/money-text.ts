/**
 * Money as people type it at a Philippine counter, read the same way by the browser and the server: "12,500",
 * "12 500", "₱12,500.50", "PHP 12500" are all 12500 / 12500.5 pesos. Commas (and spaces) are thousands separators
 * only between groups of three digits; the point is the decimal point. Anything else is not an amount (null).
 * Amounts stay pesos here; the server turns them into integer centavos (toCentavos).
 */
const GROUPED = /^\d{1,3}([, ]\d{3})+(\.\d*)?$/;
const PLAIN = /^\d+(\.\d*)?$|^\.\d+$/;

export function parseMoneyText(text: string): number | null {
  const t = text
    .trim()
    .replace(/^(₱|PHP|Php|php|P)\s*/, '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim();
  if (t === '') return null;
  if (PLAIN.test(t)) return Number(t);
  if (GROUPED.test(t)) return Number(t.replace(/[, ]/g, ''));
  return null;
}

/** An amount as a money field shows it for editing: thousands separated by commas, decimals only when there are any. */
export function moneyInputText(pesos: number): string {
  return pesos.toLocaleString('en-PH', { minimumFractionDigits: Number.isInteger(pesos) ? 0 : 2, maximumFractionDigits: 2 });
}

/**
 * A round price near `pesos` to suggest (a person then changes it if they like): to the nearest ₱10 below ₱1,000,
 * ₱50 below ₱10,000, ₱100 above; never zero for a positive amount.
 */
export function roundPrice(pesos: number): number {
  if (!(pesos > 0)) return 0;
  const step = pesos < 1_000 ? 10 : pesos < 10_000 ? 50 : 100;
  return Math.max(step, Math.round(pesos / step) * step);
}
