import type { TransactionReverseReply } from '@kalinga/contracts/lending/schemas';
import { REASON_NEEDED, reversalReason } from '@kalinga/contracts/lending/rules';
import { api } from '../../../lib/api-client';
import { db } from '../../../offline/database';
import { applyTransactions } from '../../../offline/queue-apply';

// A reversing entry is written by the server, at once (decision 0187): the register's rows are the server's alone,
// so a reversal needs the connection. Its uuid is made once per dialog: sending it again after a lost reply is the
// same reversal, never a second one.

export async function reverseEntry(entryUuid: string, reversalUuid: string, reason: string): Promise<void> {
  const kept = reversalReason(reason);
  if (!kept) throw new Error(REASON_NEEDED);
  const reply = await api.post<TransactionReverseReply>(`/api/transactions/${encodeURIComponent(entryUuid)}/reverse`, { uuid: reversalUuid, reason: kept });
  await db.transaction('rw', db.transactions, () => applyTransactions([reply.original, reply.data]));
}
