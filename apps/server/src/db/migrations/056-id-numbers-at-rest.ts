import { sql } from 'kysely';
import type { AnyDB } from './columns';

// Pawners' ID numbers at rest (decision 0367). customers.id_number is registered among the encrypted columns: the
// key sweep the server runs at every start (decision 0205; migrations run before the keys are loaded) seals the rows
// stored plain before, and every write seals its own. What this migration does is what that sweep cannot:
//  - a blank ID number becomes null, so no envelope of an empty text ever reads as an ID on file (the KYC check);
//  - the stored replies of customer writes kept for idempotent repeats (decision 0102) held the number in plain
//    text: their bodies go, the key rows stay, so a repeat answers with the customer as it is now (decision 0105).
// Nothing is undone by down: the numbers are the same, only where a plain copy lay is cleared.

export async function up(db: AnyDB): Promise<void> {
  await sql`update customers set id_number = null where trim(id_number) = ''`.execute(db);
  await sql`update idempotency_keys set reply = null where reply is not null and (path = '/api/customers' or path like '/api/customers/%')`.execute(db);
}

export async function down(): Promise<void> {}
