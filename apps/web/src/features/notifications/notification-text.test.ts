// @vitest-environment node
import type { Notification } from '@kalinga/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseOnDevice, forgetDeviceChoice, initI18n } from '../../lib/i18n';
import { formatWeekdayDateTime } from '../../lib/dates';
import { badgeText, bellLabel } from './bell-label';
import { describeNotification, timeAgo } from './notification-text';

beforeAll(() => initI18n(['frame', 'notifications']));
afterAll(() => forgetDeviceChoice());

const base: Notification = {
  id: 1,
  kind: 'booked',
  appointment_uuid: 'u1',
  appointment_date: '2026-11-24T01:00:00.000Z',
  previous_date: null,
  counselor_name: 'Carmen Cruz',
  client_name: 'Bea Santos',
  actor_name: 'Bea Santos',
  reason: null,
  created_at: '2026-11-23T00:00:00.000Z',
  read_at: null,
};

describe('notification words', () => {
  it('says what happened, with whom, when (in the browser zone) and by whom', () => {
    const when = formatWeekdayDateTime(base.appointment_date!);
    expect(describeNotification(base)).toEqual({ title: 'Appointment booked', detail: `Bea Santos with Carmen Cruz, ${when}`, by: 'By Bea Santos', reason: null });
    const cancelled = describeNotification({ ...base, kind: 'cancelled', reason: 'Exam clash', actor_name: 'Carmen Cruz' });
    expect(cancelled.title).toBe('Appointment cancelled');
    expect(cancelled.by).toBe('By Carmen Cruz');
    expect(cancelled.reason).toBe('Reason: Exam clash');
    const reminder = describeNotification({ ...base, kind: 'reminder', actor_name: null });
    expect(reminder.title).toBe('Appointment reminder');
    expect(reminder.by).toBeNull();
  });

  it('names both times of a reschedule and says when the appointment is gone', () => {
    const moved = describeNotification({ ...base, kind: 'rescheduled', previous_date: '2026-11-23T01:00:00.000Z' });
    expect(moved.detail).toContain(`moved from ${formatWeekdayDateTime('2026-11-23T01:00:00.000Z')} to `);
    const gone = describeNotification({ ...base, appointment_uuid: null, counselor_name: null, client_name: null });
    expect(gone.detail.startsWith('The appointment was deleted')).toBe(true);
  });

  it('labels the bell with the unread count and caps the badge', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(0)).toBe('Notifications');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(250)).toBe('99+');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(timeAgo('2026-11-23T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-23T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-22T09:00:00.000Z', now)).toBe('yesterday');
  });

  it('says it all in Filipino once Filipino is chosen', async () => {
    await chooseOnDevice('fil');
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    expect(describeNotification({ ...base, kind: 'cancelled', reason: 'Exam clash' })).toMatchObject({ title: 'Kinansela ang appointment', by: 'Ni Bea Santos', reason: 'Dahilan: Exam clash' });
    expect(describeNotification({ ...base, series_count: 3 }).detail.startsWith('Bea Santos kay Carmen Cruz, 3 session ng isang serye mula ')).toBe(true);
    expect(timeAgo('2026-11-23T11:55:00.000Z', now)).toBe('5 minuto ang nakalipas');
    expect(timeAgo('2026-11-22T09:00:00.000Z', now)).toBe('kahapon');
    expect(bellLabel(2)).toBe('Mga Abiso, 2 hindi pa nababasa');
  });
});
