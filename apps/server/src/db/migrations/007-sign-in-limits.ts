import { type AnyDB, notNull } from './columns';

// Sign-in limits kept where every server process sees them (docs/decisions/0070-sign-in-limits.md):
// one row per counted key ("acct:<email>|<address>", "addr:<address>", "register:<address>"),
// its count within the current window, and when that window ends. Rows past expires_at are stale:
// the next count starts afresh, and a sweep deletes them.
export async function up(db: AnyDB): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await db.schema.createIndex('auth_attempts_expires_idx').on('auth_attempts').column('expires_at').execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
