import type { Appointment } from '@kalinga/contracts/appointments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelOwnModal } from './cancel-own-modal';
import { initI18n } from '../../../lib/i18n';

beforeAll(() => initI18n(['appointments']));

const APPOINTMENT = {
  uuid: 'a-1',
  appointment_date: '2026-03-12T01:00:00.000Z',
  reason: 'Exam stress',
  counselor: { id: 3, name: 'Carmen Counselor', avatar: null },
} as Appointment;

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderModal(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CancelOwnModal appointment={APPOINTMENT} open onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the client's cancel dialog", () => {
  it('names the appointment and sends the reason; the server’s refusal shows and the reason stays', async () => {
    const late = 'Appointments can be cancelled here up to 24 hours before they start. Please contact Carmen Counselor.';
    fetchMock.mockResolvedValueOnce(json(422, { message: late, errors: { appointment_date: [late] } }));
    const onClose = renderModal();
    expect(screen.getByText('Carmen Counselor')).toBeTruthy();
    expect(screen.getByText(/Exam stress/)).toBeTruthy();
    const reason = screen.getByLabelText('Reason (optional)') as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: 'Family emergency' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    expect((await screen.findByRole('alert')).textContent).toBe(late);
    expect(reason.value).toBe('Family emergency');
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toContain('/api/appointments/a-1/cancel');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Family emergency' });
  });

  it("closes after a cancel; 'Keep it' closes without a call", async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ...APPOINTMENT, status: 'cancelled' } }));
    const onClose = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ reason: null });
    cleanup();
    const keep = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
