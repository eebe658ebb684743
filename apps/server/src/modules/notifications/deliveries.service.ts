import type { DeliveryListReply, DeliveryStatus } from '@kalinga/contracts/notifications';
import type { DB } from '../../db/database';
import { listDeliveries } from './outbox.repository';

/** The company's notification emails of a status (failed and pending when none is asked), newest first. */
export async function deliveriesOf(
  db: DB,
  companyId: number,
  query: { status?: DeliveryStatus; limit: number },
  emailConfigured: boolean,
): Promise<DeliveryListReply> {
  const rows = await listDeliveries(db, companyId, query.status ? [query.status] : ['failed', 'pending'], query.limit);
  return { email_configured: emailConfigured, data: rows };
}
