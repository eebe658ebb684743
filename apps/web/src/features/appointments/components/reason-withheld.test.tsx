// A manager outside the care team reads an appointment without its reason and notes (decision 0377): the card says
// so in words, in English and Filipino, and the edit form shows the same instead of the two fields. The status
// history dialog says a cancellation's reason is the care team's where the server withholds it.
import type { Appointment, StatusChange } from '@kalinga/contracts/appointments';
import type { AuthUser } from '@kalinga/contracts/auth';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppointmentCard } from './appointment-card';
import { DetailFields } from './detail-fields';
import type { AppointmentFormState } from './use-appointment-form';
import { chooseOnDevice, initI18n } from '../../../lib/i18n';
import { emptyValues, valuesFromAppointment } from '../appointment-form';
import { StatusHistoryModal } from './status-history-modal';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';

beforeAll(() => {
  // jsdom has no modal dialogs: the history dialog opens as an open <dialog>.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
  return initI18n(['appointments']);
});
afterEach(cleanup);
const fetchMock = mockFetchEachTest();

const MANAGER = {
  id: 1, name: 'Admin', username: 'admin', email: 'admin@example.test', avatar: null, role: 'Administrator', roles: ['Administrator'],
  permissions: ['view appointments', 'manage appointments'], user_type: 'personnel', student_id: null, department: null, birth_date: null, status: 'active',
} satisfies AuthUser;

const WITHHELD = {
  id: 7, uuid: 'a-7', appointment_date: '2099-03-12T01:00:00.000Z', local_date: '2099-03-12', duration_minutes: 60, reason: null,
  category_id: 2, category: { id: 2, title: 'Counselling' }, status: 'confirmed', location_type: 'online', location: null,
  counselor_id: 3, counselor: { id: 3, name: 'Carmen Counselor', avatar: null }, student_id: 5, student: { id: 5, name: 'Ana Client', avatar: null, student_id: null },
  user_type: 'student', created_by: 1, created_at: '2099-03-01T00:00:00.000Z', updated_at: '2099-03-01T00:00:00.000Z', series: null, late_cancellation: false, approval_reason: null,
} satisfies Appointment;

const actions = { onStatus: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn(), onCalendar: vi.fn(), onHistory: vi.fn() };

function card() {
  return (
    <MemoryRouter>
      <AppointmentCard appointment={WITHHELD} user={MANAGER} busy={false} actions={actions} />
    </MemoryRouter>
  );
}

/** The part of the edit form's state DetailFields reads; the rest of the hook (queries, saving) is not under test. */
function formOf(values: ReturnType<typeof emptyValues>): AppointmentFormState {
  const part = { locked: false, values, set: vi.fn(), err: () => undefined, categories: { data: [{ id: 2, title: 'Counselling' }] }, sendsNotes: true, editing: true };
  return part as unknown as AppointmentFormState; // a partial stand-in: DetailFields reads only these fields
}

describe('an appointment whose reason is the care team’s', () => {
  it('the card says so in place of the reason, and names its buttons by the same words', () => {
    render(card());
    expect(screen.getByTestId('reason-withheld').textContent).toBe('Reason seen by the care team only');
    expect(screen.getByRole('button', { name: 'Edit appointment: Reason seen by the care team only' })).toBeTruthy();
    expect(screen.getByTestId('appointment-card').getAttribute('aria-label')).toMatch(/^Reason seen by the care team only, /);
    expect(screen.queryByText(/null/)).toBeNull();
  });

  it('in Filipino too', async () => {
    await chooseOnDevice('fil');
    try {
      render(card());
      expect(screen.getByTestId('reason-withheld').textContent).toBe('Ang dahilan ay nakikita lamang ng care team');
    } finally {
      await chooseOnDevice('en');
    }
  });

  it('the edit form shows the words instead of the reason and notes fields', () => {
    render(<DetailFields form={formOf(valuesFromAppointment(WITHHELD, 'Asia/Manila'))} />);
    expect(screen.getByTestId('form-reason-withheld').textContent).toBe('The reason and notes are seen by the care team only; this edit keeps them.');
    expect(screen.queryByLabelText('Reason')).toBeNull();
    expect(screen.queryByLabelText('Counselor notes (confidential)')).toBeNull();
  });

  it('the care team’s own edit form keeps both fields', () => {
    render(<DetailFields form={formOf(valuesFromAppointment({ ...WITHHELD, reason: 'Exam stress', notes: 'Sleeping better' }, 'Asia/Manila'))} />);
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Exam stress');
    expect((screen.getByLabelText('Counselor notes (confidential)') as HTMLTextAreaElement).value).toBe('Sleeping better');
    expect(screen.queryByTestId('form-reason-withheld')).toBeNull();
  });
});

describe('the status history of an appointment whose reasons are the care team’s', () => {
  const change = (id: number, from: StatusChange['from_status'], to: StatusChange['to_status'], extra: Partial<StatusChange> = {}): StatusChange => ({
    id, from_status: from, to_status: to, changed_by: { id: 5, name: 'Ana Client' }, changed_at: '2099-03-02T00:00:00.000Z', reason: null, reason_withheld: false, previous_date: null, new_date: null, ...extra,
  });
  const history = [change(1, null, 'pending'), change(2, 'pending', 'cancelled', { reason_withheld: true })];

  it('says the cancellation’s reason is seen by the care team only, on that row alone, in English and Filipino', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: history }));
    renderWithQueries(<StatusHistoryModal appointment={{ ...WITHHELD, status: 'cancelled' }} onClose={vi.fn()} />);
    const withheld = await screen.findAllByTestId('history-reason-withheld');
    expect(withheld.map((w) => w.textContent)).toEqual(['Any reason for cancelling is seen by the care team only']);
    expect(screen.getByRole('list', { name: 'Status changes' }).querySelectorAll('li')[1].contains(withheld[0])).toBe(true);
    expect(screen.queryByTestId('history-reason')).toBeNull();
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/appointments/a-7/history');
    cleanup();
    await chooseOnDevice('fil');
    try {
      renderWithQueries(<StatusHistoryModal appointment={{ ...WITHHELD, status: 'cancelled' }} onClose={vi.fn()} />);
      expect((await screen.findByTestId('history-reason-withheld')).textContent).toBe('Ang anumang dahilan ng pagkansela ay nakikita lamang ng care team');
    } finally {
      await chooseOnDevice('en');
    }
  });

  it('the care team reads the reason itself and no such words', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [history[0], change(2, 'pending', 'cancelled', { reason: 'Family emergency' })] }));
    renderWithQueries(<StatusHistoryModal appointment={{ ...WITHHELD, status: 'cancelled', reason: 'Exam stress' }} onClose={vi.fn()} />);
    expect((await screen.findByTestId('history-reason')).textContent).toBe('Reason: Family emergency');
    expect(screen.queryByTestId('history-reason-withheld')).toBeNull();
  });
});
