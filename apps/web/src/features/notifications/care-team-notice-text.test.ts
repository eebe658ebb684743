// @vitest-environment node
import type { Notification } from '@kalinga/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { describeNotification } from './notification-text';

// A counselor joined a client's care team by their own booking (decision 0369): those told read who and when, never
// which client, in the language in use.

beforeAll(() => initI18n(['frame', 'notifications']));
afterAll(() => forgetDeviceChoice());

const notice: Notification = {
  id: 9,
  kind: 'care_team_booking',
  appointment_uuid: null,
  appointment_date: null,
  previous_date: null,
  counselor_name: null,
  client_name: null,
  actor_name: 'Sid Sneak',
  reason: null,
  created_at: '2026-11-23T01:00:00.000Z',
  read_at: null,
};

describe('the notice of a care team joined by booking', () => {
  it("names the counselor and the time on the centre's clock, not the client", () => {
    const text = describeNotification(notice, 'Asia/Manila');
    expect(text.title).toBe("A counselor joined a client's care team by booking");
    expect(text.detail).toMatch(/^A counselor booked an appointment with a client they had no care-team relationship with, on .*Nov 23, 2026, 9:00\sAM.*, and now reads the client's record\. Open the Access log\.$/);
    expect(text.by).toBe('By Sid Sneak');
    expect(text.reason).toBeNull();
  });

  it('says it in Filipino once Filipino is chosen', async () => {
    await chooseOnDevice('fil');
    const text = describeNotification(notice, 'Asia/Manila');
    expect(text.title).toBe('Sumali ang isang counselor sa care team ng kliyente sa pag-book');
    expect(text.detail).toMatch(/^Nag-book ang isang counselor ng appointment sa kliyenteng hindi niya kasama sa care team noong .+, at nababasa na niya ang talaan ng kliyente\. Buksan ang talaan ng pagbukas\.$/);
  });
});
