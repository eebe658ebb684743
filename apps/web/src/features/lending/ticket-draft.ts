import { parseMoneyText } from '@kalinga/contracts/money-text';
import { t } from '../../lib/i18n';
import type { LocalCategory, LocalCustomer } from './book/lending-queries';

// The new ticket form's draft and its checks, field by field: each message is shown beside its field (decision 0142).

/** One item row of the form, as typed. */
export interface ItemDraftRow {
  key: string;
  description: string;
  category_uuid: string;
  appraisal_value: string;
  /** A piece of metal appraised by weight (decision 0305): empty for other items. */
  metal?: string;
  purity?: string;
  weight?: string;
}

/** A new item row: nothing chosen (a phone must not silently take item 1's "Jewellery"). */
export function emptyItem(): ItemDraftRow {
  return { key: crypto.randomUUID(), description: '', category_uuid: '', appraisal_value: '' };
}

export interface ItemErrors {
  description?: string;
  category?: string;
  appraisal?: string;
}

export interface DraftErrors {
  customer?: string;
  items: ItemErrors[];
  amount?: string;
}

/** A money field's text as pesos: null when empty, NaN when it is not an amount ("abc", "12,50"). */
export function amountOf(text: string): number | null {
  if (text.trim() === '') return null;
  return parseMoneyText(text) ?? Number.NaN;
}

/** Which money field a message is about: the loan amount, or the appraised value of item n (1-based). */
type MoneyField = 'amount' | number;
const fieldValues = (field: MoneyField) => (field === 'amount' ? { field: 'amount', n: 0 } : { field: 'item', n: field });

/** A money field's own problem: not an amount, not above zero, or (when `required`) empty. */
export function moneyProblem(text: string, field: MoneyField, required: boolean): string | undefined {
  const value = amountOf(text);
  if (value === null) return required ? t('lending.draft.enter', fieldValues(field)) : undefined;
  if (Number.isNaN(value)) return t('lending.draft.notAnAmount', fieldValues(field));
  if (value <= 0) return t('lending.draft.aboveZero', fieldValues(field));
  return undefined;
}

/**
 * Every field's problem. `submitted`: also the missing fields (before a save is tried, only what is already wrong,
 * such as "abc" in an amount, is said).
 */
export function draftErrors(input: { customer: LocalCustomer | undefined; items: ItemDraftRow[]; amount: string; submitted: boolean }): DraftErrors {
  const { submitted } = input;
  const items = input.items.map((i, n): ItemErrors => ({
    description: submitted && !i.description.trim() ? t('lending.draft.describe', { n: n + 1 }) : undefined,
    category: submitted && !i.category_uuid ? t('lending.draft.category', { n: n + 1 }) : undefined,
    appraisal: moneyProblem(i.appraisal_value, n + 1, submitted),
  }));
  return {
    customer: submitted && !input.customer ? t('lending.draft.customer') : undefined,
    items,
    amount: moneyProblem(input.amount, 'amount', submitted),
  };
}

export function hasErrors(errors: DraftErrors): boolean {
  return Boolean(errors.customer || errors.amount || errors.items.some((i) => i.description || i.category || i.appraisal));
}

/** The first field with a problem, by the id the form gives it (focus goes there after a refused save). */
export function firstErrorId(errors: DraftErrors, keys: string[]): string | null {
  if (errors.customer) return 'ticket-customer';
  for (const [n, i] of errors.items.entries()) {
    if (i.description) return `item-${keys[n]}-description`;
    if (i.category) return `item-${keys[n]}-category`;
    if (i.appraisal) return `item-${keys[n]}-appraisal`;
  }
  return errors.amount ? 'ticket-amount' : null;
}

/**
 * Which terms apply to which item: a ticket has one set of terms, its first item's category's. Items of another
 * category are named, so the clerk sees they are held under those terms (or writes them a ticket of their own).
 */
export function termsByItem(items: ItemDraftRow[], categories: LocalCategory[]): { ticket: LocalCategory | undefined; others: { item: number; category: LocalCategory }[] } {
  const byUuid = new Map(categories.map((c) => [c.uuid, c]));
  const ticket = byUuid.get(items[0]?.category_uuid ?? '');
  const others: { item: number; category: LocalCategory }[] = [];
  items.forEach((i, n) => {
    const c = byUuid.get(i.category_uuid);
    if (n > 0 && c && ticket && c.uuid !== ticket.uuid) others.push({ item: n + 1, category: c });
  });
  return { ticket, others };
}
