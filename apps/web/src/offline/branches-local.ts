import type { Branch } from '@kalinga/contracts/lending/branches';
import { api, isNoReply } from '../lib/api-client';

// The branches the signed-in user works at, kept in their book (decision 0341): the branch picker is drawn from it
// when the server cannot be asked (offline, a reload without the network), as the lending screens are drawn from
// the book. Branches are not confidential: names, addresses and ticket prefixes. The list is read again with every
// pull of the lending data and whenever the picker asks the server; the device's branch itself stays where the API
// client reads it (localStorage, decision 0302).
//
// Dexie is imported on first need (features and the frame reach this module before any book is opened).
const database = () => import('./database');

/** The row of the book's `settings` table that holds the list. */
export const BRANCHES_ROW = 'branches:mine';

interface KeptBranches {
  branches: Branch[];
}

/** The list kept in the signed-in user's book, or undefined when none was kept there yet. */
export async function keptBranches(): Promise<Branch[] | undefined> {
  const { bookOwner, db } = await database();
  if (!bookOwner()) return undefined;
  const row = await db.settings.get(BRANCHES_ROW);
  return (row?.data as KeptBranches | undefined)?.branches;
}

/** Keeps the server's list in the signed-in user's book (a full device is said in a toast, as for any write). */
export async function keepBranches(branches: readonly Branch[], now: Date = new Date()): Promise<void> {
  const { bookOwner, db } = await database();
  if (!bookOwner()) return;
  await db.settings.put({ id: BRANCHES_ROW, data: { branches: [...branches] } satisfies KeptBranches, updated_at: now.toISOString() });
}

/**
 * The user's branches: the server's, kept in the book on the way; without a reply from the server, the book's.
 * Any other failure (a refusal, a server error) is the caller's, as before.
 */
export async function myBranches(): Promise<Branch[]> {
  try {
    const reply = await api.get<{ data: Branch[] }>('/api/branches/mine');
    // Not kept (a full device, said in a toast): the picker still has the server's list now.
    await keepBranches(reply.data).catch(() => undefined);
    return reply.data;
  } catch (error) {
    if (!isNoReply(error)) throw error;
    const kept = await keptBranches().catch(() => undefined);
    if (kept === undefined) throw error;
    return kept;
  }
}

/** With the pull of the lending data: the list read again and kept (a failure leaves the kept one as it was). */
export async function pullBranches(): Promise<void> {
  const reply = await api.get<{ data: Branch[] }>('/api/branches/mine');
  await keepBranches(reply.data);
}
