import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';
import { allowedNoteUpdate as allowedLockedNoteUpdate, bodyKeptOrRekeyed, kept, signedNoteColumns } from './note-locks';

// Case notes (docs/decisions/0208-case-notes.md):
// - case_notes: one per session (an appointment; unique) or ad-hoc contact; body is the sections' JSON, encrypted
//   (lib/field-crypto.ts). draft → awaiting_cosign (a trainee signed) → signed. Names are kept beside the ids so a
//   signature reads the same later.
// - case_note_addenda: added under a signed note, each signed by its author as it is written.
// - case_note_settings: the site's templates, late-entry days, and whether clients read their own signed notes.
// Triggers on both databases keep a signed note locked whatever the SQL: no change to its content, links or
// signatures (a note awaiting co-signature may only gain the co-signature), no delete; an addendum is never changed
// or deleted. The one change allowed to a locked body is a re-encryption under another key (key rotation): the
// envelope's key id must differ, and the application only ever writes the same text again.

const LOCKED = 'A signed case note is never changed or deleted; add an addendum instead.';
const ADDENDUM_LOCKED = 'An addendum is never changed or deleted.';

// Columns of a locked note that stay as they are (body, status, the co-signature and updated_at are decided apart).
const NOTE_KEPT = ['id', 'company_id', 'uuid', 'client_id', 'author_id', 'author_name', 'kind', 'contact_channel', 'appointment_id', 'session_date', 'template', 'screening_id', 'signed_at', 'signed_by_name', 'supervisor_id', 'supervisor_name', 'late_entry', 'created_at'];
const ADDENDUM_KEPT = ['id', 'company_id', 'uuid', 'note_id', 'author_id', 'author_name', 'signed_at', 'created_at'];

/** An update of a locked note that only re-encrypts, or (awaiting co-signature) adds the co-signature. */
function allowedNoteUpdate(pg: boolean): string {
  return allowedLockedNoteUpdate(pg, NOTE_KEPT);
}

export async function up(db: AnyDB): Promise<void> {
  await withId(db, db.schema.createTable('case_notes'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_name', 'text', notNull)
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('session','contact')`))
    .addColumn('contact_channel', 'text', (c) => c.check(sql`contact_channel in ('phone','email','in_person','other')`))
    .addColumn('appointment_id', 'integer', (c) => c.references('appointments.id'))
    .addColumn('session_date', 'text', notNull)
    .addColumn('template', 'text', (c) => c.notNull().check(sql`template in ('dap','soap','free')`))
    .addColumn('body', 'text', notNull)
    .addColumn('screening_id', 'integer', (c) => c.references('screenings.id'))
    .$call(signedNoteColumns)
    .addUniqueConstraint('case_notes_company_uuid_uq', ['company_id', 'uuid'])
    .addCheckConstraint('case_notes_kind_link_ck', sql`(kind = 'session' and appointment_id is not null) or (kind = 'contact' and contact_channel is not null)`)
    .addCheckConstraint('case_notes_signed_ck', sql`status = 'draft' or (signed_at is not null and signed_by_name is not null)`)
    .execute();
  // One note per session (decision 0208).
  await sql`create unique index case_notes_appointment_uq on case_notes (appointment_id) where appointment_id is not null`.execute(db);
  await db.schema.createIndex('case_notes_client_idx').on('case_notes').columns(['company_id', 'client_id', 'session_date']).execute();
  await db.schema.createIndex('case_notes_review_idx').on('case_notes').columns(['company_id', 'supervisor_id', 'status']).execute();

  await withId(db, db.schema.createTable('case_note_addenda'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('note_id', 'integer', (c) => c.notNull().references('case_notes.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_name', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('signed_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('case_note_addenda_company_uuid_uq', ['company_id', 'uuid'])
    .execute();
  await db.schema.createIndex('case_note_addenda_note_idx').on('case_note_addenda').columns(['note_id', 'id']).execute();

  await db.schema
    .createTable('case_note_settings')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
    .addColumn('templates', 'text', notNull)
    .addColumn('late_entry_days', 'integer', notNull)
    .addColumn('clients_read_signed_notes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', notNull)
    .execute();

  if (isPostgres(db)) {
    await sql
      .raw(
        `create function case_notes_locked() returns trigger language plpgsql as $$
        begin
          if tg_op = 'TRUNCATE' then raise exception '${LOCKED}' using errcode = 'P0001'; end if;
          if old.status = 'draft' then
            if tg_op = 'DELETE' then return old; end if;
            return new;
          end if;
          if tg_op = 'UPDATE' then
            if ${allowedNoteUpdate(true)} then return new; end if;
          end if;
          raise exception '${LOCKED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger case_notes_locked before update or delete on case_notes for each row execute function case_notes_locked()').execute(db);
    await sql
      .raw(
        `create function case_note_addenda_locked() returns trigger language plpgsql as $$
        begin
          if tg_op = 'UPDATE' then
            if ${kept(true, ADDENDUM_KEPT)} and ${bodyKeptOrRekeyed(true)} then return new; end if;
          end if;
          raise exception '${ADDENDUM_LOCKED}' using errcode = 'P0001';
        end $$`,
      )
      .execute(db);
    await sql.raw('create trigger case_note_addenda_locked before update or delete on case_note_addenda for each row execute function case_note_addenda_locked()').execute(db);
    for (const table of ['case_notes', 'case_note_addenda']) {
      const fn = table === 'case_notes' ? 'case_notes_locked' : 'case_note_addenda_locked';
      await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ${fn}()`).execute(db);
    }
  } else {
    await sql
      .raw(
        `create trigger case_notes_locked_update before update on case_notes
        when old.status <> 'draft' and not ${allowedNoteUpdate(false)}
        begin select raise(abort, '${LOCKED}'); end`,
      )
      .execute(db);
    await sql.raw(`create trigger case_notes_locked_delete before delete on case_notes when old.status <> 'draft' begin select raise(abort, '${LOCKED}'); end`).execute(db);
    await sql
      .raw(
        `create trigger case_note_addenda_locked_update before update on case_note_addenda
        when not (${kept(false, ADDENDUM_KEPT)} and ${bodyKeptOrRekeyed(false)})
        begin select raise(abort, '${ADDENDUM_LOCKED}'); end`,
      )
      .execute(db);
    await sql.raw(`create trigger case_note_addenda_locked_delete before delete on case_note_addenda begin select raise(abort, '${ADDENDUM_LOCKED}'); end`).execute(db);
  }
}

export async function down(db: AnyDB): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('drop table case_note_addenda').execute(db);
    await sql.raw('drop table case_notes').execute(db);
    await sql.raw('drop function case_note_addenda_locked()').execute(db);
    await sql.raw('drop function case_notes_locked()').execute(db);
  } else {
    await db.schema.dropTable('case_note_addenda').execute();
    await db.schema.dropTable('case_notes').execute();
  }
  await db.schema.dropTable('case_note_settings').execute();
}
