import { RECIPIENT_WITHHELD_EMAIL_KINDS } from '@kalinga/contracts/client-access-constants';
import type { DeliveryListReply, DeliveryStatus } from '@kalinga/contracts/notifications';
import type { DB } from '../../db/database';
import { listDeliveries } from './outbox.repository';

/** Every occurrence of `text`, whatever its letters' case. */
const anyCase = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');

/**
 * The company's notification emails of a status (failed and pending when none is asked), newest first. A group's
 * email names no recipient: who gets one is in the group (decision 0376).
 */
export async function deliveriesOf(
  db: DB,
  companyId: number,
  query: { status?: DeliveryStatus; limit: number },
  emailConfigured: boolean,
): Promise<DeliveryListReply> {
  const rows = await listDeliveries(db, companyId, query.status ? [query.status] : ['failed', 'pending'], query.limit);
  // A mail server's refusal often repeats the address ("550 <…>: no such user"), in any case: it goes from the error too.
  const withheld = (r: (typeof rows)[number]) => ({ ...r, recipient_name: null, recipient_email: null, last_error: r.last_error?.replace(anyCase(r.recipient_email), '…') ?? null });
  const data = rows.map((r) => (RECIPIENT_WITHHELD_EMAIL_KINDS.includes(r.kind) ? withheld(r) : r));
  return { email_configured: emailConfigured, data };
}
