import type { CaseNoteSettings } from '@kalinga/contracts/case-notes';
import type { DB } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { readCaseNoteSettings, writeCaseNoteSettings } from './case-note-settings.repository';

/** The site's case-note settings (decision 0208); the defaults for a company that never saved them. */
export function caseNoteSettings(db: DB, companyId: number): Promise<CaseNoteSettings> {
  return readCaseNoteSettings(db, companyId);
}

/** Saves the whole set and answers it as stored. */
export async function saveCaseNoteSettings(db: DB, companyId: number, body: CaseNoteSettings): Promise<CaseNoteSettings> {
  await writeCaseNoteSettings(db, companyId, body, nowIso());
  return readCaseNoteSettings(db, companyId);
}
