import type { Appointment } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { onDeviceInZone } from '../../../test/device-zone';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { groupByMonth } from '../appointment-grouping';
import { cancelConfirmation } from '../cancel-confirmation';
import { AppointmentCard } from './appointment-card';
import { RescheduleModal } from './reschedule-modal';
import { SeriesModal } from './series-modal';
import type { AppointmentFormState } from './use-appointment-form';
import { WhenFields } from './when-fields';

// The Appointments screens read on the centre's clock and name its zone when the browser's differs (decisions 0224,
// 0380, 0383). The browser is in New York, the centre in Manila: a session at 17:00 UTC on 29 November is 12:00 PM
// on Sunday the 29th in New York and 1:00 AM on Monday the 30th at the centre.

vi.mock('../../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const fetchMock = mockFetchEachTest();

onDeviceInZone('America/New_York', ['appointments']);
beforeAll(() => {
  // jsdom has no modal dialogs: a dialog opens as an open <dialog>.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
});

const AT = '2026-11-29T17:00:00.000Z';
const CENTRE_WHEN = 'Monday, November 30, 2026 at 1:00 AM (Asia/Manila)';

const COUNSELOR = {
  id: 3, name: 'Carmen Counselor', username: 'carmen', email: 'carmen@example.test', avatar: null, role: 'Counselor', roles: ['Counselor'],
  permissions: ['view appointments', 'manage appointments'], user_type: 'counselor', student_id: null, department: null, birth_date: null, status: 'active',
} satisfies AuthUser;

const APPOINTMENT = {
  id: 7, uuid: 'a-7', appointment_date: AT, local_date: '2026-11-30', duration_minutes: 60, reason: 'Exam stress',
  category_id: 2, category: { id: 2, title: 'Counselling' }, status: 'confirmed', location_type: 'online', location: null,
  counselor_id: 3, counselor: { id: 3, name: 'Carmen Counselor', avatar: null }, student_id: 5, student: { id: 5, name: 'Ana Client', avatar: null, student_id: null },
  user_type: 'student', created_by: 1, created_at: '2026-11-20T00:00:00.000Z', updated_at: '2026-11-20T00:00:00.000Z',
  series: { uuid: 's-1', index: 1, total: 2 }, late_cancellation: false, approval_reason: null,
} satisfies Appointment;

/** The counselor's free times on 1 December at the centre: 9:00 AM there is 8:00 PM on 30 November in New York. */
const SLOTS = { slots: ['09:00'], starts: [{ time: '09:00', appointment_date: '2026-12-01T01:00:00.000Z' }], timezone: 'Asia/Manila', duration_minutes: 60 };

function answer(url: string): Response {
  if (url.includes('/available-slots')) return jsonResponse(200, SLOTS);
  if (url.includes('/available-days')) return jsonResponse(200, { days: ['2026-12-01'], next_available: '2026-12-01' });
  if (url.includes('/api/appointment-series/')) {
    const second = { ...APPOINTMENT, id: 8, uuid: 'a-8', appointment_date: '2026-12-06T17:00:00.000Z', local_date: '2026-12-07', series: { uuid: 's-1', index: 2, total: 2 } };
    return jsonResponse(200, { data: { uuid: 's-1', frequency: 'weekly', appointments: [APPOINTMENT, second] } });
  }
  return jsonResponse(404, { message: 'Not found' });
}

const actions = { onStatus: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onCalendar: vi.fn(), onHistory: vi.fn() };

describe("the Appointments screens on a device in another zone than the centre's", () => {
  it("the card shows the centre's day and time, and its label names the zone", () => {
    render(<MemoryRouter><AppointmentCard appointment={APPOINTMENT} user={COUNSELOR} busy={false} actions={actions} timeZone="Asia/Manila" /></MemoryRouter>);
    const card = screen.getByTestId('appointment-card');
    expect(card.getAttribute('aria-label')).toBe(`Exam stress, ${CENTRE_WHEN}`);
    expect(card.querySelector('time')?.textContent).toBe('1:00 AM');
    expect(within(card).getByText('Mon')).toBeTruthy();
    expect(within(card).getByText('30')).toBeTruthy();
  });

  it("the list's months are the centre's", () => {
    const groups = groupByMonth([{ appointment_date: '2026-11-30T17:00:00.000Z' }], 'Asia/Manila');
    expect(groups.map((g) => [g.key, g.label])).toEqual([['2026-12', 'December 2026']]);
  });

  it('the cancel confirmation says when on the centre’s clock, naming the zone', () => {
    expect(cancelConfirmation(COUNSELOR, APPOINTMENT, 'Asia/Manila').text).toContain(CENTRE_WHEN);
  });

  it("the booking form's times are the centre's, and the form says whose they are", async () => {
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    const form = {
      appointment: null, locked: false, values: { counselorId: 3, date: '2026-12-01', time: '' }, set: vi.fn(), err: () => undefined,
      slots: { data: SLOTS, isError: false, isFetching: false, refetch: vi.fn() }, timeOptions: ['09:00'], today: '2026-11-30', timeZone: 'Asia/Manila',
      editing: false, sendsNotes: true, startOf: (time: string) => SLOTS.starts.find((s) => s.time === time)?.appointment_date, onDone: vi.fn(),
    } as unknown as AppointmentFormState; // a partial stand-in: WhenFields reads only these fields
    renderWithQueries(<MemoryRouter><WhenFields form={form} /></MemoryRouter>);
    expect(screen.getByRole('option', { name: '9:00 AM' })).toBeTruthy();
    expect(screen.getByText("Times are in the centre's time zone (Asia/Manila).")).toBeTruthy();
  });

  it("rescheduling offers the centre's times and says the session's on the centre's clock", async () => {
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    renderWithQueries(<MemoryRouter><RescheduleModal appointment={APPOINTMENT} open onClose={vi.fn()} /></MemoryRouter>);
    expect(screen.getByText(CENTRE_WHEN)).toBeTruthy();
    expect(screen.getByText("Times are in the centre's time zone (Asia/Manila).")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2026-12-01' } });
    await screen.findByRole('option', { name: '9:00 AM' });
    fireEvent.change(screen.getByRole('combobox', { name: 'New time' }), { target: { value: '09:00' } });
    expect((await screen.findByTestId('new-time')).textContent).toBe('Tuesday, December 1, 2026 at 9:00 AM (Asia/Manila)');
  });

  it("the series dialog lists its sessions on the centre's clock and names the zone", async () => {
    fetchMock.mockImplementation(async (input) => answer(String(input)));
    renderWithQueries(<MemoryRouter><SeriesModal from={APPOINTMENT} user={COUNSELOR} onClose={vi.fn()} /></MemoryRouter>);
    const sessions = await screen.findAllByTestId('series-session');
    expect(sessions.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Mon, Nov 30, 2026 at 1:00 AM'),
      expect.stringContaining('Mon, Dec 7, 2026 at 1:00 AM'),
    ]);
    expect(screen.getByText("Times are in the centre's time zone (Asia/Manila).")).toBeTruthy();
  });
});
