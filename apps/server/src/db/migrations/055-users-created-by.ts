import type { AnyDB } from './columns';

// Who created each user (decision 0358): a clinical grant, the access log or a clinical supervisor is refused when
// the giver's account is the receiver's creation, directly or through accounts the receiver's creations created.
// Users from before this migration, and those who registered a company or were added by the seed, have null:
// unknown, which refuses nothing. A creator removed later leaves null (set null), as the access log's rows do.

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('users').addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.alterTable('users').dropColumn('created_by').execute();
}
