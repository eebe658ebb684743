// @vitest-environment node
import type { Notification } from '@kalinga/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { describeNotification } from './notification-text';

// A password an administrator set (decision 0358): those told of grants read whose and by whom; the user reads who
// set theirs and when, and to tell the privacy officer if they did not ask for it. No client, no content.

beforeAll(() => initI18n(['frame', 'notifications']));
afterAll(() => forgetDeviceChoice());

const base: Notification = {
  id: 7,
  kind: 'password_set',
  appointment_uuid: null,
  appointment_date: null,
  previous_date: null,
  counselor_name: null,
  client_name: null,
  actor_name: 'Ana Admin',
  reason: 'Cora Clinician',
  created_at: '2026-11-23T01:00:00.000Z',
  read_at: null,
};

describe('password notices', () => {
  it("names the staff member and the administrator to those told of grants; the user is told who and when, in the centre's time", async () => {
    expect(describeNotification(base)).toEqual({
      title: 'Password set by an administrator',
      detail: 'The password of Cora Clinician, who holds clinical access or the access log, was set by an administrator. Open the Access log.',
      by: 'By Ana Admin',
      reason: null,
    });
    const own = describeNotification({ ...base, kind: 'own_password_set', reason: null }, 'Asia/Manila');
    expect(own.title).toBe('Your password was set by an administrator');
    expect(own.detail).toMatch(/^An administrator set your password on .*Nov 23, 2026, 9:00\sAM.*\. If you did not ask for it, tell your centre's privacy officer\.$/);
    expect(own.by).toBe('By Ana Admin');
  });

  it('says them in Filipino once Filipino is chosen', async () => {
    await chooseOnDevice('fil');
    expect(describeNotification(base).title).toBe('Password na itinakda ng isang administrator');
    expect(describeNotification({ ...base, kind: 'own_password_set', reason: null }, 'Asia/Manila').detail).toMatch(/^Itinakda ng isang administrator ang password mo noong .+\. Kung hindi mo ito hiniling, sabihin sa privacy officer ng centre mo\.$/);
  });
});
