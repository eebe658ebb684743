// @vitest-environment node
import type { TriageItem } from '@kalinga/contracts/screening/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n, t } from '../../lib/i18n';
import { actionText, bandName } from './triage-page';

// A Triage row says what was done from its fields in the language in use; a waitlist row's line is the server's
// English, mapped to the catalog's words (the row carries no other sign of a held time).

const urgent: TriageItem = {
  kind: 'urgent', id: 1, client_id: 2, client_name: 'Sam', at: '2026-11-26T08:00:00Z', source: 'button', band: null,
  acknowledged_by: null, acknowledged_at: null, escalated_at: null, booked_at: null, booked_with: null, action: 'Counselors on call told; waiting for a counselor',
};
const waiting: TriageItem = { ...urgent, kind: 'waitlist', source: null, action: 'A freed time is held for them now; waiting for their answer' };

beforeAll(() => initI18n(['triage']));
afterAll(() => forgetDeviceChoice());

describe('Triage rows in English and Filipino', () => {
  it('say in English what the server says, from the fields', () => {
    expect(actionText(t, urgent)).toBe(urgent.action);
    expect(actionText(t, { ...urgent, acknowledged_at: '2026-11-26T08:05:00Z', acknowledged_by: 'Ana' })).toBe('Acknowledged by Ana');
    expect(actionText(t, { ...urgent, acknowledged_at: '2026-11-26T08:05:00Z' })).toBe('Acknowledged by a former counselor');
    expect(actionText(t, waiting)).toBe(waiting.action);
    expect(actionText(t, { ...waiting, action: 'Something new' })).toBe('Something new');
    expect(bandName(t, 'moderately severe')).toBe('Moderately severe');
  });

  it('say it in Filipino once Filipino is chosen', async () => {
    await chooseOnDevice('fil');
    expect(actionText(t, { ...urgent, booked_with: 'Ana Cruz' })).toBe('Naka-book ang same-day session kay Ana Cruz');
    expect(actionText(t, { ...urgent, escalated_at: '2026-11-26T08:10:00Z' })).toBe('Ipinaalam na sa lahat ng counselor; naghihintay ng counselor');
    expect(actionText(t, waiting)).toBe('May bumakanteng oras na nakalaan sa kanya ngayon; hinihintay ang sagot niya');
    expect(actionText(t, { ...urgent, kind: 'intake', source: null, band: 'mild', action: 'Intake answered' })).toBe('Nasagutan ang intake');
  });
});
