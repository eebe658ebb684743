import type { StatusChange } from '@kalinga/contracts/appointments';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { onDeviceInZone } from '../../../test/device-zone';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../../test/render';
import { StatusHistoryModal } from './status-history-modal';

// An appointment's status history reads on the centre's clock and names its zone when the browser's differs
// (decisions 0224, 0380): a change at 17:00 UTC is 1:00 AM the next day in Manila.

vi.mock('../../../session/site-settings', () => ({ useSiteSettings: () => ({ data: { timezone: 'Asia/Manila' } }) }));

const fetchMock = mockFetchEachTest();

onDeviceInZone('UTC', ['appointments']);
beforeAll(() => {
  // jsdom has no modal dialogs: the history dialog opens as an open <dialog>.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
});

const APPOINTMENT = {
  id: 7, uuid: 'a-7', appointment_date: '2026-12-03T01:00:00.000Z', local_date: '2026-12-03', duration_minutes: 60, reason: 'Exam stress',
  category_id: 2, category: { id: 2, title: 'Counselling' }, status: 'confirmed' as const, location_type: 'online' as const, location: null,
  counselor_id: 3, counselor: { id: 3, name: 'Carmen Counselor', avatar: null }, student_id: 5, student: { id: 5, name: 'Ana Client', avatar: null, student_id: null },
  user_type: 'student' as const, created_by: 1, created_at: '2026-11-29T00:00:00.000Z', updated_at: '2026-11-29T00:00:00.000Z', series: null, late_cancellation: false, approval_reason: null,
};

const CHANGE: StatusChange = {
  id: 1, from_status: 'pending', to_status: 'confirmed', changed_by: { id: 3, name: 'Carmen Counselor' }, changed_at: '2026-11-29T17:00:00.000Z',
  reason: null, reason_withheld: false, previous_date: null, new_date: null,
};

describe('StatusHistoryModal on a device in another zone than the centre', () => {
  it("shows when each change was made on the centre's clock with its zone named", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: [CHANGE] }));
    renderWithQueries(<StatusHistoryModal appointment={APPOINTMENT} onClose={vi.fn()} />);
    expect(await screen.findByText(/Carmen Counselor · /)).toBeTruthy();
    expect(screen.getByText(/Carmen Counselor · /).textContent).toContain('Carmen Counselor · Nov 30, 2026, 1:00 AM (Asia/Manila)');
  });
});
