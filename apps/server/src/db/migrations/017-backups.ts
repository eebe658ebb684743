import { type AnyDB, notNull, withId } from './columns';

// Backups and restores (docs/decisions/0190-backups-and-restore.md).
//  - backup_runs: one row per backup, scheduled or by command. A scheduled run is claimed by inserting its slot
//    (unique): however many instances run, one of them makes each day's backup. finished_at/ok stay null while it runs.
//  - restores: one row per restore into this database; the newest row's tag is written into every sync cursor the
//    server hands out, so a device's cursor from before the restore is refused and it syncs again from the epoch.

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('backup_runs'))
    .addColumn('kind', 'text', notNull)
    .addColumn('slot', 'text', (c) => c.unique())
    .addColumn('started_at', 'text', notNull)
    .addColumn('finished_at', 'text')
    .addColumn('ok', 'integer')
    .addColumn('archive', 'text')
    .addColumn('bytes', 'integer')
    .addColumn('error', 'text')
    .addColumn('notified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('backup_runs_started_idx').on('backup_runs').column('started_at').execute();
  await withId(db, db.schema.createTable('restores'))
    .addColumn('tag', 'text', notNull)
    .addColumn('archive', 'text', notNull)
    .addColumn('archive_created_at', 'text', notNull)
    .addColumn('restored_at', 'text', notNull)
    .execute();
}

export async function down(db: AnyDB): Promise<void> {
  await db.schema.dropTable('restores').execute();
  await db.schema.dropTable('backup_runs').execute();
}
