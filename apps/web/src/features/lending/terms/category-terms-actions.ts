import { categoryCreateSchema } from '@kalinga/contracts/categories';
import { writeWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import { ApiError } from '../../../lib/api-client';
import type { LocalCategory } from '../book/lending-queries';

// A lending category's terms, saved through the device's queue (CREATE_CATEGORY / UPDATE_CATEGORY, as the
// counselling Categories screen saves): the server keeps each change of terms in its terms history (decision 0104).

/** The form's fields as typed. */
export interface TermsDraft {
  title: string;
  interest_rate: string;
  penalty_rate: string;
  loan_period: string;
  loan_period_type: string;
  loan_period_expiry: string;
  is_renewable: boolean;
  is_extendable: boolean;
  fast_depreciating: boolean;
  advance_interest: 'none' | 'one_term';
  ltv_percent: string;
}

export function draftOf(category: LocalCategory | null): TermsDraft {
  return {
    title: category?.title ?? '',
    interest_rate: String(category?.interest_rate ?? 0),
    penalty_rate: String(category?.penalty_rate ?? 0),
    loan_period: String(category?.loan_period ?? 1),
    loan_period_type: category?.loan_period_type ?? 'month',
    loan_period_expiry: String(category?.loan_period_expiry ?? 0),
    is_renewable: category?.is_renewable ?? true,
    // A copy from before the setting: as its renewals (decision 0189).
    is_extendable: category?.is_extendable ?? category?.is_renewable ?? true,
    fast_depreciating: category?.fast_depreciating ?? false,
    advance_interest: category?.advance_interest === 'one_term' ? 'one_term' : 'none',
    ltv_percent: category?.ltv_percent == null ? '' : String(category.ltv_percent),
  };
}

/** The draft checked as the server checks it: the fields to send, or a 422-like error by field. */
export function checkedTerms(draft: TermsDraft) {
  const result = categoryCreateSchema.omit({ uuid: true }).safeParse({ ...draft, kind: 'lending' });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? 'title')] ??= []).push(issue.message);
  throw new ApiError(422, result.error.issues[0]?.message ?? 'The data is not valid.', errors);
}

/** Saves a new lending category or the changed terms of one on this device and queues it. */
export async function saveCategoryTerms(category: LocalCategory | null, draft: TermsDraft): Promise<void> {
  const { kind: _kind, ...fields } = checkedTerms(draft);
  // Cleared, the ratio goes back to the default: null is sent, not left out.
  const body = { ...fields, ltv_percent: fields.ltv_percent ?? null };
  await writeWithEntries(async (queue) => {
    if (!category) {
      await queue('CREATE_CATEGORY', { uuid: crypto.randomUUID(), kind: 'lending', ...body, description: '' });
      return;
    }
    if (!(await db.categories.get(category.uuid))) throw new Error('This category is not on this device.');
    await queue('UPDATE_CATEGORY', { uuid: category.uuid, ...body });
  });
}
