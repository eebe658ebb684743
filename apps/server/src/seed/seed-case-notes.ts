import { randomUUID } from 'node:crypto';
import { addDaysToDate, localDateOf } from '@kalinga/contracts/zone-time';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { UserRow } from '../db/tables';
import { encryptField, loadContentKeys } from '../lib/field-crypto';
import { hashPassword } from '../lib/passwords';
import { insertAppointment, insertStatusChange } from '../modules/appointments/appointment.repository';
import { addendumAad, sealSections } from '../modules/case-notes/case-note-view';
import { insertAddendum, insertNote } from '../modules/case-notes/case-notes.repository';
import { addMember, setUserRoles } from '../modules/companies/company.repository';
import { insertUser } from '../modules/auth/user.repository';
import { DEMO_PASSWORD, type DemoContext } from './seed-foundation';

// The demo centre's case notes (decision 0208): signed notes by both demo counselors on sessions a few weeks back
// (one with an addendum, one a late entry), a draft by counselor@, and a trainee counselor supervised by counselor@
// whose signed note waits in Notes to review. Notes stay off the latest sessions, so "Write note" opens a new one
// there. Bodies are encrypted as the app writes them (decision 0205).

const DAY = 86_400_000;

const SIGNED: { template: 'dap' | 'soap' | 'free'; sections: Record<string, string> }[] = [
  { template: 'dap', sections: { data: 'Client described trouble sleeping before exams and skipping meals on busy days.', assessment: 'Exam-related stress, no risk indicators; coping is strained but present.', plan: 'Sleep routine and a study timetable; review in two weeks.' } },
  { template: 'soap', sections: { subjective: 'Reports feeling calmer since the last session; still worried about family finances.', objective: 'On time, engaged, appropriate affect.', assessment: 'Anxiety easing with practice of grounding exercises.', plan: 'Continue exercises; refer to the scholarship office.' } },
  { template: 'free', sections: { text: 'Follow-up on the class schedule change. Client settled into the new section and is keeping up. No further sessions needed for now; door left open.' } },
];

export async function seedCaseNotes(db: DB, config: AppConfig, ctx: DemoContext): Promise<void> {
  const keys = loadContentKeys(config);
  const companyId = ctx.company.id;
  const zone = ctx.company.timezone;
  const now = Date.now();
  const [counselor, counselor2] = ctx.counselors;
  const sessionsOf = (c: UserRow) =>
    db
      .selectFrom('appointments')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('counselor_id', '=', c.id)
      .where('status', '=', 'completed')
      .where('appointment_date', '<', new Date(now - 10 * DAY).toISOString())
      .orderBy('appointment_date', 'desc')
      .limit(6)
      .execute();
  const first = await sessionsOf(counselor);
  const second = await sessionsOf(counselor2);

  const note = (author: UserRow, session: (typeof first)[number], i: number, status: 'draft' | 'signed', signedAfterDays = 1) => {
    const uuid = randomUUID();
    const content = SIGNED[i % SIGNED.length];
    const signedAt = new Date(Date.parse(session.appointment_date) + signedAfterDays * DAY).toISOString();
    return {
      uuid,
      row: {
        company_id: companyId,
        uuid,
        client_id: session.client_id,
        author_id: author.id,
        author_name: author.name,
        kind: 'session' as const,
        contact_channel: null,
        appointment_id: session.id,
        session_date: session.local_date,
        template: content.template,
        body: sealSections(keys, companyId, uuid, content.template, content.sections),
        screening_id: null,
        status,
        signed_at: status === 'signed' ? signedAt : null,
        signed_by_name: status === 'signed' ? author.name : null,
        supervisor_id: null,
        supervisor_name: null,
        cosigned_at: null,
        cosigned_by_name: null,
        late_entry: signedAfterDays > 3 ? 1 : 0,
        created_at: session.appointment_date,
        updated_at: status === 'signed' ? signedAt : session.appointment_date,
      },
    };
  };

  await db.transaction().execute(async (trx) => {
    const written = [note(counselor, first[0], 0, 'signed'), note(counselor, first[1], 1, 'signed', 5), note(counselor2, second[0], 2, 'signed'), note(counselor, first[2], 0, 'draft')];
    for (const w of written) await insertNote(trx, w.row);
    const addendumUuid = randomUUID();
    const at = new Date(Date.parse(written[0].row.signed_at ?? new Date(now).toISOString()) + 2 * DAY).toISOString();
    await insertAddendum(trx, {
      company_id: companyId,
      uuid: addendumUuid,
      note_id: (await trx.selectFrom('case_notes').select('id').where('uuid', '=', written[0].uuid).executeTakeFirstOrThrow()).id,
      author_id: counselor.id,
      author_name: counselor.name,
      body: encryptField(keys, 'Client emailed: the study timetable is working; sleep is better on weekdays.', addendumAad(companyId, addendumUuid)),
      signed_at: at,
      created_at: at,
    });

    // A trainee counselor, supervised by counselor@, with a held session and its note awaiting the co-signature.
    const stamp = new Date(now).toISOString();
    const trainee = await insertUser(trx, {
      name: 'Lea Manalo',
      email: 'trainee@demo.kalinga.test',
      password_hash: await hashPassword(DEMO_PASSWORD),
      user_type: 'counselor',
      department: 'Guidance Office',
      status: 'active',
      is_trainee: 1,
      clinical_supervisor_id: counselor.id,
      created_at: stamp,
      updated_at: stamp,
    });
    await addMember(trx, companyId, trainee.id, true);
    await setUserRoles(trx, companyId, trainee.id, ['counselor']);
    ctx.logins.push({ role: 'counselor (trainee)', email: trainee.email });

    const template = first[0];
    const client = ctx.clients[ctx.clients.length - 1];
    const day = addDaysToDate(localDateOf(new Date(now), zone), -2);
    const start = new Date(`${day}T02:00:00.000Z`).toISOString(); // 10:00 in Manila
    const appointmentId = await insertAppointment(trx, {
      uuid: randomUUID(),
      company_id: companyId,
      counselor_id: trainee.id,
      client_id: client.id,
      category_id: template.category_id,
      appointment_date: start,
      local_date: localDateOf(start, zone),
      duration_minutes: 60,
      reason: 'Adjustment to college',
      status: 'completed',
      location_type: 'on-site',
      location: 'Guidance Office, Room 2',
      user_type: client.user_type === 'personnel' ? 'personnel' : 'student',
      notes: null,
      created_by: trainee.id,
      created_at: stamp,
      updated_at: stamp,
    });
    await insertStatusChange(trx, companyId, appointmentId, null, 'completed', trainee.id, start);
    const uuid = randomUUID();
    const sections = { data: 'First-year student finds the commute and the workload overwhelming; sleeps about five hours.', assessment: 'Adjustment difficulties; no risk indicators.', plan: 'Time-management plan; check in next week; discuss with supervisor.' };
    const signedAt = new Date(Date.parse(start) + 3 * 3_600_000).toISOString();
    await insertNote(trx, {
      company_id: companyId,
      uuid,
      client_id: client.id,
      author_id: trainee.id,
      author_name: trainee.name,
      kind: 'session',
      contact_channel: null,
      appointment_id: appointmentId,
      session_date: localDateOf(start, zone),
      template: 'dap',
      body: sealSections(keys, companyId, uuid, 'dap', sections),
      screening_id: null,
      status: 'awaiting_cosign',
      signed_at: signedAt,
      signed_by_name: trainee.name,
      supervisor_id: counselor.id,
      supervisor_name: counselor.name,
      cosigned_at: null,
      cosigned_by_name: null,
      late_entry: 0,
      created_at: start,
      updated_at: signedAt,
    });
  });
}
