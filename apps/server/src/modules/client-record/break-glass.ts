import type { BreakGlassGrant } from '@kalinga/contracts/client-access';
import type { DB } from '../../db/database';
import { lockCounselors } from '../../db/locks';
import type { AuthContext } from '../../lib/auth-context';
import { conflict, forbidden } from '../../lib/http-errors';
import { notifyPrivacyOfficers } from '../users/clinical-access';
import { accessRight, assertClientOf, isClinician } from './client-access';
import { breakGlassHours, insertAccessRow, insertGrant, liveGrant } from './client-record.repository';

// Break the glass (docs/decisions/0203-break-the-glass.md): a counselor outside a client's care team who must act
// (an urgent case out of hours) opens the file with a reason, for the site's hours (default 24). The opening is an
// access-log entry marked with the grant; the privacy officers are told once, with who and never whose file or why.

export const TRAINEE_CANNOT_BREAK_GLASS = 'A trainee cannot break the glass; ask your clinical supervisor.';
export const ALREADY_IN_CARE_TEAM = "You are in this client's care team already: open the file without breaking the glass.";

/**
 * Grants the caller access to the client's file, or returns the live grant they have (created: false, nobody told
 * again). One counselor's requests run one at a time (their membership row's lock), so two at once make one grant.
 */
export async function breakGlass(db: DB, auth: AuthContext, clientId: number, reason: string, nowMs = Date.now()): Promise<{ grant: BreakGlassGrant; created: boolean }> {
  if (!isClinician(auth)) throw forbidden('Only counselors can break the glass.');
  if (auth.user.is_trainee === 1) throw forbidden(TRAINEE_CANNOT_BREAK_GLASS);
  return db.transaction().execute(async (trx) => {
    await assertClientOf(trx, auth.companyId, clientId);
    await lockCounselors(trx, auth.companyId, [auth.user.id]);
    const now = new Date(nowMs).toISOString();
    const live = await liveGrant(trx, auth.companyId, auth.user.id, clientId, now);
    if (live) return { grant: { ...live, client_id: clientId }, created: false };
    if (await accessRight(trx, auth, clientId, 'client_file', now)) throw conflict(ALREADY_IN_CARE_TEAM);
    const hours = await breakGlassHours(trx, auth.companyId);
    const grant = await insertGrant(trx, { company_id: auth.companyId, counselor_id: auth.user.id, client_id: clientId, reason, created_at: now, expires_at: new Date(nowMs + hours * 3_600_000).toISOString() });
    await insertAccessRow(trx, { company_id: auth.companyId, viewer_id: auth.user.id, client_id: clientId, kind: 'client_file', via: 'break_glass', grant_id: grant.id, at: now });
    await notifyPrivacyOfficers(trx, auth.companyId, 'break_glass', auth.user.id, null, now);
    return { grant: { ...grant, client_id: clientId }, created: true };
  });
}
