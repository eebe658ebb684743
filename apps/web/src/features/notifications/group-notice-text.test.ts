// @vitest-environment node
import type { Notification } from '@kalinga/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { formatWeekdayDateTime } from '../../lib/dates';
import { describeNotification } from './notification-text';

// A group's cancellation in a member's bell (decision 0282): the group's name, the time, who cancelled; no other member.

beforeAll(() => initI18n(['frame', 'notifications']));
afterAll(() => forgetDeviceChoice());

const notice: Notification = {
  id: 7,
  kind: 'group_session_cancelled',
  appointment_uuid: null,
  appointment_date: '2026-12-14T01:00:00.000Z',
  previous_date: null,
  counselor_name: null,
  client_name: null,
  actor_name: 'Carmen Cruz',
  reason: 'Exam Stress Circle',
  created_at: '2026-11-23T00:00:00.000Z',
  read_at: null,
};

describe('group cancellation notices', () => {
  it('say the session or the group from its first session, and who cancelled', () => {
    const when = formatWeekdayDateTime(notice.appointment_date!);
    expect(describeNotification(notice)).toEqual({ title: 'Group session cancelled', detail: `Exam Stress Circle: the session on ${when} is cancelled.`, by: 'By Carmen Cruz', reason: null });
    expect(describeNotification({ ...notice, kind: 'group_cancelled' })).toMatchObject({ title: 'Group cancelled', detail: `Exam Stress Circle: its sessions from ${when} are cancelled.` });
  });

  it('speak Filipino', async () => {
    await chooseOnDevice('fil');
    try {
      expect(describeNotification({ ...notice, kind: 'group_cancelled' }).title).toBe('Kinansela ang grupo');
    } finally {
      await chooseOnDevice('en');
    }
  });
});

describe('group session reminders', () => {
  it("say the group and the session's time, to a member or a facilitator (decision 0321)", () => {
    const reminder: Notification = { ...notice, kind: 'group_reminder', actor_name: null };
    const when = formatWeekdayDateTime(reminder.appointment_date!);
    expect(describeNotification(reminder)).toEqual({ title: 'Group session reminder', detail: `Exam Stress Circle: a session on ${when}.`, by: null, reason: null });
  });
});
