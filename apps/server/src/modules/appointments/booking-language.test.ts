import { INTAKE_REQUIRED } from '@kalinga/contracts/screening/items';
import { SLOT_TAKEN_MESSAGE } from '@kalinga/contracts/appointment-constants';
import { APPOINTMENT_CONTENT_CARE_TEAM_ONLY } from '@kalinga/contracts/client-access-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, addUser, createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { localizeText } from '../../lib/i18n';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';

// The booking side's refusals in the language of the request (decision 0247): the English texts the services and
// the contracts write are in the server catalog, so a Filipino request reads them in Filipino.

let t: TestApp;
let personnel: Actor;
const FIL = { 'accept-language': 'fil' };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerCompany(t.app, 'Language School');
  personnel = await addUser(t.app, admin.companyId, { userType: 'personnel', name: 'Pia Personnel' });
});
afterAll(async () => {
  await t.close();
});

describe('booking refusals in Filipino', () => {
  it('finds the shared constants (a taken slot, the intake first) in the catalog', () => {
    expect(en['appointments.slotTaken']).toBe(SLOT_TAKEN_MESSAGE);
    expect(en['appointments.intakeFirst']).toBe(INTAKE_REQUIRED);
    expect(en['appointments.contentCareTeamOnly']).toBe(APPOINTMENT_CONTENT_CARE_TEAM_ONLY);
    expect(localizeText('fil', SLOT_TAKEN_MESSAGE)).toBe('Hindi na available ang oras na ito');
    expect(localizeText('fil', 'The status cannot change from pending to completed.')).toBe('Hindi puwedeng gawing completed ang status mula pending.');
    expect(localizeText('fil', 'This appointment has already started and can no longer be cancelled here. Please contact Ana Cruz.')).toBe(
      'Nagsimula na ang appointment na ito at hindi na puwedeng kanselahin dito. Pakikontak si Ana Cruz.',
    );
  });

  it('refuses an empty booking field by field in Filipino, in English without the header', async () => {
    const filipino = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: { ...personnel.headers, ...FIL }, payload: {} });
    expect(filipino.statusCode).toBe(422);
    expect(filipino.json().errors.reason).toEqual([fil['appointments.reasonRequired']]);
    expect(filipino.json().errors).toMatchObject({
      counselor_id: [fil['appointments.counselorIdRequired']],
      appointment_date: [fil['appointments.dateRequired']],
      category_id: [fil['appointments.categoryIdRequired']],
      location_type: [fil['appointments.locationType']],
    });
    expect(filipino.json().message).toBe(fil['appointments.counselorIdRequired']);
    const english = await t.app.inject({ method: 'POST', url: '/api/appointments', headers: personnel.headers, payload: {} });
    expect(english.json().errors.reason).toEqual([en['appointments.reasonRequired']]);
  });
});
