import type { CaseNote } from '@kalinga/contracts/case-notes';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { jsonResponse, mockFetchEachTest, renderWithQueries } from '../../test/render';
import { ClientNotes } from './client-notes';

// A client's case notes (decision 0208): loading, error with Retry, empty, a signed note read locked with the
// addendum form, the author's draft opened in the editor, and "Write note" opening the session's note.

const fetchMock = mockFetchEachTest();
const SETTINGS = { templates: ['dap', 'soap', 'free'], late_entry_days: 3, clients_read_signed_notes: false };

function note(overrides: Partial<CaseNote> = {}): CaseNote {
  return {
    uuid: 'n-1',
    client: { id: 7, name: 'Adrian Navarro' },
    kind: 'session',
    contact_channel: null,
    session_date: '2026-11-20',
    appointment: { uuid: 'a-1', appointment_date: '2026-11-20T06:00:00.000Z' },
    template: 'dap',
    sections: { data: 'Talked about exams.', assessment: 'Stress.', plan: 'Study plan.' },
    screening: null,
    status: 'signed',
    author: { id: 2, name: 'Dr. Carmen Villanueva' },
    signed: { name: 'Dr. Carmen Villanueva', at: '2026-11-21T01:00:00.000Z' },
    supervisor: null,
    cosigned: null,
    late_entry: false,
    addenda: [],
    created_at: '2026-11-20T07:00:00.000Z',
    updated_at: '2026-11-21T01:00:00.000Z',
    can: { edit: false, sign: false, cosign: false, add_addendum: true },
    ...overrides,
  };
}

function answer(notes: CaseNote[]) {
  fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/case-note-settings') ? jsonResponse(200, SETTINGS) : jsonResponse(200, { data: notes })));
}

beforeAll(() => initI18n(['caseNotes']));

describe('ClientNotes', () => {
  it('shows loading, then the error with Retry, then the empty state', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { message: 'boom' }));
    renderWithQueries(<ClientNotes clientId={7} />);
    screen.getByText('Loading case notes...');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    screen.getByText('Failed to load the case notes');
    answer([]);
    fireEvent.click(retry);
    await screen.findByText('No case notes yet');
  });

  it('opens a signed note locked: its sections, signature and the addendum form, no editor', async () => {
    answer([note({ late_entry: true })]);
    renderWithQueries(<ClientNotes clientId={7} />);
    await screen.findByRole('heading', { name: 'Case notes of Adrian Navarro' });
    screen.getByText('Late entry');
    fireEvent.click(screen.getByRole('button', { name: /Session of/ }));
    await screen.findByText('Talked about exams.');
    screen.getByText(/Signed by Dr. Carmen Villanueva on/);
    screen.getByLabelText('Addendum');
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Data' })).toBeNull();
  });

  it("opens the author's draft in the editor, and 'Write note' on its session opens that draft", async () => {
    answer([note({ status: 'draft', signed: null, can: { edit: true, sign: true, cosign: false, add_addendum: false } })]);
    renderWithQueries(<ClientNotes clientId={7} session={{ uuid: 'a-1', label: 'Fri, Nov 20' }} />);
    const data = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Data' });
    expect(data.value).toBe('Talked about exams.');
    screen.getByRole('button', { name: 'Sign note' });
    screen.getByRole('button', { name: 'Delete draft' });
    // No second editor for a new note of the same session.
    expect(screen.queryByText('New session note')).toBeNull();
  });

  it("'Write note' on a session without a note opens a new session note", async () => {
    answer([]);
    renderWithQueries(<ClientNotes clientId={7} session={{ uuid: 'a-2', label: 'Fri, Nov 27' }} />);
    await screen.findByText('New session note');
    await waitFor(() => screen.getByText('Session: Fri, Nov 27'));
    screen.getByRole('radio', { name: 'SOAP' });
  });
});
