import { type CrisisContact, DEFAULT_NEXT_STEPS, NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import type { SafetySettings, SafetySettingsBody } from '@kalinga/contracts/screening/schemas';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database';
import type { Database, SafetySettingsTable } from '../../db/tables';
import { nowIso } from '../../lib/clock';
import { unprocessable } from '../../lib/http-errors';
import { activeCounselorIds, counselorIdsAmong } from '../users/users.repository';
import { safetyRow, upsertSafety } from './safety-settings.repository';

// The centre's safety settings (decision 0161): intake mode, crisis contacts and what happens next, the counselors
// on call and the escalation time. A company without a row has the defaults: screening off, the national crisis
// lines, nobody on call (every counselor is told), 15 minutes.

type Conn = Kysely<Database>;

export const DEFAULT_ESCALATION_MINUTES = 15;

export interface SafetyRow {
  intake_mode: SafetySettingsTable['intake_mode'];
  crisis_contacts: CrisisContact[];
  next_steps: string;
  on_call_ids: number[];
  escalation_minutes: number;
  updated_at: string;
}

function parseList<T>(text: string, fallback: T[]): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : fallback;
  } catch {
    return fallback;
  }
}

export async function readSafety(db: Conn, companyId: number): Promise<SafetyRow> {
  const row = await safetyRow(db, companyId);
  if (!row) {
    return { intake_mode: 'off', crisis_contacts: [...NATIONAL_CRISIS_LINES], next_steps: DEFAULT_NEXT_STEPS, on_call_ids: [], escalation_minutes: DEFAULT_ESCALATION_MINUTES, updated_at: '' };
  }
  const contacts = parseList<CrisisContact>(row.crisis_contacts, []);
  return {
    intake_mode: row.intake_mode,
    crisis_contacts: contacts.length > 0 ? contacts : [...NATIONAL_CRISIS_LINES],
    next_steps: row.next_steps || DEFAULT_NEXT_STEPS,
    on_call_ids: parseList<number>(row.on_call_ids, []).filter((id) => Number.isInteger(id)),
    escalation_minutes: row.escalation_minutes,
    updated_at: row.updated_at,
  };
}

export function toSafetySettings(row: SafetyRow): SafetySettings {
  return { ...row };
}

/** Saves the whole set (one upsert). Every on-call id must be a counselor of the company (422 otherwise). */
export async function writeSafety(db: DB, companyId: number, body: SafetySettingsBody): Promise<SafetyRow> {
  const ids = [...new Set(body.on_call_ids)];
  if (ids.length > 0) {
    const found = await counselorIdsAmong(db, companyId, ids);
    if (found.length !== ids.length) throw unprocessable({ on_call_ids: ['Choose counselors of this centre.'] });
  }
  const values = {
    intake_mode: body.intake_mode,
    crisis_contacts: JSON.stringify(body.crisis_contacts),
    next_steps: body.next_steps,
    on_call_ids: JSON.stringify(ids),
    escalation_minutes: body.escalation_minutes,
    updated_at: nowIso(),
  };
  await upsertSafety(db, companyId, values);
  return readSafety(db, companyId);
}

/** The counselors told first of an urgent case: those on call who are still active, or every counselor when none is. */
export async function onCallCounselors(db: Conn, companyId: number, onCall: readonly number[]): Promise<number[]> {
  const all = await activeCounselorIds(db, companyId);
  const chosen = all.filter((id) => onCall.includes(id));
  return chosen.length > 0 ? chosen : all;
}

