import { randomUUID } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { type Actor, addUser, type TestApp } from '../harness';
import { createGroup, type GroupCentre, groupBody, groupCentre } from './group-helpers';

/** A closed group of three members with one held session: Amihan and Bituin present, Carmelo absent. */
export interface NotesGroup {
  c: GroupCentre;
  outsider: Actor;
  members: { amihan: Actor; bituin: Actor; carmelo: Actor };
  group: string;
  sessions: string[];
}

export const call = (t: TestApp, by: Actor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: by.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

/** Moves a session into the past, as if it had been held (sessions cannot be created there). */
export async function hold(t: TestApp, session: string, daysAgo: number): Promise<void> {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  await t.db.updateTable('group_sessions').set({ starts_at: at, local_date: at.slice(0, 10) }).where('uuid', '=', session).execute();
}

export async function notesGroup(t: TestApp, name: string, tag = ''): Promise<NotesGroup> {
  const c = await groupCentre(t, name, 0);
  const outsider = await addUser(t.app, c.admin.companyId, { userType: 'counselor', name: `Outsider${tag}` });
  const amihan = await addUser(t.app, c.admin.companyId, { userType: 'student', name: `Amihan${tag}` });
  const bituin = await addUser(t.app, c.admin.companyId, { userType: 'student', name: `Bituin${tag}` });
  const carmelo = await addUser(t.app, c.admin.companyId, { userType: 'student', name: `Carmelo${tag}` });
  c.students.push(amihan, bituin, carmelo);
  const group = await createGroup(t, c, await groupBody(t, c, 5, '10:00', { capacity: 6, count: 3 }));
  for (const s of [amihan, bituin, carmelo]) expect((await call(t, c.lead, 'POST', `/api/groups/${group}/members`, { client_id: s.user.id })).statusCode).toBe(200);
  const sessions = (await call(t, c.lead, 'GET', `/api/groups/${group}`)).json().data.sessions.map((s: { uuid: string }) => s.uuid) as string[];
  await hold(t, sessions[0], 2);
  await hold(t, sessions[1], 1);
  for (const session of sessions.slice(0, 2)) {
    const entries = [
      { client_id: amihan.user.id, outcome: 'present' },
      { client_id: bituin.user.id, outcome: 'present' },
      { client_id: carmelo.user.id, outcome: 'absent' },
    ];
    expect((await call(t, c.lead, 'PUT', `/api/group-sessions/${session}/attendance`, { entries })).statusCode).toBe(200);
  }
  return { c, outsider, members: { amihan, bituin, carmelo }, group, sessions };
}

/** A note body: the shared part and a part for each member given. */
export function noteBody(parts: { client_id: number; text: string }[], shared = { themes: 'Worry and sleep', activities: 'Breathing practice in pairs' }) {
  return { uuid: randomUUID(), shared, parts };
}

/** The words a PDF shows (pdf-lib writes its pages' text as hex strings in flate streams). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  // Only the `\n` before `endstream` is the writer's: a compressed stream may end with the byte `\r` itself (about one
  // in 256 of them), which a pattern that also took an `\r` cut off, and the text read as empty.
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      try {
        content = inflateSync(Buffer.from(m[1].replace(/\r$/, ''), 'latin1')).toString('latin1');
      } catch {
        content = m[1];
      }
    }
    for (const h of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) out.push(Buffer.from(h[1], 'hex').toString('latin1'));
  }
  return out.join('\n');
}

/** Every number found under a key named id or client_id in a reply, at any depth. */
export function idsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => idsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'id' || k === 'client_id' || k.endsWith('_id')) && typeof v === 'number') found.push(v);
      idsIn(v, found);
    }
  }
  return found;
}
