import { NATIONAL_CRISIS_LINES } from '@kalinga/contracts/screening/crisis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, createTestApp, registerCompany, type Actor, type TestApp } from '../../../test/harness';
import { call, CONTACTS, safetyBody } from '../../../test/screening/screening-helpers';

let t: TestApp;
let admin: Actor;
let counselor: Actor;
let student: Actor;
let other: Actor;
let otherCounselor: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await registerCompany(t.app, 'Safety School');
  counselor = await addUser(t.app, admin.companyId, { userType: 'counselor' });
  student = await addUser(t.app, admin.companyId, { userType: 'student' });
  other = await registerCompany(t.app, 'Other School');
  otherCounselor = await addUser(t.app, other.companyId, { userType: 'counselor' });
});
afterAll(() => t.close());

describe('safety settings and crisis contacts', () => {
  it('a company without settings has screening off and the national crisis lines', async () => {
    const res = await call(t.app, admin, 'GET', '/api/safety-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intake_mode: 'off', crisis_contacts: NATIONAL_CRISIS_LINES, on_call_ids: [], escalation_minutes: 15 });
    const crisis = await call(t.app, student, 'GET', '/api/crisis-contacts');
    expect(crisis.statusCode).toBe(200);
    expect(crisis.json().contacts.map((c: { number: string }) => c.number)).toContain('1553');
  });

  it('a manager saves them; every member reads the contacts; another company keeps its own', async () => {
    const res = await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ on_call_ids: [counselor.user.id], escalation_minutes: 10 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ intake_mode: 'required', crisis_contacts: CONTACTS, on_call_ids: [counselor.user.id], escalation_minutes: 10 });
    const crisis = await call(t.app, student, 'GET', '/api/crisis-contacts');
    expect(crisis.json()).toEqual({ contacts: CONTACTS, next_steps: 'A counselor will call you within 15 minutes.' });
    const theirs = await call(t.app, other, 'GET', '/api/safety-settings');
    expect(theirs.json().intake_mode).toBe('off');
  });

  it('bad input is refused with 422 and the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ intake_mode: 'sometimes' }, 'intake_mode'],
      [{ crisis_contacts: [] }, 'crisis_contacts'],
      [{ crisis_contacts: [{ name: 'X', number: 'call me', hours: '' }] }, 'crisis_contacts.0.number'],
      [{ escalation_minutes: 0 }, 'escalation_minutes'],
      [{ next_steps: '   ' }, 'next_steps'],
    ];
    for (const [override, field] of cases) {
      const res = await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody(override));
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('another company\'s counselor cannot be put on call (422), and is not revealed', async () => {
    const res = await call(t.app, admin, 'PUT', '/api/safety-settings', safetyBody({ on_call_ids: [otherCounselor.user.id] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.on_call_ids).toEqual(['Choose counselors of this centre.']);
  });

  it('counselors and clients may not read or change them (403); signed out 401', async () => {
    for (const actor of [counselor, student]) {
      expect((await call(t.app, actor, 'GET', '/api/safety-settings')).statusCode).toBe(403);
      expect((await call(t.app, actor, 'PUT', '/api/safety-settings', safetyBody())).statusCode).toBe(403);
    }
    expect((await call(t.app, null, 'GET', '/api/crisis-contacts')).statusCode).toBe(401);
  });
});
