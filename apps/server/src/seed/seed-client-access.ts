import { PRIVACY_OFFICER_ROLE } from '@kalinga/contracts/client-access-constants';
import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import { hashPassword } from '../lib/passwords';
import { insertUser } from '../modules/auth/user.repository';
import { insertAccessRow, insertGrant } from '../modules/client-record/client-record.repository';
import { addMember, setUserRoles } from '../modules/companies/company.repository';
import { insertClinicalGrant } from '../modules/users/clinical-access.repository';
import { DEMO_PASSWORD, type DemoContext } from './seed-foundation';
import { grantColumns } from '../lib/grant-words';

const HOUR = 3_600_000;

/**
 * The demo's privacy officer (decision 0200) and a few weeks of the access log to read: the first counselor opening
 * their own clients' screenings, the Triage list, and one break-the-glass opening by the second counselor of a new
 * client's file (long expired), so the Access log screen and its filters have something to show.
 */
export async function seedClientAccess(db: DB, _config: AppConfig, ctx: DemoContext): Promise<void> {
  const companyId = ctx.company.id;
  const [carmen, jose] = ctx.counselors;
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
  await db.transaction().execute(async (trx) => {
    const stamp = new Date(now).toISOString();
    const officer = await insertUser(trx, {
      name: 'Atty. Rosa Privado',
      email: 'privacy@demo.kalinga.test',
      password_hash: await hashPassword(DEMO_PASSWORD),
      user_type: 'personnel',
      department: 'Data Protection Office',
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
    });
    await addMember(trx, companyId, officer.id, true);
    await setUserRoles(trx, companyId, officer.id, [PRIVACY_OFFICER_ROLE]);
    ctx.logins.push({ role: 'privacy officer', email: officer.email });
    // What the administrator gave (decision 0202): the access log, and the trainee's supervisor (seed-case-notes).
    await insertClinicalGrant(trx, { company_id: companyId, user_id: officer.id, granted_by: ctx.admin.id, ...grantColumns('clinicalGrant.accessLog', { role: 'privacy officer' }), at: at(60 * 24) });
    const trainee = await trx.selectFrom('users').select('name').where('email', '=', 'trainee@demo.kalinga.test').executeTakeFirst();
    if (trainee) await insertClinicalGrant(trx, { company_id: companyId, user_id: carmen.id, granted_by: ctx.admin.id, ...grantColumns('clinicalGrant.supervisor', { name: trainee.name }), at: at(45 * 24) });

    // Screened clients the first counselor has seen: true care-team reads.
    const screened = trx.selectFrom('screenings').select('client_id').where('company_id', '=', companyId);
    const seen = await trx
      .selectFrom('appointments')
      .select('client_id')
      .distinct()
      .where('company_id', '=', companyId)
      .where('counselor_id', '=', carmen.id)
      .where('client_id', 'in', screened)
      .orderBy('client_id')
      .limit(4)
      .execute();
    let hoursAgo = 20 * 24;
    for (const { client_id } of seen) {
      await insertAccessRow(trx, { company_id: companyId, viewer_id: carmen.id, client_id, kind: 'screenings', via: 'care_team', grant_id: null, at: at(hoursAgo) });
      await insertAccessRow(trx, { company_id: companyId, viewer_id: carmen.id, client_id, kind: 'attendance', via: 'care_team', grant_id: null, at: at(hoursAgo - 1) });
      hoursAgo -= 3 * 24;
    }
    for (const { client_id } of seen.slice(0, 3)) {
      await insertAccessRow(trx, { company_id: companyId, viewer_id: carmen.id, client_id, kind: 'triage_list', via: 'list', grant_id: null, at: at(30) });
    }
    // Every demo client has seen both counselors at some time, so the one whose file was opened by breaking the
    // glass is a newcomer with no session yet: outside the second counselor's care team.
    const newcomer = await insertUser(trx, {
      name: 'Nico Dela Paz',
      email: 'nico.delapaz@demo.kalinga.test',
      password_hash: await hashPassword(DEMO_PASSWORD),
      user_type: 'student',
      student_id: '2025-00417',
      department: 'College of Arts and Sciences',
      status: 'active',
      created_at: stamp,
      updated_at: stamp,
    });
    await addMember(trx, companyId, newcomer.id, true);
    await setUserRoles(trx, companyId, newcomer.id, ['student']);
    const opened = at(9 * 24 + 5);
    const grant = await insertGrant(trx, {
      company_id: companyId,
      counselor_id: jose.id,
      client_id: newcomer.id,
      reason: 'On call Saturday night: a new client rang the duty phone in distress before any session was booked.',
      created_at: opened,
      expires_at: new Date(Date.parse(opened) + 24 * HOUR).toISOString(),
    });
    await insertAccessRow(trx, { company_id: companyId, viewer_id: jose.id, client_id: newcomer.id, kind: 'client_file', via: 'break_glass', grant_id: grant.id, at: opened });
  });
}
