import { BREAK_GLASS_REASON_RULE } from '@kalinga/contracts/client-access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { answers, call, submit } from '../../../test/screening/screening-helpers';
import { accessRows, referTo } from '../../../test/client-record/client-access-helpers';
import { ALREADY_IN_CARE_TEAM, TRAINEE_CANNOT_BREAK_GLASS } from './break-glass';

// Break the glass (decision 0203): a counselor outside the care team opens a file with a reason for the site's hours;
// the opening is a marked log entry, the privacy officers are told once, without the client or the reason.

let t: TestApp;
let admin: Actor;
let officer: Actor;
let counselor: Actor;
let client: Actor;

const REASON = 'Urgent case at 2 AM; the on-call counselor is unreachable.';

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Glass School');
  officer = await addUser(t.app, admin.companyId, { userType: 'personnel', roles: ['privacy officer'] });
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor', name: 'Nina Night' });
  client = await addUser(t.app, admin.companyId, { userType: 'student', name: 'Gio Glass-Client' });
  await submit(t.app, client, answers(3, 3));
});
afterAll(() => t.close());

async function officerNotices() {
  const inApp = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', officer.user.id).where('kind', '=', 'break_glass').execute();
  const emails = await t.db.selectFrom('outbox').selectAll().where('recipient_id', '=', officer.user.id).where('kind', '=', 'break_glass').execute();
  return { inApp, emails };
}

describe('POST /api/clients/:id/break-glass', () => {
  it('grants the file for the site hours, logs a marked entry, tells the privacy officer once; a second press returns the same grant', async () => {
    expect((await call(t.app, counselor, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(403);
    const res = await call(t.app, counselor, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON });
    expect(res.statusCode, res.body).toBe(201);
    const grant = res.json().data;
    expect(grant).toMatchObject({ client_id: client.user.id, reason: REASON });
    expect(Date.parse(grant.expires_at) - Date.parse(grant.created_at)).toBe(24 * 3_600_000);
    const again = await call(t.app, counselor, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: 'Pressed twice by mistake, sorry.' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(grant.id);
    const notices = await officerNotices();
    expect(notices.inApp).toHaveLength(1);
    expect(notices.emails).toHaveLength(1);
    expect(notices.inApp[0]).toMatchObject({ actor_id: counselor.user.id, reason: null, appointment_id: null });
    // Reading now stands on the grant: marked with it in the log.
    expect((await call(t.app, counselor, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(200);
    const rows = await accessRows(t.db, client.user.id);
    expect(rows.map((r) => [r.kind, r.via, r.grant_id])).toEqual([
      ['client_file', 'break_glass', grant.id],
      ['screenings', 'break_glass', grant.id],
    ]);
  });

  it("the privacy officer's email names neither the client nor the reason", async () => {
    const { emails } = await officerNotices();
    const { accessEmail } = await import('../notifications/access-email');
    const { composeEmail } = await import('../notifications/email-registry');
    const message = await composeEmail(accessEmail, t.db, emails[0] as Parameters<typeof composeEmail>[2], { publicUrl: 'https://kalinga.test', now: Date.now() });
    expect(message?.text).toContain('Nina Night');
    for (const secret of ['Gio', 'Glass-Client', 'Urgent case at 2 AM', 'unreachable']) {
      expect(message?.text).not.toContain(secret);
      expect(message?.html).not.toContain(secret);
    }
  });

  it('ends when the grant runs out: the file is closed again (403)', async () => {
    await t.db.updateTable('break_glass_grants').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('counselor_id', '=', counselor.user.id).execute();
    expect((await call(t.app, counselor, 'GET', `/api/clients/${client.user.id}/screenings`)).statusCode).toBe(403);
  });

  it('the site setting sets the hours', async () => {
    expect((await call(t.app, admin, 'POST', '/api/settings', { break_glass_hours: 2 })).statusCode).toBe(200);
    const another = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const res = await call(t.app, another, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON });
    expect(Date.parse(res.json().data.expires_at) - Date.parse(res.json().data.created_at)).toBe(2 * 3_600_000);
    expect((await call(t.app, admin, 'POST', '/api/settings', { break_glass_hours: 0 })).statusCode).toBe(422);
  });

  it('refuses administrators, clients and trainees (403), a short reason (422), another company (404), a care-team member (409)', async () => {
    for (const actor of [admin, officer, client]) expect((await call(t.app, actor, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON })).statusCode).toBe(403);
    const trainee = await addUser(t.app, admin.companyId, { userType: 'counselor', extra: { is_trainee: 1 } });
    const refused = await call(t.app, trainee, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TRAINEE_CANNOT_BREAK_GLASS);
    const short = await call(t.app, counselor, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: 'urgent' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.reason).toEqual([BREAK_GLASS_REASON_RULE]);
    const other = await registerCompany(t.app, 'Other Glass School');
    const otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
    expect((await call(t.app, otherCounselor, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON })).statusCode).toBe(404);
    const team = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    await referTo(t.db, admin.companyId, team.user.id, client.user.id);
    const inTeam = await call(t.app, team, 'POST', `/api/clients/${client.user.id}/break-glass`, { reason: REASON });
    expect(inTeam.statusCode).toBe(409);
    expect(inTeam.json().message).toBe(ALREADY_IN_CARE_TEAM);
  });

  // The requests really overlap on PostgreSQL (npm run test:pg); without the counselor's row lock there they made
  // five grants and five notices. SQLite runs one transaction at a time.
  it('five requests at once make one live grant and tell the privacy officer once', async () => {
    const racer = await addUser(t.app, admin.companyId, { userType: 'counselor' });
    const target = await addUser(t.app, admin.companyId, { userType: 'student' });
    const before = (await officerNotices()).inApp.length;
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(t.app, racer, 'POST', `/api/clients/${target.user.id}/break-glass`, { reason: REASON })));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    const grants = await t.db.selectFrom('break_glass_grants').select('id').where('counselor_id', '=', racer.user.id).execute();
    expect(grants).toHaveLength(1);
    expect((await officerNotices()).inApp.length - before).toBe(1);
  });
});
