import { BREAK_GLASS_REASON_RULE } from '@kalinga/contracts/client-access';
import { CLINICAL_FOR_COUNSELORS_ONLY } from '@kalinga/contracts/client-access-constants';
import { ANSWER_RULE, CLOSE_RULE, FILE_CLOSED, FILE_CLOSED_ALREADY, FILE_HAS_DRAFTS, FILE_OPEN_ALREADY, NOT_ON_CARE_TEAM, RANGE_RULE, REFER_RULE, REOPEN_RULE } from '@kalinga/contracts/client-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCompany, type TestApp } from '../../../test/harness';
import { en } from '../../i18n/en';
import { fil } from '../../i18n/fil';
import { localizeText } from '../../lib/i18n';
import { CATEGORY_IN_USE, CATEGORY_LENDING_IN_USE } from '../categories/category.service';
import { NOT_OWN_SUPERVISOR, SUPERVISION_FOR_COUNSELORS, SUPERVISOR_MUST_BE_COUNSELOR } from './clinical-access';
import { HAS_APPOINTMENTS, LAST_MANAGER } from './users.service';

// Administration's and the client file's refusals in the language of the request (decisions 0247, 0272): the English texts the services
// write are in the server catalog, so a Filipino request reads them in Filipino and an English one as written.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('administration refusals in Filipino', () => {
  it('the catalog holds the services\' own texts word for word', () => {
    expect(en['users.lastManager']).toBe(LAST_MANAGER);
    expect(en['users.hasAppointments']).toBe(HAS_APPOINTMENTS);
    expect(en['users.supervisionForCounselors']).toBe(SUPERVISION_FOR_COUNSELORS);
    expect(en['users.supervisorMustBeCounselor']).toBe(SUPERVISOR_MUST_BE_COUNSELOR);
    expect(en['users.notOwnSupervisor']).toBe(NOT_OWN_SUPERVISOR);
    expect(en['users.clinicalForCounselors']).toBe(CLINICAL_FOR_COUNSELORS_ONLY);
    expect(en['categories.inUse']).toBe(CATEGORY_IN_USE);
    expect(en['categories.lendingInUse']).toBe(CATEGORY_LENDING_IN_USE);
    expect([FILE_CLOSED, FILE_OPEN_ALREADY, FILE_CLOSED_ALREADY, FILE_HAS_DRAFTS, NOT_ON_CARE_TEAM, REFER_RULE, CLOSE_RULE, REOPEN_RULE, ANSWER_RULE, RANGE_RULE, BREAK_GLASS_REASON_RULE]).toEqual(
      (['closed', 'openAlready', 'closedAlready', 'hasDrafts', 'notOnCareTeam', 'referRule', 'closeRule', 'reopenRule', 'answerRule', 'rangeRule', 'breakGlassRule'] as const).map((k) => en[`clientFile.${k}`]),
    );
    expect(localizeText('fil', FILE_CLOSED)).toBe('Sarado ang file na ito: buksan muna itong muli nang may dahilan.');
    expect(localizeText('fil', 'The admin role is built in and cannot be deleted.')).toBe('Built-in ang role na admin at hindi ito mabubura.');
  });

  it('refuses deleting and deactivating oneself in Filipino, and in English without the header', async () => {
    const admin = await registerCompany(t.app, 'Wika Admin Co');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}`, headers: { ...admin.headers, 'accept-language': 'fil' } });
    expect(del.statusCode).toBe(422);
    expect(del.json().message).toBe(fil['users.cannotDeleteSelf']);
    expect(del.json().errors.user).toEqual([fil['users.cannotDeleteSelf']]);
    const toggle = await t.app.inject({ method: 'PATCH', url: `/api/users/${admin.user.id}/toggle-status`, headers: { ...admin.headers, 'accept-language': 'fil-PH' } });
    expect(toggle.json().message).toBe(fil['users.cannotDeactivateSelf']);
    const english = await t.app.inject({ method: 'DELETE', url: `/api/users/${admin.user.id}`, headers: admin.headers });
    expect(english.json().message).toBe('You cannot delete your own account.');
  });

  it('says a role name already taken in Filipino', async () => {
    const admin = await registerCompany(t.app, 'Wika Roles Co');
    const taken = await t.app.inject({ method: 'POST', url: '/api/roles', headers: { ...admin.headers, 'accept-language': 'fil' }, payload: { name: 'admin', permissions: [] } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.name).toEqual([fil['roles.nameTaken']]);
  });
});
