import type { GroupNote } from '@kalinga/contracts/group-notes';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfirmHost } from '../../components/ui/confirm-dialog';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { GroupNoteReviewPage } from './group-note-review-page';

// A trainee's group note opened from Notes to review (decision 0320): read whole, co-signed by the supervisor it
// waits for after a confirmation; read only by anyone the server does not let co-sign; a failure offers Retry.

const fetchMock = mockFetchEachTest();

function note(overrides: Partial<GroupNote> = {}): GroupNote {
  return {
    uuid: 'gn-1',
    group: { uuid: 'g-1', name: 'Exam Worry Circle' },
    session: { uuid: 's-1', index: 2, starts_at: '2026-11-20T02:00:00.000Z', local_date: '2026-11-20' },
    status: 'awaiting_cosign',
    author: { id: 4, name: 'Tomas Reyes' },
    signed: { name: 'Tomas Reyes', at: '2026-11-20T05:00:00.000Z' },
    supervisor: { id: 2, name: 'Dana Cruz' },
    cosigned: null,
    late_entry: false,
    shared: { themes: 'Worry before exams', activities: 'Breathing in pairs' },
    parts: [{ client_id: 7, name: 'Amihan', text: 'Spoke first.' }],
    addenda: [],
    created_at: '2026-11-20T04:00:00.000Z',
    updated_at: '2026-11-20T05:00:00.000Z',
    can: { edit: false, sign: false, cosign: true, add_addendum: false },
    ...overrides,
  };
}

const draw = () => renderWithQueries(<MemoryRouter initialEntries={['/group-notes/gn-1']}><Routes><Route path="/group-notes/:uuid" element={<GroupNoteReviewPage />} /></Routes><ConfirmHost /></MemoryRouter>);

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.open = true; };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.open = false; };
  return initI18n(['groups']);
});

describe('GroupNoteReviewPage', () => {
  it('shows the whole note and co-signs it after a confirmation', async () => {
    let current = note();
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input) === '/api/group-notes/gn-1/cosign') {
        current = note({ status: 'signed', cosigned: { name: 'Dana Cruz', at: '2026-11-21T01:00:00.000Z' }, can: { edit: false, sign: false, cosign: false, add_addendum: true } });
        return jsonResponse(200, { data: current });
      }
      return jsonResponse(200, { data: current });
    });
    draw();
    expect(await screen.findByRole('heading', { name: 'Group note: Exam Worry Circle' })).toBeTruthy();
    expect(screen.getByText('Worry before exams')).toBeTruthy();
    expect(screen.getByText('Spoke first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Co-sign' }));
    await screen.findByText('Co-sign this group note?');
    const buttons = screen.getAllByRole('button', { name: 'Co-sign', hidden: true });
    fireEvent.click(buttons[buttons.length - 1]);
    expect(await screen.findByTestId('group-note-cosigned')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/group-notes/gn-1/cosign' && init?.method === 'POST')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });

  it('offers no co-signature to whoever the server does not let co-sign', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { data: note({ can: { edit: false, sign: false, cosign: false, add_addendum: false } }) }));
    draw();
    await screen.findByText('Worry before exams');
    expect(screen.queryByRole('button', { name: 'Co-sign' })).toBeNull();
  });

  it('offers Retry when the note fails to load', async () => {
    let fail = true;
    fetchMock.mockImplementation(async () => (fail ? jsonResponse(500, { message: 'down' }) : jsonResponse(200, { data: note() })));
    draw();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Worry before exams')).toBeTruthy();
  });
});
