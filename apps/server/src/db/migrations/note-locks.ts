import { type CreateTableBuilder, sql } from 'kysely';
import { notNull } from './columns';

// The SQL pieces of the triggers that keep a signed note locked (docs/decisions/0208-case-notes.md), shared by the
// case notes' tables (migration 029) and the group notes' (migration 040, decision 0295), so both lock alike; and
// the columns of a note's life and signatures, which both tables have alike.

/** A note's status (draft → awaiting_cosign → signed), its signature and co-signature, names kept beside the ids. */
export function signedNoteColumns<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('draft','awaiting_cosign','signed')`))
    .addColumn('signed_at', 'text')
    .addColumn('signed_by_name', 'text')
    .addColumn('supervisor_id', 'integer', (c) => c.references('users.id'))
    .addColumn('supervisor_name', 'text')
    .addColumn('cosigned_at', 'text')
    .addColumn('cosigned_by_name', 'text')
    .addColumn('late_entry', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull);
}

/** The key id of an envelope `enc:<version>:<key id>:…`, in each dialect's SQL. */
export function keyIdOf(pg: boolean, x: string): string {
  if (pg) return `split_part(${x}, ':', 3)`;
  const afterVersion = `substr(substr(${x}, 5), instr(substr(${x}, 5), ':') + 1)`;
  return `substr(${afterVersion}, 1, instr(${afterVersion}, ':') - 1)`;
}

/** The body stays, or is the same envelope kind under another key (a re-encryption by key rotation). */
export function bodyKeptOrRekeyed(pg: boolean): string {
  const same = pg ? 'new.body is not distinct from old.body' : 'new.body is old.body';
  return `(${same} or (old.body like 'enc:%' and new.body like 'enc:%' and ${keyIdOf(pg, 'new.body')} <> ${keyIdOf(pg, 'old.body')}))`;
}

/** Every one of `columns` unchanged by the update. */
export function kept(pg: boolean, columns: readonly string[]): string {
  return columns.map((c) => (pg ? `new.${c} is not distinct from old.${c}` : `new.${c} is old.${c}`)).join(' and ');
}

/**
 * An update of a locked note that only re-encrypts, or (awaiting co-signature) adds the co-signature. `noteKept` are
 * the columns that never change once signed (body, status, the co-signature and updated_at are decided here).
 */
export function allowedNoteUpdate(pg: boolean, noteKept: readonly string[]): string {
  const cosignKept = kept(pg, ['cosigned_at', 'cosigned_by_name']);
  return `(${kept(pg, noteKept)} and ${bodyKeptOrRekeyed(pg)} and (
    (old.status = 'signed' and new.status = 'signed' and ${cosignKept})
    or (old.status = 'awaiting_cosign' and new.status = 'awaiting_cosign' and ${cosignKept})
    or (old.status = 'awaiting_cosign' and new.status = 'signed')))`;
}
