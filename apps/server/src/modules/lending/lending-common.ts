import { addDays, todayIn } from '@kalinga/contracts/pawn-rules';
import { unprocessable } from '../../lib/http-errors';
import type { AuthContext } from '../../plugins/auth';

export const UUID_TAKEN = 'The uuid has already been taken.';

/** A uuid used by another company's row: refused without saying anything of that row. */
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

/** 422 when a client's action date lies in the future; returns the date (today when left out). */
export function actionDate(auth: AuthContext, field: string, sent: string | undefined): string {
  const { today, latest } = counterDay(auth);
  if (sent === undefined) return today;
  if (sent > latest) throw unprocessable({ [field]: [`The ${field.replace(/_/g, ' ')} may not be in the future.`] });
  return sent;
}
