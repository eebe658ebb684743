import { sql } from 'kysely';
import { type AnyDB, isPostgres, notNull, withId } from './columns';
import { allowedNoteUpdate, bodyKeptOrRekeyed, kept, signedNoteColumns } from './note-locks';

// Group notes (docs/decisions/0295-group-notes.md): one note per group session, written by a facilitator.
// - group_notes: the shared part (themes, what the group did; an encrypted envelope bound to the uuid), and the same
//   draft → awaiting_cosign → signed life as a case note (decision 0208), names kept beside the ids.
// - group_note_parts: one part per member who was present, encrypted and bound to its own uuid; a member's record
//   reads the shared part and their own part only.
// - group_note_addenda: signed as written; client_id null for the whole group, or the one member it is about.
// Triggers lock a signed note as case notes are locked (note-locks.ts): its parts change only while it is a draft,
// and a member's parts and addenda about them go only in that member's approved purge (decision 0236).

const LOCKED = 'A signed group note is never changed or deleted; add an addendum instead.';
const ADDENDUM_LOCKED = 'An addendum is never changed or deleted.';
const NOTE_KEPT = ['id', 'company_id', 'uuid', 'group_id', 'group_session_id', 'author_id', 'author_name', 'session_date', 'signed_at', 'signed_by_name', 'supervisor_id', 'supervisor_name', 'late_entry', 'created_at'];
const PART_KEPT = ['id', 'company_id', 'uuid', 'note_id', 'client_id', 'created_at', 'updated_at'];
const ADDENDUM_KEPT = ['id', 'company_id', 'uuid', 'note_id', 'client_id', 'author_id', 'author_name', 'signed_at', 'created_at'];
const NOTE_IS_DRAFT = `exists (select 1 from group_notes n where n.id = old.note_id and n.status = 'draft')`;
const CLIENT_PURGING = `exists (select 1 from client_file_purges p where p.company_id = old.company_id and p.client_id = old.client_id and p.status = 'approved')`;

export async function up(db: AnyDB): Promise<void> {
  const pg = isPostgres(db);
  await withId(db, db.schema.createTable('group_notes'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id'))
    .addColumn('group_session_id', 'integer', (c) => c.notNull().references('group_sessions.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_name', 'text', notNull)
    .addColumn('session_date', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .$call(signedNoteColumns)
    .addUniqueConstraint('group_notes_company_uuid_uq', ['company_id', 'uuid'])
    .addUniqueConstraint('group_notes_session_uq', ['group_session_id'])
    .addCheckConstraint('group_notes_signed_ck', sql`status = 'draft' or (signed_at is not null and signed_by_name is not null)`)
    .execute();
  await db.schema.createIndex('group_notes_review_idx').on('group_notes').columns(['company_id', 'supervisor_id', 'status']).execute();

  await withId(db, db.schema.createTable('group_note_parts'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('note_id', 'integer', (c) => c.notNull().references('group_notes.id'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('body', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .addUniqueConstraint('group_note_parts_company_uuid_uq', ['company_id', 'uuid'])
    .addUniqueConstraint('group_note_parts_member_uq', ['note_id', 'client_id'])
    .execute();
  await db.schema.createIndex('group_note_parts_client_idx').on('group_note_parts').columns(['company_id', 'client_id']).execute();

  await withId(db, db.schema.createTable('group_note_addenda'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('uuid', 'text', notNull)
    .addColumn('note_id', 'integer', (c) => c.notNull().references('group_notes.id'))
    .addColumn('client_id', 'integer', (c) => c.references('users.id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('author_name', 'text', notNull)
    .addColumn('body', 'text', notNull)
    .addColumn('signed_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addUniqueConstraint('group_note_addenda_company_uuid_uq', ['company_id', 'uuid'])
    .execute();
  await db.schema.createIndex('group_note_addenda_note_idx').on('group_note_addenda').columns(['note_id', 'id']).execute();

  const partUpdate = `(${NOTE_IS_DRAFT} or (${kept(pg, PART_KEPT)} and ${bodyKeptOrRekeyed(pg)}))`;
  const addendumUpdate = `(${kept(pg, ADDENDUM_KEPT)} and ${bodyKeptOrRekeyed(pg)})`;
  if (pg) {
    const fn = async (name: string, body: string) => sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`).execute(db);
    await fn('group_notes_locked', `
      if tg_op = 'TRUNCATE' then raise exception '${LOCKED}' using errcode = 'P0001'; end if;
      if old.status = 'draft' then
        if tg_op = 'DELETE' then return old; end if;
        return new;
      end if;
      if tg_op = 'UPDATE' and ${allowedNoteUpdate(true, NOTE_KEPT)} then return new; end if;
      raise exception '${LOCKED}' using errcode = 'P0001';`);
    await fn('group_note_parts_locked', `
      if tg_op = 'TRUNCATE' then raise exception '${LOCKED}' using errcode = 'P0001'; end if;
      if tg_op = 'UPDATE' and ${partUpdate} then return new; end if;
      if tg_op = 'DELETE' and (${NOTE_IS_DRAFT} or ${CLIENT_PURGING}) then return old; end if;
      raise exception '${LOCKED}' using errcode = 'P0001';`);
    await fn('group_note_addenda_locked', `
      if tg_op = 'TRUNCATE' then raise exception '${ADDENDUM_LOCKED}' using errcode = 'P0001'; end if;
      if tg_op = 'UPDATE' and ${addendumUpdate} then return new; end if;
      if tg_op = 'DELETE' and old.client_id is not null and ${CLIENT_PURGING} then return old; end if;
      raise exception '${ADDENDUM_LOCKED}' using errcode = 'P0001';`);
    for (const table of ['group_notes', 'group_note_parts', 'group_note_addenda']) {
      await sql.raw(`create trigger ${table}_locked before update or delete on ${table} for each row execute function ${table}_locked()`).execute(db);
      await sql.raw(`create trigger ${table}_no_truncate before truncate on ${table} for each statement execute function ${table}_locked()`).execute(db);
    }
  } else {
    const trigger = (name: string, when: string, message: string) => sql.raw(`create trigger ${name} ${when} begin select raise(abort, '${message}'); end`).execute(db);
    await trigger('group_notes_locked_update', `before update on group_notes when old.status <> 'draft' and not ${allowedNoteUpdate(false, NOTE_KEPT)}`, LOCKED);
    await trigger('group_notes_locked_delete', `before delete on group_notes when old.status <> 'draft'`, LOCKED);
    await trigger('group_note_parts_locked_update', `before update on group_note_parts when not ${partUpdate}`, LOCKED);
    await trigger('group_note_parts_locked_delete', `before delete on group_note_parts when not (${NOTE_IS_DRAFT} or ${CLIENT_PURGING})`, LOCKED);
    await trigger('group_note_addenda_locked_update', `before update on group_note_addenda when not ${addendumUpdate}`, ADDENDUM_LOCKED);
    await trigger('group_note_addenda_locked_delete', `before delete on group_note_addenda when not (old.client_id is not null and ${CLIENT_PURGING})`, ADDENDUM_LOCKED);
  }
}

export async function down(db: AnyDB): Promise<void> {
  for (const table of ['group_note_addenda', 'group_note_parts', 'group_notes']) await sql.raw(`drop table ${table}`).execute(db);
  if (isPostgres(db)) {
    for (const table of ['group_note_addenda', 'group_note_parts', 'group_notes']) await sql.raw(`drop function ${table}_locked()`).execute(db);
  }
}
