import { ticketPrintSchema } from '@kalinga/contracts/lending/schemas';
import { writeWithEntries } from '../../../offline/action-support';
import { db } from '../../../offline/database';
import { userMay } from '../../../offline/permissions';
import { clientId } from '../../../offline/sync-queue';
import { checked, mustGet } from './lending-checks';

// A ticket's print, recorded like any write (decision 0216): queued with the loan's change (its print count here at
// once), sent once, and counted by the server for every device.

/**
 * Records one print of the ticket on this device: `asReprint` is what was printed (an original or a REPRINT). The
 * device is named by its book's client id (the id its queued writes' keys carry). A user who may not write to the
 * book (no 'manage lending') has nothing queued: the server would refuse it.
 */
export async function recordTicketPrint(uuid: string, asReprint: boolean): Promise<void> {
  if (!userMay('manage lending')) return;
  const body = checked(ticketPrintSchema, { print_uuid: crypto.randomUUID(), device_id: await clientId(), printed_at: new Date().toISOString(), as_reprint: asReprint });
  await writeWithEntries(async (queue) => {
    await mustGet(db.loans.get(uuid), 'loan');
    await queue('RECORD_TICKET_PRINT', { ...body, uuid });
  });
}
