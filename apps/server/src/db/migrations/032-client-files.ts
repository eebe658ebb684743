import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';

// The client file (docs/decisions/0235-client-file-and-disclosure.md, 0236-retention-and-purge.md):
//  - client_files: one row per client whose file was ever closed (no row: open). Status, the closing summary (an
//    encrypted envelope bound to the row's uuid), who closed or reopened it and why.
//  - client_file_events: the closings and reopenings, for the file's timeline (summary and reason are envelopes).
//  - correction_requests: a client asks their care team to correct their record; the answer is kept (envelopes).
//  - client_file_purges: closed files past the site's retention, listed monthly for the privacy officer's approval;
//    'approved' only inside the purge's own transaction, then 'purged' with the counts removed.
//  - settings.retention_years (default 10) and settings.retention_listed_month (the monthly job's last month).
//  - case_notes and case_note_addenda: a signed note or an addendum may be deleted only while its client's purge is
//    approved (the purge's transaction); every other delete is refused as before (decision 0208).

const LOCKED = 'A signed case note is never changed or deleted; add an addendum instead.';
const ADDENDUM_LOCKED = 'An addendum is never changed or deleted.';
const NOTE_PURGING = `exists (select 1 from client_file_purges p where p.company_id = old.company_id and p.client_id = old.client_id and p.status = 'approved')`;
const ADDENDUM_PURGING = `exists (select 1 from case_notes n join client_file_purges p on p.company_id = n.company_id and p.client_id = n.client_id where n.id = old.note_id and p.status = 'approved')`;

export async function up(db: AnyDB): Promise<void> {
  await db.schema.alterTable('settings').addColumn('retention_years', 'integer', (c) => c.notNull().defaultTo(10)).execute();
  await db.schema.alterTable('settings').addColumn('retention_listed_month', 'text').execute();

  await withId(db, db.schema.createTable('client_files'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
    .addColumn('closing_summary', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('purged_at', 'text')
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('client_files_client_uq', ['company_id', 'client_id'])
    .execute();
  await db.schema.createIndex('client_files_closed_idx').on('client_files').columns(['status', 'closed_at']).execute();

  await withId(db, db.schema.createTable('client_file_events'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('closed', 'reopened', 'purged')`))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', notNull)
    .addColumn('text', 'text')
    .addColumn('at', 'text', notNull)
    .execute();
  await db.schema.createIndex('client_file_events_client_idx').on('client_file_events').columns(['company_id', 'client_id', 'at']).execute();

  await withId(db, db.schema.createTable('correction_requests'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('corrected', 'declined')`))
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answered_by_name', 'text')
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('correction_requests_uuid_uq', ['company_id', 'uuid'])
    .execute();
  await db.schema.createIndex('correction_requests_client_idx').on('correction_requests').columns(['company_id', 'client_id', 'created_at']).execute();

  await withId(db, db.schema.createTable('client_file_purges'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_name', 'text', notNull)
    .addColumn('closed_at', 'text', notNull)
    .addColumn('keep_until', 'text', notNull)
    .addColumn('listed_at', 'text', notNull)
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('listed', 'approved', 'purged')`))
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_by_name', 'text')
    .addColumn('purged_at', 'text')
    .addColumn('counts', 'text')
    .addUniqueConstraint('client_file_purges_closing_uq', ['company_id', 'client_id', 'closed_at'])
    .execute();
  await db.schema.createIndex('client_file_purges_company_idx').on('client_file_purges').columns(['company_id', 'status', 'listed_at']).execute();

  await purgeMayDelete(db);
}

/** A signed note's or an addendum's delete passes only while its client's purge is approved. */
async function purgeMayDelete(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    // The locking triggers keep guarding updates; deletes move to guards that know the purge.
    await sql.raw('drop trigger case_notes_locked on case_notes').execute(db);
    await sql.raw('create trigger case_notes_locked before update on case_notes for each row execute function case_notes_locked()').execute(db);
    await sql.raw('drop trigger case_note_addenda_locked on case_note_addenda').execute(db);
    await sql.raw('create trigger case_note_addenda_locked before update on case_note_addenda for each row execute function case_note_addenda_locked()').execute(db);
    await sql
      .raw(
        `create function case_notes_delete_guard() returns trigger language plpgsql as $$
        begin
          if old.status = 'draft' or ${NOTE_PURGING} then return old; end if;
          raise exception '${LOCKED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger case_notes_delete_guard before delete on case_notes for each row execute function case_notes_delete_guard()').execute(db);
    await sql
      .raw(
        `create function case_note_addenda_delete_guard() returns trigger language plpgsql as $$
        begin
          if ${ADDENDUM_PURGING} then return old; end if;
          raise exception '${ADDENDUM_LOCKED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger case_note_addenda_delete_guard before delete on case_note_addenda for each row execute function case_note_addenda_delete_guard()').execute(db);
  } else {
    await sql.raw('drop trigger case_notes_locked_delete').execute(db);
    await sql.raw(`create trigger case_notes_locked_delete before delete on case_notes when old.status <> 'draft' and not ${NOTE_PURGING} begin select raise(abort, '${LOCKED}'); end`).execute(db);
    await sql.raw('drop trigger case_note_addenda_locked_delete').execute(db);
    await sql.raw(`create trigger case_note_addenda_locked_delete before delete on case_note_addenda when not ${ADDENDUM_PURGING} begin select raise(abort, '${ADDENDUM_LOCKED}'); end`).execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop trigger case_notes_delete_guard on case_notes').execute(db);
    await sql.raw('drop function case_notes_delete_guard()').execute(db);
    await sql.raw('drop trigger case_note_addenda_delete_guard on case_note_addenda').execute(db);
    await sql.raw('drop function case_note_addenda_delete_guard()').execute(db);
    await sql.raw('drop trigger case_notes_locked on case_notes').execute(db);
    await sql.raw('create trigger case_notes_locked before update or delete on case_notes for each row execute function case_notes_locked()').execute(db);
    await sql.raw('drop trigger case_note_addenda_locked on case_note_addenda').execute(db);
    await sql.raw('create trigger case_note_addenda_locked before update or delete on case_note_addenda for each row execute function case_note_addenda_locked()').execute(db);
  } else {
    await sql.raw('drop trigger case_notes_locked_delete').execute(db);
    await sql.raw(`create trigger case_notes_locked_delete before delete on case_notes when old.status <> 'draft' begin select raise(abort, '${LOCKED}'); end`).execute(db);
    await sql.raw('drop trigger case_note_addenda_locked_delete').execute(db);
    await sql.raw(`create trigger case_note_addenda_locked_delete before delete on case_note_addenda begin select raise(abort, '${ADDENDUM_LOCKED}'); end`).execute(db);
  }
  for (const t of ['client_file_purges', 'correction_requests', 'client_file_events', 'client_files']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('settings').dropColumn('retention_listed_month').execute();
  await db.schema.alterTable('settings').dropColumn('retention_years').execute();
}
