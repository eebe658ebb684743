import type { ContentKeys } from '../../lib/field-crypto';
import { ENCRYPTED_COLUMNS, openColumn, sealColumn } from '../../lib/encrypted-columns';

// A screening's answers are stored encrypted (docs/decisions/0205-encryption-at-rest.md), bound to the company and
// the submission's key; the scores and bands beside them stay plain (reports and triage order by them).

export interface ScreeningAnswers {
  phq9: number[];
  gad7: number[];
  difficulty: number | null;
}

/** The stored value of a new screening's answers (its uuid is known before the insert). */
export function sealAnswers(keys: ContentKeys, row: { company_id: number; uuid: string }, answers: ScreeningAnswers): string {
  return sealColumn(keys, ENCRYPTED_COLUMNS.screeningAnswers, row, JSON.stringify(answers));
}

/** A stored screening's answers (a row the rotation has not encrypted yet is read as it is). */
export function readAnswers(keys: ContentKeys, row: { id: number; company_id: number; uuid: string | null; answers: string }): ScreeningAnswers {
  return JSON.parse(openColumn(keys, ENCRYPTED_COLUMNS.screeningAnswers, row, row.answers)) as ScreeningAnswers;
}
