import { type ActionDateBound, actionDateProblem, addDays, BACKDATE_PERMISSION, daysBackdated, DEFAULT_BACKDATE_DAYS } from '@kalinga/contracts/lending/rules';
import { UUID_UNUSABLE } from '@kalinga/contracts/common';
import type { DB } from '../../db/database';
import type { BackdatedActionsTable } from '../../db/tables';
import { unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../lib/auth-context';
import { todayIn } from '@kalinga/contracts/zone-time';
import { backdateSetting, insertBackdating } from './lending-records.repository';

export const UUID_TAKEN = UUID_UNUSABLE;

/** A new uuid that collides with a record's (here or in another company): refused without saying anything of that record. */
export function uuidTaken(field = 'uuid') {
  return unprocessable({ [field]: [UUID_TAKEN] });
}

/**
 * The counter's day in the company's zone, and the latest date a client may send: a client may be up to a
 * day ahead (a device in a zone east of the company's, or a clock a little fast). docs/decisions/0063.
 */
export function counterDay(auth: AuthContext): { today: string; latest: string } {
  const today = todayIn(auth.company.timezone);
  return { today, latest: addDays(today, 1) };
}

/** Where a date bound is checked: the field that carries it and the words its messages use. */
export interface DateField {
  field: string;
  label: string;
}

/**
 * The bound of an action's date for this user: not in the future, not before the record's own dates, and no
 * more than the site's `lending_backdate_days` before today unless the user holds 'backdate lending'.
 * docs/decisions/0120-lending-action-date-bound.md.
 */
export async function actionDateBound(db: DB, auth: AuthContext, notBefore: ActionDateBound['notBefore']): Promise<ActionDateBound> {
  const row = await backdateSetting(db, auth.companyId);
  const { today, latest } = counterDay(auth);
  return {
    today,
    latest,
    notBefore,
    backdateDays: row?.lending_backdate_days ?? DEFAULT_BACKDATE_DAYS,
    mayBackdateFurther: auth.permissions.has(BACKDATE_PERMISSION),
  };
}

/** 422 on the field when the client's date is out of bound; returns the date (today when left out) and the bound. */
export async function boundedDate(db: DB, auth: AuthContext, at: DateField, sent: string | undefined, notBefore: ActionDateBound['notBefore']) {
  const bound = await actionDateBound(db, auth, notBefore);
  const date = sent ?? bound.today;
  const problem = actionDateProblem(date, at.label, bound);
  if (problem) throw unprocessable({ [at.field]: [problem] });
  return { date, bound };
}

/** Records an action dated before the server's today: who dated it and by how many days (nothing when dated today). */
export async function recordBackdating(
  trx: DB,
  auth: AuthContext,
  dated: { date: string; bound: ActionDateBound },
  what: { action: BackdatedActionsTable['action']; loanUuid: string; itemUuid?: string | null; now: string },
): Promise<void> {
  const days = daysBackdated(dated.date, dated.bound.today);
  if (days === 0) return;
  await insertBackdating(trx, {
    company_id: auth.companyId,
    user_id: auth.user.id,
    action: what.action,
    loan_uuid: what.loanUuid,
    item_uuid: what.itemUuid ?? null,
    action_date: dated.date,
    server_date: dated.bound.today,
    days_back: days,
    beyond_setting: days > dated.bound.backdateDays ? 1 : 0,
    created_at: what.now,
  });
}
