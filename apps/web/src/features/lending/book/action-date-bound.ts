import {
  type ActionDateBound,
  actionDateProblem,
  addDays,
  BACKDATE_PERMISSION,
  DEFAULT_BACKDATE_DAYS,
} from '@kalinga/contracts/lending/rules';
import { counterToday } from './lending-checks';
import { deviceDatabase } from '../../../offline/database';
import { settingsKey } from '../../../offline/settings-local';
import { COMPANY_KEY } from '../../../lib/storage-keys';
import { userMay } from '../../../offline/permissions';

// The bound of a lending action's date on this device, as the server applies it (pawn-rules.ts actionDateProblem;
// docs/decisions/0120): the site's lending_backdate_days from the kept settings, the user's 'backdate lending'.

/** Throws the sentence the server would answer when the date is out of bound; the queue never carries such an action. */
export async function refuseOutOfBoundDate(date: string, label: string, notBefore: ActionDateBound['notBefore'] = []): Promise<void> {
  const today = await counterToday();
  const kept = await deviceDatabase().settings.get(settingsKey(localStorage.getItem(COMPANY_KEY)));
  const days = kept?.data.lending_backdate_days;
  const problem = actionDateProblem(date, label, {
    today,
    latest: addDays(today, 1),
    notBefore,
    backdateDays: typeof days === 'number' && Number.isInteger(days) && days >= 0 ? days : DEFAULT_BACKDATE_DAYS,
    mayBackdateFurther: userMay(BACKDATE_PERMISSION),
  });
  if (problem) throw new Error(problem);
}
