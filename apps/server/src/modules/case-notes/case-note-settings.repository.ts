import { CASE_NOTE_TEMPLATES, type CaseNoteSettings, DEFAULT_CASE_NOTE_SETTINGS } from '@kalinga/contracts/case-notes';
import type { DB } from '../../db/database';

// The site's case-note settings (decision 0208): a company without a row has the defaults (every template, late
// after 3 days, clients do not read their notes).

function templatesOf(text: string): CaseNoteSettings['templates'] {
  try {
    const value: unknown = JSON.parse(text);
    const known = Array.isArray(value) ? CASE_NOTE_TEMPLATES.filter((t) => value.includes(t)) : [];
    return known.length > 0 ? known : [...CASE_NOTE_TEMPLATES];
  } catch {
    return [...CASE_NOTE_TEMPLATES];
  }
}

export async function readCaseNoteSettings(db: DB, companyId: number): Promise<CaseNoteSettings> {
  const row = await db.selectFrom('case_note_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
  if (!row) return { ...DEFAULT_CASE_NOTE_SETTINGS, templates: [...DEFAULT_CASE_NOTE_SETTINGS.templates] };
  return { templates: templatesOf(row.templates), late_entry_days: row.late_entry_days, clients_read_signed_notes: row.clients_read_signed_notes === 1 };
}

/** Saves the whole set in one upsert. */
export async function writeCaseNoteSettings(db: DB, companyId: number, body: CaseNoteSettings, now: string): Promise<void> {
  const values = {
    // The templates in their own order, whatever order they came in.
    templates: JSON.stringify(CASE_NOTE_TEMPLATES.filter((t) => body.templates.includes(t))),
    late_entry_days: body.late_entry_days,
    clients_read_signed_notes: body.clients_read_signed_notes ? 1 : 0,
    updated_at: now,
  };
  await db
    .insertInto('case_note_settings')
    .values({ company_id: companyId, ...values })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
    .execute();
}
