import type { ClientFile } from '@kalinga/contracts/client-file';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { BreakGlassPanel } from './break-glass-panel';
import { FileTimeline } from './file-timeline';

// The client file's timeline filters and the break-the-glass panel (decision 0235).

const fetchMock = mockFetchEachTest();

beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
});

const file: ClientFile = {
  client: { id: 7, name: 'Sam Student', email: 'sam@example.test', user_type: 'student' },
  file: { status: 'open', closed_at: null, closing_summary: null, purged_at: null },
  access: { via: 'care_team', expires_at: null },
  may_act: true,
  timeline: [
    { key: 'note-1', type: 'note', mark: null, at: '2026-03-10T02:00:00.000Z', title: 'Session note of 2026-03-10 by Dana Cruz', detail: 'Data: slept better' },
    { key: 'appointment-2', type: 'appointment', mark: 'no_show', at: '2026-03-03T02:00:00.000Z', title: 'Appointment with Dana Cruz: No-show', detail: null },
    { key: 'screening-3', type: 'screening', mark: null, at: '2026-01-05T02:00:00.000Z', title: 'Intake screening: PHQ-9 12 (moderate), GAD-7 5 (mild)', detail: null },
  ],
  scores: [],
  corrections: [],
};

beforeAll(() => initI18n(['clients']));

describe('the client file', () => {
  it('filters the timeline by kind and by the centre\'s days, and says when nothing matches', () => {
    renderWithQueries(<FileTimeline file={file} timezone="Asia/Manila" />);
    expect(screen.getAllByTestId('timeline-item')).toHaveLength(3);
    expect(screen.getByText('No-show')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Notes' }));
    expect(screen.getAllByTestId('timeline-item').map((li) => li.dataset.type)).toEqual(['appointment', 'screening']);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } });
    expect(screen.getAllByTestId('timeline-item').map((li) => li.dataset.type)).toEqual(['appointment']);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-28' } });
    expect(screen.queryAllByTestId('timeline-item')).toHaveLength(0);
    screen.getByText('No entries match');
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    expect(screen.getAllByTestId('timeline-item')).toHaveLength(3);
  });

  it("tells a counselor outside the care team so, and breaks the glass with a reason", async () => {
    renderWithQueries(<BreakGlassPanel clientId={7} canBreak />);
    screen.getByRole('heading', { name: "You are not on this client's care team" });
    fireEvent.click(screen.getByRole('button', { name: 'Break the glass' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the file' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say why you must open this file now (10 to 500 characters).');
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Why must you open this file now?'), { target: { value: 'Urgent case out of hours.' } });
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { data: { id: 1, client_id: 7, reason: 'Urgent case out of hours.', created_at: '', expires_at: '' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Open the file' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/clients/7/break-glass');
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Urgent case out of hours.' });
  });

  it('offers no break-the-glass to someone who may not', () => {
    renderWithQueries(<BreakGlassPanel clientId={7} canBreak={false} />);
    expect(screen.queryByRole('button', { name: 'Break the glass' })).toBeNull();
  });
});
