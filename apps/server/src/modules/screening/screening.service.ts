import {
  type ClientScreenings,
  gad7Band,
  type GAD7_BANDS,
  needsCrisisPath,
  phq9Band,
  type PHQ9_BANDS,
  type Screening,
  type ScreeningBody,
  type ScreeningReply,
  type ScreeningStatus,
  totalScore,
} from '@kalinga/contracts/screening';
import type { DB } from '../../db/database';
import { lockCompany } from '../../db/locks';
import { findClient } from '../appointments/appointment.repository';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import { type AuthContext, isCounselor } from '../../lib/auth-context';
import { readSafety } from './safety-settings';
import { raiseUrgentCase } from './urgent-cases';

// Intake screening (decisions 0160, 0162): the client answers, the server scores; only counselors holding
// 'view screenings' read answers and scores, and each read is recorded.

/** What the signed-in client is asked for: the site's mode, whether they answered before, an open repeat request. */
export async function screeningStatus(db: DB, auth: AuthContext): Promise<ScreeningStatus> {
  const safety = await readSafety(db, auth.companyId);
  if (isCounselor(auth)) return { mode: safety.intake_mode, done: true, requested: false };
  const done = await db.selectFrom('screenings').select('id').where('company_id', '=', auth.companyId).where('client_id', '=', auth.user.id).limit(1).executeTakeFirst();
  const open = await db.selectFrom('screening_requests').select('id').where('company_id', '=', auth.companyId).where('client_id', '=', auth.user.id).where('answered_at', 'is', null).executeTakeFirst();
  return { mode: safety.intake_mode, done: !!done, requested: !!open };
}

/**
 * Stores the client's own answers with their scores and bands. The first is the intake; later ones are follow-ups
 * (and close an open repeat request). PHQ-9 item 9 above "Not at all" raises an urgent case in the same transaction.
 */
export async function submitScreening(db: DB, auth: AuthContext, body: ScreeningBody, nowMs = Date.now()): Promise<ScreeningReply> {
  if (isCounselor(auth)) throw forbidden('Only clients answer the intake questionnaires.');
  const now = new Date(nowMs).toISOString();
  const crisis = needsCrisisPath(body.phq9);
  return db.transaction().execute(async (trx) => {
    await lockCompany(trx, auth.companyId);
    // The same submission again (its key, under the company's lock): the first reply, nothing stored or raised twice.
    const same = await trx.selectFrom('screenings').select(['client_id', 'answers']).where('company_id', '=', auth.companyId).where('uuid', '=', body.uuid).executeTakeFirst();
    if (same) {
      if (same.client_id !== auth.user.id) throw unprocessable({ uuid: ['This submission key is already used.'] }, 'This submission key is already used.');
      return { crisis: needsCrisisPath((JSON.parse(same.answers) as { phq9: number[] }).phq9) };
    }
    const earlier = await trx.selectFrom('screenings').select('id').where('company_id', '=', auth.companyId).where('client_id', '=', auth.user.id).limit(1).executeTakeFirst();
    const phq9 = totalScore(body.phq9);
    const gad7 = totalScore(body.gad7);
    await trx
      .insertInto('screenings')
      .values({
        company_id: auth.companyId,
        client_id: auth.user.id,
        uuid: body.uuid,
        kind: earlier ? 'follow-up' : 'intake',
        answers: JSON.stringify({ phq9: body.phq9, gad7: body.gad7, difficulty: body.difficulty ?? null }),
        phq9_score: phq9,
        phq9_band: phq9Band(phq9),
        gad7_score: gad7,
        gad7_band: gad7Band(gad7),
        created_at: now,
      })
      .execute();
    await trx
      .updateTable('screening_requests')
      .set({ answered_at: now })
      .where('company_id', '=', auth.companyId)
      .where('client_id', '=', auth.user.id)
      .where('answered_at', 'is', null)
      .execute();
    if (crisis) await raiseUrgentCase(trx, auth.companyId, auth.user.id, 'screening', nowMs);
    return { crisis };
  });
}

/** A client of the company (a student or personnel), or 404: another company's user is invisible. */
async function clientOf(db: DB, companyId: number, clientId: number) {
  const row = await findClient(db, companyId, clientId);
  if (!row) throw notFound('Client');
  return row;
}

/** Only a counselor holding 'view screenings' reads answers and scores (the route checks the permission). */
function assertReader(auth: AuthContext): void {
  if (!isCounselor(auth)) throw forbidden('Only counselors can read screenings.');
}

/** A client's screenings for a counselor, oldest first; the read is recorded in the same transaction. */
export async function clientScreenings(db: DB, auth: AuthContext, clientId: number): Promise<ClientScreenings> {
  assertReader(auth);
  const client = await clientOf(db, auth.companyId, clientId);
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('screening_views').values({ company_id: auth.companyId, viewer_id: auth.user.id, client_id: clientId, viewed_at: new Date().toISOString() }).execute();
    const rows = await trx.selectFrom('screenings').selectAll().where('company_id', '=', auth.companyId).where('client_id', '=', clientId).orderBy('id').execute();
    const open = await trx.selectFrom('screening_requests').select('requested_at').where('company_id', '=', auth.companyId).where('client_id', '=', clientId).where('answered_at', 'is', null).executeTakeFirst();
    const screenings: Screening[] = rows.map((r) => {
      const answers = JSON.parse(r.answers) as { phq9: number[]; gad7: number[]; difficulty: number | null };
      return {
        id: r.id,
        kind: r.kind,
        phq9: answers.phq9,
        gad7: answers.gad7,
        difficulty: answers.difficulty,
        phq9_score: r.phq9_score,
        phq9_band: r.phq9_band as (typeof PHQ9_BANDS)[number],
        gad7_score: r.gad7_score,
        gad7_band: r.gad7_band as (typeof GAD7_BANDS)[number],
        created_at: r.created_at,
      };
    });
    return { client: { id: client.id, name: client.name }, screenings, requested_at: open?.requested_at ?? null };
  });
}

/** A counselor asks the client to answer again at a follow-up; asking while a request is open keeps that one. */
export async function requestRepeat(db: DB, auth: AuthContext, clientId: number): Promise<{ requested_at: string }> {
  assertReader(auth);
  await clientOf(db, auth.companyId, clientId);
  const now = new Date().toISOString();
  await db
    .insertInto('screening_requests')
    .values({ company_id: auth.companyId, client_id: clientId, requested_by: auth.user.id, requested_at: now })
    .onConflict((oc) => oc.columns(['company_id', 'client_id']).where('answered_at', 'is', null).doNothing())
    .execute();
  const open = await db.selectFrom('screening_requests').select('requested_at').where('company_id', '=', auth.companyId).where('client_id', '=', clientId).where('answered_at', 'is', null).executeTakeFirstOrThrow();
  return { requested_at: open.requested_at };
}

