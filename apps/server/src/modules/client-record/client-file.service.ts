import { CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { type ClientFile, type FileState, FILE_CLOSED, FILE_CLOSED_ALREADY, FILE_HAS_DRAFTS, FILE_OPEN_ALREADY, type MyClient, type ReferBody, type TimelineItem } from '@kalinga/contracts/client-file';
import { randomUUID } from 'node:crypto';
import type { DB } from '../../db/database';
import type { AuthContext } from '../../lib/auth-context';
import { ENCRYPTED_COLUMNS, openColumn, sealColumn } from '../../lib/encrypted-columns';
import type { ContentKeys } from '../../lib/field-crypto';
import { conflict, forbidden, unprocessable } from '../../lib/http-errors';
import { type ClientAccess, isClinician, mayAct, openClientContent, readableClientIds, recordListView } from './client-access';
import { buildTimeline } from './client-file-timeline';
import type { Language } from '../../lib/i18n';
import { activeCounselor, clientProfile, clientsAmong, closeFile, type FileRow, findFile, hasDrafts, insertFileEvent, insertReferral, lockClientFile, reopenFile } from './client-file.repository';
import { correctionsOf } from './corrections.service';
import { liveGrant } from './client-record.repository';

// The client file (docs/decisions/0235-client-file-and-disclosure.md): one screen per client for their care team,
// its referrals, closing and reopening. A closed file is read-only until reopened: no new notes or addenda, no
// bookings by staff, no referrals; reading it, answering a correction request and reopening it stay open.

export interface FileDeps {
  db: DB;
  keys: ContentKeys;
}

export const DISCLOSURE_CARE_TEAM_ONLY = 'Only the care team can print or disclose this file.';
export const REFER_TO_ANOTHER = 'Choose another active counselor of the centre.';

/** The care team acts on the file (refers, closes, reopens, answers corrections); a supervisor or break-the-glass reader only reads. */
export function mayActOnFile(access: Pick<ClientAccess, 'via'>): boolean {
  return access.via === 'care_team';
}

export function fileState(keys: ContentKeys, row: FileRow | undefined): FileState {
  if (!row) return { status: 'open', closed_at: null, closing_summary: null, purged_at: null };
  const summary = row.closing_summary === null ? null : openColumn(keys, ENCRYPTED_COLUMNS.clientFileSummary, row, row.closing_summary);
  return { status: row.status, closed_at: row.closed_at, closing_summary: summary, purged_at: row.purged_at };
}

/**
 * Refuses a write on a closed file (409), holding the client's row until the caller's transaction ends so a closing
 * cannot come between the check and the write. Case notes and staff bookings call it.
 */
export async function assertFileOpen(db: DB, companyId: number, clientId: number): Promise<void> {
  await lockClientFile(db, companyId, clientId);
  const row = await findFile(db, companyId, clientId);
  if (row?.status === 'closed') throw conflict(FILE_CLOSED);
}

/** Opens the file for a reader other than the client (they read their own from My Profile). */
async function openFile(db: DB, auth: AuthContext, clientId: number, kind: 'client_file' | 'disclosure'): Promise<ClientAccess> {
  if (auth.user.id === clientId) throw forbidden(CARE_TEAM_ONLY);
  return openClientContent(db, auth, clientId, kind);
}

/** The whole file; the opening is one access-log row (kind 'client_file'). */
export async function getClientFile(deps: FileDeps, auth: AuthContext, clientId: number, language: Language = 'en'): Promise<ClientFile> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await openFile(trx, auth, clientId, 'client_file');
    const client = await clientProfile(trx, auth.companyId, clientId);
    const corrections = await correctionsOf(trx, deps.keys, auth.companyId, clientId);
    const { timeline, scores } = await buildTimeline(trx, deps.keys, auth.companyId, clientId, corrections, language);
    const grant = access.via === 'break_glass' ? await liveGrant(trx, auth.companyId, auth.user.id, clientId, new Date().toISOString()) : undefined;
    return {
      client: { id: client.id, name: client.name, email: client.email, user_type: client.user_type },
      file: fileState(deps.keys, await findFile(trx, auth.companyId, clientId)),
      access: { via: access.via as ClientFile['access']['via'], expires_at: grant?.expires_at ?? null },
      may_act: mayActOnFile(access),
      timeline,
      scores,
      corrections,
    };
  });
}

/** The items of the file within the centre's days `from`..`to`, for a disclosure; the opening is recorded as one. */
export async function disclosedItems(deps: FileDeps, auth: AuthContext, clientId: number, inRange: (at: string) => boolean, language: Language = 'en'): Promise<{ client: { name: string; email: string }; items: TimelineItem[] }> {
  return deps.db.transaction().execute(async (trx) => {
    // A refusal throws inside the transaction, so its access-log row goes with it.
    const access = await openFile(trx, auth, clientId, 'disclosure');
    if (access.via !== 'care_team' && access.via !== 'supervisor') throw forbidden(DISCLOSURE_CARE_TEAM_ONLY);
    const client = await clientProfile(trx, auth.companyId, clientId);
    const corrections = await correctionsOf(trx, deps.keys, auth.companyId, clientId);
    const { timeline } = await buildTimeline(trx, deps.keys, auth.companyId, clientId, corrections, language);
    return { client: { name: client.name, email: client.email }, items: timeline.filter((i) => inRange(i.at)).reverse() };
  });
}

/** The caller's clients (care team, supervised, live grants); each one shown is one access-log row. */
export async function myClients(db: DB, auth: AuthContext, search: string | undefined): Promise<MyClient[]> {
  if (!isClinician(auth)) throw forbidden('Only counselors have clients.');
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const rows = await clientsAmong(trx, auth.companyId, readableClientIds(trx, auth, now), search, now);
    await recordListView(trx, auth, rows.map((r) => r.id), 'client_file');
    return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, last_seen: r.last_seen ?? null, next_at: r.next_at ?? null, file_status: r.file_status ?? 'open' }));
  });
}

/** The care team refers the client to another counselor, who joins the care team. */
export async function referClient(db: DB, auth: AuthContext, clientId: number, body: ReferBody): Promise<{ id: number; created_at: string }> {
  return db.transaction().execute(async (trx) => {
    const right = await mayAct(trx, auth, clientId, 'client_file');
    if (!mayActOnFile(right)) throw forbidden(CARE_TEAM_ONLY);
    const to = body.to_counselor_id === auth.user.id ? undefined : await activeCounselor(trx, auth.companyId, body.to_counselor_id);
    if (!to) throw unprocessable({ to_counselor_id: [REFER_TO_ANOTHER] }, REFER_TO_ANOTHER);
    await assertFileOpen(trx, auth.companyId, clientId);
    return insertReferral(trx, { company_id: auth.companyId, client_id: clientId, from_counselor_id: auth.user.id, to_counselor_id: to.id, reason: body.reason, created_at: new Date().toISOString() });
  });
}

/** Closes the file with a summary: refused while a note is unsigned, or when it is closed already (409). */
export async function closeClientFile(deps: FileDeps, auth: AuthContext, clientId: number, summary: string): Promise<FileState> {
  return deps.db.transaction().execute(async (trx) => {
    const right = await mayAct(trx, auth, clientId, 'client_file');
    if (!mayActOnFile(right)) throw forbidden(CARE_TEAM_ONLY);
    await lockClientFile(trx, auth.companyId, clientId);
    if (await hasDrafts(trx, auth.companyId, clientId)) throw conflict(FILE_HAS_DRAFTS);
    const at = new Date().toISOString();
    const seal = (uuid: string) => sealColumn(deps.keys, ENCRYPTED_COLUMNS.clientFileSummary, { company_id: auth.companyId, uuid }, summary);
    const row = await closeFile(trx, { company_id: auth.companyId, client_id: clientId, uuid: randomUUID(), closing_summary: seal, closed_by: auth.user.id, at });
    if (!row) throw conflict(FILE_CLOSED_ALREADY);
    await event(deps, trx, auth, clientId, 'closed', summary, at);
    return fileState(deps.keys, row);
  });
}

/** Reopens a closed file with a reason (409 when it is open). */
export async function reopenClientFile(deps: FileDeps, auth: AuthContext, clientId: number, reason: string): Promise<FileState> {
  return deps.db.transaction().execute(async (trx) => {
    const right = await mayAct(trx, auth, clientId, 'client_file');
    if (!mayActOnFile(right)) throw forbidden(CARE_TEAM_ONLY);
    // The client's row lock, as a purge's approval takes it: a reopening never lands between its check and its purge.
    await lockClientFile(trx, auth.companyId, clientId);
    const at = new Date().toISOString();
    const row = await reopenFile(trx, auth.companyId, clientId, at);
    if (!row) throw conflict(FILE_OPEN_ALREADY);
    await event(deps, trx, auth, clientId, 'reopened', reason, at);
    return fileState(deps.keys, row);
  });
}

async function event(deps: FileDeps, db: DB, auth: AuthContext, clientId: number, kind: 'closed' | 'reopened', text: string, at: string): Promise<void> {
  const uuid = randomUUID();
  const sealed = sealColumn(deps.keys, ENCRYPTED_COLUMNS.clientFileEventText, { company_id: auth.companyId, uuid }, text);
  await insertFileEvent(db, { company_id: auth.companyId, client_id: clientId, uuid, kind, actor_id: auth.user.id, actor_name: auth.user.name, text: sealed, at });
}
